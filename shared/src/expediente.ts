// The clinical record (spec 1 §2 Gráficas y Notas, §3, §5, §7 Tests and Notes, §8; spec 2 §2 Notes
// panel, §4, §5, §8): psychological tests, their applications and answers, the score evolution, and
// the psychologist's notes. Scores are computed on the server only (decision 101).
import * as v from 'valibot';
import { caracteresValidos, idClienteOpcional, idEntero, idEnRuta, sinInvisibles } from './comun';
import { MSG_ID_CLIENTE } from './id-cliente';
import { MSG_GENERICO } from './errores';

// ---------------------------------------------------------------- constants

export const TITULO_NOTA_MAX = 100;
export const CONTENIDO_NOTA_MAX = 1000;
/** A free-text answer of a test (tipo_respuesta texto). */
export const RESPUESTA_TEXTO_MAX = 1000;
export const TIPOS_ESCALA = ['likert_5', 'likert_7', 'si_no'] as const;
export type TipoEscala = (typeof TIPOS_ESCALA)[number];
export const TIPOS_RESPUESTA = ['escala', 'si_no', 'texto'] as const;
export type TipoRespuesta = (typeof TIPOS_RESPUESTA)[number];
export const TIPOS_NOTA = ['general', 'test'] as const;
export type TipoNota = (typeof TIPOS_NOTA)[number];
export const FILTROS_NOTA = ['todas', 'general', 'test'] as const;
export type FiltroNota = (typeof FILTROS_NOTA)[number];

/** Highest value of a scale (spec 1 §3: likert_5, likert_7, anything else yes/no). */
export function maximoDeEscala(tipo: string): number {
  return tipo === 'likert_7' ? 7 : tipo === 'likert_5' ? 5 : 1;
}

/** 'Escala 1-5', 'Escala 1-7' or 'Sí/No' (spec 1 §2 test cards). */
export function etiquetaEscala(tipo: string): string {
  return tipo === 'likert_5' ? 'Escala 1-5' : tipo === 'likert_7' ? 'Escala 1-7' : 'Sí/No';
}

/** Spec 1 §9: 'Muy en desacuerdo' (lowest), 'Neutral' (middle), 'Muy de acuerdo' (highest). */
export function etiquetaLikert(valor: number, maximo: number): string | null {
  if (valor === 1) return 'Muy en desacuerdo';
  if (valor === maximo) return 'Muy de acuerdo';
  if (valor === (maximo + 1) / 2) return 'Neutral';
  return null;
}

/** Spec 1 §9 answer badge: numeric value up to 2 green, up to 4 yellow, otherwise red. */
export function colorRespuesta(valor: number): 'verde' | 'amarillo' | 'rojo' {
  return valor <= 2 ? 'verde' : valor <= 4 ? 'amarillo' : 'rojo';
}

export type ColorPuntaje = 'verde' | 'amarillo' | 'rojo';
interface BandaColor {
  minimo: number;
  maximo: number;
  riesgo: boolean;
}

/** The colour of a band of an instrument, as the chart shades it: the risk band red, the lowest
 * band green, any band between them yellow. */
export function colorDeBanda(bandas: readonly BandaColor[], indice: number): ColorPuntaje {
  const b = bandas[indice];
  if (b?.riesgo) return 'rojo';
  const menor = bandas.reduce((m, x, i) => (x.minimo < (bandas[m]?.minimo ?? Number.POSITIVE_INFINITY) ? i : m), 0);
  return indice === menor ? 'verde' : 'amarillo';
}

/**
 * The score circle's colour (spec 1 §9 reads 'below 30 green, below 60 yellow, otherwise red';
 * decision 346): by the instrument's own bands, the ones its chart shades and its interpretation
 * names, since the tests' scales differ (0–8, 0–76, 21–105). A result flagged as risk is red whatever
 * its band (an alert answer); without the bands (a retired test) only the risk flag is known.
 */
export function colorPuntaje(puntaje: number, bandas: readonly BandaColor[] | undefined, riesgo: boolean): ColorPuntaje | null {
  if (riesgo) return 'rojo';
  if (!bandas || bandas.length === 0) return null;
  const i = bandas.findIndex((b) => puntaje >= b.minimo && puntaje <= b.maximo);
  return i < 0 ? null : colorDeBanda(bandas, i);
}

// ---------------------------------------------------------------- messages

