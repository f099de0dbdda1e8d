import {
  type Agenda,
  type Cita,
  type Disponibilidad,
  ETIQUETA_ESTADO,
  type Excepcion,
  RETRASO_DISPONIBILIDAD_MS,
  TEXTOS_AGENDA,
} from '@miduelo/shared/agenda';
import { diasDeSemana, lunesDe } from '@miduelo/shared/agenda-tiempo';
import { formatoFecha } from '@miduelo/shared/fechas';
import {
  type CitaCambio,
  CitaCambioSchema,
  DisponibilidadCambioSchema,
  type ExcepcionCambio,
  ExcepcionCambioSchema,
} from '@miduelo/shared/realtime-agenda';
import { useCallback, useEffect, useState } from 'react';
import { agendaDeSemana, citasDeAgenda, obtenerDisponibilidad, obtenerExcepciones } from '@/api/agenda';
import { ApiError } from '@/nucleo/http';
import { fusionarPorId } from '@/nucleo/live/lista';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useListaViva } from '@/nucleo/live/use-lista-viva';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { toast } from '@/lib/toast';
import { ahoraClinica } from '@/lib/format';

const nombre = (c: { paciente: { nombre: string; apellido_paterno: string } }) => `${c.paciente.nombre} ${c.paciente.apellido_paterno}`;

const ordenCitas = (a: Cita, b: Cita) =>
  a.fecha.localeCompare(b.fecha) || a.hora_inicio.localeCompare(b.hora_inicio) || a.id_cita - b.id_cita;
const ordenExcepciones = (a: Excepcion, b: Excepcion) => a.fecha.localeCompare(b.fecha);

interface Horario {
  disponibilidad: Disponibilidad[];
  excepciones: Excepcion[];
}

/**
 * The agenda screen's server data, kept live: the shown week's appointments (merged by id and
 * version: an event older than what is shown, or about an appointment already deleted, changes
 * nothing), the availability and the exceptions. Socket events are validated and applied in place
 * (every tab of the psychologist sees every change); while the socket is down the week and the
 * schedule are fetched again every 30 s, and once more as soon as it reconnects.
 */
export function useAgendaEnVivo(idPsicologo: number, semanaUrl: { dia?: string; alCambiar: (lunes: string) => void }) {
  // The shown week lives in the URL (`?semana=`): Back and reload keep it.
  const lunes = lunesDe(semanaUrl.dia ?? ahoraClinica().hoy);
  const setLunes = semanaUrl.alCambiar;
  const [agenda, setAgenda] = useState<Agenda | null>(null);

  const semana = useListaViva<Cita>({
    deps: [idPsicologo, lunes],
    id: (c) => c.id_cita,
    version: (c) => c.version,
    // A rescheduled appointment may leave (or enter) the shown week.
    incluir: (c) => c.fecha >= lunes && c.fecha <= diasDeSemana(lunes)[6],
    orden: ordenCitas,
    cargar: async (signal) => {
      const r = await agendaDeSemana(idPsicologo, lunes, diasDeSemana(lunes)[6], signal);
      const citas = await citasDeAgenda(r.agenda.id_agenda, signal);
      if (!signal.aborted) setAgenda(r.agenda);
      return citas;
    },
    alFallar: (e, silenciosa) => {
      if (!silenciosa && !(e instanceof ApiError && e.sesionCerrada)) toast.error('Error', TEXTOS_AGENDA.errorCrearAgenda);
    },
  });

  // Spec 1 §8, §9: the schedule is first read 1 s after the screen opens; with none, the server creates the default.
  const [horarioListo, setHorarioListo] = useState(false);
  useEffect(() => {
    const t = window.setTimeout(() => setHorarioListo(true), RETRASO_DISPONIBILIDAD_MS);
    return () => window.clearTimeout(t);
  }, []);
  const horario = useLiveResource<Horario>({
    enabled: horarioListo,
    deps: [idPsicologo],
    fetch: async (signal) => {
      const [disponibilidad, excepciones] = await Promise.all([
        obtenerDisponibilidad(idPsicologo, signal),
        obtenerExcepciones(idPsicologo, signal),
      ]);
      return { disponibilidad, excepciones };
    },
  });
  const { setData: setHorario } = horario;

  const aplicarCambioCita = useCallback(
    (e: CitaCambio) => semana.aplicar({ tipo: e.tipo === 'eliminada' ? 'eliminado' : 'guardado', item: e.cita }),
    [semana.aplicar],
  );
  const actualizarDisponibilidad = useCallback(
    (f: (d: Disponibilidad[]) => Disponibilidad[]) =>
      setHorario((h) => ({ excepciones: h?.excepciones ?? [], disponibilidad: f(h?.disponibilidad ?? []) })),
    [setHorario],
  );
  const aplicarCambioExcepcion = useCallback(
    (e: ExcepcionCambio) =>
      setHorario((h) => {
        const actuales = h?.excepciones ?? [];
        const excepciones =
          e.tipo === 'creada'
            ? fusionarPorId(actuales, [e.excepcion], (x) => x.id_excepcion, ordenExcepciones)
            : actuales.filter((x) => x.id_excepcion !== e.excepcion.id_excepcion);
        return { disponibilidad: h?.disponibilidad ?? [], excepciones };
      }),
    [setHorario],
  );

  const recargarDisponibilidad = useCallback(
    () =>
      void obtenerDisponibilidad(idPsicologo).then(
        (d) => actualizarDisponibilidad(() => d),
        () => {},
      ),
    [idPsicologo, actualizarDisponibilidad],
  );

  useEventoSocket('cita:cambio', CitaCambioSchema, (e) => {
    aplicarCambioCita(e);
    // The patient acted from the app: tell the psychologist, who did not make the change.
    if (e.por === 'paciente' && e.tipo === 'creada') {
      toast.info(
        'Nueva solicitud de cita',
        `${nombre(e.cita)} solicitó una cita el ${formatoFecha(e.cita.fecha)} a las ${e.cita.hora_inicio}.`,
      );
    } else if (e.por === 'paciente' && e.cita.estado === 'cancelada') {
      toast.info(
        `Cita ${ETIQUETA_ESTADO.cancelada.toLowerCase()} por el paciente`,
        `${nombre(e.cita)} canceló su cita del ${formatoFecha(e.cita.fecha)} a las ${e.cita.hora_inicio}.`,
      );
    }
  });
  useEventoSocket('disponibilidad:cambio', DisponibilidadCambioSchema, (e) => actualizarDisponibilidad(() => e.disponibilidad));
  useEventoSocket('excepcion:cambio', ExcepcionCambioSchema, aplicarCambioExcepcion);

  /** Shows a week; asking again for the shown one reloads it. */
  const irA = useCallback(
    (nuevoLunes: string) => {
      if (nuevoLunes === lunes) semana.recargar();
      else setLunes(nuevoLunes);
    },
    [lunes, semana.recargar, setLunes],
  );

  return {
    idPsicologo,
    lunes,
    irA,
    /** The shown week's agenda; null until it has loaded. */
    agenda: agenda?.semana_inicio === lunes ? agenda : null,
    citas: semana.items,
    cargando: semana.cargando,
    error: Boolean(semana.error),
    disponibilidad: horario.data?.disponibilidad ?? null,
    excepciones: horario.data?.excepciones ?? [],
    recargarDisponibilidad,
    aplicarCambioCita,
    actualizarDisponibilidad,
    aplicarCambioExcepcion,
  };
}

export type AgendaEnVivo = ReturnType<typeof useAgendaEnVivo>;
