// Online-session signalling (issue 54, decision 359) over the authenticated Socket.IO gateway, so it
// crosses nodes through Redis. Every event is authorized against the session: a socket joins the
// room `sesion:{id}` only after the same check as HTTP (its psychologist or its patient, window
// open, not ended); a waiting patient is in `sesion:{id}:espera` until admitted. A signal is relayed
// only from a socket in the room to the other sockets of the room; nothing is stored.
import type { Ack } from './realtime-ack';
import type { AvisoEnSala, EstadoSala, Senal, SesionEnLinea } from './sesiones-en-linea';

export const salaSesion = (id: number) => `sesion:${id}`;
export const salaEsperaSesion = (id: number) => `sesion:${id}:espera`;

export interface SesionesServidorACliente {
  /** The room's state changed (someone entered, left, was admitted; the session ended). */
  'sesion:estado': (p: EstadoSala) => void;
  /** A signal from the other party, relayed as is. */
  'sesion:senal': (p: { id_sesion: number; senal: Senal }) => void;
  /** The psychologist ended the session: everyone leaves the room. */
  'sesion:terminada': (p: { id_sesion: number }) => void;
  /** To the psychologist's personal room: a patient waits, a session is in course or ended. */
  'sesion:en-sala': (p: AvisoEnSala) => void;
  /** To the patient's personal room: a room of hers opened, changed or ended (the app's home shows
   * "Entrar a la sesión" for a session opened from the chat; GET /api/paciente/sesiones/abiertas
   * answers the same list on load and while the socket is down). */
  'mi-sesion:cambio': (p: { sesion: SesionEnLinea }) => void;
}

export interface SesionesClienteAServidor {
  /** Enters the room (after POST …/sesion): the psychologist at once, the patient into the waiting
   * room unless already admitted. The ack carries the room's state. */
  'sesion:unirse': (p: { id_sesion: number }, ack: Ack<EstadoSala>) => void;
  /** The psychologist admits the waiting patient. */
  'sesion:admitir': (p: { id_sesion: number }, ack: Ack<EstadoSala>) => void;
  /** Relays an offer, answer, ICE candidate or restart request to the other party. */
  'sesion:senal': (p: { id_sesion: number; senal: Senal }, ack?: Ack<null>) => void;
  /** Leaves the room; the session goes on for the other party. */
  'sesion:salir': (p: { id_sesion: number }) => void;
  /** The psychologist ends the session for both. */
  'sesion:terminar': (p: { id_sesion: number }, ack: Ack<EstadoSala>) => void;
}
