// Agenda domain: request and response schemas, constants and every Spanish text of spec 1 §2,
// §5 (Appointments), §7 (Agenda) and §8 (Agenda). Used by the server's routes and the client.
import * as v from 'valibot';
import { MSG } from './cuentas-textos';
import { caracteresValidos, esId, idEntero, MsgRespuesta, quitarInvisibles } from './comun';
import { DURACION_CITA_MINIMA, DURACION_CITA_PASO, SEMANA_DIAS } from './constants';
import { esHoraValida, type FranjaDisponible, recortarHora } from './agenda-tiempo';
import { MSG_GENERICO } from './errores';
import { esFechaIso } from './fechas';

export const MODALIDADES = ['Presencial', 'En línea'] as const;
type Modalidad = (typeof MODALIDADES)[number];
export const ESTADOS_CITA = ['pendiente', 'confirmada', 'cancelada'] as const;
export type EstadoCita = (typeof ESTADOS_CITA)[number];
export const ETIQUETA_ESTADO: Record<EstadoCita, string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  cancelada: 'Cancelada',
};
/** Who made an appointment or a change to it. */
export const ORIGENES_CITA = ['psicologo', 'paciente'] as const;
export type OrigenCita = (typeof ORIGENES_CITA)[number];

export const HORA_CITA_DEFECTO = '08:00';
export const MODALIDAD_DEFECTO: Modalidad = 'Presencial';
export const ESTADO_DEFECTO: EstadoCita = 'pendiente';
const DIAS_DISPONIBILIDAD_DEFECTO = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'] as const;
const HORA_INICIO_DISPONIBILIDAD_DEFECTO = '09:00';
const HORA_FIN_DISPONIBILIDAD_DEFECTO = '18:30';

/** The week a psychologist without any slot works: Monday to Friday 09:00–18:30 (spec 1 §8, §9;
 * decision 033). The server books against it and the agenda grid shades it. */
export function franjasPorDefecto(): FranjaDisponible[] {
  return DIAS_DISPONIBILIDAD_DEFECTO.map((dia_semana) => ({
    dia_semana,
    hora_inicio: HORA_INICIO_DISPONIBILIDAD_DEFECTO,
    hora_fin: HORA_FIN_DISPONIBILIDAD_DEFECTO,
  }));
}

/** The availability that governs bookings: the psychologist's slots, or the default week. */
export function disponibilidadEfectiva<F extends FranjaDisponible>(filas: F[]): (F | FranjaDisponible)[] {
  return filas.length > 0 ? filas : franjasPorDefecto();
}
/** Initial availability check delay (spec 1 §9). */
export const RETRASO_DISPONIBILIDAD_MS = 1000;
export const NOTAS_CITA_MAX = 500;
export const MOTIVO_EXCEPCION_MAX = 200;
/** A patient may hold this many future requests still waiting for the psychologist (decision 039). */
export const MAX_SOLICITUDES_PENDIENTES = 3;
/** Reminder email this long before a confirmed appointment. */
export const RECORDATORIO_ANTICIPACION_MS = 24 * 3600_000;

