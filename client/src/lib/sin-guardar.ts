import { useBlocker } from '@tanstack/react-router';
import { confirmar } from './confirm';

export interface AvisoDescartar {
  titulo: string;
  texto: string;
  si: string;
  no: string;
}

/** Asks before what she typed is thrown away; true when she chooses to discard it (decision 308). */
function preguntarDescartar(a: AvisoDescartar): Promise<boolean> {
  return confirmar({ titulo: a.titulo, texto: a.texto, confirmar: a.si, cancelar: a.no, peligro: true });
}

/**
 * While `pendiente` (a form holds text that is not saved): a route change inside the app (the
 * browser's back button, a link) asks first and stays if she keeps editing; reloading, closing the
 * tab or leaving the site gets the browser's own question. Answers what the form's own close
 * (Escape, a click outside, its X or Cancelar) awaits: true when it may close (nothing pending, or
 * she chose to discard).
 */
export function useSinGuardar(pendiente: boolean, aviso: AvisoDescartar): () => Promise<boolean> {
  useBlocker({
    shouldBlockFn: async () => !(await preguntarDescartar(aviso)),
    enableBeforeUnload: true,
    disabled: !pendiente,
  });
  return async () => !pendiente || (await preguntarDescartar(aviso));
}
