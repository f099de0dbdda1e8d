// Pieces of the socket side of both chat adapters (features/chat/api.ts, features/admin-chat/api.ts).
import type { ChatServidorACliente } from '@miduelo/shared/realtime-chat';
import * as v from 'valibot';
import { ApiError } from '@/nucleo/http';
import type { SocketApp } from '@/nucleo/socket';

/** How long a socket request waits for its acknowledgement. */
export const ESPERA_ACK_MS = 10_000;

type Manejador = (p: unknown) => void;

/** A handler that checks its payload against its shared schema before it touches the screen. */
export const oir =
  <T>(esquema: v.GenericSchema<unknown, T>, manejar: (p: T) => void): Manejador =>
  (p) => {
    const r = v.safeParse(esquema, p);
    if (r.success) manejar(r.output);
    else console.warn('Evento de chat inválido', r.issues[0]?.message);
  };

/** Listens to each chat event with its handler; returns what stops listening. */
export function escuchar(s: SocketApp, manejadores: Partial<Record<keyof ChatServidorACliente, Manejador>>): () => void {
  const pares = Object.entries(manejadores) as [keyof ChatServidorACliente, Manejador][];
  for (const [evento, f] of pares) s.on(evento, f);
  return () => {
    for (const [evento, f] of pares) s.off(evento, f);
  };
}

/** The data of a send acknowledgement; a refusal becomes an ApiError with the status the server gave. */
export function datosDeEnvio<T>(r: { ok: true; data: T } | { ok: false; msg: string; code: string; status: number }): T {
  if (!r.ok) throw new ApiError(r.status, { msg: r.msg, code: r.code });
  return r.data;
}