export const MSG_EXPEDIENTE = {
  testNoEncontrado: 'Test no encontrado',
  aplicacionNoEncontrada: 'Aplicación de test no encontrada',
  notaNoEncontrada: 'Nota no encontrada',
  pacienteNoEncontrado: 'Paciente no encontrado',
  idTest: 'Selecciona un test válido',
  idPaciente: 'Selecciona un paciente válido',
  idAplicacion: 'La aplicación de test no es válida',
  idNota: 'La nota no es válida',
  versionNota: 'La versión de la nota no es válida',
  /** Decision 307: an edit made on a note that changed meanwhile (another tab or device). */
  notaDesactualizada:
    'Esta nota se modificó en otra pestaña o en otro dispositivo mientras la editabas. No se guardaron tus cambios, para no borrar los otros: revisa la versión actual y vuelve a guardar.',
  respuestas: 'Las respuestas deben ser una lista de preguntas con su respuesta',
  idPregunta: 'Cada respuesta debe indicar su pregunta',
  preguntaAjena: 'Una respuesta no corresponde a ninguna pregunta de este test',
  preguntaRepetida: 'Una pregunta tiene más de una respuesta',
  /** Spec 1 §5 Tests. */
  faltanRespuestas: (n: number, total: number) => `Por favor responde todas las preguntas (${n}/${total})`,
  respuestaEscala: (orden: number, max: number) => `La respuesta de la pregunta ${orden} debe ser un número entero del 1 al ${max}`,
  respuestaSiNo: (orden: number) => `La respuesta de la pregunta ${orden} debe ser Sí o No`,
  respuestaTexto: (orden: number) => `La respuesta de la pregunta ${orden} debe tener texto (máximo ${RESPUESTA_TEXTO_MAX} caracteres)`,
  testInactivo: 'Este test ya no está disponible',
  // Spec 1 §5 Note modal.
  titulo: 'Por favor ingresa un título',
  contenido: 'Por favor ingresa contenido para la nota',
  tituloLargo: `El título no puede superar ${TITULO_NOTA_MAX} caracteres`,
  contenidoLargo: `El contenido no puede superar ${CONTENIDO_NOTA_MAX} caracteres`,
  textoInvalido: 'El texto contiene caracteres no permitidos',
  tipoNota: 'El tipo de nota debe ser general o test',
  aplicacionDeOtroPaciente: 'La aplicación de test no pertenece a este paciente',
  busquedaLarga: 'La búsqueda no puede superar 100 caracteres',
  busquedaInvalida: 'La búsqueda debe ser un solo texto',
  /** Decision 313: the client id a form sends so that a retry stores nothing twice. */
  idClienteInvalido: MSG_ID_CLIENTE.invalido,
  /** Decision 313: the client id of this patient's record was used by another psychologist. */
  idClienteAjeno:
    'Otro psicólogo ya guardó un registro de este paciente con este identificador de petición. No se guardó nada: vuelve a abrir el formulario y guarda de nuevo.',
  /** Decision 313: the client id of a record already stored for this patient, sent with other
   * content (changed after an attempt whose answer was lost): nothing is stored, nothing lost silently. */
  idClienteDistinto: MSG_ID_CLIENTE.distinto,
} as const;