export const MSG_AGENDA = {
  // Validation (spec 1 §5)
  faltanDatos: 'Faltan datos obligatorios.',
  fechaInvalida: 'La fecha no es válida.',
  horaInvalida: 'La hora no es válida.',
  fechaPasada: 'No puedes crear citas en fechas pasadas.',
  horaPasada: 'No puedes crear citas en horas que ya pasaron.',
  reagendarFechaPasada: 'No puedes reagendar citas a fechas pasadas.',
  reagendarHoraPasada: 'No puedes reagendar a una hora que ya pasó.',
  reagendarIncompleto: 'Para reagendar indica la nueva fecha y la nueva hora.',
  actualizacionVacia: 'Indica el nuevo estado o la nueva fecha y hora de la cita.',
  duracionEntera: 'La duración debe ser un número entero de minutos.',
  duracionMinima: `La duración mínima es de ${DURACION_CITA_MINIMA} minutos.`,
  duracionPaso: `La duración debe ser múltiplo de ${DURACION_CITA_PASO} minutos.`,
  finNoCoincide: 'La hora de fin no coincide con la duración indicada.',
  mismoDia: 'La cita debe terminar el mismo día, dentro de la disponibilidad configurada.',
  modalidadInvalida: 'La modalidad debe ser Presencial o En línea.',
  estadoInvalido: 'El estado debe ser Pendiente, Confirmada o Cancelada.',
  notasLargas: `Las notas no pueden exceder ${NOTAS_CITA_MAX} caracteres.`,
  notasTexto: 'Las notas deben ser texto.',
  textoInvalido: MSG.caracteresInvalidos,
  idInvalido: 'El identificador no es válido.',
  // Server rules
  fueraDeDisponibilidad: 'El horario seleccionado está fuera de la disponibilidad configurada para ese día.',
  pacienteNoEncontrado: 'Paciente no encontrado',
  citaNoEncontrada: 'Cita no encontrada',
  agendaNoEncontrada: 'No existe una agenda para esa semana',
  horarioOcupado: 'Ese horario ya está ocupado por otra cita.',
  otroPsicologo: 'Solo puedes consultar o modificar tu propia agenda.',
  semanaLunes: 'semana_inicio debe ser un lunes.',
  semanaDomingo: 'semana_fin debe ser el domingo de esa misma semana.',
  citaEliminada: 'Cita eliminada',
  sinPsicologo: 'Aún no tienes un psicólogo asignado.',
  psicologoLimitado: 'Tu psicólogo no puede recibir nuevas citas por ahora. Inténtalo más tarde o comunícate con tu psicólogo.',
  demasiadasSolicitudes: `Ya tienes ${MAX_SOLICITUDES_PENDIENTES} solicitudes de cita pendientes. Espera a que tu psicólogo las confirme.`,
  cancelarPasada: 'No puedes cancelar una cita que ya pasó.',
  // Availability (spec 1 §5, §8)
  disponibilidadIncompleta: 'Por favor complete todos los campos',
  finMayorQueInicio: 'La hora de fin debe ser mayor que la hora de inicio',
  diaInvalido: 'El día debe ser de Lunes a Domingo.',
  disponibilidadSolapada: 'Ese horario se empalma con otro horario configurado para el mismo día.',
  disponibilidadNoEncontrada: 'Horario de disponibilidad no encontrado',
  disponibilidadEliminada: 'Horario eliminado',
  // Exceptions (decision 034)
  excepcionFechaObligatoria: 'La fecha de la excepción es obligatoria.',
  excepcionHorasIncompletas: 'Indica la hora de inicio y la de fin, o ninguna para bloquear el día completo.',
  excepcionPasada: 'No puedes bloquear fechas pasadas.',
  excepcionConCitas: 'Ya hay citas agendadas en ese horario. Cancélalas o reagéndalas antes de bloquearlo.',
  excepcionNoEncontrada: 'Excepción no encontrada',
  excepcionEliminada: 'Excepción eliminada',
  motivoLargo: `El motivo no puede exceder ${MOTIVO_EXCEPCION_MAX} caracteres.`,
  motivoTexto: 'El motivo debe ser texto.',
} as const;

/** The blocking-exception message keeps the word "disponibilidad": the screen's alert keys on it. */
export function mensajeExcepcion(motivo: string | null): string {
  return motivo
    ? `El horario seleccionado no está disponible: tu disponibilidad está bloqueada ese día (${motivo}).`
    : 'El horario seleccionado no está disponible: tu disponibilidad está bloqueada ese día.';
}

