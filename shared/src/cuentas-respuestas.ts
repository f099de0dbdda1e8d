import * as v from 'valibot';
import { MsgRespuesta } from './comun';
import { PendienteSchema } from './cuentas-consentimiento';

export { MsgRespuesta };

export const UsuarioSesionSchema = v.object({
  id_psicologo: v.number(),
  nombre: v.string(),
  apellidoPaterno: v.string(),
  apellidoMaterno: v.nullable(v.string()),
  correo: v.string(),
  rol_admin: v.boolean(),
  cedula_validada: v.boolean(),
  codigo_vinculacion: v.string(),
});

export const LoginRespuestaSchema = v.object({
  token: v.string(),
  usuario: UsuarioSesionSchema,
  cuenta_limitada: v.boolean(),
  advertencia: v.nullable(v.string()),
  diasRestantesValidacion: v.nullable(v.number()),
});

/** Registration answers only the message: the same for a new email and for one that already has
 * an account (the owner is told by mail), so the answer reveals nothing. */
export const RegistroRespuestaSchema = MsgRespuesta;

export const RecuperarRespuestaSchema = v.object({ msg: v.string(), esTelefono: v.boolean() });
export const VerificarTokenRespuestaSchema = v.object({ valido: v.boolean() });

/** The patient's personal details: what their session carries, their profile answers, and what the
 * administrator's list of patients starts from. */
export const DatosPacienteSchema = v.object({
  id_paciente: v.number(),
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
  email: v.string(),
  telefono: v.string(),
  fecha_nacimiento: v.string(),
  id_psicologo: v.nullable(v.number()),
});
export type DatosPaciente = v.InferOutput<typeof DatosPacienteSchema>;

export const LoginPacienteRespuestaSchema = v.object({
  token: v.string(),
  paciente: DatosPacienteSchema,
  /** Consent documents whose version in force the patient has not accepted yet (decision 146). */
  consentimientos_pendientes: v.array(PendienteSchema),
});
export const RegistroPacienteRespuestaSchema = MsgRespuesta;
