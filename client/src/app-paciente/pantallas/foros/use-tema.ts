// A topic's posts in the patient's app (decisions 161, 257): shown at once from the phone, read
// again whole at each opening, reconnection and 30-s poll (a moderator may have hidden or shown a
// post meanwhile: the server's copy wins), live over the topic's room, merged by sequence number
// (the core's nucleo/live/secuencia.ts), and kept on the phone for the next opening.
import { type Foro, type MensajeForo, TEXTOS_FOROS } from '@miduelo/shared/foros';
import { lectorDeTema } from '@miduelo/shared/foros-lectura';
import type { SincronizacionTema } from '@miduelo/shared/realtime-foros';
import { fusionarGuardados, ultimoSeqContiguo } from '@/nucleo/live/secuencia';
import { useCallback, useEffect, useRef, useState } from 'react';
import { marcarTemaLeido, postsDespuesDe } from '../../api/foros';
import { guardarCache, leerCache } from '../../lib/api';
import { useEventoForo as useEvento } from '@/nucleo/live/use-evento-foros';
import { useAlDia, useConexion } from '../../lib/conexion';
import { mensajeDe } from './comun';

export type DelTema = { id_foro: number; titulo: string };

export function useTema(idTema: number, idForo: number, cargadoForo: { data: Foro } | undefined) {
  const clave = `foros:tema:${idTema}`;
  // The topic's own forum and title, as every page of posts tells them (kept on the device too).
  const [delTema, setDelTema] = useState<DelTema | undefined>(() => leerCache<DelTema>(`${clave}:tema`));
  // The forum counts (its name, the composer) only once it is the topic's own: a topic opened under
  // another forum's address moves to its own instead of borrowing that forum's state.
  const suyo = cargadoForo?.data.id_foro === idForo && (delTema === undefined || delTema.id_foro === idForo);
  const foro = suyo ? cargadoForo : undefined;
  const participante = foro?.data.es_participante === true;
  const socket = useConexion((c) => c.socket);
  const enVivo = useConexion((c) => c.enVivo);
  const [posts, setPosts] = useState<MensajeForo[]>(() => leerCache<MensajeForo[]>(clave) ?? []);
  const ref = useRef(posts);
  ref.current = posts;
  const [cargado, setCargado] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const leer = useRef<number | undefined>(undefined);
  const marcarLeido = useCallback(() => {
    if (!participante || document.visibilityState !== 'visible') return;
    window.clearTimeout(leer.current);
    leer.current = window.setTimeout(() => void marcarTemaLeido(idTema).catch(() => undefined), 800);
  }, [idTema, participante]);

  // Every read of the topic reads it all again; a hide or show that arrives meanwhile is applied
  // over its answer (decision 257).
  const [lector] = useState(() => lectorDeTema<MensajeForo>());

  /** Shows the posts and keeps them on the device: what is shown is what the next opening starts from. */
  const fijarPosts = useCallback(
    (r: MensajeForo[]) => {
      ref.current = r;
      setPosts(r);
      guardarCache(clave, r);
    },
    [clave],
  );

  const fusionar = useCallback(
    (nuevos: MensajeForo[]) => {
      if (nuevos.length === 0) return;
      fijarPosts(fusionarGuardados(ref.current, nuevos));
    },
    [fijarPosts],
  );

  /** Reads the whole topic again: a moderator may have hidden or shown a post the device holds
   * (decision 257; the server's copy wins). */
  const sincronizar = useCallback(async () => {
    try {
      await lector.releer(async (desde, limite) => {
        const r = await postsDespuesDe(idTema, desde, limite);
        const t = { id_foro: r.meta.id_foro, titulo: r.meta.titulo_tema };
        setDelTema(t);
        guardarCache(`${clave}:tema`, t);
        return r.data;
      }, fusionar);
      setError(null);
      marcarLeido();
    } catch (e) {
      setError(mensajeDe(e, TEXTOS_FOROS.errorCargarMensajes));
    } finally {
      setCargado(true);
    }
  }, [idTema, clave, lector, fusionar, marcarLeido]);

  useEffect(() => {
    const guardados = leerCache<MensajeForo[]>(clave) ?? [];
    ref.current = guardados;
    setPosts(guardados);
    void sincronizar();
  }, [clave, sincronizar]);
  useAlDia(() => void sincronizar());

  // The topic's room while the screen is open; joining answers what the socket missed.
  useEffect(() => {
    if (!socket || !enVivo) return;
    socket.emit('foro:tema:unirse', { id_tema: idTema, despues_de: ultimoSeqContiguo(ref.current) }, (r) => {
      if (!r.ok) return;
      const s: SincronizacionTema = r.data;
      fusionar(s.mensajes);
      if (s.hay_mas) void sincronizar();
    });
    return () => {
      socket.emit('foro:tema:salir', { id_tema: idTema });
    };
  }, [socket, enVivo, idTema, fusionar, sincronizar]);

  useEvento('foro:mensaje', ({ mensaje }) => {
    if (mensaje.id_tema !== idTema) return;
    fusionar([mensaje]);
    marcarLeido();
  });
  useEvento('foro:mensaje-oculto', (p) => {
    if (p.id_tema !== idTema) return;
    // Hidden, its text leaves the screen and the device; shown again, the event carries the post.
    const cambio = (m: MensajeForo): MensajeForo => p.mensaje ?? { ...m, oculto: p.oculto, contenido: p.oculto ? '' : m.contenido };
    lector.anotar(p.seq, cambio);
    if (p.mensaje) fusionar([p.mensaje]);
    else fijarPosts(ref.current.map((m) => (m.seq === p.seq ? cambio(m) : m)));
    // Shown by a server that does not send the post yet (during a deploy): read it.
    if (!p.oculto && !p.mensaje) void sincronizar();
  });

  return { delTema, foro, participante, posts, cargado, error, fusionar };
}