/** Screen texts (spec 1 §2 and §8). */
export const TEXTOS_AGENDA = {
  /** Under a disabled 'Eliminar duplicadas', visible (a tooltip never shows on touch). */
  sinDuplicadas: 'Eliminar duplicadas no está disponible: este paciente no tiene otras citas ese mismo día.',
  semana: 'Semana',
  hoy: 'Hoy',
  personalizarHorario: 'Personalizar Horario',
  crearCita: 'Crear Cita',
  /** The chip and legend mark of a request the patient made from the app, still pending. */
  solicitudApp: 'Solicitud desde la app',
  sinDisponibilidad: 'No hay horarios configurados. Se creará un horario por defecto de 9:00 AM a 6:30 PM.',
  consejoDisponibilidad:
    'Consejo: puedes agregar varios horarios para el mismo día, por ejemplo para dejar libre la hora de la comida (9:00–14:00 y 15:00–18:30).',
  errorCrearAgenda: 'Error al crear la agenda para esta semana',
  errorObtenerAgenda: 'Error: No se pudo obtener o crear la agenda. Por favor, intenta nuevamente.',
  errorVerificarAgenda: 'Error al verificar la agenda. Por favor, intenta nuevamente.',
  citaCreada: 'Cita creada exitosamente',
  errorCrearCita: 'Error al crear la cita: ',
  errorDesconocido: 'Error desconocido',
  alertaDisponibilidadTitulo: 'Horario no disponible',
  alertaDisponibilidad: [
    'El horario que elegiste no está dentro de tu disponibilidad.',
    'Revisa tu disponibilidad para ese día.',
    'Usa "Personalizar Horario" para agregar o ajustar tus horarios.',
    'Elige un horario que esté dentro de tu disponibilidad.',
  ],
  estadoCambiado: (estado: string) => `Estado cambiado a: ${estado}`,
  errorCambiarEstado: 'Error al cambiar el estado de la cita',
  errorAgregarDisponibilidad: 'Error al agregar disponibilidad: ',
  errorEliminarDisponibilidad: 'Error al eliminar disponibilidad',
  confirmarEliminarDisponibilidad: (dia: string, inicio: string, fin: string) => `¿Eliminar el horario del ${dia} de ${inicio} a ${fin}?`,
} as const;

// ---------- Field schemas ----------

/** An id that may be absent (null); '' reads as absent, like an untouched form select. */
const idOpcional = v.pipe(
  v.optional(v.nullable(v.union([v.number(), v.string()], MSG_AGENDA.idInvalido)), null),
  v.transform((x) => (x === null || x === '' ? null : Number(x))),
  v.check((x) => x === null || esId(x), MSG_AGENDA.idInvalido),
);

/** Path ids (int4 in the database). */
export const IdParam = idEntero(MSG_AGENDA.idInvalido);

const requerido = <T extends v.GenericSchema<string, string>>(msg: string, s: T) =>
  v.pipe(
    v.optional(v.nullable(v.string(msg)), ''),
    v.transform((x) => (x ?? '').trim()),
    v.nonEmpty(msg),
    s,
  );

const fechaSchema = (obligatorio: string = MSG_AGENDA.faltanDatos) =>
  requerido(obligatorio, v.pipe(v.string(), v.check(esFechaAgenda, MSG_AGENDA.fechaInvalida)));

/** A real calendar date the agenda can file: its week must end within year 9999 too (a date in the
 * last days of 9999 would make the week's Sunday unwritable), and no clinic plans a session past 2999. */
const FECHA_AGENDA_MAX = '2999-12-31';
export const esFechaAgenda = (x: string) => esFechaIso(x) && x <= FECHA_AGENDA_MAX;

/** 'HH:mm' (also accepts 'HH:mm:ss' and trims it, spec 1 §9). */
export const horaSchema = (obligatorio: string = MSG_AGENDA.faltanDatos) =>
  requerido(obligatorio, v.pipe(v.string(), v.check(esHoraValida, MSG_AGENDA.horaInvalida), v.transform(recortarHora)));

