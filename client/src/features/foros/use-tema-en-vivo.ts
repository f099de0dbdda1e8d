// A topic's posts, live (docs/decisions/161): read whole from the first post on opening, on each
// reconnection and on each 30-s poll while the socket is down (decision 269), joined to the topic's
// room once the socket is up (the join answers what was missed), merged by `seq`, and sent
// optimistically with a client id so that a retry never publishes twice.
import type { MensajeForo } from '@miduelo/shared/foros';
import { lectorDeTema } from '@miduelo/shared/foros-lectura';
import { EventoMensajeForoSchema, EventoOcultoSchema } from '@miduelo/shared/realtime-foros';
import { useCallback, useEffect, useRef, useState } from 'react';
import { marcarTemaLeido, mensajesDespuesDe, publicarMensaje } from '@/api/foros';
import { ApiError } from '@/nucleo/http';
import { agregarPendiente, cambiarPendiente, esFalloDeRed, nuevoIdCliente } from '@/nucleo/live/optimista';
import { type EstadoEnvio, fusionarPorSeq, ultimoSeqContiguo } from '@/nucleo/live/secuencia';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { vigilarRecurso } from '@/nucleo/live/vigilar-socket';
import { useSocket } from '@/nucleo/socket';

export type PostUI = Omit<MensajeForo, 'seq' | 'id_mensaje'> & { seq: number | null; id_mensaje: number | null; estado: EstadoEnvio };

const guardado = (m: MensajeForo) => m as unknown as Omit<PostUI, 'estado' | 'seq'> & { seq: number };

export function useTemaEnVivo(o: {
  idTema: number;
  autor: MensajeForo['autor'] | null;
  participante: boolean;
  alRecibir?: (n: PostUI[]) => void;
}) {
  const { idTema } = o;
  const [mensajes, setMensajes] = useState<PostUI[]>([]);
  const [cargando, setCargando] = useState(true);
  const [error, setError] = useState<unknown>(null);
  /** The topic's own forum and title, as the server tells them with every page of posts. */
  const [delTema, setDelTema] = useState<{ idForo: number; titulo: string } | null>(null);
  const ref = useRef<PostUI[]>([]);
  ref.current = mensajes;
  const opciones = useRef(o);
  opciones.current = o;
  const socket = useSocket((s) => s.socket);
  const estado = useSocket((s) => s.estado);

  const fusionar = useCallback((nuevos: MensajeForo[]) => {
    if (nuevos.length === 0) return;
    const previos = new Set(ref.current.flatMap((m) => (m.seq === null ? [] : [m.seq])));
    const llegados = nuevos.filter((m) => !previos.has(m.seq));
    setMensajes((actuales) => {
      const r = fusionarPorSeq(actuales, nuevos.map(guardado));
      ref.current = r;
      return r;
    });
    if (llegados.length) opciones.current.alRecibir?.(llegados.map((m) => ({ ...m, estado: 'enviado' })));
  }, []);

  const leer = useRef<number | undefined>(undefined);
  const marcarLeido = useCallback(() => {
    if (!opciones.current.participante || document.visibilityState !== 'visible') return;
    window.clearTimeout(leer.current);
    leer.current = window.setTimeout(() => void marcarTemaLeido(idTema).catch(() => {}), 800);
  }, [idTema]);

  // Every read of the topic (opening it, each reconnection, each 30-s poll while the socket is down)
  // reads it all again, the server's copy winning: a post hidden or shown again while the socket was
  // down changes too. A hide or show that arrives meanwhile is applied over its answer (decision 269).
  const [lector] = useState(() => lectorDeTema<MensajeForo>());

  const sincronizar = useCallback(async () => {
    try {
      await lector.releer(async (despues, limite) => {
        const r = await mensajesDespuesDe(idTema, despues, limite);
        setDelTema((d) =>
          d?.idForo === r.meta.id_foro && d.titulo === r.meta.titulo_tema ? d : { idForo: r.meta.id_foro, titulo: r.meta.titulo_tema },
        );
        return r.data;
      }, fusionar);
      setError(null);
      marcarLeido();
    } catch (e) {
      setError(e);
    } finally {
      setCargando(false);
    }
  }, [idTema, lector, fusionar, marcarLeido]);

  // First load, 30-s polling while the socket is down, one resync on reconnection.
  useEffect(() => {
    setMensajes([]);
    ref.current = [];
    setCargando(true);
    void sincronizar();
    return vigilarRecurso(() => void sincronizar());
  }, [sincronizar]);

  // The topic's room while the screen is shown; the join answers what the socket missed.
  useEffect(() => {
    if (!socket || estado !== 'conectado') return;
    socket.emit('foro:tema:unirse', { id_tema: idTema, despues_de: ultimoSeqContiguo(ref.current) }, (r) => {
      if (!r.ok) return;
      fusionar(r.data.mensajes);
      if (r.data.hay_mas) void sincronizar();
    });
    return () => {
      socket.emit('foro:tema:salir', { id_tema: idTema });
    };
  }, [socket, estado, idTema, fusionar, sincronizar]);

  useEventoSocket('foro:mensaje', EventoMensajeForoSchema, ({ mensaje }) => {
    if (mensaje.id_tema !== idTema) return;
    fusionar([mensaje]);
    marcarLeido();
  });
  useEventoSocket('foro:mensaje-oculto', EventoOcultoSchema, (e) => {
    if (e.id_tema !== idTema) return;
    // Shown again, the event carries the post: a reader who loaded it hidden holds no text (decision 257).
    const mostrado = e.mensaje;
    lector.anotar(e.seq, (m) => mostrado ?? { ...m, oculto: e.oculto });
    if (mostrado) fusionar([mostrado]);
    else setMensajes((ms) => ms.map((m) => (m.id_mensaje === e.id_mensaje ? { ...m, oculto: e.oculto } : m)));
    // Shown by a server that does not send the post yet (during a deploy): read it.
    if (!e.oculto && !mostrado) void sincronizar();
  });

  const enviar = useCallback(
    async (contenido: string, idCliente: string = nuevoIdCliente()) => {
      const autor = opciones.current.autor;
      if (!autor) return { crisis: false };
      const pendiente: PostUI = {
        id_mensaje: null,
        id_tema: idTema,
        seq: null,
        autor,
        contenido,
        fecha_envio: new Date().toISOString(),
        id_cliente: idCliente,
        oculto: false,
        estado: 'enviando',
      };
      setMensajes((ms) => agregarPendiente(ms, pendiente));
      try {
        const r = await publicarMensaje(idTema, contenido, idCliente);
        const { crisis, ...m } = r.data;
        fusionar([m]);
        return { crisis };
      } catch (e) {
        setMensajes((ms) => cambiarPendiente(ms, idCliente, { estado: 'error' }));
        throw Object.assign(e instanceof Error ? e : new Error(String(e)), {
          reintentable: e instanceof ApiError ? esFalloDeRed(e.status) : true,
        });
      }
    },
    [idTema, fusionar],
  );

  const actualizar = useCallback((m: MensajeForo) => {
    setMensajes((ms) => ms.map((x) => (x.id_mensaje === m.id_mensaje ? { ...x, ...m, estado: 'enviado' } : x)));
  }, []);

  return { mensajes, cargando, error, enviar, actualizar, recargar: sincronizar, delTema };
}
