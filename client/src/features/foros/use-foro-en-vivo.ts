import { porActividad, TEMAS_POR_PAGINA, TEXTOS_FOROS, temasHasta, unirTemas } from '@miduelo/shared/foros';
import {
  EventoActividadSchema,
  EventoCambioForoSchema,
  EventoConteosSchema,
  EventoConteoTemaSchema,
  EventoRemovidoSchema,
  EventoTemaSchema,
} from '@miduelo/shared/realtime-foros';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { obtenerForo, temas as listarTemas } from '@/api/foros';
import { ApiError, mostrarError } from '@/nucleo/http';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { useSession } from '@/lib/session';
import { useSocket } from '@/nucleo/socket';

/** Joins the forum's room while the screen is shown (and again after each reconnection). */
function useSalaForo(idForo: number) {
  const socket = useSocket((s) => s.socket);
  const estado = useSocket((s) => s.estado);
  useEffect(() => {
    if (!socket || estado !== 'conectado') return;
    socket.emit('foro:unirse', { id_foro: idForo }, () => {});
    return () => {
      socket.emit('foro:salir', { id_foro: idForo });
    };
  }, [socket, estado, idForo]);
}

/** The forum is gone (deleted) or the reader may no longer read it (removed from a private one). */
const foroPerdido = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 403);

/** A forum and its topics kept live through the forum's room (new topics, activity, unread and
 * visible-post counts, the forum changed, deleted or the reader removed); a forum that is gone or
 * unreadable sends the reader back to the list. */
export function useForoEnVivo(idForo: number) {
  const navegar = useNavigate();
  const idPsicologo = useSession((s) => s.usuario?.id_psicologo ?? 0);
  const foro = useLiveResource({ fetch: (signal) => obtenerForo(idForo, signal), deps: [idForo] });
  // Topics by pages of 20 (spec 2 §9), most recently active first; a reload reads again as many as
  // are shown, and 'Ver más temas' the next page.
  const cuantos = useRef(TEMAS_POR_PAGINA);
  const temas = useLiveResource({
    fetch: (signal) => temasHasta((page, limit) => listarTemas(idForo, page, limit, signal), cuantos.current),
    deps: [idForo],
  });
  const [cargandoMas, setCargandoMas] = useState(false);
  async function verMas() {
    const siguiente = cuantos.current + TEMAS_POR_PAGINA;
    setCargandoMas(true);
    try {
      const r = await listarTemas(idForo, siguiente / TEMAS_POR_PAGINA, TEMAS_POR_PAGINA);
      cuantos.current = siguiente;
      temas.setData((d) => d && { ...d, data: unirTemas(d.data, r.data) });
    } catch (e) {
      mostrarError(e, TEXTOS_FOROS.errorMasTemas);
    } finally {
      setCargandoMas(false);
    }
  }
  useSalaForo(idForo);

  // A forum that fails to load sends the user back to the list (spec 2 §2), and so does one that is
  // gone or no longer readable; a later reload that fails (a dropped connection, a 5xx) leaves what
  // is on screen (decisions 256, 258).
  const cargado = foro.data !== undefined;
  useEffect(() => {
    if (foro.error && (!cargado || foroPerdido(foro.error))) void navegar({ to: '/foros' });
  }, [foro.error, cargado, navegar]);

  useEventoSocket('foro:tema', EventoTemaSchema, ({ tema }) => {
    if (tema.id_foro !== idForo) return;
    temas.setData((d) => d && (d.data.some((t) => t.id_tema === tema.id_tema) ? d : { ...d, data: [tema, ...d.data] }));
  });
  useEventoSocket('foro:tema-actividad', EventoActividadSchema, (a) => {
    if (a.id_foro !== idForo) return;
    const mio = a.autor.tipo === 'psicologo' && a.autor.id === idPsicologo;
    temas.setData(
      (d) =>
        d && {
          ...d,
          data: d.data
            .map((t) =>
              t.id_tema === a.id_tema && a.ultimo_seq > t.ultimo_seq
                ? {
                    ...t,
                    ultimo_seq: a.ultimo_seq,
                    total_mensajes: a.total_mensajes,
                    fecha_actividad: a.fecha_actividad,
                    no_leidos: t.no_leidos === null || mio ? t.no_leidos : t.no_leidos + (a.ultimo_seq - t.ultimo_seq),
                  }
                : t,
            )
            .sort(porActividad),
        },
    );
  });
  // A post hidden or shown: the topic's count of visible posts changes, its activity does not.
  useEventoSocket('foro:tema-conteo', EventoConteoTemaSchema, (c) => {
    if (c.id_foro !== idForo) return;
    temas.setData(
      (d) => d && { ...d, data: d.data.map((t) => (t.id_tema === c.id_tema ? { ...t, total_mensajes: c.total_mensajes } : t)) },
    );
  });
  useEventoSocket('foro:conteos', EventoConteosSchema, (c) => {
    if (c.id_foro === idForo) foro.setData((d) => d && { data: { ...d.data, ...c } });
  });
  useEventoSocket('foro:cambio', EventoCambioForoSchema, (c) => {
    if (c.id_foro !== idForo) return;
    if (c.eliminado) void navegar({ to: '/foros' });
    else foro.recargar();
  });
  useEventoSocket('foro:removido', EventoRemovidoSchema, (c) => {
    if (c.id_foro === idForo) foro.recargar();
  });

  return { foro, temas, verMas, cargandoMas };
}