const horaOpcional = v.pipe(
  v.optional(v.nullable(v.string(MSG_AGENDA.horaInvalida)), null),
  v.transform((x) => (x == null || x.trim() === '' ? null : x.trim())),
  v.check((x) => x === null || esHoraValida(x), MSG_AGENDA.horaInvalida),
  v.transform((x) => (x === null ? null : recortarHora(x))),
);

/** Empty means the default of 60 minutes (spec 1 §5); otherwise a multiple of 15, at least 15. */
const duracionSchema = v.pipe(
  v.optional(v.nullable(v.union([v.number(), v.string()], MSG_AGENDA.duracionEntera)), null),
  v.transform((x) => (x === null || (typeof x === 'string' && x.trim() === '') ? null : Number(x))),
  v.check((x) => x === null || Number.isInteger(x), MSG_AGENDA.duracionEntera),
  v.check((x) => x === null || x >= DURACION_CITA_MINIMA, MSG_AGENDA.duracionMinima),
  v.check((x) => x === null || x % DURACION_CITA_PASO === 0, MSG_AGENDA.duracionPaso),
);

/** PostgreSQL text cannot hold a NUL (the insert answered 500), and half a surrogate pair would be
 * stored as another character than the one typed. */
const textoGuardable = v.check((x: string | null) => x === null || caracteresValidos(x), MSG_AGENDA.textoInvalido);

const notasSchema = v.pipe(
  v.optional(v.nullable(v.string(MSG_AGENDA.notasTexto)), null),
  // Invisible and direction characters are taken out (decision 331).
  v.transform((x) => (x == null ? null : quitarInvisibles(x).trim() || null)),
  v.check((x) => x === null || x.length <= NOTAS_CITA_MAX, MSG_AGENDA.notasLargas),
  textoGuardable,
);

const modalidadSchema = v.optional(v.picklist(MODALIDADES, MSG_AGENDA.modalidadInvalida), MODALIDAD_DEFECTO);
/** Any capitalisation ('Pendiente', the label the original client shows) is stored as the canonical value. */
const estadoSchema = v.pipe(
  v.string(MSG_AGENDA.estadoInvalido),
  v.transform((x) => x.trim().toLowerCase()),
  v.picklist(ESTADOS_CITA, MSG_AGENDA.estadoInvalido),
);
export const diaSemanaSchema = v.picklist(SEMANA_DIAS, MSG_AGENDA.diaInvalido);

// ---------- Requests ----------

/** A body that is not a JSON object (an array, a string…) gets a Spanish answer, not valibot's. */
const CUERPO_INVALIDO = MSG_GENERICO.cuerpoInvalido;

/** POST /api/psicologo/citas (spec 1 §7): id_agenda, id_paciente, fecha, hora_inicio, hora_fin or duracion, modalidad, estado, notas. */
export const CrearCitaBody = v.object(
  {
    id_paciente: v.pipe(
      idOpcional,
      v.check((x) => x !== null, MSG_AGENDA.faltanDatos),
      v.transform((x) => x as number),
    ),
    fecha: fechaSchema(),
    hora_inicio: horaSchema(),
    id_agenda: idOpcional,
    hora_fin: horaOpcional,
    duracion: duracionSchema,
    modalidad: modalidadSchema,
    estado: v.optional(estadoSchema, ESTADO_DEFECTO),
    notas: notasSchema,
  },
  CUERPO_INVALIDO,
);
export type CrearCitaEntrada = v.InferInput<typeof CrearCitaBody>;
export type CrearCitaDatos = v.InferOutput<typeof CrearCitaBody>;

