// The live total of unread chat messages for the top bar's Chat item: a small global store fed by
// the chat list (on the chat screen and at start) and by the chat socket's unread counts.
import { create } from 'zustand';

interface EstadoNoLeidos {
  /** Unread count per conversation id. */
  porChat: Record<string, number>;
}

export const useNoLeidos = create<EstadoNoLeidos>(() => ({ porChat: {} }));

export const totalNoLeidos = (s: EstadoNoLeidos) => Object.values(s.porChat).reduce((a, b) => a + b, 0);

export function fijarNoLeidos(id: number, n: number): void {
  useNoLeidos.setState((s) => (s.porChat[id] === n ? s : { porChat: { ...s.porChat, [id]: n } }));
}

/** A full chat list: its counts replace what was known. */
export function reemplazarNoLeidos(chats: ReadonlyArray<{ id: number; mensajes_no_leidos: number }>): void {
  useNoLeidos.setState({ porChat: Object.fromEntries(chats.map((c) => [c.id, c.mensajes_no_leidos])) });
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
