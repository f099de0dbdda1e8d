import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance, FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify';
import fp from 'fastify-plugin';
import * as v from 'valibot';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { badRequest } from '../errors';

type Esquema = v.GenericSchema;

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /url` of every route whose body schema is an object (filled as routes compile): the
     * authorization table sends each a body that is not an object and expects a 400 (decision 330). */
    rutasConCuerpoObjeto: ReadonlySet<string>;
  }
}

/** Route handlers see `params`, `query` and `body` as their valibot schema's output, and must
 * answer what the response schema accepts. (fastify-type-provider-valibot targets Fastify 4 and
 * is barely maintained; these few lines are all a type provider is.) */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Esquema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends Esquema ? v.InferInput<this['schema']> : unknown;
}

/** A module's route plugin, typed through the valibot schemas it declares. */
export type Rutas<Opciones extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<
  Opciones,
  RawServerDefault,
  ValibotTypeProvider
>;

function esEsquemaValibot(s: unknown): s is Esquema {
  return typeof s === 'object' && s !== null && (s as { kind?: string }).kind === 'schema';
}

type Json = Record<string, unknown>;

const TIPOS_OBJETO = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

/** Whether a route's body schema is an object (also through a pipe, which keeps its first schema's
 * type, an `optional`, a `lazy`, or a union or variant whose every option is one). */
export function esEsquemaDeObjeto(s: Esquema): boolean {
  const e = s as Esquema & { getter?: (x: unknown) => Esquema; options?: Esquema[]; wrapped?: Esquema };
  if (TIPOS_OBJETO.has(e.type)) return true;
  // An optional body may be absent; when present it is still an object.
  if (e.type === 'optional' && e.wrapped) return esEsquemaDeObjeto(e.wrapped);
  if (e.type === 'lazy' && e.getter) return esEsquemaDeObjeto(e.getter({}));
  if ((e.type === 'union' || e.type === 'variant') && e.options) return e.options.length > 0 && e.options.every(esEsquemaDeObjeto);
  return false;
}

const esObjetoJson = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * A JSON Schema from @valibot/to-json-schema, adapted to serialising with fast-json-stringify:
 * `additionalProperties: false` goes (fast-json-stringify writes only declared properties anyway,
 * and a union's runtime check would otherwise refuse an object with more), and `anyOf [X, null]`
 * (a valibot `nullable`) becomes X with `nullable: true`, which needs no runtime check.
 */
export function ajustarParaSerializar(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(ajustarParaSerializar);
  if (typeof s !== 'object' || s === null) return s;
  const o: Json = {};
  for (const [k, val] of Object.entries(s as Json)) {
    if (k === '$schema') continue;
    if (k === 'additionalProperties' && val === false) continue;
    o[k] = k === 'properties' || k === '$defs' || k === 'definitions' ? mapaAjustado(val) : ajustarParaSerializar(val);
  }
  const anyOf = o.anyOf as Json[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const i = anyOf.findIndex((x) => x.type === 'null' && Object.keys(x).length === 1);
    if (i !== -1 && typeof anyOf[1 - i].type === 'string') {
      const { anyOf: _, ...resto } = o;
      return { ...resto, ...anyOf[1 - i], nullable: true };
    }
  }
  return o;
}

function mapaAjustado(m: unknown): unknown {
  if (typeof m !== 'object' || m === null) return m;
  return Object.fromEntries(Object.entries(m as Json).map(([k, val]) => [k, ajustarParaSerializar(val)]));
}

/** Route schemas are valibot schemas: requests are validated (unknown fields stripped). Responses
 * are written by fast-json-stringify from the JSON Schema of the same valibot schema (decision 083),
 * so only declared fields leave the server; a schema that cannot be converted (transforms, custom
 * checks, dates…) keeps the earlier path: parsed through valibot, then JSON.stringify. */
export default fp(
  async function valibotPlugin(app: FastifyInstance) {
    const rutasConCuerpoObjeto = new Set<string>();
    app.decorate('rutasConCuerpoObjeto', rutasConCuerpoObjeto);
    app.setValidatorCompiler(({ schema, httpPart, method, url }) => {
      if (!esEsquemaValibot(schema)) throw new Error('Los esquemas de ruta deben ser de valibot');
      const cuerpoObjeto = httpPart === 'body' && esEsquemaDeObjeto(schema);
      if (cuerpoObjeto) rutasConCuerpoObjeto.add(`${method} ${url}`);
      return (data: unknown) => {
        // A body declared as an object is a JSON object (decision 330): `null`, an array, a string or a
        // number is refused here, once for every route, instead of being read as `{}` (valibot's object
        // accepts an array, and `null ?? {}` was an empty object) and taking the fields' defaults.
        if (cuerpoObjeto && data !== undefined && !esObjetoJson(data)) {
          return { error: badRequest(MSG_GENERICO.cuerpoInvalido, 'VALIDACION', { errores: { _: MSG_GENERICO.cuerpoInvalido } }) };
        }
        const r = v.safeParse(schema, data ?? {});
        if (r.success) return { value: r.output };
        const errores: Record<string, string> = {};
        for (const issue of r.issues) {
          const campo = issue.path?.map((p) => String(p.key)).join('.') ?? '_';
          if (!(campo in errores)) errores[campo] = issue.message;
        }
        return { error: badRequest(r.issues[0].message, 'VALIDACION', { errores }) };
      };
    });
    const compilarRapido = SerializerSelector()(undefined, {});
    app.setSerializerCompiler((ruta) => {
      const { schema } = ruta;
      if (!esEsquemaValibot(schema)) return (data) => JSON.stringify(data);
      try {
        const json = ajustarParaSerializar(toJsonSchema(schema, { errorMode: 'throw' }));
        return compilarRapido({ schema: json as Json, method: ruta.method, url: ruta.url, httpStatus: ruta.httpStatus ?? '200' }) as (
          data: unknown,
        ) => string;
      } catch (err) {
        app.log.debug(
          { ruta: `${ruta.method} ${ruta.url} ${ruta.httpStatus}`, motivo: (err as Error).message },
          'respuesta serializada con valibot',
        );
        return (data) => JSON.stringify(v.parse(schema, data));
      }
    });
  },
  { name: 'valibot' },
);