/** PUT /api/psicologo/citas/{id_cita}: estado, or fecha and hora_inicio (Reagendar), or both. */
export const ActualizarCitaBody = v.pipe(
  v.object(
    {
      estado: v.optional(estadoSchema),
      fecha: v.pipe(
        v.optional(v.nullable(v.string(MSG_AGENDA.fechaInvalida)), null),
        v.transform((x) => (x == null || x.trim() === '' ? null : x.trim())),
        v.check((x) => x === null || esFechaAgenda(x), MSG_AGENDA.fechaInvalida),
      ),
      hora_inicio: horaOpcional,
    },
    CUERPO_INVALIDO,
  ),
  v.check((b) => (b.fecha === null) === (b.hora_inicio === null), MSG_AGENDA.reagendarIncompleto),
  v.check((b) => b.estado !== undefined || b.fecha !== null, MSG_AGENDA.actualizacionVacia),
);
export type ActualizarCitaDatos = v.InferOutput<typeof ActualizarCitaBody>;

/** POST /api/psicologo/agenda. */
export const CrearAgendaBody = v.object(
  {
    id_psicologo: v.optional(idEntero(MSG_AGENDA.idInvalido)),
    semana_inicio: fechaSchema(),
    semana_fin: fechaSchema(),
  },
  CUERPO_INVALIDO,
);

export const AgendaQuery = v.object({
  semana_inicio: v.optional(v.pipe(v.string(MSG_AGENDA.fechaInvalida), v.check(esFechaAgenda, MSG_AGENDA.fechaInvalida))),
});

/** POST /api/psicologo/disponibilidad and PUT /disponibilidad/{id}. */
export const DisponibilidadBody = v.pipe(
  v.object(
    {
      id_psicologo: v.optional(idEntero(MSG_AGENDA.idInvalido)),
      dia_semana: v.pipe(
        v.optional(v.string(MSG_AGENDA.diaInvalido), ''),
        v.nonEmpty(MSG_AGENDA.disponibilidadIncompleta),
        diaSemanaSchema,
      ),
      hora_inicio: horaSchema(MSG_AGENDA.disponibilidadIncompleta),
      hora_fin: horaSchema(MSG_AGENDA.disponibilidadIncompleta),
    },
    CUERPO_INVALIDO,
  ),
  v.check((b) => b.hora_fin > b.hora_inicio, MSG_AGENDA.finMayorQueInicio),
);
export type DisponibilidadDatos = v.InferOutput<typeof DisponibilidadBody>;

/** POST /api/psicologo/excepcion (fields are ours to design, decision 034). */
export const ExcepcionBody = v.pipe(
  v.object(
    {
      fecha: fechaSchema(MSG_AGENDA.excepcionFechaObligatoria),
      hora_inicio: horaOpcional,
      hora_fin: horaOpcional,
      motivo: v.pipe(
        v.optional(v.nullable(v.string(MSG_AGENDA.motivoTexto)), null),
        v.transform((x) => (x == null || x.trim() === '' ? null : x.trim())),
        v.check((x) => x === null || x.length <= MOTIVO_EXCEPCION_MAX, MSG_AGENDA.motivoLargo),
        textoGuardable,
      ),
    },
    CUERPO_INVALIDO,
  ),
  v.check((b) => (b.hora_inicio === null) === (b.hora_fin === null), MSG_AGENDA.excepcionHorasIncompletas),
  v.check((b) => b.hora_inicio === null || b.hora_fin === null || b.hora_fin > b.hora_inicio, MSG_AGENDA.finMayorQueInicio),
);
export type ExcepcionDatos = v.InferOutput<typeof ExcepcionBody>;

/** POST /api/paciente/citas/solicitar (mobile app). */
export const SolicitarCitaBody = v.object(
  {
    fecha: fechaSchema(),
    hora_inicio: horaSchema(),
    modalidad: modalidadSchema,
    notas: notasSchema,
  },
  CUERPO_INVALIDO,
);
export type SolicitarCitaDatos = v.InferOutput<typeof SolicitarCitaBody>;

export const HorariosQuery = v.object({
  fecha: fechaSchema(),
  duracion: duracionSchema,
});

// ---------- Responses ----------

const PacienteDeCitaSchema = v.object({
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
});

/** An appointment as the psychologist sees it (spec 1 §3), plus who made it and a version that
 * lets a live client ignore an event older than what it already shows. */
