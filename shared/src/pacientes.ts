// Patients of a psychologist and the patient file (spec 1 §2, §3, §7; spec 2 §2, §8).
import * as v from 'valibot';
import { CitaSchema } from './agenda';
import { MSG_GENERICO } from './errores';

/** A patient as their own psychologist sees it (spec 1 §3). */
export const PacienteSchema = v.object({
  id_paciente: v.number(),
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
  email: v.string(),
  telefono: v.nullable(v.string()),
  fecha_nacimiento: v.string(),
  status: v.picklist(['activo', 'inactivo']),
  /** Risk flag (decision 104): the latest application of some test fell in its highest band. */
  riesgo: v.optional(v.boolean(), false),
  /** Anniversary awareness (decision 128): the loss, both optional. */
  fecha_perdida: v.optional(v.nullable(v.string()), null),
  persona_perdida: v.optional(v.nullable(v.string()), null),
  /** The list's mark: the loss's anniversary or Día de Muertos falls in the current week or the
   * next 7 days (clinic zone), or null. */
  aniversario: v.optional(v.nullable(v.picklist(['aniversario', 'dia_de_muertos'])), null),
});
export type Paciente = v.InferOutput<typeof PacienteSchema>;
export const PacientesSchema = v.array(PacienteSchema);

/** GET /paciente/{id}/proxima-cita: the next appointment that is not cancelled itself, or null when
 * there is none (decision 041; the original client reads the body as the appointment). */
export const ProximaCitaSchema = v.nullable(CitaSchema);
export type ProximaCita = v.InferOutput<typeof ProximaCitaSchema>;

/** GET /api/psicologo/perfil-basico: what the patient list needs to show the linking code. */
export const PerfilBasicoSchema = v.object({
  id_psicologo: v.number(),
  nombre: v.string(),
  apellidoPaterno: v.string(),
  apellidoMaterno: v.nullable(v.string()),
  codigo_vinculacion: v.string(),
});
export type PerfilBasico = v.InferOutput<typeof PerfilBasicoSchema>;

export const MSG_PACIENTES = {
  noEncontrado: 'Paciente no encontrado',
} as const;

export const TEXTOS_PACIENTES = {
  listadoTitulo: 'Listado de Pacientes',
  vacio: 'No hay pacientes registrados',
  errorLista: 'Error al cargar los pacientes',
  eliminarDeshabilitado: 'Eliminar pacientes no está disponible para psicólogos',
  codigoTitulo: 'Tu código de vinculación',
  codigoExplicacion:
    'Comparte este código con tus pacientes nuevos: al registrarse en la app MiDuelo lo escriben y quedan vinculados a tu consulta automáticamente.',
  codigoCopiado: 'Código copiado',
  cargando: 'Cargando información del paciente...',
  noEncontrado: 'No se encontró información del paciente.',
  errorCargar: 'Error al cargar la informacion del paciente',
  volver: 'Volver al listado',
  tabs: {
    info: 'Información General',
    graficas: 'Gráficas y Notas',
    modulos: 'Módulos de Duelo',
    actividades: 'Actividades',
  },
  infoPersonal: 'Información Personal',
  noRegistrado: 'No registrado',
  proximaCita: 'Próxima Cita',
  sinCita: 'Sin cita asignada',
  errorProximaCita: 'No se pudo cargar la próxima cita.',
  reintentar: MSG_GENERICO.reintentar,
  agendarCita: 'Agendar Cita',
  accionesRapidas: 'Acciones Rápidas',
  abrirChat: 'Abrir Chat',
  crearChat: 'Crear Chat',
  verificandoChat: 'Verificando chat...',
  agendarNuevaCita: 'Agendar Nueva Cita',
  verHistorial: 'Ver Historial Completo',
  graficasTitulo: 'Evaluaciones y Notas del Paciente',
  riesgo: 'Riesgo: último resultado en la banda más alta',
  riesgoFila: 'Riesgo',
  modulosTitulo: 'Progreso en Módulos de Duelo',
  actividadesTitulo: 'Actividades Asignadas',
  proximamente: 'Esta sección estará disponible muy pronto. Mientras tanto, la información general del paciente está completa.',
} as const;

/** "5 años" / "1 año". */
export function textoEdad(anios: number): string {
  return `${anios} ${anios === 1 ? 'año' : 'años'}`;
}
