// The app's modal <dialog>s (the crisis lines, the room's sheets): Tab and Shift+Tab go round the
// dialog's own visible controls — a modal <dialog> alone lets Tab leave for the browser's toolbar
// (issue 53).
import type { KeyboardEvent } from 'react';

const CONTROLES = 'a[href], button:not([disabled]), select:not([disabled]), textarea:not([disabled]), input:not([disabled])';

export function rodearConTab(e: KeyboardEvent<HTMLDialogElement>): void {
  if (e.key !== 'Tab') return;
  const controles = [...e.currentTarget.querySelectorAll<HTMLElement>(CONTROLES)].filter((c) => c.offsetParent !== null);
  const primero = controles[0];
  const ultimo = controles[controles.length - 1];
  if (!primero || !ultimo) return;
  if (e.shiftKey && document.activeElement === primero) {
    e.preventDefault();
    ultimo.focus();
  } else if (!e.shiftKey && document.activeElement === ultimo) {
    e.preventDefault();
    primero.focus();
  }
}
