// Types of the shared conversation store (lib/conversaciones.ts) and of each side's adapter.
import type { Remitente } from '@miduelo/shared/chat-respuestas';
import type { SocketApp } from '@/nucleo/socket';

/** A message as the screen holds it: stored (with `seq`) or still on its way (`seq` null). */
export interface MensajeConv {
  id_mensaje: number | null;
  id_chat: number;
  contenido: string;
  remitente: Remitente;
  fecha_envio: string;
  seq: number | null;
  id_cliente: string | null;
  leido: boolean;
  /** A patient's message with crisis language, marked by the server (decision 338). */
  crisis?: boolean;
  estado: 'enviado' | 'enviando' | 'error';
}

/** What the server sends for a stored message, with the conversation id under one name. */
export type MensajeServidor = Omit<MensajeConv, 'estado' | 'seq' | 'id_mensaje'> & { seq: number; id_mensaje: number };

/** The fields of a conversation summary the store updates (both list shapes have them). */
export interface ResumenBase {
  ultimo_mensaje: { contenido: string; remitente: Remitente; fecha_envio: string } | null;
  mensajes_no_leidos: number;
  /** The other participant's crisis-marked messages not opened (decision 339). */
  crisis_sin_abrir?: number;
  ultimo_seq: number;
  rev: number;
  fecha_creacion: string;
}

export interface EventosConv {
  /** A stored message; the recipient's copy of a new one carries its unread count. */
  mensaje(m: MensajeServidor, noLeidos?: { mensajes_no_leidos: number; rev: number }): void;
  noLeidos(p: { id: number; mensajes_no_leidos: number; rev: number }): void;
  leido(p: { id: number; hasta_seq: number }): void;
  creado(p: { id: number }): void;
  escribiendo(p: { id: number; remitente: Remitente; escribiendo: boolean }): void;
}

/** How one side (psychologist or administrator) talks to the server. */
export interface AdaptadorConv<R extends ResumenBase> {
  propio: Remitente;
  idDe(r: R): number;
  /** Chats, or the search results when `q` is not empty. */
  listar(q: string, signal?: AbortSignal): Promise<R[]>;
  mensajes(id: number, o: { despues_de?: number; antes_de?: number; limite?: number }, signal?: AbortSignal): Promise<MensajeServidor[]>;
  enviar(id: number, contenido: string, id_cliente: string): Promise<MensajeServidor>;
  leer(id: number): Promise<unknown>;
  textoErrorEnvio: string;
  socket: {
    suscribir(s: SocketApp, eventos: EventosConv): () => void;
    unirse(s: SocketApp, id: number, despues_de: number): Promise<{ mensajes: MensajeServidor[]; hay_mas: boolean } | null>;
    /** Sends over the socket; rejects with an ApiError carrying the status the server gave, or with
     * another error when no answer came (then the same send goes over HTTP). */
    enviar(s: SocketApp, id: number, contenido: string, id_cliente: string): Promise<MensajeServidor>;
    salir(s: SocketApp, id: number): void;
    escribiendo(s: SocketApp, id: number, valor: boolean): void;
  };
}

export interface EstadoConv<R> {
  chats: R[];
  listaCargada: boolean;
  /** The last load of the list failed: an empty list is not "no conversations". */
  errorLista: boolean;
  busqueda: string;
  /**
   * The search term `chats` was read with ('' for every chat, null before the first read): only the
   * whole list may give the top bar its unread total, and a search's subset outlives the box being
   * cleared until the reload answers.
   */
  terminoDeLaLista: string | null;
  seleccionado: number | null;
  mensajes: Record<number, MensajeConv[]>;
  cargandoMensajes: boolean;
  /** Conversations whose messages could not be loaded: an empty pane is not "no messages". */
  errorMensajes: Record<number, boolean>;
  hayAnteriores: Record<number, boolean>;
  /** Conversations where the other participant is typing. */
  escribiendo: Record<number, boolean>;
}
