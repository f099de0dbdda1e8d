// Grief modules, activity templates, assigned activities and evidence (spec 2 §2 Módulos de Duelo,
// Actividades, Global activities; §3; §4; §5; §7 Psychologist API; §8). Every text, limit and rule
// both sides use; the server validates with these schemas and the forms reuse them.
import * as v from 'valibot';
import { caracteresValidos, esId, idClienteOpcional, idEntero, sinInvisibles } from './comun';
import { MSG_ID_CLIENTE } from './id-cliente';
import { esFechaIso } from './fechas';

// ---------------------------------------------------------------- constants (spec 2 §4, §5, §9)

export const ETAPAS_DUELO = ['Negación', 'Ira', 'Negociación', 'Depresión', 'Aceptación'] as const;
export type EtapaDuelo = (typeof ETAPAS_DUELO)[number];

export const TIPOS_ACTIVIDAD = [
  'Meditación',
  'Ejercicio físico',
  'Lectura',
  'Escritura terapéutica',
  'Actividad social',
  'Relajación',
  'Mindfulness',
  'Arte terapia',
  'Música terapia',
  'Otro',
] as const;
export const ORIGENES_ACTIVIDAD = ['personalizada', 'modulo'] as const;
export const PRIORIDADES = ['baja', 'media', 'alta'] as const;
export type Prioridad = (typeof PRIORIDADES)[number];
export const PRIORIDAD_DEFECTO: Prioridad = 'media';
export const PESO_PRIORIDAD: Record<Prioridad, number> = { alta: 3, media: 2, baja: 1 };
export const ESTADOS_ASIGNACION = ['en_proceso', 'finalizada'] as const;
export type EstadoAsignacion = (typeof ESTADOS_ASIGNACION)[number];
export const ESTADOS_ACTIVIDAD_MODULO = ['no_asignada', 'en_proceso', 'finalizada'] as const;
export type EstadoActividadModulo = (typeof ESTADOS_ACTIVIDAD_MODULO)[number];
export const TIPOS_ARCHIVO = ['imagen', 'video', 'audio', 'documento', 'otro'] as const;
export type TipoArchivo = (typeof TIPOS_ARCHIVO)[number];
export const FILTROS_CATALOGO = ['todas', 'obligatorias', 'personalizadas', 'modulo'] as const;

export const TITULO_MIN = 3;
export const TITULO_MAX = 255;
export const DESCRIPCION_MAX = 1000;
export const PERIODO_MIN = 1;
export const PERIODO_MAX = 365;
export const INSTRUCCIONES_MAX = 500;
export const COMENTARIO_EVIDENCIA_MAX = 1000;
export const EXTRACTO_ACTIVIDAD = 100;
export const EXTRACTO_COMENTARIO = 80;
export const UMBRAL_PROGRESO_BAJO = 30;
export const UMBRAL_PROGRESO_MEDIO = 70;
export const TOAST_FORMULARIO_MS = 5000;
/** Evidence files (decision 121): one file per upload, at most this size. */
export const EVIDENCIA_MAX_MB = 25;
export const URL_MAX = 2048;

export const ETIQUETA_ESTADO_MODULO: Record<EstadoActividadModulo, string> = {
  no_asignada: 'No Asignada',
  en_proceso: 'En Proceso',
  finalizada: 'Completada',
};
export const ETIQUETA_ESTADO_ASIGNACION: Record<EstadoAsignacion, string> = {
  en_proceso: 'En Proceso',
  finalizada: 'Finalizada',
};
export const ETIQUETA_PRIORIDAD: Record<Prioridad, string> = { alta: 'Alta', media: 'Media', baja: 'Baja' };

export const CAMPOS_ACTIVIDAD = {
  titulo: 'Título',
  descripcion: 'Descripción',
  tipo: 'Tipo de actividad',
  obligatoria: 'Obligatoria',
  repetitiva: 'Repetitiva',
  periodo: 'Periodo',
  archivo_url: 'URL del archivo',
  origen: 'Origen',
} as const;

// ---------------------------------------------------------------- messages (spec 2 §5, §8)

