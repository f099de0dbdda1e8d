import type { MsgRespuesta } from '@miduelo/shared/cuentas-respuestas';
import type { ContrasenaCambiadaRespuesta, PerfilPacienteRespuesta } from '@miduelo/shared/cuentas-perfil';
import type * as v from 'valibot';
import { api, useRecurso } from '../lib/api';

// The patient's own account (spec 2, /api/paciente): her contact data and her password. The
// psychologists' profile calls are the web's api/cuentas-perfil.ts (other requests, the same answer of a
// password change).

export type PerfilPaciente = v.InferOutput<typeof PerfilPacienteRespuesta>;

/** Answer of PUT /perfil: `correo_cambiado` means every session ends, this one after the message. */
export interface PerfilActualizado extends v.InferOutput<typeof MsgRespuesta> {
  correo_cambiado: boolean;
  perfil: PerfilPaciente;
}

/** Her data, kept on the phone under 'perfil' so that Ajustes opens offline. */
export const useMiPerfil = () => useRecurso<PerfilPaciente>('/perfil', 'perfil');

export const actualizarPerfil = (datos: { telefono: string; email: string }) =>
  api<PerfilActualizado>('/perfil', { metodo: 'PUT', cuerpo: datos });

/** The other sessions end; this one goes on with the answer's token. */
export const cambiarContrasena = (contrasenaActual: string, nuevaContrasena: string) =>
  api<v.InferOutput<typeof ContrasenaCambiadaRespuesta>>('/cambiar-contrasena', {
    metodo: 'PUT',
    cuerpo: { contrasenaActual, nuevaContrasena },
  });
