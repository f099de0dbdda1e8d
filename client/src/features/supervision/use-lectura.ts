// The read-only reading of one conversation under an opening in force (decision 365): its messages
// over HTTP (every read audited by the server), then live through 'supervision:unirse'; polled every
// 30 s while the socket is down. It ends when the server says so ('supervision:vencida' or 403),
// and what was shown is taken off the screen.
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import { APERTURA_MINUTOS } from '@miduelo/shared/supervision';
import { useCallback, useEffect, useRef, useState } from 'react';
import { mensajesSupervision } from '@/api/supervision';
import { useAhora } from '@/lib/use-ahora';
import { ApiError } from '@/nucleo/http';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { vigilarRecurso } from '@/nucleo/live/vigilar-socket';
import { useSocket } from '@/nucleo/socket';
import { IdChatEventoSchema, MensajeSupervisadoSchema } from './eventos';
import { enRelojServidor } from './formato';

const PAGINA = 200;
const FIN = new Set(['SUPERVISION_VENCIDA', 'SUPERVISION_SIN_APERTURA']);
const esFin = (e: unknown) => e instanceof ApiError && e.status === 403 && FIN.has(e.code ?? '');

export type FaseLectura = 'cargando' | 'lista' | 'error' | 'terminada';

function fusionar(previos: Mensaje[], nuevos: Mensaje[]): Mensaje[] {
  const porId = new Map(previos.map((m) => [m.id_mensaje, m]));
  for (const m of nuevos) porId.set(m.id_mensaje, m);
  return [...porId.values()].sort((a, b) => a.seq - b.seq);
}

export function useLectura(idChat: number, venceInicial: string) {
  const [mensajes, setMensajes] = useState<Mensaje[]>([]);
  const [venceEn, setVenceEn] = useState(venceInicial);
  const [fase, setFase] = useState<FaseLectura>('cargando');
  const [hayAnteriores, setHayAnteriores] = useState(false);
  const ultimoSeq = useRef(0);
  // The last sequence number the live room's join reported, and whether the first page is in: a
  // message written between the two is fetched once, by whichever comes second.
  const alUnirse = useRef<{ seq: number; cargado: boolean }>({ seq: 0, cargado: false });
  const terminada = fase === 'terminada';

  const terminar = useCallback(() => {
    setMensajes([]);
    setFase('terminada');
  }, []);

  const leer = useCallback(
    async (query: { despues_de?: number; antes_de?: number }, signal?: AbortSignal) => {
      try {
        const r = await mensajesSupervision(idChat, query, signal);
        setVenceEn(r.vence_en);
        ultimoSeq.current = Math.max(ultimoSeq.current, r.ultimo_seq, ...r.mensajes.map((m) => m.seq));
        setMensajes((p) => fusionar(p, r.mensajes));
        return r;
      } catch (e) {
        if (esFin(e)) {
          terminar();
          return null;
        }
        throw e;
      }
    },
    [idChat, terminar],
  );

  const cargar = useCallback(
    (signal?: AbortSignal) => {
      setFase('cargando');
      leer({}, signal)
        .then((r) => {
          if (!r) return;
          alUnirse.current.cargado = true;
          if (alUnirse.current.seq > ultimoSeq.current) void leer({ despues_de: ultimoSeq.current }).catch(() => undefined);
          setHayAnteriores(r.mensajes.length >= PAGINA && (r.mensajes[0]?.seq ?? 1) > 1);
          setFase('lista');
        })
        .catch((e: unknown) => {
          if (!(e instanceof DOMException && e.name === 'AbortError')) setFase('error');
        });
    },
    [leer],
  );

  useEffect(() => {
    const c = new AbortController();
    cargar(c.signal);
    return () => c.abort();
  }, [cargar]);

  const alDia = useCallback(() => {
    if (!terminada) void leer({ despues_de: ultimoSeq.current }).catch(() => undefined);
  }, [leer, terminada]);

  const anteriores = useCallback(async () => {
    const primero = mensajes[0]?.seq;
    if (primero === undefined) return;
    const r = await leer({ antes_de: primero }).catch(() => null);
    if (r) setHayAnteriores(r.mensajes.length >= PAGINA);
  }, [leer, mensajes]);

  // Live: join the conversation's supervision room on every (re)connection.
  const socket = useSocket((s) => s.socket);
  useEffect(() => {
    if (!socket || terminada) return;
    const unirse = () =>
      socket.emit('supervision:unirse', { id_chat: idChat }, (r) => {
        if (!r.ok) return alDia();
        setVenceEn(r.data.vence_en);
        alUnirse.current.seq = r.data.ultimo_seq;
        if (alUnirse.current.cargado && r.data.ultimo_seq > ultimoSeq.current) alDia();
      });
    if (socket.connected) unirse();
    // Rooms do not survive a reconnection: joined again on each.
    socket.on('connect', unirse);
    return () => {
      socket.off('connect', unirse);
      socket.emit('supervision:salir', { id_chat: idChat });
    };
  }, [socket, idChat, terminada, alDia]);
  useEventoSocket('supervision:mensaje', MensajeSupervisadoSchema, (e) => {
    if (e.id_chat !== idChat || terminada) return;
    ultimoSeq.current = Math.max(ultimoSeq.current, e.mensaje.seq);
    setMensajes((p) => fusionar(p, [e.mensaje]));
  });
  useEventoSocket('supervision:vencida', IdChatEventoSchema, (e) => {
    if (e.id_chat === idChat) terminar();
  });
  useEffect(() => vigilarRecurso(alDia), [alDia]);

  // Time left, on the server's clock; at 0 the server is asked, and its 403 ends the reading.
  const ahora = useAhora(10_000);
  const restanteMs = Math.min(Date.parse(venceEn) - enRelojServidor(ahora), APERTURA_MINUTOS * 60_000);
  const agotada = restanteMs <= 0;
  useEffect(() => {
    if (agotada && fase === 'lista') alDia();
  }, [agotada, fase, alDia]);

  return {
    mensajes,
    venceEn,
    fase,
    minutosRestantes: Math.max(0, Math.ceil(restanteMs / 60_000)),
    hayAnteriores,
    anteriores,
    reintentar: () => cargar(),
  };
}
