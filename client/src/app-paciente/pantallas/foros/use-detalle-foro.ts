// One forum's data in the patient's app: the forum and its topics (pages of 20, spec 2 §9), shown at
// once from the phone, kept live over the forum's room (new topics, topic activity, counts) and
// polled while the socket is down. Live changes that arrive while a reload is on its way are applied
// again over its answer (the core's live resource, decision 240).
import { type Foro, porActividad, type Tema, TEXTOS_FOROS, unirTemas } from '@miduelo/shared/foros';
import type { DatosDeForo as DatosDe } from '@/nucleo/live/use-evento-foros';
import { useEffect, useRef, useState } from 'react';
import { paginaDeTemas, TEMAS_POR_PAGINA, useForo, useTemas } from '../../api/foros';
import { useEventoForo as useEvento } from '@/nucleo/live/use-evento-foros';
import { useAlDia, useConexion } from '../../lib/conexion';
import { useSesion } from '../../lib/sesion';
import { mensajeDe } from './comun';

type Temas = { data: Tema[] } | undefined;

/** A topic's activity moved: its counts, its place, and her unread posts (not her own). */
function conActividad(l: Temas, a: DatosDe<'foro:tema-actividad'>, mio: boolean): Temas {
  if (!l) return l;
  const data = l.data.map((t) =>
    t.id_tema === a.id_tema
      ? {
          ...t,
          total_mensajes: a.total_mensajes,
          ultimo_seq: a.ultimo_seq,
          fecha_actividad: a.fecha_actividad,
          no_leidos: t.no_leidos === null || mio ? t.no_leidos : t.no_leidos + Math.max(0, a.ultimo_seq - t.ultimo_seq),
        }
      : t,
  );
  return { ...l, data: data.sort(porActividad) };
}

export function useDetalleForo(idForo: number) {
  const foro = useForo(idForo);
  // A reload reads again as many topics as are shown.
  const cuantos = useRef(TEMAS_POR_PAGINA);
  const temas = useTemas(idForo, () => cuantos.current);
  useAlDia(() => {
    void foro.recargar();
    void temas.recargar();
  });
  const [cargandoMas, setCargandoMas] = useState(false);
  const [errorMas, setErrorMas] = useState<string | null>(null);
  const verMas = async () => {
    const siguiente = cuantos.current + TEMAS_POR_PAGINA;
    setCargandoMas(true);
    setErrorMas(null);
    try {
      const r = await paginaDeTemas(idForo, siguiente / TEMAS_POR_PAGINA, TEMAS_POR_PAGINA);
      cuantos.current = siguiente;
      temas.fijar((l) => ({ data: unirTemas(l?.data ?? [], r.data) }));
    } catch (e) {
      setErrorMas(mensajeDe(e, TEXTOS_FOROS.errorMasTemas));
    } finally {
      setCargandoMas(false);
    }
  };

  const socket = useConexion((c) => c.socket);
  const enVivo = useConexion((c) => c.enVivo);
  // The forum's room: new topics and topic activity, live.
  useEffect(() => {
    if (!socket || !enVivo) return;
    socket.emit('foro:unirse', { id_foro: idForo }, () => undefined);
    return () => {
      socket.emit('foro:salir', { id_foro: idForo });
    };
  }, [socket, enVivo, idForo]);
  useEvento('foro:tema', ({ tema }) => {
    if (tema.id_foro !== idForo) return;
    temas.fijar((l) => l && { ...l, data: [tema, ...l.data.filter((t) => t.id_tema !== tema.id_tema)] });
  });
  useEvento('foro:tema-actividad', (a) => {
    if (a.id_foro !== idForo) return;
    const mio = a.autor.tipo === 'paciente' && a.autor.id === useSesion.getState().sesion?.paciente.id_paciente;
    temas.fijar((l) => conActividad(l, a, mio));
  });
  // A post hidden or shown: the topic's count of visible posts changes, its activity does not.
  useEvento('foro:tema-conteo', (c) => {
    if (c.id_foro !== idForo) return;
    temas.fijar((l) => l && { ...l, data: l.data.map((t) => (t.id_tema === c.id_tema ? { ...t, total_mensajes: c.total_mensajes } : t)) });
  });
  useEvento('foro:conteos', (c) => c.id_foro === idForo && foro.fijar((d) => d && { data: { ...d.data, ...c } }));
  useEvento('foro:cambio', (c) => c.id_foro === idForo && void foro.recargar());
  useEvento('foro:removido', (c) => c.id_foro === idForo && void foro.recargar());

  return {
    foro,
    temas,
    verMas,
    cargandoMas,
    errorMas,
    fijarForo: (f: Foro) => foro.fijar(() => ({ data: f })),
    agregarTema: (t: Tema) => temas.fijar((l) => ({ data: [t, ...(l?.data ?? []).filter((x) => x.id_tema !== t.id_tema)] })),
  };
}