export const MSG_ACTIVIDADES = {
  requerido: (campo: string) => `${campo} es requerido`,
  minimo: (n: number) => `Debe tener al menos ${n} caracteres`,
  maximo: (n: number) => `No puede exceder ${n} caracteres`,
  mayorA: (n: number) => `Debe ser mayor a ${n}`,
  noMayorA: (n: number) => `No puede ser mayor a ${n}`,
  formatoInvalido: 'Formato inválido',
  cuerpoInvalido: 'El cuerpo de la solicitud no es válido',
  visibilidadRequerida: 'Indique visible_para_psicologo (true o false)',
  validacion: 'Error de validación',
  noExcederAsignar: (campo: string, n: number) => `${campo} no debe exceder ${n} caracteres`,
  instruccionesVacias: 'Las instrucciones no pueden estar vacías',
  fechaLimiteRequerida: 'La fecha limite es requerida',
  fechaLimitePasada: 'La fecha límite no puede ser anterior a hoy',
  sinPacientes: 'Debe seleccionar al menos un paciente',
  pacientesRepetidos: 'Un paciente aparece más de una vez en la lista',
  pacientesMax: 'No se pueden asignar más de 500 pacientes a la vez',
  pacienteAjeno: 'Uno de los pacientes no existe o no está asignado a usted; no se asignó la actividad a ninguno',
  debeElegirPlantilla: 'Debe seleccionar una actividad',
  idInvalido: 'El identificador no es válido',
  estadoInvalido: 'El estado debe ser en_proceso o finalizada',
  prioridadInvalida: 'La prioridad debe ser baja, media o alta',
  cambioVacio: 'Indique el estado o las instrucciones personalizadas',
  fechaCompletadaInvalida: 'La fecha de completado no es válida',
  actividadNoEncontrada: 'Actividad no encontrada',
  asignacionNoEncontrada: 'Actividad asignada no encontrada',
  evidenciaNoEncontrada: 'Evidencia no encontrada',
  moduloNoEncontrado: 'Módulo no encontrado',
  pacienteNoEncontrado: 'Paciente no encontrado',
  actividadDeModulo: 'Las actividades de los módulos de duelo no se pueden modificar ni eliminar',
  catalogoAjeno: 'No tiene permisos para realizar esta acción.',
  yaIniciada: 'Ya tienes esta actividad en proceso',
  soloModulo: 'Solo puedes iniciar por tu cuenta actividades de los módulos de duelo',
  evidenciaSinContenido: 'Adjunta un archivo o escribe un enlace',
  evidenciaArchivoYEnlace: 'Envía un archivo o un enlace, no ambos',
  evidenciaDemasiadoGrande: (mb = 25) => `El archivo supera el tamaño máximo de ${mb} MB`,
  evidenciaTipoNoPermitido:
    'Tipo de archivo no permitido. Se aceptan imágenes (JPG, PNG, GIF, WEBP), video (MP4, WEBM, MOV), audio (MP3, WAV, OGG, M4A) y PDF',
  evidenciaVacia: 'El archivo está vacío',
  evidenciaDemasiados: 'Solo se puede subir un archivo por evidencia',
  evidenciaPrivada: 'El paciente no ha permitido visualizar las evidencias de esta actividad',
  multipartRequerido: 'La evidencia debe enviarse como formulario multipart',
  enlaceInvalido: 'El enlace no es una dirección web válida',
  comentarioMax: `El comentario no puede exceder ${COMENTARIO_EVIDENCIA_MAX} caracteres`,
  busquedaVacia: 'Escriba un término de búsqueda',
  textoInvalido: 'El texto contiene caracteres no permitidos',
  recordatorioEnviado: 'Recordatorio enviado al paciente',
  recordatorioFinalizada: 'La actividad ya está finalizada',
  recordatorioReciente: 'Ya se envió un recordatorio de esta actividad hace menos de una hora',
  idClienteInvalido: MSG_ID_CLIENTE.invalido,
  idClienteUsado: 'El identificador de la petición ya se usó en otra petición; vuelve a abrir el formulario e inténtalo de nuevo',
  idClienteDistinto: MSG_ID_CLIENTE.distinto,
} as const;

