// Request and response schemas of the Admin API (spec 2 §7). Apart from administracion.ts so that
// the web client, which only needs their types, does not carry their construction (decision 080).
import * as v from 'valibot';
import { MSG_ADMINISTRACION } from './administracion';
import { DatosPacienteSchema } from './cuentas-respuestas';
import { idEntero } from './comun';
import { MSG_GENERICO } from './errores';

const cuerpo = <T extends v.ObjectEntries>(entries: T) => v.object(entries, MSG_GENERICO.cuerpoInvalido);

export const ValidarCedulaBody = cuerpo({ cedula_validada: v.boolean(MSG_ADMINISTRACION.cedulaValidadaObligatoria) });
export const ValidarCedulaApiBody = cuerpo({
  cedula: v.pipe(
    v.optional(v.string(MSG_ADMINISTRACION.cedulaNoCoincide), ''),
    v.trim(),
    v.regex(/^\d{7,10}$/, 'La cédula debe tener entre 7 y 10 dígitos'),
  ),
});
export const EliminarPsicologoBody = v.optional(v.object({ confirmacion: v.optional(v.string()) }, MSG_GENERICO.cuerpoInvalido), {});
// A missing psychologist reads as '' so it gets the screen's own warning. `id_psicologo_actual`
// (ours, optional; decision 292): the psychologist the screen showed as current, null for 'Sin
// asignar'; when the patient's psychologist is no longer that one, the reassignment answers 409.
export const ReasignarBody = cuerpo({
  id_psicologo: v.optional(idEntero(MSG_ADMINISTRACION.idPsicologoInvalido), ''),
  id_psicologo_actual: v.optional(v.nullable(idEntero(MSG_ADMINISTRACION.psicologoActualInvalido))),
});

export const CedulaApiRespuesta = v.object({ valida: v.boolean(), mensaje: v.string() });

export const PsicologoAdminSchema = v.object({
  id_psicologo: v.number(),
  nombre: v.string(),
  apellidoPaterno: v.string(),
  apellidoMaterno: v.nullable(v.string()),
  correo: v.string(),
  telefono: v.string(),
  cedula: v.string(),
  cedula_validada: v.boolean(),
  status: v.picklist(['activo', 'inactivo']),
  especialidad: v.string(),
  codigo_vinculacion: v.string(),
  fecha_nacimiento: v.string(),
  createdAt: v.string(),
  rol_admin: v.boolean(),
  direccionConsultorio: v.nullable(v.string()),
  activada: v.boolean(),
  total_pacientes: v.number(),
});
export type PsicologoAdmin = v.InferOutput<typeof PsicologoAdminSchema>;
export const PsicologosAdminRespuesta = v.array(PsicologoAdminSchema);

export const PacienteAdminSchema = v.object({
  ...DatosPacienteSchema.entries,
  psicologo: v.nullable(
    v.object({
      id_psicologo: v.number(),
      nombre: v.string(),
      apellidoPaterno: v.string(),
      apellidoMaterno: v.nullable(v.string()),
      correo: v.string(),
    }),
  ),
  status: v.picklist(['activo', 'inactivo']),
  createdAt: v.string(),
});
export type PacienteAdmin = v.InferOutput<typeof PacienteAdminSchema>;
export const PacientesAdminRespuesta = v.array(PacienteAdminSchema);

export const ReasignadoRespuesta = v.object({
  msg: v.string(),
  paciente: PacienteAdminSchema,
  /** Her appointments still to come with the former psychologist, cancelled by the reassignment (decision 300). */
  citas_canceladas: v.number(),
});
export const EliminadoRespuesta = v.object({
  msg: v.string(),
  pacientes_sin_asignar: v.number(),
  citas_eliminadas: v.number(),
  chats_eliminados: v.number(),
});

export const AuditoriaQuery = v.object({
  page: v.optional(
    v.pipe(v.string('Página no válida'), v.regex(/^\d{1,6}$/, 'Página no válida'), v.transform(Number), v.minValue(1, 'Página no válida')),
    '1',
  ),
  actor_tipo: v.optional(v.picklist(['psicologo', 'paciente', 'admin', 'sistema'], 'Tipo de actor no válido')),
  accion: v.optional(v.pipe(v.string('Acción no válida'), v.regex(/^[a-z_-]{1,40}$/, 'Acción no válida'))),
  recurso: v.optional(v.pipe(v.string('Recurso no válido'), v.regex(/^[a-z_-]{1,40}$/, 'Recurso no válido'))),
  actor_id: v.optional(v.pipe(v.string('Actor no válido'), v.regex(/^\d{1,9}$/, 'Actor no válido'), v.transform(Number))),
});
export const FilaAuditoriaSchema = v.object({
  id_auditoria: v.number(),
  fecha: v.string(),
  actor_tipo: v.string(),
  actor_id: v.nullable(v.number()),
  actor_nombre: v.nullable(v.string()),
  accion: v.string(),
  recurso: v.string(),
  id_recurso: v.nullable(v.string()),
  id_paciente: v.nullable(v.number()),
  ip: v.nullable(v.string()),
  detalle: v.nullable(v.record(v.string(), v.unknown())),
});
export type FilaAuditoria = v.InferOutput<typeof FilaAuditoriaSchema>;
export const AuditoriaRespuesta = v.object({
  data: v.array(FilaAuditoriaSchema),
  meta: v.object({ total: v.number(), page: v.number(), limit: v.number(), totalPages: v.number() }),
});
