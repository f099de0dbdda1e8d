// The acknowledgement shape of the Socket.IO events, apart so that the per-domain event maps
// (realtime-<domain>.ts) and the composed map (realtime.ts) do not import each other.

/** Reply of every client→server event that takes an acknowledgement. */
export type Ack<T> = (respuesta: { ok: true; data: T } | { ok: false; msg: string }) => void;