/** Toasts, dialogs and screen texts of spec 2 §2 and §8. */
export const TEXTOS_ACTIVIDADES = {
  // Módulos de Duelo tab
  progresoGeneral: 'Progreso General en Módulos de Duelo',
  notaProgreso: 'Este progreso refleja el avance del paciente en las 5 etapas del duelo',
  cargandoModulos: 'Cargando módulos de duelo...',
  sinModulos: 'No hay módulos disponibles',
  sinModulosDetalle: 'Los módulos de duelo se configuran automáticamente para cada paciente',
  actividadesDelModulo: 'Actividades del Módulo',
  completadas: 'Completadas',
  enProceso: 'En proceso',
  pendientes: 'Pendientes',
  resumenCompletadas: 'Actividades Completadas',
  resumenEnProceso: 'En Proceso',
  modulosTotales: 'Módulos Totales',
  modulosCompletados: 'Módulos Completados',
  errorModulos: 'Error al cargar los módulos de duelo',
  detalles: 'Detalles',
  evidencias: 'Evidencias',
  sinEspecificar: 'Sin especificar',
  sinDescripcion: 'Sin descripción',
  sinComentarios: 'Sin comentarios',
  verEvidencia: 'Ver evidencia',
  descargar: 'Descargar',
  evidenciasNoDisponibles: 'Evidencias no disponibles',
  evidenciaPrivada: 'El paciente no ha permitido visualizar las evidencias de esta actividad',
  /** The viewer of an evidence deleted while open (decision 267). */
  evidenciaYaNoDisponible: 'Esta evidencia ya no está disponible',
  visorTitulo: 'Visualizador de Evidencia',
  abrirPestana: 'Abrir en nueva pestaña',
  comentarioPaciente: 'Comentario del paciente:',
  errorImagen: 'No se pudo cargar la imagen',
  errorVideo: 'No se pudo cargar el video',
  errorAudio: 'No se pudo cargar el audio',
  errorDocumento: 'No se pudo visualizar el documento',
  // Actividades tab
  actividadesAsignadas: 'Actividades Asignadas',
  filtros: 'Filtros',
  asignarExistente: 'Asignar Existente',
  nuevaActividad: 'Nueva Actividad',
  total: 'Total',
  finalizadas: 'Finalizadas',
  conEvidencia: 'Con Evidencia',
  buscarActividad: 'Título o descripción...',
  soloConEvidencia: 'Solo con evidencia',
  mostrando: (x: number, y: number) => `Mostrando ${x} de ${y} actividades`,
  limpiarFiltros: 'Limpiar filtros',
  sinActividades: 'No hay actividades asignadas',
  sinResultados: 'No se encontraron actividades',
  restablecerFiltros: 'Restablecer filtros',
  sinFechaLimite: 'Sin fecha límite',
  fechaLimite: (f: string) => `Fecha límite: ${f}`,
  cambiarAFinalizada: 'Cambiar a Finalizada',
  cambiarAEnProceso: 'Cambiar a En Proceso',
  editarInstrucciones: 'Editar instrucciones',
  eliminarActividad: 'Eliminar actividad',
  cambiarEstadoTitulo: '¿Cambiar estado?',
  siCambiar: 'Sí, cambiar',
  actividadCompletada: 'Actividad Completada',
  cerrar: 'Cerrar',
  editar: 'Editar',
  cambiarEstado: 'Cambiar Estado',
  sinPlantillasTitulo: 'Sin plantillas',
  sinPlantillas: 'No hay actividades globales disponibles para asignar',
  errorCargarActividades: 'No se pudieron cargar las actividades',
  errorCambiarEstado: 'No se pudo cambiar el estado',
  errorInstrucciones: 'No se pudieron actualizar las instrucciones',
  errorEliminarAsignada: 'No se pudo eliminar la actividad',
  errorAsignar: 'No se pudo asignar la actividad',
  actualizado: '¡Actualizado!',
  eliminada: '¡Eliminada!',
  asignada: '¡Asignada!',
  creadaYAsignada: 'Actividad creada y asignada correctamente',
  errorCrear: 'Error al crear la actividad',
  // Template modal
  tituloNueva: 'Nueva Actividad',
  tituloEditar: 'Editar Actividad',
  tituloDetalle: 'Detalle de Actividad',
  asignarAPacientes: 'Asignar a Pacientes',
  eliminar: 'Eliminar',
  cancelar: 'Cancelar',
  crearActividad: 'Crear Actividad',
  guardarCambios: 'Guardar Cambios',
  formularioIncompleto: 'Formulario incompleto',
  psicologoId: 'Psicólogo ID',
  // Global catalogue
  errorCargarCatalogo: 'Error al cargar las actividades',
  errorEliminar: 'Error al eliminar la actividad',
  errorActualizar: 'Error al actualizar la actividad',
  errorAsignarCatalogo: 'Error al asignar la actividad',
  eliminadaOk: 'Actividad eliminada correctamente',
  actualizadaOk: 'Actividad actualizada correctamente',
  creadaOk: 'Actividad creada correctamente',
  asignadaA: (n: number) => `Actividad asignada a ${n} paciente(s) correctamente`,
} as const;

// ---------------------------------------------------------------- pure rules (spec 2 §4)

/** Progress colour of spec 2 §4: below 30 danger, below 70 warning, otherwise success. */
export function colorProgreso(p: number): 'danger' | 'warning' | 'success' {
  if (p < UMBRAL_PROGRESO_BAJO) return 'danger';
  if (p < UMBRAL_PROGRESO_MEDIO) return 'warning';
  return 'success';
}

/** Module progress: completed / total, as a whole percentage (0 without activities). */
export function progresoModulo(completadas: number, totales: number): number {
  return totales === 0 ? 0 : Math.round((completadas / totales) * 100);
}

