// Whether the app can reach the server: the browser's online state and the live connection, both
// kept by the client core (nucleo/socket.ts, decision 314); this file gives the app's session to it
// and the names the app's screens use.
import type { SocketApp } from '@/nucleo/socket';
import { iniciarSocket, useSocket } from '@/nucleo/socket';
import { useAlDia } from '@/nucleo/live/use-al-dia';
import { useEvento } from '@/nucleo/live/use-evento';
import { sesionActual, sesionTerminada, useSesion } from './sesion';

export type { SocketApp };
export { useAlDia, useEvento };

interface Conexion {
  enLinea: boolean;
  socket: SocketApp | null;
  /** The live connection is up (events arrive); while it is not, screens poll every 30 s. */
  enVivo: boolean;
  /** Bumped on every (re)connection: screens resynchronise what they may have missed. */
  conexiones: number;
}

/** The connection's state as the app's screens read it (a selector, as with zustand). */
export function useConexion<T>(elegir: (c: Conexion) => T): T {
  return useSocket((s) => elegir({ enLinea: s.enLinea, socket: s.socket, enVivo: s.estado === 'conectado', conexiones: s.conexiones }));
}

/** Follows the session (opens and closes the socket) and the browser's online state. Call once at start. */
export function vigilarConexion(): void {
  iniciarSocket({
    token: () => sesionActual()?.token ?? null,
    // A new token of the same patient (a password change) keeps the connection: each reconnection
    // sends the token stored then. Another patient, or none, starts over.
    seguirSesion: (cambio) =>
      useSesion.subscribe((s, antes) => {
        if (s.sesion?.paciente.id_paciente !== antes.sesion?.paciente.id_paciente) cambio();
      }),
    alRevocar: sesionTerminada,
    reintentoMs: 5_000,
  });
}
