// The finished OpenAPI document (@fastify/swagger's `transformObject`, decision 383): the error
// answers every operation can give, named once under components.
import { ESQUEMA_ERROR } from './esquemas';
import type { Rol } from './registro';

type Json = Record<string, unknown>;

const RESPUESTAS_DE_ERROR: Record<string, string> = {
  Error400: 'Datos inválidos: el cuerpo, la consulta o la ruta no cumplen el esquema.',
  Error401: 'Sin sesión: falta el token o ya no es válido.',
  Error403: 'La cuenta no tiene el rol que pide la ruta, o el recurso es de otra persona.',
  Error404: 'El recurso no existe o no pertenece a la cuenta.',
  Error429: 'Demasiadas solicitudes: espera antes de intentar de nuevo.',
  Error503: 'La base de datos no está disponible en este momento.',
};

const METODOS = ['get', 'put', 'post', 'delete', 'patch'];

/** Adds components (error schema, error answers, bearer scheme) and each operation's error answers. */
export function completarDocumento({ openapiObject }: { openapiObject: Json }): Json {
  const componentes = (openapiObject.components ?? {}) as Json;
  componentes.schemas = { ...((componentes.schemas ?? {}) as Json), Error: ESQUEMA_ERROR };
  componentes.responses = Object.fromEntries(
    Object.entries(RESPUESTAS_DE_ERROR).map(([n, description]) => [
      n,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  openapiObject.components = componentes;
  for (const ruta of Object.values((openapiObject.paths ?? {}) as Record<string, Json>)) {
    for (const m of METODOS) {
      const op = ruta[m] as Json | undefined;
      if (!op) continue;
      const rol = op['x-rol'] as Rol;
      const r = (op.responses ?? {}) as Json;
      const errores: string[] = [];
      if (op.requestBody || (Array.isArray(op.parameters) && op.parameters.length > 0)) errores.push('400');
      if (rol !== 'publico') errores.push('401');
      if (rol === 'psicologo' || rol === 'admin' || rol === 'paciente') errores.push('403');
      if (Array.isArray(op.parameters) && op.parameters.some((p) => (p as Json).in === 'path')) errores.push('404');
      errores.push('429', '503');
      for (const e of errores) r[e] ??= { $ref: `#/components/responses/Error${e}` };
      op.responses = r;
    }
  }
  return openapiObject;
}