/** Overall progress: the rounded average of the module values (0 without modules). */
export function progresoGeneral(valores: number[]): number {
  return valores.length === 0 ? 0 : Math.round(valores.reduce((a, b) => a + b, 0) / valores.length);
}

export function extracto(texto: string, n: number): string {
  return texto.length > n ? `${texto.slice(0, n)}...` : texto;
}

const EXT_IMAGEN = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg'];
const EXT_VIDEO = ['mp4', 'webm', 'ogg', 'mov', 'avi'];
const EXT_AUDIO = ['mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac'];
const EXT_DOC = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'];

/** Evidence type resolution of spec 2 §4: the declared type, else the URL's extension or host.
 * ogg counts as video (the list's order). Anything else is an external link ('otro'). */
export function resolverTipoEvidencia(url: string, declarado?: string | null): TipoArchivo {
  if (declarado && (TIPOS_ARCHIVO as readonly string[]).includes(declarado) && declarado !== 'otro') return declarado as TipoArchivo;
  const u = url.toLowerCase();
  if (/(^|\/\/|\.)(youtube\.com|youtu\.be|vimeo\.com)\//.test(u)) return 'video';
  if (u.includes('/document/') || /docs\.google\.com|view\.officeapps\.live\.com|docs-viewer/.test(u)) return 'documento';
  const ext = (u.split(/[?#]/)[0].match(/\.([a-z0-9]+)$/) ?? [])[1] ?? '';
  if (EXT_IMAGEN.includes(ext)) return 'imagen';
  if (EXT_VIDEO.includes(ext)) return 'video';
  if (EXT_AUDIO.includes(ext)) return 'audio';
  if (EXT_DOC.includes(ext)) return 'documento';
  return 'otro';
}

/** The embed URL of a YouTube or Vimeo link, or null. */
export function urlIncrustada(url: string): string | null {
  const yt = url.match(/(?:youtube\.com\/watch\?(?:.*&)?v=|youtu\.be\/|youtube\.com\/embed\/)([\w-]{6,})/i);
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt[1]}`;
  const vi = url.match(/vimeo\.com\/(?:video\/)?(\d+)/i);
  if (vi) return `https://player.vimeo.com/video/${vi[1]}`;
  return null;
}

/** Document viewers the page's CSP lets the evidence viewer frame (server/src/plugins/seguridad.ts
 * lists the same origins in frame-src). A document link elsewhere cannot be framed: the browser
 * refuses it and shows an empty frame, so the viewer offers the link instead. */
export const VISORES_DE_DOCUMENTOS = ['https://docs.google.com', 'https://view.officeapps.live.com'] as const;

/** Whether a shared document link can be shown inside the evidence viewer. */
export function documentoIncrustable(url: string): boolean {
  try {
    return (VISORES_DE_DOCUMENTOS as readonly string[]).includes(new URL(url).origin);
  } catch {
    return false;
  }
}

/** "Web URL" of spec 2 §5: optional http/https, a domain, an optional path. */
export const URL_WEB = /^(https?:\/\/)?([\p{L}\p{N}-]+\.)+[\p{L}]{2,}(:\d{1,5})?(\/[^\s]*)?$/iu;

// ---------------------------------------------------------------- request schemas

const texto = (campo: string, max: number) =>
  v.pipe(
    v.string(MSG_ACTIVIDADES.requerido(campo)),
    v.check(caracteresValidos, MSG_ACTIVIDADES.textoInvalido),
    // Invisible and direction characters are taken out of what the patient reads (decision 331).
    sinInvisibles,
    v.maxLength(max, MSG_ACTIVIDADES.maximo(max)),
  );
const opcional = <T extends v.GenericSchema>(s: T) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.literal('', MSG_ACTIVIDADES.formatoInvalido), s], MSG_ACTIVIDADES.formatoInvalido))),
    v.transform((x) => (x === '' || x === undefined ? null : x) as v.InferOutput<T> | null),
  );

const Booleano = v.pipe(
  v.optional(
    v.union(
      [
        v.boolean(MSG_ACTIVIDADES.formatoInvalido),
        v.picklist(['true', 'false', '1', '0'], MSG_ACTIVIDADES.formatoInvalido),
        v.picklist([0, 1], MSG_ACTIVIDADES.formatoInvalido),
      ],
      MSG_ACTIVIDADES.formatoInvalido,
    ),
    false,
  ),
  v.transform((x) => x === true || x === 'true' || x === '1' || x === 1),
);
const PeriodoEntrada = v.union(
  [
    v.number(MSG_ACTIVIDADES.formatoInvalido),
    v.pipe(v.string(MSG_ACTIVIDADES.formatoInvalido), v.regex(/^\d+$/, MSG_ACTIVIDADES.formatoInvalido), v.transform(Number)),
  ],
  MSG_ACTIVIDADES.formatoInvalido,
);

