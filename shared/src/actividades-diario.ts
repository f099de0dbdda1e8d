// The patient's emotion diary (issue 14, decision 126): how the day felt, recorded from the app;
// only entries the patient shares reach the psychologist's file.
import * as v from 'valibot';
import { caracteresValidos, idClienteOpcional, longitudTexto, sinInvisibles } from './comun';
import { MSG_ID_CLIENTE } from './id-cliente';
import { esFechaIso } from './fechas';

export const EMOCIONES = [
  'Tristeza',
  'Enojo',
  'Culpa',
  'Miedo',
  'Ansiedad',
  'Soledad',
  'Nostalgia',
  'Calma',
  'Esperanza',
  'Gratitud',
  'Alegría',
] as const;
export const INTENSIDAD_MIN = 1;
export const INTENSIDAD_MAX = 10;
export const NOTA_DIARIO_MAX = 1000;

export const MSG_DIARIO = {
  cuerpoInvalido: 'El cuerpo de la solicitud no es válido',
  emocionInvalida: `La emoción debe ser una de: ${EMOCIONES.join(', ')}`,
  intensidadInvalida: `La intensidad debe ser un número entero de ${INTENSIDAD_MIN} a ${INTENSIDAD_MAX}`,
  fechaInvalida: 'La fecha debe tener el formato yyyy-MM-dd',
  fechaFutura: 'La fecha no puede ser posterior a hoy',
  notaMax: `La nota no puede exceder ${NOTA_DIARIO_MAX} caracteres`,
  textoInvalido: 'El texto contiene caracteres no permitidos',
  compartidaRequerida: 'Indique compartida (true o false)',
  mesInvalido: 'El mes debe tener el formato yyyy-MM',
  noEncontrada: 'Entrada del diario no encontrada',
  eliminada: 'Entrada eliminada',
  idClienteInvalido: MSG_ID_CLIENTE.invalido,
  idClienteDistinto: MSG_ID_CLIENTE.distinto,
} as const;

export const TEXTOS_DIARIO = {
  titulo: 'Diario de emociones',
  explicacion: 'Solo se muestran las entradas que el paciente decidió compartir.',
  vacio: 'El paciente no ha compartido entradas de su diario este mes.',
  intensidad: 'Intensidad',
} as const;

const Flag = v.pipe(v.optional(v.unknown(), null), v.boolean(MSG_DIARIO.compartidaRequerida));

export const EntradaBody = v.object(
  {
    fecha: v.optional(v.pipe(v.string(MSG_DIARIO.fechaInvalida), v.check(esFechaIso, MSG_DIARIO.fechaInvalida))),
    emocion: v.pipe(v.optional(v.unknown(), ''), v.picklist(EMOCIONES, MSG_DIARIO.emocionInvalida)),
    intensidad: v.pipe(
      v.optional(v.unknown(), null),
      v.number(MSG_DIARIO.intensidadInvalida),
      v.integer(MSG_DIARIO.intensidadInvalida),
      v.minValue(INTENSIDAD_MIN, MSG_DIARIO.intensidadInvalida),
      v.maxValue(INTENSIDAD_MAX, MSG_DIARIO.intensidadInvalida),
    ),
    nota: v.optional(
      v.nullable(
        v.pipe(
          v.string(MSG_DIARIO.textoInvalido),
          v.check(caracteresValidos, MSG_DIARIO.textoInvalido),
          // Invisible and direction characters are taken out (decision 331).
          sinInvisibles,
          v.check((s) => longitudTexto(s) <= NOTA_DIARIO_MAX, MSG_DIARIO.notaMax),
        ),
      ),
    ),
    compartida: v.optional(v.boolean(MSG_DIARIO.compartidaRequerida), false),
    // Made by the form when it opens (decision 313): a retry answers the entry already stored.
    id_cliente: idClienteOpcional(MSG_DIARIO.idClienteInvalido),
  },
  MSG_DIARIO.cuerpoInvalido,
);
export const CompartirBody = v.object({ compartida: Flag }, MSG_DIARIO.cuerpoInvalido);
export const MesQuery = v.object(
  { mes: v.optional(v.pipe(v.string(MSG_DIARIO.mesInvalido), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG_DIARIO.mesInvalido))) },
  MSG_DIARIO.cuerpoInvalido,
);

export const EntradaSchema = v.object({
  id_entrada: v.number(),
  id_paciente: v.number(),
  fecha: v.string(),
  emocion: v.string(),
  intensidad: v.number(),
  nota: v.nullable(v.string()),
  compartida: v.boolean(),
  creada_en: v.union([v.string(), v.date()]),
  version: v.number(),
});
export type Entrada = v.InferOutput<typeof EntradaSchema>;
export const EntradasSchema = v.array(EntradaSchema);

/** `diario:cambio`, to `psicologo:{id}`: a shared entry appeared or changed (`guardada`), or it was
 * unshared or deleted (`retirada`, with the id only — its content never travels). */
export const DiarioCambioSchema = v.union([
  v.object({ tipo: v.literal('guardada'), entrada: EntradaSchema }),
  v.object({ tipo: v.literal('retirada'), id_entrada: v.number(), id_paciente: v.number() }),
]);
export type DiarioCambio = v.InferOutput<typeof DiarioCambioSchema>;