/** Spec 1 §2, §8 and spec 2 §2, §8: what the screens say. */
export const TEXTOS_EXPEDIENTE = {
  titulo: 'Evaluaciones y Notas del Paciente',
  subtabs: { historial: 'Historial de Tests', disponibles: 'Tests Disponibles', notas: 'Notas del Psicólogo' },
  sinTests: 'No hay tests disponibles',
  aplicarTest: 'Aplicar Test',
  cancelar: 'Cancelar',
  preguntas: (n: number, total: number) => `${n} / ${total} preguntas`,
  confirmarAplicar: '¿Aplicar test?',
  confirmarAplicarTexto: 'Se guardarán las respuestas y se calculará el resultado.',
  todosLosTests: 'Todos los tests',
  limpiarFiltro: 'Limpiar Filtro',
  evolucion: 'Evolución de Puntajes',
  testsAplicados: (n: number) => `Tests Aplicados (${n})`,
  sinAplicados: 'No hay tests aplicados',
  sinRespuestas: 'No hay respuestas registradas',
  descargarPdf: 'Descargar PDF',
  verRespuestas: 'Ver respuestas',
  cerrar: 'Cerrar',
  resultado: 'Resultado',
  puntajeTotal: 'Puntaje total',
  completado: 'Completado',
  pendiente: 'Pendiente',
  riesgo: 'Riesgo',
  riesgoDetalle: 'Resultado en la banda más alta del instrumento',
  riesgoPaciente: 'Último resultado en la banda más alta de un instrumento',
  // toasts (spec 1 §8 Tests)
  errorCargarTests: 'Error al cargar los tests disponibles',
  errorCargarTest: 'Error al cargar los detalles del test',
  testAplicado: 'Test aplicado exitosamente',
  errorAplicar: 'Error al aplicar el test',
  errorRespuestas: 'Error al cargar las respuestas del test',
  errorHistorial: 'Error al cargar el historial de tests',
  descargandoPdf: 'Descargando PDF...',
  // notes (spec 1 §2, §8; spec 2 §2, §5, §8)
  buscarNotas: 'Buscar en notas...',
  nuevaNota: 'Nueva Nota',
  editarNota: 'Editar Nota',
  filtros: { todas: 'Todas', general: 'Generales', test: 'De Tests' },
  notaTest: 'Nota de Test',
  notaGeneral: 'Nota General',
  editada: 'Editada',
  editar: 'Editar',
  eliminar: 'Eliminar',
  sinNotas: 'No hay notas',
  sinResultados: 'No se encontraron notas con ese criterio de búsqueda.',
  sinNotasTexto: 'Aún no has creado notas para este paciente.',
  // Ours (decision 263): a type filter without a match, while the patient has notes of the other type.
  sinNotasDelTipo: { general: 'No hay notas generales para este paciente.', test: 'No hay notas de tests para este paciente.' },
  crearPrimera: 'Crear Primera Nota',
  confirmarEliminar: '¿Eliminar nota?',
  confirmarEliminarTexto: (titulo: string) => `Se eliminará la nota "${titulo}". Esta acción no se puede deshacer.`,
  siEliminar: 'Sí, eliminar',
  tituloNota: 'Título',
  contenidoNota: 'Contenido',
  tipoNota: 'Tipo de nota',
  guardar: 'Guardar',
  actualizar: 'Actualizar Nota',
  /** Decision 307: above the saved text of a note another tab or device changed meanwhile. */
  versionActual: 'Versión guardada ahora:',
  /** Decision 308: closing or leaving a note or a test with what she wrote still unsaved. */
  descartar: {
    titulo: '¿Descartar lo que escribiste?',
    nota: 'Esta nota aún no se ha guardado. Si sales ahora, se perderá lo que escribiste.',
    test: 'Las respuestas de este test aún no se han aplicado. Si sales ahora, se perderán.',
    si: 'Descartar',
    no: 'Seguir editando',
  },
  notaCreada: 'Nota creada exitosamente',
  errorCrearNota: 'Error al crear la nota',
  notaActualizada: 'Nota actualizada exitosamente',
  errorActualizarNota: 'Error al actualizar la nota',
  errorCargarNotas: 'Error al cargar las notas',
  errorEliminarNota: 'Error al eliminar la nota',
  notaEliminada: 'Nota eliminada exitosamente',
} as const;

// ---------------------------------------------------------------- requests

/** A required field whose absence gets its own Spanish message (valibot's would be English). */
const requerido = <S extends v.GenericSchema>(msg: string, esquema: S) =>
  v.pipe(
    // A default makes valibot run the pipe for a missing key (it skips optional keys otherwise).
    v.optional(v.unknown(), null),
    v.check((x) => x !== undefined && x !== null, msg),
    esquema,
  ) as unknown as S;
const CUERPO_INVALIDO = MSG_GENERICO.cuerpoInvalido;

export const IdTestParams = v.object({ id_test: idEnRuta(MSG_EXPEDIENTE.idTest) });
export const IdParams = v.object({ id: idEnRuta('El identificador no es válido') });
export const GraficasQuery = v.object({ id_test: v.optional(idEnRuta(MSG_EXPEDIENTE.idTest)) });
export const NotasQuery = v.object(
  {
    // A repeated ?q= arrives as a list: refused in Spanish like any other malformed query.
    q: v.optional(
      v.pipe(
        v.string(MSG_EXPEDIENTE.busquedaInvalida),
        v.check(caracteresValidos, MSG_EXPEDIENTE.textoInvalido),
        v.maxLength(100, MSG_EXPEDIENTE.busquedaLarga),
      ),
    ),
  },
  CUERPO_INVALIDO,
);