/** Fields of the template form (POST and PUT /actividades), with spec 2 §5's messages. */
const CamposPlantilla = {
  titulo: v.pipe(
    v.optional(v.string(MSG_ACTIVIDADES.requerido(CAMPOS_ACTIVIDAD.titulo)), ''),
    sinInvisibles,
    v.trim(),
    v.nonEmpty(MSG_ACTIVIDADES.requerido(CAMPOS_ACTIVIDAD.titulo)),
    v.check(caracteresValidos, MSG_ACTIVIDADES.textoInvalido),
    v.minLength(TITULO_MIN, MSG_ACTIVIDADES.minimo(TITULO_MIN)),
    v.maxLength(TITULO_MAX, MSG_ACTIVIDADES.maximo(TITULO_MAX)),
  ),
  descripcion: opcional(texto(CAMPOS_ACTIVIDAD.descripcion, DESCRIPCION_MAX)),
  tipo: v.pipe(
    v.optional(v.string(MSG_ACTIVIDADES.requerido(CAMPOS_ACTIVIDAD.tipo)), ''),
    v.check(
      (x): x is (typeof TIPOS_ACTIVIDAD)[number] => (TIPOS_ACTIVIDAD as readonly string[]).includes(x),
      MSG_ACTIVIDADES.requerido(CAMPOS_ACTIVIDAD.tipo),
    ),
    v.transform((x) => x as (typeof TIPOS_ACTIVIDAD)[number]),
  ),
  obligatoria: Booleano,
  repetitiva: Booleano,
  periodo: v.pipe(
    v.optional(v.nullable(v.union([v.literal('', MSG_ACTIVIDADES.formatoInvalido), PeriodoEntrada], MSG_ACTIVIDADES.formatoInvalido))),
    v.transform((x) => (x === '' || x === undefined ? null : x)),
  ),
  archivo_url: opcional(
    v.pipe(
      v.string(MSG_ACTIVIDADES.formatoInvalido),
      v.trim(),
      v.maxLength(URL_MAX, MSG_ACTIVIDADES.maximo(URL_MAX)),
      v.regex(URL_WEB, MSG_ACTIVIDADES.formatoInvalido),
    ),
  ),
  // The creator and the origin come from the token and the server (no mass assignment): accepted
  // for the original client's payload, never written from here.
  id_psicologo_creador: v.optional(v.unknown()),
  origen: v.optional(v.literal('personalizada', MSG_ACTIVIDADES.formatoInvalido)),
};

/** periodo only when repetitiva (required then, 1–365); null otherwise (spec 2 §4, §5). */
export const PlantillaBody = v.pipe(
  v.object(CamposPlantilla, MSG_ACTIVIDADES.cuerpoInvalido),
  v.forward(
    v.check((d) => !d.repetitiva || d.periodo != null, MSG_ACTIVIDADES.requerido(CAMPOS_ACTIVIDAD.periodo)),
    ['periodo'],
  ),
  v.forward(
    v.check((d) => !d.repetitiva || d.periodo == null || Number.isInteger(d.periodo), MSG_ACTIVIDADES.formatoInvalido),
    ['periodo'],
  ),
  v.forward(
    v.check((d) => !d.repetitiva || d.periodo == null || d.periodo >= PERIODO_MIN, MSG_ACTIVIDADES.mayorA(PERIODO_MIN - 1)),
    ['periodo'],
  ),
  v.forward(
    v.check((d) => !d.repetitiva || d.periodo == null || d.periodo <= PERIODO_MAX, MSG_ACTIVIDADES.noMayorA(PERIODO_MAX)),
    ['periodo'],
  ),
  v.transform(
    (d): PlantillaDatos => ({
      titulo: d.titulo,
      descripcion: d.descripcion ?? null,
      tipo: d.tipo,
      obligatoria: d.obligatoria,
      repetitiva: d.repetitiva,
      periodo: d.repetitiva ? (d.periodo ?? null) : null,
      archivo_url: d.archivo_url ?? null,
    }),
  ),
);
export interface PlantillaDatos {
  titulo: string;
  descripcion: string | null;
  tipo: (typeof TIPOS_ACTIVIDAD)[number];
  obligatoria: boolean;
  repetitiva: boolean;
  periodo: number | null;
  archivo_url: string | null;
}

