// Valibot schemas as JSON Schema for the document (decision 383): the same converter the
// serialiser uses (plugins/valibot.ts), in its lenient mode, so a transform or a custom check
// documents what can be said and never stops the document.
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

type Json = Record<string, unknown>;

export function esEsquemaValibot(s: unknown): s is v.GenericSchema {
  return typeof s === 'object' && s !== null && (s as { kind?: string }).kind === 'schema';
}

/** A lazy schema (computed per request, e.g. with today's date) documented as it is now. */
function desenvolver(s: v.GenericSchema): v.GenericSchema {
  const e = s as v.GenericSchema & { getter?: (x: unknown) => v.GenericSchema };
  return e.type === 'lazy' && e.getter ? desenvolver(e.getter(undefined)) : s;
}

function limpiar(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(limpiar);
  if (typeof s !== 'object' || s === null) return s;
  const o: Json = {};
  for (const [k, val] of Object.entries(s as Json)) {
    if (k === '$schema') continue;
    o[k] = limpiar(val);
  }
  return o;
}

/** JSON Schema (2020-12, what OpenAPI 3.1 uses) of a valibot schema; `{}` for anything else. */
export function aJsonSchema(s: unknown): Json {
  if (!esEsquemaValibot(s)) return typeof s === 'object' && s !== null ? (s as Json) : {};
  return limpiar(toJsonSchema(desenvolver(s), { errorMode: 'ignore', target: 'draft-2020-12' })) as Json;
}

/** The error body every failing route answers (ARCHITECTURE: errors). */
export const ESQUEMA_ERROR: Json = {
  type: 'object',
  required: ['msg', 'code'],
  properties: {
    msg: { type: 'string', description: 'Mensaje en español para mostrar a la persona usuaria.' },
    code: { type: 'string', description: 'Código estable del error (p. ej. VALIDACION, NO_AUTENTICADO).' },
    error: { type: 'string', description: 'El mismo texto que `msg`; solo en /api/foros y en las rutas de agenda.' },
    mensaje: { type: 'string', description: 'El mismo texto que `msg`; solo en las rutas de actividades.' },
    errores: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'En los errores 400 de validación: el primer mensaje de cada campo.',
    },
  },
  example: { msg: 'Datos inválidos', code: 'VALIDACION', errores: { correo: 'Correo inválido' } },
};
