// The live total of unread chat messages for the top bar's Chat item: a small global store fed by
// the chat list (on the chat screen and at start) and by the chat socket's unread counts.
import { create } from 'zustand';

interface EstadoNoLeidos {
  /** Unread count per conversation id. */
  porChat: Record<string, number>;
}

export const useNoLeidos = create<EstadoNoLeidos>(() => ({ porChat: {} }));

export const totalNoLeidos = (s: EstadoNoLeidos) => Object.values(s.porChat).reduce((a, b) => a + b, 0);

// Every count set by a live event gets the next mark, so that a list whose request started before it
// (and may answer after it) does not overwrite it with an older figure.
let marcas = 0;
const marcadoEn = new Map<string, number>();

/** The mark to take before requesting a list, for `reemplazarNoLeidos(lista, desde)`. */
export const marcaNoLeidos = () => marcas;

export function fijarNoLeidos(id: number, n: number): void {
  marcadoEn.set(String(id), ++marcas);
  useNoLeidos.setState((s) => (s.porChat[id] === n ? s : { porChat: { ...s.porChat, [id]: n } }));
}

/** A full chat list: its counts replace what was known, except those a live event set after the
 * list was requested (`desde`, taken with `marcaNoLeidos()` before the request). */
export function reemplazarNoLeidos(chats: ReadonlyArray<{ id: number; mensajes_no_leidos: number }>, desde?: number): void {
  useNoLeidos.setState((s) => {
    const porChat: Record<string, number> = Object.fromEntries(chats.map((c) => [c.id, c.mensajes_no_leidos]));
    if (desde !== undefined) for (const [id, en] of marcadoEn) if (en > desde && id in s.porChat) porChat[id] = s.porChat[id];
    return { porChat };
  });
}

let pantallasDeChat = 0;

/** A chat screen is open (its live list keeps the counts current): the bar need not poll. */
export function registrarPantallaDeChat(): () => void {
  pantallasDeChat++;
  return () => {
    pantallasDeChat--;
  };
}

export const hayPantallaDeChat = () => pantallasDeChat > 0;
