// The agenda grid as one Tab stop moved with the arrow keys (issue 53, decision 344): a roving
// tabindex over the grid's controls (free slots and appointments). Tab enters at the last control
// used (at first: the next free slot from now, else the first control), the arrows move by day
// and hour, Home/End to the first/last of the hour, and Tab leaves the grid.
import { type KeyboardEvent, type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

const CONTROL = '[data-rejilla]';

interface Posicion {
  el: HTMLElement;
  col: number;
  fila: number;
}

function posiciones(tabla: HTMLTableElement): Posicion[] {
  return [...tabla.querySelectorAll<HTMLElement>(CONTROL)].map((el) => {
    const td = el.closest('td') as HTMLTableCellElement;
    return { el, col: td.cellIndex, fila: (td.parentElement as HTMLTableRowElement).sectionRowIndex };
  });
}

/** The control to move to from `desde` with `tecla`, or null to stay. */
function destino(todas: Posicion[], desde: Posicion, tecla: string): Posicion | null {
  const enFila = todas.filter((p) => p.fila === desde.fila);
  const i = enFila.indexOf(desde);
  if (tecla === 'ArrowRight') return enFila[i + 1] ?? null;
  if (tecla === 'ArrowLeft') return enFila[i - 1] ?? null;
  if (tecla === 'Home') return enFila[0] ?? null;
  if (tecla === 'End') return enFila[enFila.length - 1] ?? null;
  const paso = tecla === 'ArrowDown' ? 1 : tecla === 'ArrowUp' ? -1 : 0;
  if (!paso) return null;
  // The nearest hour in that direction with a control, in this day or the closest day to it.
  const filas = [...new Set(todas.map((p) => p.fila))].filter((f) => (paso > 0 ? f > desde.fila : f < desde.fila));
  filas.sort((a, b) => (a - b) * paso);
  for (const f of filas) {
    const candidatas = todas.filter((p) => p.fila === f);
    const mismaColumna = candidatas.find((p) => p.col === desde.col);
    if (mismaColumna) return mismaColumna;
  }
  return null;
}

/** The first key of a control's `data-foco` (an appointment's id, or a free slot's day and hour):
 * what stays the same when a live update re-creates the buttons. */
const claveDe = (el: HTMLElement) => el.dataset.foco?.split(' ')[0] ?? null;

/** `hoy`: where Tab first enters the grid (the first control of today, else the first one). */
export function useRejillaTeclado(tabla: RefObject<HTMLTableElement | null>, hoy: string) {
  const activo = useRef<string | null>(null);

  const marcar = useCallback(() => {
    const t = tabla.current;
    if (!t) return;
    const controles = [...t.querySelectorAll<HTMLElement>(CONTROL)];
    const actual =
      controles.find((el) => activo.current !== null && el.dataset.foco?.split(' ').includes(activo.current)) ??
      controles.find((el) => el.closest('td')?.dataset.fecha === hoy) ??
      controles[0];
    for (const el of controles) el.tabIndex = el === actual ? 0 : -1;
    // A week with nothing to press (no free slot left, no appointment) still scrolls sideways on a
    // phone: its scrolling box takes the Tab stop instead, so the keyboard can scroll it
    // (axe scrollable-region-focusable, seen on a Sunday evening).
    const caja = t.parentElement;
    if (caja) {
      if (controles.length === 0) caja.tabIndex = 0;
      else caja.removeAttribute('tabindex');
    }
  }, [tabla, hoy]);

  useLayoutEffect(marcar);

  const alEnfocar = useCallback(
    (e: React.FocusEvent) => {
      const el = (e.target as HTMLElement).closest<HTMLElement>(CONTROL);
      if (!el?.dataset.foco) return;
      activo.current = claveDe(el);
      marcar();
    },
    [marcar],
  );

  const alTeclear = useCallback(
    (e: KeyboardEvent) => {
      const t = tabla.current;
      const el = (e.target as HTMLElement).closest<HTMLElement>(CONTROL);
      if (!t || !el || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const todas = posiciones(t);
      const desde = todas.find((p) => p.el === el);
      if (!desde) return;
      const a = destino(todas, desde, e.key);
      if (!a && !['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) return;
      e.preventDefault();
      if (!a) return;
      activo.current = claveDe(a.el);
      marcar();
      a.el.focus();
      a.el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    },
    [tabla, marcar],
  );

  return { onFocus: alEnfocar, onKeyDown: alTeclear };
}
