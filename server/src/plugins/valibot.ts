import type { FastifyInstance, FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify';
import fp from 'fastify-plugin';
import * as v from 'valibot';
import { badRequest } from '../errors';

type Esquema = v.GenericSchema;

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

/** Route schemas are valibot schemas: requests are validated (unknown fields stripped) and
 * responses are parsed through their schema, so a hash or a token can never leave by accident. */
export default fp(
  async function valibotPlugin(app: FastifyInstance) {
    app.setValidatorCompiler(({ schema }) => {
      if (!esEsquemaValibot(schema)) throw new Error('Los esquemas de ruta deben ser de valibot');
      return (data: unknown) => {
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
    app.setSerializerCompiler(({ schema }) => {
      if (!esEsquemaValibot(schema)) return (data) => JSON.stringify(data);
      return (data) => JSON.stringify(v.parse(schema, data));
    });
  },
  { name: 'valibot' },
);
