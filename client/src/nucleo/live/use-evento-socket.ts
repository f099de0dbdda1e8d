import type { ServerToClientEvents } from '@miduelo/shared/realtime';
import { useEffect, useRef } from 'react';
import * as v from 'valibot';
import { useSocket } from '@/nucleo/socket';

/**
 * Listens to one server event while the component is mounted (and across reconnections: the
 * socket object is followed). The payload is checked against its shared schema before it
 * reaches the screen; an invalid one is logged and dropped.
 */
export function useEventoSocket<T>(
  evento: keyof ServerToClientEvents,
  esquema: v.GenericSchema<unknown, T>,
  manejar: (datos: T) => void,
): void {
  const socket = useSocket((s) => s.socket);
  const manejarRef = useRef(manejar);
  manejarRef.current = manejar;
  useEffect(() => {
    if (!socket) return;
    const oyente = (datos: unknown) => {
      const r = v.safeParse(esquema, datos);
      if (r.success) manejarRef.current(r.output);
      else console.warn(`Evento ${String(evento)} inválido`, r.issues[0]?.message);
    };
    socket.on(evento, oyente as never);
    return () => {
      socket.off(evento, oyente as never);
    };
  }, [socket, evento, esquema]);
}
