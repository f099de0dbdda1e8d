// What a screen change tells someone who cannot see it (issue 53, decision 345): each screen has
// its own document title, focus moves to the new screen's heading, and results of what she did
// ("Entrada guardada") are read out from one live region.
import { useEffect, useRef } from 'react';
import { EVENTO_NAVEGACION } from './enrutador';

const MARCA = 'MiDuelo';

/** The section of each path: the title of a list screen, the last part of a detail screen's. */
function seccionDe(ruta: string): { nombre: string; detalle: boolean } {
  if (ruta === '') return { nombre: 'Inicio', detalle: false };
  if (ruta === '/entrar') return { nombre: 'Entrar', detalle: false };
  if (ruta === '/registro') return { nombre: 'Crear cuenta', detalle: false };
  if (ruta === '/recuperar') return { nombre: 'Recuperar contraseña', detalle: false };
  if (ruta === '/citas') return { nombre: 'Citas', detalle: false };
  if (ruta === '/ajustes') return { nombre: 'Ajustes', detalle: false };
  if (ruta === '/proceso') return { nombre: 'Mi proceso', detalle: false };
  if (ruta.startsWith('/proceso/')) return { nombre: 'Mi proceso', detalle: true };
  if (ruta === '/chat') return { nombre: 'Mensajes', detalle: false };
  if (ruta.startsWith('/chat/')) return { nombre: 'Mensajes', detalle: true };
  if (ruta === '/diario/nueva') return { nombre: 'Escribir en el diario', detalle: false };
  if (ruta === '/diario' || ruta.startsWith('/diario/mes/')) return { nombre: 'Diario', detalle: false };
  if (ruta.startsWith('/diario/')) return { nombre: 'Diario', detalle: true };
  if (ruta.startsWith('/sesion/')) return { nombre: 'Sesión en línea', detalle: false };
  if (ruta === '/foros') return { nombre: 'Foros', detalle: false };
  if (ruta.startsWith('/foros/')) return { nombre: 'Foros', detalle: true };
  return { nombre: MARCA, detalle: false };
}

const tituloPrincipal = () => document.querySelector('main h1, h1')?.textContent?.trim().replace(/\s+/g, ' ') ?? '';

/** "Diario · MiDuelo"; a detail screen names what it shows: "Primer tema · Foros · MiDuelo",
 * "Conversación con Mariana Herrera · Mensajes · MiDuelo". */
export function tituloDocumento(ruta: string, h1: string): string {
  const { nombre, detalle } = seccionDe(ruta);
  if (nombre === MARCA) return MARCA;
  if (!detalle || !h1 || h1 === nombre) return `${nombre} · ${MARCA}`;
  const que = ruta.startsWith('/chat/') ? `Conversación con ${h1}` : h1;
  return `${que} · ${nombre} · ${MARCA}`;
}

/** The heading shown when the path changed: read as the navigation happens (these listeners are
 * registered before React's, so the old screen is still on the page). */
let h1AlNavegar: Element | null = null;
let textoAlNavegar = '';
const recordarH1 = () => {
  h1AlNavegar = document.querySelector('h1');
  textoAlNavegar = h1AlNavegar?.textContent ?? '';
};
window.addEventListener('popstate', recordarH1);
window.addEventListener(EVENTO_NAVEGACION, recordarH1);

/**
 * Keeps the title in step with the screen (a detail screen's heading arrives with its data), and
 * after a screen change (not on the first load) moves focus to the new screen's heading as soon as
 * it shows, so that a screen reader reads where she is and Tab continues from there.
 */
export function usePantalla(ruta: string): void {
  const primera = useRef(true);
  useEffect(() => {
    const enfocar = !primera.current;
    primera.current = false;
    const anterior = h1AlNavegar;
    const textoAnterior = textoAlNavegar;
    let enfocado = !enfocar;
    const actualizar = () => {
      const titulo = tituloDocumento(ruta, tituloPrincipal());
      if (document.title !== titulo) document.title = titulo;
      if (enfocado) return;
      const h1 = document.querySelector<HTMLElement>('main h1, h1');
      // The old screen's heading, until the new one has loaded (or the same screen again).
      if (!h1 || (h1 === anterior && h1.textContent === textoAnterior)) return;
      enfocado = true;
      if (!h1.hasAttribute('tabindex')) h1.tabIndex = -1;
      // A control she is already in (a form the screen focused itself) keeps the focus.
      const activo = document.activeElement;
      if (activo && activo !== document.body && activo.isConnected && !activo.closest('nav') && activo.closest('main')) return;
      h1.focus({ preventScroll: true });
    };
    actualizar();
    const observador = new MutationObserver(actualizar);
    observador.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observador.disconnect();
  }, [ruta]);
}

let region: HTMLElement | null = null;

/** The live region (mounted once by the app). */
export function registrarRegion(el: HTMLElement | null): void {
  region = el;
}

/** Reads `texto` out politely (a result: "Entrada guardada en tu diario."). */
export function anunciar(texto: string): void {
  const r = region;
  if (!r) return;
  r.textContent = '';
  // Emptied first, so that the same words said twice are read twice.
  requestAnimationFrame(() => {
    r.textContent = texto;
  });
}
