// The administrator's screens and calls (spec 2 §2 Admin psychologists / patients, §3, §4, §5 Admin,
// §7 Admin API, §8 Admin): payloads, answers and every Spanish text both sides show.
import * as v from 'valibot';
import { idEntero } from './comun';
import { MSG_GENERICO } from './errores';

const cuerpo = <T extends v.ObjectEntries>(entries: T) => v.object(entries, MSG_GENERICO.cuerpoInvalido);

export const MSG_ADMINISTRACION = {
  // Psychologists
  errorCargarPsicologos: 'Error al cargar la lista de psicologos',
  errorValidarApi: 'Error al validar la cedula profesional',
  cedulaNoValidada: 'La cedula no pudo ser validada',
  errorValidarManual: 'Error al validar la cedula',
  errorDesconocido: 'Error desconocido',
  errorEstadoPsicologo: 'Error al habilitar/inhabilitar la cuenta',
  errorEliminar: 'Error al eliminar la cuenta',
  cuentaEliminada: 'Cuenta eliminada correctamente',
  // Patients
  errorCargarPacientes: 'Error al cargar la lista de pacientes',
  errorReasignar: 'Error al reasignar el paciente',
  pacienteReasignado: 'Paciente reasignado correctamente',
  errorEstadoPaciente: 'Error al deshabilitar/habilitar la cuenta',
  seleccionePsicologo: 'Seleccione un psicologo',
  yaAsignado: 'El paciente ya esta asignado a este psicologo',
  // Server answers
  cedulaValidadaManual: 'Cédula validada manualmente',
  cedulaYaValidada: 'La cédula ya está validada',
  cedulaValidada: 'Cédula validada correctamente',
  cedulaMarcadaNoValidada: 'La cédula quedó marcada como no validada',
  cedulaValidaApi: 'La cédula está registrada a nombre del psicólogo con un título de psicología',
  cedulaNoEncontrada: 'La cédula no aparece en el Registro Nacional de Profesionistas',
  cedulaOtroNombre: 'La cédula está registrada a nombre de otra persona',
  cedulaSinPsicologia: 'La cédula no corresponde a un título de psicología',
  cedulaNoCoincide: 'La cédula no coincide con la registrada por el psicólogo',
  registroNoConfigurado: 'La consulta automática de cédulas no está configurada. Valida la cédula manualmente.',
  registroSinRespuesta: 'El registro de cédulas no respondió a tiempo. Inténtalo de nuevo o valida manualmente.',
  registroConError: 'El registro de cédulas no está disponible en este momento. Inténtalo de nuevo o valida manualmente.',
  destinoNoValido: 'El psicólogo debe estar activo y con cédula verificada',
  destinoEsAdmin: 'Los pacientes solo se asignan a psicólogos, no a administradores',
  eliminarPropia: 'No puedes eliminar tu propia cuenta',
  eliminarConfirmacion: 'Escribe ELIMINAR para confirmar',
  cedulaValidadaObligatoria: 'Indica si la cédula está validada',
  idPsicologoInvalido: 'Seleccione un psicologo',
  adminRegistrado: 'Administrador registrado. Le enviamos un correo para activar su cuenta.',
} as const;

/** Spec 9: the word typed to confirm a deletion. */
export const PALABRA_ELIMINAR = 'ELIMINAR';

/** The official public registry where an administrator can look a licence up by hand. */
export const URL_REGISTRO_CEDULAS = 'https://www.cedulaprofesional.sep.gob.mx/cedula/presidencia/indexAvanzada.action';

export const ValidarCedulaBody = cuerpo({ cedula_validada: v.boolean(MSG_ADMINISTRACION.cedulaValidadaObligatoria) });
export const ValidarCedulaApiBody = cuerpo({
  cedula: v.pipe(
    v.optional(v.string(MSG_ADMINISTRACION.cedulaNoCoincide), ''),
    v.trim(),
    v.regex(/^\d{7,10}$/, 'La cédula debe tener entre 7 y 10 dígitos'),
  ),
});
export const EliminarPsicologoBody = v.optional(v.object({ confirmacion: v.optional(v.string()) }, MSG_GENERICO.cuerpoInvalido), {});
// A missing psychologist reads as '' so it gets the screen's own warning.
export const ReasignarBody = cuerpo({ id_psicologo: v.optional(idEntero(MSG_ADMINISTRACION.idPsicologoInvalido), '') });

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
  id_paciente: v.number(),
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
  email: v.string(),
  telefono: v.string(),
  fecha_nacimiento: v.string(),
  id_psicologo: v.nullable(v.number()),
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

export const ReasignadoRespuesta = v.object({ msg: v.string(), paciente: PacienteAdminSchema });
export const EliminadoRespuesta = v.object({
  msg: v.string(),
  pacientes_sin_asignar: v.number(),
  citas_eliminadas: v.number(),
  chats_eliminados: v.number(),
});

/** Spec 2 §3 statistics, computed by the server (the original client showed sample data). */
export const EstadisticasSchema = v.object({
  totalPsicologos: v.number(),
  psicologosActivos: v.number(),
  psicologosInactivos: v.number(),
  totalPacientes: v.number(),
  cedulasValidadas: v.number(),
  cedulasPendientes: v.number(),
  mensajesHoy: v.number(),
  citasHoy: v.number(),
});
export type Estadisticas = v.InferOutput<typeof EstadisticasSchema>;

// ---- The audit log screen ----
export const AUDITORIA_POR_PAGINA = 25;
export const AuditoriaQuery = v.object({
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Página no válida'), v.transform(Number), v.minValue(1, 'Página no válida')),
    '1',
  ),
  actor_tipo: v.optional(v.picklist(['psicologo', 'paciente', 'admin', 'sistema'], 'Tipo de actor no válido')),
  accion: v.optional(v.pipe(v.string(), v.regex(/^[a-z_-]{1,40}$/, 'Acción no válida'))),
  recurso: v.optional(v.pipe(v.string(), v.regex(/^[a-z_-]{1,40}$/, 'Recurso no válido'))),
  actor_id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Actor no válido'), v.transform(Number))),
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

/** The Spanish label of an audit action on the screen (unknown verbs show as they are). */
export const ETIQUETA_ACCION: Record<string, string> = {
  validar_cedula: 'Validó cédula',
  invalidar_cedula: 'Marcó cédula no validada',
  consultar_cedula: 'Consultó el registro de cédulas',
  habilitar: 'Habilitó cuenta',
  deshabilitar: 'Deshabilitó cuenta',
  reasignar: 'Reasignó paciente',
  eliminar: 'Eliminó',
  registrar_admin: 'Registró administrador',
  actualizar_perfil: 'Actualizó perfil',
  cambiar_contrasena: 'Cambió contraseña',
  solicitar_cambio_correo: 'Solicitó cambio de correo',
  cambiar_correo: 'Cambió correo',
  aceptar_consentimiento: 'Aceptó consentimiento',
  leer: 'Consultó',
  crear: 'Creó',
  modificar: 'Modificó',
  exportar: 'Exportó',
};