const Instrucciones = v.pipe(
  v.string(MSG_ACTIVIDADES.formatoInvalido),
  v.check(caracteresValidos, MSG_ACTIVIDADES.textoInvalido),
  sinInvisibles,
  v.maxLength(INSTRUCCIONES_MAX, MSG_ACTIVIDADES.noExcederAsignar('Instrucciones', INSTRUCCIONES_MAX)),
);

/** POST /actividades/asignar (spec 2 §7): all the patients or none. */
export const AsignarBody = v.object(
  {
    id_actividad: v.pipe(v.optional(v.unknown(), ''), idEntero(MSG_ACTIVIDADES.debeElegirPlantilla) as v.GenericSchema<unknown, number>),
    pacientes: v.pipe(
      v.optional(v.array(idEntero(MSG_ACTIVIDADES.idInvalido), MSG_ACTIVIDADES.sinPacientes), []),
      v.minLength(1, MSG_ACTIVIDADES.sinPacientes),
      v.maxLength(500, MSG_ACTIVIDADES.pacientesMax),
      v.check((xs) => new Set(xs).size === xs.length, MSG_ACTIVIDADES.pacientesRepetidos),
    ),
    fecha_limite: v.pipe(
      v.optional(v.nullable(v.string(MSG_ACTIVIDADES.formatoInvalido)), null),
      v.check((x) => x == null || x === '' || esFechaIso(x.slice(0, 10)), MSG_ACTIVIDADES.formatoInvalido),
      v.transform((x) => (x == null || x === '' ? null : x.slice(0, 10))),
    ),
    instrucciones_personalizadas: opcional(Instrucciones),
    // The original client's name for the same field (spec 2 §3, assignment request).
    instrucciones_adicionales: opcional(Instrucciones),
    prioridad: v.optional(v.picklist(PRIORIDADES, MSG_ACTIVIDADES.prioridadInvalida), PRIORIDAD_DEFECTO),
    // Made by the dialog when it opens and sent by every attempt (decision 313): a retry answers
    // the assignments the first attempt stored instead of assigning again.
    id_cliente: idClienteOpcional(MSG_ACTIVIDADES.idClienteInvalido),
  },
  MSG_ACTIVIDADES.cuerpoInvalido,
);
export type AsignarDatos = v.InferOutput<typeof AsignarBody>;

/** PUT /actividades/asignadas/{id}: the editable fields of an assignment. */
export const ActualizarAsignacionBody = v.object(
  {
    fecha_limite: v.pipe(
      v.optional(v.nullable(v.string(MSG_ACTIVIDADES.formatoInvalido))),
      v.check((x) => x == null || x === '' || esFechaIso(x.slice(0, 10)), MSG_ACTIVIDADES.formatoInvalido),
      v.transform((x) => (x === undefined ? undefined : x === null || x === '' ? null : x.slice(0, 10))),
    ),
    prioridad: v.optional(v.picklist(PRIORIDADES, MSG_ACTIVIDADES.prioridadInvalida)),
    instrucciones_personalizadas: v.optional(v.pipe(Instrucciones, v.trim(), v.nonEmpty(MSG_ACTIVIDADES.instruccionesVacias))),
  },
  MSG_ACTIVIDADES.cuerpoInvalido,
);

/** PATCH /actividades/asignadas/{id}: estado (+ fecha_completada), or instrucciones_personalizadas. */
export const PatchAsignacionBody = v.pipe(
  v.object(
    {
      estado: v.optional(v.picklist(ESTADOS_ASIGNACION, MSG_ACTIVIDADES.estadoInvalido)),
      fecha_completada: v.optional(
        v.nullable(
          v.pipe(
            v.string(MSG_ACTIVIDADES.fechaCompletadaInvalida),
            v.check((x) => !Number.isNaN(Date.parse(x)), MSG_ACTIVIDADES.fechaCompletadaInvalida),
          ),
        ),
      ),
      instrucciones_personalizadas: v.optional(
        v.pipe(
          v.nullable(v.string(MSG_ACTIVIDADES.instruccionesVacias), ''),
          v.transform((x) => x ?? ''),
          Instrucciones,
          v.trim(),
          v.nonEmpty(MSG_ACTIVIDADES.instruccionesVacias),
        ),
      ),
    },
    MSG_ACTIVIDADES.cuerpoInvalido,
  ),
  v.check((b) => b.estado !== undefined || b.instrucciones_personalizadas !== undefined, MSG_ACTIVIDADES.cambioVacio),
);