/** One answer as the client sends it: a number (escala), 'si'/'no' or a boolean (si_no), text. */
export const RespuestaEntradaSchema = v.object(
  {
    id_pregunta: requerido(MSG_EXPEDIENTE.idPregunta, idEntero(MSG_EXPEDIENTE.idPregunta)),
    // Absent or null reads as unanswered (the count of 'Por favor responde todas las preguntas').
    respuesta: v.optional(v.nullable(v.union([v.string(), v.number(), v.boolean()], MSG_EXPEDIENTE.respuestas))),
  },
  MSG_EXPEDIENTE.respuestas,
);
export type RespuestaEntrada = v.InferOutput<typeof RespuestaEntradaSchema>;

export const AplicarTestSchema = v.object(
  {
    id_test: requerido(MSG_EXPEDIENTE.idTest, idEntero(MSG_EXPEDIENTE.idTest)),
    id_paciente: requerido(MSG_EXPEDIENTE.idPaciente, idEntero(MSG_EXPEDIENTE.idPaciente)),
    respuestas: requerido(
      MSG_EXPEDIENTE.respuestas,
      v.pipe(v.array(RespuestaEntradaSchema, MSG_EXPEDIENTE.respuestas), v.maxLength(200, MSG_EXPEDIENTE.respuestas)),
    ),
    /** Decision 313: made when the form opens; the same id again answers the stored application. */
    id_cliente: idClienteOpcional(MSG_EXPEDIENTE.idClienteInvalido),
  },
  CUERPO_INVALIDO,
);
export type AplicarTest = v.InferOutput<typeof AplicarTestSchema>;

const textoNota = (vacio: string, largo: string, max: number) =>
  v.pipe(
    v.string(vacio),
    v.check(caracteresValidos, MSG_EXPEDIENTE.textoInvalido),
    sinInvisibles,
    v.trim(),
    v.nonEmpty(vacio),
    v.maxLength(max, largo),
  );
export const TituloNota = textoNota(MSG_EXPEDIENTE.titulo, MSG_EXPEDIENTE.tituloLargo, TITULO_NOTA_MAX);
export const ContenidoNota = textoNota(MSG_EXPEDIENTE.contenido, MSG_EXPEDIENTE.contenidoLargo, CONTENIDO_NOTA_MAX);

export const CrearNotaSchema = v.object(
  {
    id_paciente: requerido(MSG_EXPEDIENTE.idPaciente, idEntero(MSG_EXPEDIENTE.idPaciente)),
    titulo: requerido(MSG_EXPEDIENTE.titulo, TituloNota),
    contenido: requerido(MSG_EXPEDIENTE.contenido, ContenidoNota),
    tipo: v.optional(v.picklist(TIPOS_NOTA, MSG_EXPEDIENTE.tipoNota), 'general'),
    id_aplicacion: v.optional(v.nullable(idEntero(MSG_EXPEDIENTE.idAplicacion))),
    /** Decision 313: made when the form opens; the same id again answers the stored note. */
    id_cliente: idClienteOpcional(MSG_EXPEDIENTE.idClienteInvalido),
  },
  CUERPO_INVALIDO,
);
export type CrearNota = v.InferOutput<typeof CrearNotaSchema>;

/** `version`: the note's version the form was opened on (decision 307); a note changed since then
 * is not overwritten (409 NOTA_DESACTUALIZADA). Absent (another client), the edit applies as given. */
export const EditarNotaSchema = v.object(
  {
    titulo: requerido(MSG_EXPEDIENTE.titulo, TituloNota),
    contenido: requerido(MSG_EXPEDIENTE.contenido, ContenidoNota),
    version: v.optional(idEntero(MSG_EXPEDIENTE.versionNota)),
  },
  CUERPO_INVALIDO,
);
export type EditarNota = v.InferOutput<typeof EditarNotaSchema>;

// ---------------------------------------------------------------- responses

export const PreguntaSchema = v.object({
  id_pregunta: v.number(),
  orden: v.number(),
  texto_pregunta: v.string(),
  tipo_respuesta: v.picklist(TIPOS_RESPUESTA),
});
export type Pregunta = v.InferOutput<typeof PreguntaSchema>;

export const BandaSchema = v.object({
  minimo: v.number(),
  maximo: v.number(),
  interpretacion: v.string(),
  riesgo: v.boolean(),
});
export type Banda = v.InferOutput<typeof BandaSchema>;

