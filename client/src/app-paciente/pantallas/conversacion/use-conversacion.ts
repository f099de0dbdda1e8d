// One conversation of the patient's app (decisions 052, 185, 296): its messages shown at once from
// the phone, the latest page then everything since, live over the socket, merged by sequence number
// with the core's nucleo/live/secuencia.ts (a message seen twice — answer, event, resync — is shown
// once; a read receipt that came first is kept), resynchronised from the first gap after each
// reconnection and every 30 s while the socket is down.
import { ESCRIBIENDO_CADUCA_MS, PAGINA_MENSAJES_DEFECTO, PAGINA_MENSAJES_MAX } from '@miduelo/shared/chat';
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import { fusionarGuardados, primerSeq, sincronizarDespuesDe, ultimoSeqContiguo } from '@/nucleo/live/secuencia';
import { useCallback, useEffect, useRef, useState } from 'react';
import { marcarChatLeido, mensajesDeChat } from '../../api/chat';
import { guardarCache, leerCache } from '../../lib/api';
import { alEnviar } from '../../lib/bandeja';
import { useAlDia, useConexion, useEvento } from '../../lib/conexion';

/** A later copy replaces an earlier one, but a read receipt already seen stays. */
const conLeido = (nuevo: Mensaje, previo: Mensaje | undefined): Mensaje =>
  previo?.leido && !nuevo.leido ? { ...nuevo, leido: true } : nuevo;

export function useConversacion(idChat: number) {
  const clave = `mensajes:${idChat}`;
  const [mensajes, setMensajes] = useState<Mensaje[]>(() => leerCache<Mensaje[]>(clave) ?? []);
  const [error, setError] = useState<string | null>(null);
  const [guardado, setGuardado] = useState(() => leerCache(clave) !== undefined);
  const [escribe, setEscribe] = useState(false);
  const socket = useConexion((c) => c.socket);
  const ref = useRef(mensajes);
  ref.current = mensajes;

  // Computed from the list held now, not in a state updater: a resync reads where to go on from it
  // before React renders again.
  const fijar = useCallback(
    (r: Mensaje[]) => {
      ref.current = r;
      setMensajes(r);
      guardarCache(clave, r.slice(-200));
    },
    [clave],
  );
  const agregar = useCallback(
    (nuevos: Mensaje[]) => {
      if (nuevos.length > 0) fijar(fusionarGuardados(ref.current, nuevos, conLeido));
    },
    [fijar],
  );

  const marcarLeido = useCallback(() => {
    if (document.visibilityState !== 'visible') return;
    marcarChatLeido(idChat).catch(() => undefined);
  }, [idChat]);

  // Without a message shown: the latest page. After some: everything since the first gap, a full
  // page at a time (the server gives at most PAGINA_MENSAJES_MAX after a sequence number).
  const cargar = useCallback(async () => {
    const aplicar = (r: Mensaje[]) => {
      agregar(r);
      setError(null);
      setGuardado(false);
      if (r.some((m) => m.remitente !== 'paciente' && !m.leido)) marcarLeido();
    };
    try {
      if (ultimoSeqContiguo(ref.current) === 0) aplicar(await mensajesDeChat(idChat));
      else
        await sincronizarDespuesDe({
          desde: () => ultimoSeqContiguo(ref.current),
          pedir: (despues_de, limite) => mensajesDeChat(idChat, { despues_de, limite }),
          aplicar,
          seqDe: (m) => m.seq,
          lote: PAGINA_MENSAJES_MAX,
        });
    } catch (e) {
      setError((e as Error).message);
    }
  }, [idChat, agregar, marcarLeido]);

  useEffect(() => {
    void cargar();
    marcarLeido();
  }, [cargar, marcarLeido]);
  useAlDia(() => void cargar());

  // Opens the conversation on the socket (typing indicators, and what was missed) on every connection.
  useEffect(() => {
    if (!socket) return;
    // The socket gives what came after the last message shown, at most a full page from there. Opened
    // before anything was shown (0), a long conversation's answer is its oldest page: it is left to
    // `cargar`, which shows the latest; with more than a page missed, `cargar` brings the rest.
    const unirse = () => {
      const desde = ultimoSeqContiguo(ref.current);
      socket.emit('chat:unirse', { id_chat: idChat, despues_de: desde }, (r) => {
        if (!r.ok) return;
        if (desde > 0 || !r.data.hay_mas) agregar(r.data.mensajes);
        if (r.data.hay_mas) void cargar();
      });
    };
    if (socket.connected) unirse();
    socket.on('connect', unirse);
    return () => {
      socket.off('connect', unirse);
      if (socket.connected) socket.emit('chat:salir', { id_chat: idChat });
    };
  }, [socket, idChat, agregar, cargar]);

  useEvento('chat:mensaje', (p) => {
    if (p.mensaje.id_chat !== idChat) return;
    agregar([p.mensaje]);
    if (p.mensaje.remitente !== 'paciente') {
      setEscribe(false);
      marcarLeido();
    }
  });
  useEvento('chat:leido', (p) => {
    if (p.id_chat !== idChat) return;
    fijar(ref.current.map((m) => (m.remitente === 'paciente' && m.seq <= p.hasta_seq && !m.leido ? { ...m, leido: true } : m)));
  });
  const caduca = useRef<number | undefined>(undefined);
  useEvento('chat:escribiendo', (p) => {
    if (p.id_chat !== idChat || p.remitente === 'paciente') return;
    setEscribe(p.escribiendo);
    window.clearTimeout(caduca.current);
    if (p.escribiendo) caduca.current = window.setTimeout(() => setEscribe(false), ESCRIBIENDO_CADUCA_MS);
  });
  useEffect(() => alEnviar((m) => m.id_chat === idChat && agregar([m])), [idChat, agregar]);
  useEffect(() => {
    const f = () => document.visibilityState === 'visible' && marcarLeido();
    document.addEventListener('visibilitychange', f);
    return () => document.removeEventListener('visibilitychange', f);
  }, [marcarLeido]);

  return { mensajes, error, guardado, escribe, agregar };
}

/** Older messages, a page at a time (decision 296): the conversation opens on its latest 200, and
 * sequence numbers start at 1 in every conversation, so a first one above 1 means there are more. */
export function useAnteriores(idChat: number, mensajes: Mensaje[], agregar: (m: Mensaje[]) => void) {
  const primero = primerSeq(mensajes) ?? 0;
  const [estado, setEstado] = useState<'listos' | 'cargando' | 'error' | 'fin'>('listos');
  const alturaAntes = useRef<number | null>(null);
  async function ver() {
    setEstado('cargando');
    try {
      const r = await mensajesDeChat(idChat, { antes_de: primero, limite: PAGINA_MENSAJES_DEFECTO });
      alturaAntes.current = document.documentElement.scrollHeight;
      agregar(r);
      setEstado(r.length === 0 ? 'fin' : 'listos');
    } catch {
      setEstado('error');
    }
  }
  return { primero, estado, ver, alturaAntes };
}