export const BuscarQuery = v.object(
  {
    q: v.pipe(
      v.optional(v.string(MSG_ACTIVIDADES.formatoInvalido), ''),
      v.trim(),
      v.nonEmpty(MSG_ACTIVIDADES.busquedaVacia),
      v.maxLength(200, MSG_ACTIVIDADES.maximo(200)),
      // A NUL byte cannot reach PostgreSQL (it would answer 500): refused like any invalid text.
      v.check(caracteresValidos, MSG_ACTIVIDADES.textoInvalido),
    ),
  },
  MSG_ACTIVIDADES.cuerpoInvalido,
);
export const CatalogoQuery = v.object(
  {
    psicologo: v.optional(
      v.pipe(v.string(MSG_ACTIVIDADES.formatoInvalido), v.regex(/^\d{1,9}$/, MSG_ACTIVIDADES.idInvalido), v.transform(Number)),
    ),
  },
  MSG_ACTIVIDADES.cuerpoInvalido,
);

/** Patient: PATCH /api/paciente/actividades/{id}. */
export const EstadoPacienteBody = v.object(
  {
    estado: v.pipe(
      v.optional(v.string(MSG_ACTIVIDADES.formatoInvalido), ''),
      v.picklist(ESTADOS_ASIGNACION, MSG_ACTIVIDADES.estadoInvalido),
    ),
  },
  MSG_ACTIVIDADES.cuerpoInvalido,
);
/** Patient: PUT /api/paciente/actividades/{id}/visibilidad. */
export const VisibilidadBody = v.object(
  {
    visible_para_psicologo: v.pipe(v.optional(v.unknown(), null), v.boolean(MSG_ACTIVIDADES.visibilidadRequerida)),
  },
  MSG_ACTIVIDADES.cuerpoInvalido,
);
/** Text fields of the evidence upload form (the file travels beside them). */
export const EvidenciaCampos = v.object(
  {
    comentario: opcional(
      v.pipe(
        v.string(MSG_ACTIVIDADES.formatoInvalido),
        v.check(caracteresValidos, MSG_ACTIVIDADES.textoInvalido),
        sinInvisibles,
        v.maxLength(COMENTARIO_EVIDENCIA_MAX, MSG_ACTIVIDADES.comentarioMax),
      ),
    ),
    url: opcional(
      v.pipe(
        v.string(MSG_ACTIVIDADES.formatoInvalido),
        v.trim(),
        v.maxLength(URL_MAX, MSG_ACTIVIDADES.enlaceInvalido),
        v.regex(/^https?:\/\/[^\s]+$/i, MSG_ACTIVIDADES.enlaceInvalido),
        v.regex(URL_WEB, MSG_ACTIVIDADES.enlaceInvalido),
      ),
    ),
    visible_para_psicologo: v.optional(v.picklist(['true', 'false', '1', '0'], MSG_ACTIVIDADES.formatoInvalido)),
    // A text field of the form, made when the upload opens (decision 313): a retry answers the
    // evidence already stored. Best sent before the file: then a retry's file is not even stored.
    id_cliente: idClienteOpcional(MSG_ACTIVIDADES.idClienteInvalido),
  },
  MSG_ACTIVIDADES.cuerpoInvalido,
);

// ---------------------------------------------------------------- response schemas

const Fecha = v.union([v.string(), v.date()]);
const FechaNula = v.nullable(Fecha);

export const PlantillaSchema = v.object({
  id_actividad: v.number(),
  titulo: v.string(),
  descripcion: v.nullable(v.string()),
  tipo: v.string(),
  obligatoria: v.boolean(),
  repetitiva: v.boolean(),
  periodo: v.nullable(v.number()),
  archivo_url: v.nullable(v.string()),
  origen: v.picklist(ORIGENES_ACTIVIDAD),
  etapa_duelo: v.nullable(v.string()),
  id_psicologo_creador: v.nullable(v.number()),
  fecha_creacion: Fecha,
  /** Assignments of the caller's patients still in progress / in total (catalogue counts). */
  asignaciones_activas: v.number(),
  asignaciones_totales: v.number(),
});
export type Plantilla = v.InferOutput<typeof PlantillaSchema>;
export const PlantillasSchema = v.array(PlantillaSchema);

export const EvidenciaSchema = v.object({
  id_evidencia: v.number(),
  id_asignacion: v.number(),
  /** The authorized file route of this caller (files), or the external link. */
  archivo_url: v.string(),
  tipo_archivo: v.picklist(TIPOS_ARCHIVO),
  es_archivo: v.boolean(),
  nombre_archivo: v.nullable(v.string()),
  mime: v.nullable(v.string()),
  tamano: v.nullable(v.number()),
  comentario: v.nullable(v.string()),
  fecha_subida: Fecha,
  subida_por: v.picklist(['paciente', 'psicologo']),
});
export type Evidencia = v.InferOutput<typeof EvidenciaSchema>;
export const EvidenciasSchema = v.array(EvidenciaSchema);

