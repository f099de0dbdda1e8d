// One write that waits on the device for the connection (the patient's forum post, decision 270):
// kept with its client id, sent again by itself with the same id (stored once) when the connection
// returns, every 30 s while it is down, and when the screen opens again — until it leaves, the
// server refuses it, or the user changes it. The chat's many messages use the outbox (bandeja.ts).
import { useEffect, useRef, useState } from 'react';
import { ApiError } from './http';
import { useAlDia } from './live/use-al-dia';
import { nuevoIdCliente } from './live/optimista';

export interface EnEspera {
  contenido: string;
  id_cliente: string;
}

interface OpcionesEnEspera<R> {
  /** The copy kept on the device (null: none waits). */
  leer: () => EnEspera | null;
  guardar: (e: EnEspera | null) => void;
  enviar: (contenido: string, idCliente: string) => Promise<R>;
  alEnviar: (r: R, contenido: string) => void;
  /** A failed send; `espera`: it waits for the connection and will leave by itself. */
  alFallar: (error: unknown, espera: boolean, otraVez: boolean) => void;
  /** The text the user has now: a waiting send that no longer matches it is hers to send again. */
  actual: () => string;
  setEnviando: (enviando: boolean) => void;
}

export function useEnvioEnEspera<R>(o: OpcionesEnEspera<R>) {
  const ref = useRef(o);
  ref.current = o;
  const [inicial] = useState(() => o.leer());
  const idCliente = useRef(inicial?.id_cliente ?? nuevoIdCliente());
  const enEspera = useRef<string | null>(inicial?.contenido ?? null);
  const enCurso = useRef(false);

  const esperar = (t: string | null) => {
    enEspera.current = t;
    ref.current.guardar(t === null ? null : { contenido: t, id_cliente: idCliente.current });
  };

  /** Sends `t` with the current client id; `otraVez`: the waiting send, tried again by itself. */
  const enviar = async (t: string, otraVez = false) => {
    if (enCurso.current) return;
    enCurso.current = true;
    ref.current.setEnviando(true);
    try {
      const r = await ref.current.enviar(t, idCliente.current);
      idCliente.current = nuevoIdCliente();
      esperar(null);
      ref.current.alEnviar(r, t);
    } catch (e) {
      // The same id goes with a retry of the same text: it is stored once. Without connection it
      // waits; any other failure waits for the user.
      const sinConexion = e instanceof ApiError && e.status === 0;
      const espera = sinConexion && ref.current.actual().trim() === t;
      esperar(espera ? t : null);
      ref.current.alFallar(e, sinConexion, otraVez);
    } finally {
      enCurso.current = false;
      ref.current.setEnviando(false);
    }
  };

  const reintentar = () => {
    if (enEspera.current !== null) void enviar(enEspera.current, true);
  };
  // Back online, reconnected, every 30 s while the socket is down, and on opening the screen again.
  useAlDia(reintentar);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, for a send that waited on the device
  useEffect(reintentar, []);

  return {
    /** What was waiting when the screen opened (its text goes back in the box). */
    inicial,
    enviar,
    /** The user changed the text: a waiting send is hers to send again. */
    olvidar: () => {
      if (enEspera.current !== null) esperar(null);
    },
  };
}
