import type { Aplicacion, Evolucion, Nota, Test } from '@miduelo/shared/expediente';
import { AplicacionEventoSchema, NotaEventoSchema } from '@miduelo/shared/realtime-expediente';
import { useCallback } from 'react';
import { aplicacionesDePaciente, evolucionDePaciente, listarTests, notasDePaciente } from '@/api/expediente';
import { TEXTOS_EXPEDIENTE } from '@miduelo/shared/expediente';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useListaViva } from '@/nucleo/live/use-lista-viva';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { toast } from '@/lib/toast';
import { ApiError } from '@/nucleo/http';

const masRecienteAplicacion = (a: Aplicacion, b: Aplicacion) => b.fecha.localeCompare(a.fecha) || b.id_aplicacion - a.id_aplicacion;
const masAntiguaEvolucion = (a: Evolucion, b: Evolucion) => a.fecha.localeCompare(b.fecha) || a.id_aplicacion - b.id_aplicacion;
const masRecienteNota = (a: Nota, b: Nota) => b.fecha_creacion.localeCompare(a.fecha_creacion) || b.id_nota - a.id_nota;

function avisar(e: unknown, silenciosa: boolean, texto: string) {
  // A failed background resync keeps what is shown; a session that ended was already told.
  if (silenciosa || (e instanceof ApiError && e.sesionCerrada)) return;
  console.warn(texto, e);
  toast.error('Error', texto);
}

/**
 * The 'Gráficas y Notas' tab's server data (decision 060): the catalogue, the patient's
 * applications, the score evolution (optionally of one test) and the notes — each a live list,
 * patched by `expediente:*` events of this psychologist's room (another tab applying a test or
 * writing a note), reloaded on reconnect and polled every 30 s while the socket is down.
 */
export function useExpedienteEnVivo(idPaciente: number, filtroTest: number | null) {
  const tests = useLiveResource<Test[]>({
    fetch: listarTests,
    vigilar: false,
  });
  const aplicaciones = useListaViva<Aplicacion>({
    cargar: (s) => aplicacionesDePaciente(idPaciente, s),
    id: (a) => a.id_aplicacion,
    orden: masRecienteAplicacion,
    deps: [idPaciente],
    alFallar: (e, silenciosa) => avisar(e, silenciosa, TEXTOS_EXPEDIENTE.errorHistorial),
  });
  const evolucion = useListaViva<Evolucion>({
    cargar: (s) => evolucionDePaciente(idPaciente, filtroTest, s),
    id: (e) => e.id_aplicacion,
    orden: masAntiguaEvolucion,
    incluir: (e) => filtroTest === null || e.id_test === filtroTest,
    deps: [idPaciente, filtroTest],
    alFallar: (e, silenciosa) => avisar(e, silenciosa, TEXTOS_EXPEDIENTE.errorHistorial),
  });
  const notas = useListaViva<Nota>({
    cargar: (s) => notasDePaciente(idPaciente, s),
    id: (n) => n.id_nota,
    version: (n) => n.version,
    orden: masRecienteNota,
    deps: [idPaciente],
    alFallar: (e, silenciosa) => avisar(e, silenciosa, TEXTOS_EXPEDIENTE.errorCargarNotas),
  });

  const { aplicar: aplicarAplicacion } = aplicaciones;
  const { aplicar: aplicarEvolucion } = evolucion;
  const { aplicar: aplicarNota } = notas;

  /** An application of this patient (the server's answer here, or an event from another tab). */
  const nuevaAplicacion = useCallback(
    (a: Aplicacion) => {
      aplicarAplicacion({ tipo: 'guardado', item: a });
      if (a.resultado)
        aplicarEvolucion({
          tipo: 'guardado',
          item: {
            id_aplicacion: a.id_aplicacion,
            id_test: a.id_test,
            fecha: a.fecha,
            nombre_test: a.test.nombre,
            puntaje: a.resultado.puntaje_total,
            interpretacion: a.resultado.interpretacion,
            riesgo: a.resultado.riesgo,
          },
        });
    },
    [aplicarAplicacion, aplicarEvolucion],
  );

  const cambioNota = useCallback(
    (tipo: 'creada' | 'actualizada' | 'eliminada', n: Nota) =>
      aplicarNota({ tipo: tipo === 'eliminada' ? 'eliminado' : 'guardado', item: n }),
    [aplicarNota],
  );

  useEventoSocket('expediente:aplicacion', AplicacionEventoSchema, (e) => {
    if (e.id_paciente === idPaciente) nuevaAplicacion(e.aplicacion);
  });
  useEventoSocket('expediente:nota', NotaEventoSchema, (e) => {
    if (e.id_paciente === idPaciente) cambioNota(e.tipo, e.nota);
  });

  return { tests, aplicaciones, evolucion, notas, nuevaAplicacion, cambioNota };
}
export type ExpedienteEnVivo = ReturnType<typeof useExpedienteEnVivo>;