/** A test of the catalogue (spec 1 §3), with what the chart needs to shade its bands. */
export const TestSchema = v.object({
  id_test: v.number(),
  nombre: v.string(),
  descripcion: v.string(),
  tipo_escala: v.picklist(TIPOS_ESCALA),
  activo: v.boolean(),
  fecha_creacion: v.string(),
  /** Lowest and highest total score. */
  puntaje_minimo: v.number(),
  puntaje_maximo: v.number(),
  /** True when the bands are published cut-offs; false when they only describe the range. */
  bandas_validadas: v.boolean(),
  bandas: v.array(BandaSchema),
});
export type Test = v.InferOutput<typeof TestSchema>;
export const TestsSchema = v.array(TestSchema);
export const TestDetalleSchema = v.object({ ...TestSchema.entries, preguntas: v.array(PreguntaSchema) });
export type TestDetalle = v.InferOutput<typeof TestDetalleSchema>;

export const ResultadoSchema = v.object({
  puntaje_total: v.number(),
  interpretacion: v.string(),
  /** The result falls in the instrument's highest band (the risk flag). */
  riesgo: v.boolean(),
});
export type Resultado = v.InferOutput<typeof ResultadoSchema>;

/** A test application (spec 1 §3). */
export const AplicacionSchema = v.object({
  id_aplicacion: v.number(),
  id_test: v.number(),
  id_paciente: v.number(),
  test: v.object({ nombre: v.string(), tipo_escala: v.picklist(TIPOS_ESCALA) }),
  fecha: v.string(),
  estado: v.string(),
  resultado: v.nullable(ResultadoSchema),
});
export type Aplicacion = v.InferOutput<typeof AplicacionSchema>;
export const AplicacionesSchema = v.array(AplicacionSchema);

/** An answer with its question (spec 1 §3). `respuesta` is '1'…'7', 'si'/'no' or the text. */
export const RespuestaSchema = v.object({
  id_pregunta: v.number(),
  respuesta: v.string(),
  pregunta: PreguntaSchema,
});
export type Respuesta = v.InferOutput<typeof RespuestaSchema>;
export const RespuestasSchema = v.array(RespuestaSchema);

/** GET …/resultado: the application and its result. */
export const ResultadoAplicacionSchema = v.object({ ...AplicacionSchema.entries });

/** A score-evolution row (spec 1 §3), with the ids the chart groups by. */
export const EvolucionSchema = v.object({
  id_aplicacion: v.number(),
  id_test: v.number(),
  fecha: v.string(),
  nombre_test: v.string(),
  puntaje: v.number(),
  interpretacion: v.string(),
  riesgo: v.boolean(),
});
export type Evolucion = v.InferOutput<typeof EvolucionSchema>;
export const EvolucionesSchema = v.array(EvolucionSchema);

export const NotaSchema = v.object({
  id_nota: v.number(),
  id_paciente: v.number(),
  titulo: v.string(),
  contenido: v.string(),
  tipo: v.picklist(TIPOS_NOTA),
  id_aplicacion: v.nullable(v.number()),
  fecha_creacion: v.string(),
  fecha_actualizacion: v.string(),
  version: v.number(),
});
export type Nota = v.InferOutput<typeof NotaSchema>;
export const NotasSchema = v.array(NotaSchema);
export const NotaEliminadaSchema = v.object({ id_nota: v.number(), msg: v.string() });

/** Spec 2 §2: the edited marker shows when the update date differs from the creation date. */
export function notaEditada(n: Pick<Nota, 'fecha_creacion' | 'fecha_actualizacion'>): boolean {
  return n.fecha_creacion !== n.fecha_actualizacion;
}

/** Spec 2 §5: case-insensitive search over titulo and contenido (accents ignored too). */
export function normalizarBusqueda(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
export function notaCoincide(n: Pick<Nota, 'titulo' | 'contenido'>, termino: string): boolean {
  const t = normalizarBusqueda(termino.trim());
  if (t === '') return true;
  return normalizarBusqueda(n.titulo).includes(t) || normalizarBusqueda(n.contenido).includes(t);
}

/** Name of the PDF download (spec 1 §7): the test name (or 'Respuestas') plus the date. */
export function nombreArchivoPdf(nombreTest: string | null, fecha: string): string {
  const base = (nombreTest ?? 'Respuestas')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${base || 'Respuestas'}_${fecha}.pdf`;
}
