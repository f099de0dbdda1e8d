import { useEffect, useLayoutEffect, useRef, useState } from 'react';

const CERCA_DEL_FINAL_PX = 80;

/** The scrolling of a topic's conversation: follows new posts while the reader is at the bottom,
 * counts the posts of others that arrive while she reads above ('n nuevos mensajes'), and keeps her
 * at the bottom when content grows there. `caja` is the scrolling element. */
export function useSeguirAlFinal({ cargando, cantidad }: { cargando: boolean; cantidad: number }) {
  const caja = useRef<HTMLDivElement>(null);
  const abajo = useRef(true);
  const [nuevos, setNuevos] = useState(0);

  const alFinal = () => {
    const el = caja.current;
    if (el) el.scrollTop = el.scrollHeight;
    abajo.current = true;
    setNuevos(0);
  };

  // After the load, and whenever a post arrives while the reader is at the bottom, follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: alFinal only reads refs and sets state
  useLayoutEffect(() => {
    if (!cargando && cantidad >= 0 && abajo.current) alFinal();
  }, [cargando, cantidad]);

  // Content that grows after the posts are shown (the moderation buttons once the forum's role is
  // known, a wrapped line) keeps a reader at the bottom at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the observed element changes when the load ends or the first post arrives
  useEffect(() => {
    const el = caja.current;
    const contenido = el?.firstElementChild;
    if (!el || !contenido || typeof ResizeObserver === 'undefined') return;
    const obs = new ResizeObserver(() => {
      if (abajo.current) el.scrollTop = el.scrollHeight;
    });
    obs.observe(contenido);
    return () => obs.disconnect();
  }, [cargando, cantidad > 0]);

  useEffect(() => {
    const el = caja.current;
    if (!el) return;
    const alDesplazar = () => {
      abajo.current = el.scrollHeight - el.scrollTop - el.clientHeight < CERCA_DEL_FINAL_PX;
      if (abajo.current) setNuevos(0);
    };
    el.addEventListener('scroll', alDesplazar, { passive: true });
    return () => el.removeEventListener('scroll', alDesplazar);
  }, []);

  /** Posts of others arrived: counted as new while the reader is above the bottom. */
  const llegaron = (deOtros: number) => {
    if (deOtros > 0 && !abajo.current) setNuevos((n) => n + deOtros);
  };
  /** The reader's own send: the view follows it. */
  const seguir = () => {
    abajo.current = true;
  };

  return { caja, nuevos, alFinal, llegaron, seguir };
}
