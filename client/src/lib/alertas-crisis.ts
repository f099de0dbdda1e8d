// The psychologist's crisis alerts (decision 339): her patients' conversations holding a message
// with crisis language she has not opened. Derived from the server (the chat list's
// `crisis_sin_abrir`, so a reload finds them again) and kept live by `chat:alerta-crisis` and by
// the unread count that falls to 0 when she opens the conversation. The shell shows them on every
// screen; the chat list marks each conversation.
import { type Chat, nombreCompleto } from '@miduelo/shared/chat-respuestas';
import { create } from 'zustand';

export interface AlertaCrisis {
  id_chat: number;
  id_paciente: number | null;
  /** The patient's full name. */
  nombre: string;
  /** Crisis-marked messages of hers not opened yet. */
  n: number;
}

interface EstadoAlertas {
  porChat: Record<string, AlertaCrisis>;
}

export const useAlertasCrisis = create<EstadoAlertas>(() => ({ porChat: {} }));

// As with the unread counts (lib/no-leidos.ts): every change made by a live event takes the next
// mark, and a list requested before it (answered after it) does not undo it. Events of one
// conversation are ordered by its `rev` (several nodes' events may cross).
let marcas = 0;
const marcadoEn = new Map<string, number>();
const revs = new Map<string, number>();

/** The mark to take before requesting a list, for `reemplazarAlertas(lista, desde)`. */
export const marcaAlertas = () => marcas;

function cambiar(id: number, rev: number, alerta: AlertaCrisis | null): void {
  const clave = String(id);
  if ((revs.get(clave) ?? -1) > rev) return;
  revs.set(clave, rev);
  marcadoEn.set(clave, ++marcas);
  useAlertasCrisis.setState((s) => {
    if (!alerta && !(clave in s.porChat)) return s;
    const porChat = { ...s.porChat };
    if (alerta) porChat[clave] = alerta;
    else delete porChat[clave];
    return { porChat };
  });
}

/** `chat:alerta-crisis`: a crisis message arrived in that conversation. */
export function fijarAlerta(a: AlertaCrisis, rev: number): void {
  cambiar(a.id_chat, rev, a.n > 0 ? a : null);
}

/** The conversation's unread count changed: at 0 (she opened it) its alert ends. */
export function alContarNoLeidos(id: number, noLeidos: number, rev: number): void {
  if (noLeidos === 0) cambiar(id, rev, null);
}

/** A full chat list: its alerts replace what was known, except what a live event changed after the
 * list was requested (`desde`, taken with `marcaAlertas()` before the request). */
export function reemplazarAlertas(alertas: ReadonlyArray<AlertaCrisis & { rev: number }>, desde: number): void {
  useAlertasCrisis.setState((s) => {
    const porChat: Record<string, AlertaCrisis> = {};
    for (const { rev, ...a } of alertas) {
      const clave = String(a.id_chat);
      if ((revs.get(clave) ?? -1) <= rev) porChat[clave] = a;
    }
    for (const [clave, en] of marcadoEn) {
      if (en <= desde) continue;
      if (clave in s.porChat) porChat[clave] = s.porChat[clave];
      else delete porChat[clave];
    }
    return { porChat };
  });
}

/** The psychologist's chat list's conversations with crisis messages not opened, in the store's shape. */
export function alertasDeChats(chats: readonly Chat[]): (AlertaCrisis & { rev: number })[] {
  return chats
    .filter((c) => c.tipo === 'paciente' && c.crisis_sin_abrir > 0)
    .map((c) => ({
      id_chat: c.id_chat,
      id_paciente: c.id_paciente,
      nombre: nombreCompleto(c.paciente),
      n: c.crisis_sin_abrir,
      rev: c.rev,
    }));
}
