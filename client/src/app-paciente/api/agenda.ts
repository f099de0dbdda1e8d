import type { CitaPaciente, CitasPacienteSchema, HorariosRespuestaSchema, SolicitarCitaBody } from '@miduelo/shared/agenda';
import type * as v from 'valibot';
import { api, useRecurso } from '../lib/api';

// The patient's appointments (spec 2, /api/paciente): her list, the free slots of a day, asking
// for one and cancelling it. The psychologists' agenda calls are the web's api/agenda.ts; none is
// the same request, the appointment type (CitaPaciente) is shared.

export type Horarios = v.InferOutput<typeof HorariosRespuestaSchema>;

/** Her appointments, shown at once from the phone and refreshed (cache key: the path, as before). */
export const useMisCitas = () => useRecurso<v.InferOutput<typeof CitasPacienteSchema>>('/citas');

/** The free slots of one day; never kept on the phone (they are stale by the next opening). */
export const useHorariosDisponibles = (fecha: string) =>
  useRecurso<Horarios>(`/horarios-disponibles?fecha=${encodeURIComponent(fecha)}`, null);

export const solicitarCita = (datos: v.InferInput<typeof SolicitarCitaBody>) =>
  api<CitaPaciente>('/citas/solicitar', { metodo: 'POST', cuerpo: datos });

export const cancelarCita = (idCita: number) => api<CitaPaciente>(`/citas/${idCita}/cancelar`, { metodo: 'PUT' });
