// The app's router (docs/decisions/180, 317): a few screens under /app, history API, no route tree.
// TanStack Router, as the web uses, was measured at +26 kB gzip of the app's 120 kB first load (317).
import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

export const BASE = '/app';
/** Dispatched after every navigation of the app (with the history API). */
export const EVENTO_NAVEGACION = 'miduelo-app:navegacion';
const EVENTO = EVENTO_NAVEGACION;

function suscribir(f: () => void) {
  window.addEventListener('popstate', f);
  window.addEventListener(EVENTO, f);
  return () => {
    window.removeEventListener('popstate', f);
    window.removeEventListener(EVENTO, f);
  };
}

/** The path inside the app, without the /app base and without a trailing slash ('' is home). */
export function rutaActual(): string {
  const p = window.location.pathname;
  const dentro = p === BASE ? '' : p.startsWith(`${BASE}/`) ? p.slice(BASE.length) : p;
  return dentro.replace(/\/+$/, '');
}

/** Home is /app/ (with the slash: inside the worker's scope), every other screen /app/<ruta>. */
const hrefDe = (ruta: string) => (ruta === '' ? `${BASE}/` : `${BASE}${ruta}`);

export function useRuta(): string {
  return useSyncExternalStore(suscribir, rutaActual);
}

export function navegar(ruta: string, o: { reemplazar?: boolean } = {}): void {
  const url = hrefDe(ruta);
  if (o.reemplazar) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.dispatchEvent(new Event(EVENTO));
  window.scrollTo(0, 0);
}

export function Enlace({ a, ...props }: { a: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const alPulsar = (e: MouseEvent<HTMLAnchorElement>) => {
    props.onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navegar(a);
  };
  return <a {...props} href={hrefDe(a)} onClick={alPulsar} />;
}