export const AsignacionSchema = v.object({
  id_asignacion: v.number(),
  id_actividad: v.number(),
  id_paciente: v.number(),
  estado: v.picklist(ESTADOS_ASIGNACION),
  prioridad: v.picklist(PRIORIDADES),
  fecha_asignacion: Fecha,
  fecha_limite: v.nullable(v.string()),
  fecha_completada: FechaNula,
  instrucciones_personalizadas: v.nullable(v.string()),
  visible_para_psicologo: v.boolean(),
  revisada_en: FechaNula,
  version: v.number(),
  /** Visible evidence only for the psychologist; all of the patient's own for the patient. */
  evidencias: EvidenciasSchema,
  total_evidencias: v.number(),
  actividad: v.object({
    titulo: v.string(),
    descripcion: v.nullable(v.string()),
    tipo: v.string(),
    origen: v.picklist(ORIGENES_ACTIVIDAD),
    etapa_duelo: v.nullable(v.string()),
    obligatoria: v.boolean(),
    repetitiva: v.boolean(),
    periodo: v.nullable(v.number()),
    archivo_url: v.nullable(v.string()),
  }),
});
export type Asignacion = v.InferOutput<typeof AsignacionSchema>;
export const AsignacionesSchema = v.array(AsignacionSchema);

// ---------------------------------------------------------------- orders (the server's, for live lists)

const instante = (x: string | Date) => new Date(x).getTime();

/**
 * The catalogue as the server lists it: personal activities first, the newest first (the newer id
 * on a tie); module activities after them. Two module activities compare equal: the reply gives
 * them in module and activity order, which a template does not carry, and a stable sort keeps it.
 */
export function ordenCatalogo(
  a: Pick<Plantilla, 'origen' | 'fecha_creacion' | 'id_actividad'>,
  b: Pick<Plantilla, 'origen' | 'fecha_creacion' | 'id_actividad'>,
): number {
  if (a.origen !== b.origen) return a.origen === 'modulo' ? 1 : -1;
  if (a.origen === 'modulo') return 0;
  return instante(b.fecha_creacion) - instante(a.fecha_creacion) || b.id_actividad - a.id_actividad;
}

/** A patient's assignments as the server lists them: the newest assignment first, the newer id on a tie. */
export const masRecienteAsignacion = (
  a: Pick<Asignacion, 'fecha_asignacion' | 'id_asignacion'>,
  b: Pick<Asignacion, 'fecha_asignacion' | 'id_asignacion'>,
): number => instante(b.fecha_asignacion) - instante(a.fecha_asignacion) || b.id_asignacion - a.id_asignacion;

export const EstadisticasSchema = v.object({
  total: v.number(),
  enProceso: v.number(),
  finalizadas: v.number(),
  conEvidencia: v.number(),
});
export type Estadisticas = v.InferOutput<typeof EstadisticasSchema>;

export const ActividadModuloSchema = v.object({
  id_actividad: v.number(),
  id_asignacion: v.nullable(v.number()),
  titulo: v.string(),
  descripcion: v.nullable(v.string()),
  tipo: v.nullable(v.string()),
  estado: v.picklist(ESTADOS_ACTIVIDAD_MODULO),
  fecha_asignacion: FechaNula,
  fecha_completada: FechaNula,
  visible_para_psicologo: v.boolean(),
  evidencias: EvidenciasSchema,
});
export type ActividadModulo = v.InferOutput<typeof ActividadModuloSchema>;

export const ModuloSchema = v.object({
  id_modulo: v.number(),
  nombre: v.string(),
  etapa_duelo: v.picklist(ETAPAS_DUELO),
  descripcion: v.string(),
  progreso: v.number(),
  actividades_completadas: v.number(),
  actividades_en_proceso: v.number(),
  actividades_totales: v.number(),
  actividades: v.array(ActividadModuloSchema),
});
export type Modulo = v.InferOutput<typeof ModuloSchema>;
export const ModulosSchema = v.array(ModuloSchema);

export const AsignarRespuestaSchema = v.object({ asignadas: v.number(), asignaciones: AsignacionesSchema });
export const OkSchema = v.object({ ok: v.literal(true), msg: v.string() });

export const IdAsignacionParam = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, MSG_ACTIVIDADES.idInvalido), v.transform(Number), v.check(esId, MSG_ACTIVIDADES.idInvalido)),
});

/** GET /pacientes/{id}/modulos/historial: one point per day with changes (decision 127). */
export const HistorialSchema = v.array(
  v.object({
    fecha: v.string(),
    general: v.number(),
    modulos: v.array(v.object({ id_modulo: v.number(), progreso: v.number() })),
  }),
);
export type Historial = v.InferOutput<typeof HistorialSchema>;
