// The administrator's screens and calls (spec 2 §2 Admin psychologists / patients, §3, §4, §5 Admin,
// §7 Admin API, §8 Admin): payloads, answers and every Spanish text both sides show.
import * as v from 'valibot';

// Spec 2 §8 writes several of these without accents ('la cedula', 'psicologo'); they are shown
// with them, and a sentence about one person avoids a gender her data does not record (decision 348).
export const MSG_ADMINISTRACION = {
  // Psychologists
  errorCargarPsicologos: 'Error al cargar la lista de psicólogos',
  errorValidarApi: 'Error al validar la cédula profesional',
  cedulaNoValidada: 'La cédula no pudo ser validada',
  errorValidarManual: 'Error al validar la cédula',
  errorDesconocido: 'Error desconocido',
  errorEstadoPsicologo: 'Error al habilitar/inhabilitar la cuenta',
  errorEliminar: 'Error al eliminar la cuenta',
  cuentaEliminada: 'Cuenta eliminada correctamente',
  // Patients
  errorCargarPacientes: 'Error al cargar la lista de pacientes',
  errorReasignar: 'Error al reasignar el paciente',
  pacienteReasignado: 'Paciente reasignado correctamente',
  errorEstadoPaciente: 'Error al deshabilitar/habilitar la cuenta',
  seleccionePsicologo: 'Seleccione un psicólogo',
  yaAsignado: 'Esa asignación ya existe: elige a otra persona.',
  /** 409 of a reassignment made from a stale screen (decision 292): nothing was changed. */
  reasignacionDesactualizada:
    'Otra persona cambió el psicólogo de este paciente mientras tenías la pantalla abierta. No se hizo ningún cambio: revisa el psicólogo actual y vuelve a intentarlo.',
  psicologoActualInvalido: 'El psicólogo actual indicado no es válido',
  /** Under the success toast: her upcoming sessions with the former psychologist were cancelled (decision 300). */
  citasCanceladasAlReasignar: (n: number) =>
    n === 1 ? 'Se canceló 1 cita próxima con el psicólogo anterior.' : `Se cancelaron ${n} citas próximas con el psicólogo anterior.`,
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
  idPsicologoInvalido: 'Seleccione un psicólogo',
  adminRegistrado: 'Administrador registrado. Le enviamos un correo para activar su cuenta.',
  /** The reassignment's confirmation: neither the patient's nor the psychologist's gender is
   * recorded, so the sentence names the care, not 'atendido/atendida' (decision 348). */
  confirmarReasignacion: (paciente: string, destino: string) => `${destino} atenderá desde ahora a ${paciente}.`,
} as const;

/** Spec 9: the word typed to confirm a deletion. */
export const PALABRA_ELIMINAR = 'ELIMINAR';

/** The official public registry where an administrator can look a licence up by hand. */
export const URL_REGISTRO_CEDULAS = 'https://www.cedulaprofesional.sep.gob.mx/cedula/presidencia/indexAvanzada.action';

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
/** The Spanish label of an audit action on the screen (unknown verbs show as they are). */
export const ETIQUETA_ACCION: Record<string, string> = {
  validar_cedula: 'Validó cédula',
  invalidar_cedula: 'Marcó cédula no validada',
  consultar_cedula: 'Consultó el registro de cédulas',
  habilitar: 'Habilitó cuenta',
  deshabilitar: 'Deshabilitó cuenta',
  reasignar: 'Reasignó paciente',
  desasignar: 'Dejó sin asignar',
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
  // Online sessions (issue 54): ids only, never content.
  abrir_sesion: 'Abrió una sesión en línea',
  entrar_sesion: 'Entró a una sesión en línea',
  admitir_sesion: 'Admitió a la sesión en línea',
  extender_sesion: 'Extendió una sesión en línea',
  terminar_sesion: 'Terminó una sesión en línea',
  // Supervision (issue 55): the opening's motive and reason are in its detail, never message text.
  abrir_supervision: 'Abrió una conversación en supervisión',
  alertar_crisis: 'Alertó de un mensaje de crisis sin abrir',
  reconocer_alerta_crisis: 'Atendió una alerta de crisis',
  // ARCO requests (issue 56, decision 378): the kind and the outcome, never the patient's reason.
  solicitar_cancelacion: 'Solicitó la cancelación de sus datos',
  solicitar_oposicion: 'Se opuso al tratamiento de sus datos',
  resolver_solicitud_arco: 'Resolvió una solicitud ARCO',
  cancelar_datos: 'Canceló los datos de una paciente',
};
