import { ETIQUETA_ESTADO } from '@miduelo/shared/citas';
import { formatoFecha } from '@miduelo/shared/fechas';
import {
  CitaCambioSchema,
  DisponibilidadCambioSchema,
  ExcepcionCambioSchema,
} from '@miduelo/shared/realtime-citas';
import { useEffect } from 'react';
import * as v from 'valibot';
import { useSocket, vigilarRecurso } from '@/lib/socket';
import { toast } from '@/lib/toast';
import { aplicarCambioCita, aplicarCambioExcepcion, cargarHorario, cargarSemana, fijarDisponibilidad, useAgenda } from './store';

const nombre = (c: { paciente: { nombre: string; apellido_paterno: string } }) => `${c.paciente.nombre} ${c.paciente.apellido_paterno}`;

/**
 * Keeps the open agenda live: socket events are validated and applied in place (every tab of the
 * psychologist sees every change); while the socket is down the shown week is fetched again every
 * 30 s, and once more as soon as it reconnects.
 */
export function useAgendaEnVivo(idPsicologo: number): void {
  const socket = useSocket((s) => s.socket);

  useEffect(() => {
    if (!socket) return;
    const alCambiarCita = (datos: unknown) => {
      const r = v.safeParse(CitaCambioSchema, datos);
      if (!r.success) return;
      const e = r.output;
      aplicarCambioCita(e);
      // The patient acted from the app: tell the psychologist, who did not make the change.
      if (e.por === 'paciente' && e.tipo === 'creada') {
        toast.info('Nueva solicitud de cita', `${nombre(e.cita)} solicitó una cita el ${formatoFecha(e.cita.fecha)} a las ${e.cita.hora_inicio}.`);
      } else if (e.por === 'paciente' && e.cita.estado === 'cancelada') {
        toast.info(`Cita ${ETIQUETA_ESTADO.cancelada.toLowerCase()} por el paciente`, `${nombre(e.cita)} canceló su cita del ${formatoFecha(e.cita.fecha)} a las ${e.cita.hora_inicio}.`);
      }
    };
    const alCambiarDisponibilidad = (datos: unknown) => {
      const r = v.safeParse(DisponibilidadCambioSchema, datos);
      if (r.success) fijarDisponibilidad(r.output.disponibilidad);
    };
    const alCambiarExcepcion = (datos: unknown) => {
      const r = v.safeParse(ExcepcionCambioSchema, datos);
      if (r.success) aplicarCambioExcepcion(r.output);
    };
    socket.on('cita:cambio', alCambiarCita);
    socket.on('disponibilidad:cambio', alCambiarDisponibilidad);
    socket.on('excepcion:cambio', alCambiarExcepcion);
    return () => {
      socket.off('cita:cambio', alCambiarCita);
      socket.off('disponibilidad:cambio', alCambiarDisponibilidad);
      socket.off('excepcion:cambio', alCambiarExcepcion);
    };
  }, [socket]);

  useEffect(
    () =>
      vigilarRecurso(() => {
        const { lunes } = useAgenda.getState();
        if (lunes) cargarSemana(idPsicologo, lunes, { silencioso: true }).catch(() => {});
        cargarHorario(idPsicologo).catch(() => {});
      }),
    [idPsicologo],
  );
}