export const CitaSchema = v.object({
  id_cita: v.number(),
  id_agenda: v.number(),
  id_paciente: v.number(),
  fecha: v.string(),
  hora_inicio: v.string(),
  hora_fin: v.string(),
  duracion: v.number(),
  modalidad: v.picklist(MODALIDADES),
  estado: v.picklist(ESTADOS_CITA),
  notas: v.nullable(v.string()),
  origen: v.picklist(ORIGENES_CITA),
  version: v.number(),
  paciente: PacienteDeCitaSchema,
  /** The patient's loss anniversary or Día de Muertos falls in this appointment's week (decision 128). */
  aniversario: v.optional(v.boolean(), false),
});
export type Cita = v.InferOutput<typeof CitaSchema>;
export const CitasSchema = v.array(CitaSchema);

/** An appointment as the patient sees it: the psychologist's own notes never leave (decision 038). */
export const CitaPacienteSchema = v.pick(CitaSchema, [
  'id_cita',
  'fecha',
  'hora_inicio',
  'hora_fin',
  'duracion',
  'modalidad',
  'estado',
  'notas',
  'origen',
  'version',
]);
export type CitaPaciente = v.InferOutput<typeof CitaPacienteSchema>;
export const CitasPacienteSchema = v.array(CitaPacienteSchema);

export const AgendaSchema = v.object({
  id_agenda: v.number(),
  id_psicologo: v.number(),
  semana_inicio: v.string(),
  semana_fin: v.string(),
});
export type Agenda = v.InferOutput<typeof AgendaSchema>;
export const AgendaRespuestaSchema = v.object({ agenda: AgendaSchema });

export const DisponibilidadSchema = v.object({
  id_disponibilidad: v.number(),
  id_psicologo: v.number(),
  dia_semana: v.picklist(SEMANA_DIAS),
  hora_inicio: v.string(),
  hora_fin: v.string(),
});
export type Disponibilidad = v.InferOutput<typeof DisponibilidadSchema>;
export const DisponibilidadesSchema = v.array(DisponibilidadSchema);

export const ExcepcionSchema = v.object({
  id_excepcion: v.number(),
  id_psicologo: v.number(),
  fecha: v.string(),
  hora_inicio: v.nullable(v.string()),
  hora_fin: v.nullable(v.string()),
  motivo: v.nullable(v.string()),
});
export type Excepcion = v.InferOutput<typeof ExcepcionSchema>;
export const ExcepcionesSchema = v.array(ExcepcionSchema);

export const HorariosRespuestaSchema = v.object({
  fecha: v.string(),
  duracion: v.number(),
  horarios: v.array(v.object({ hora_inicio: v.string(), hora_fin: v.string() })),
});

export const MsgIdRespuesta = MsgRespuesta;
export const DuplicadasRespuestaSchema = v.object({ msg: v.string(), eliminadas: v.array(v.number()) });

// ---------- Duplicates (decision 036) ----------

/** The Duplicar modal's toast (issue 53: "Se creó 2 citas" read wrong): the verb agrees with n. */
export function mensajeCitasDuplicadas(n: number): string {
  return n === 1 ? 'Se creó 1 cita con el mismo horario.' : `Se crearon ${n} citas con el mismo horario.`;
}

export function mensajeDuplicadas(n: number): string {
  if (n === 0) return 'No había citas duplicadas';
  return n === 1 ? 'Se eliminó 1 cita duplicada' : `Se eliminaron ${n} citas duplicadas`;
}

/** Other appointments of the same patient on the same date: a grief patient has at most one
 * session a day, so a second one is a duplicate (e.g. the app's request beside a manual booking). */
export function duplicadasDe<C extends Pick<Cita, 'id_cita' | 'id_paciente' | 'fecha'>>(cita: C, citas: C[]): C[] {
  return citas.filter((c) => c.id_cita !== cita.id_cita && c.id_paciente === cita.id_paciente && c.fecha === cita.fecha);
}
