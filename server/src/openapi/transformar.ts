// @fastify/swagger's `transform` (decision 383): each route's valibot schemas become JSON Schema,
// and the route gets its module tag, Spanish summary, the account it needs, the error answers and
// an example body. Everything is derived from the route as registered, plus the summary and
// example maps of this folder.
import { EvidenciaCampos } from '@miduelo/shared/actividades';
import type { FastifyInstance } from 'fastify';
import { EJEMPLOS } from './ejemplos';
import { aJsonSchema } from './esquemas';
import { type Rol, type RutaRegistrada, rolDeRuta } from './registro';
import { RESUMENES } from './resumenes';

type Json = Record<string, unknown>;

export const DESCRIPCION_ROL: Record<Rol, string> = {
  publico: 'Pública: no requiere token.',
  opcional: 'Pública; si se envía un token válido, la respuesta se personaliza.',
  cuenta: 'Cualquier cuenta con sesión (psicólogo, administrador o paciente).',
  psicologo: 'Psicólogo con sesión (los administradores también son psicólogos).',
  admin: 'Administrador con sesión.',
  paciente: 'Paciente con sesión (app del paciente).',
};

/** Module tags: by the name of the route plugin that declared the route, else by its path. */
const MODULOS: [RegExp, string][] = [
  [/^\/api\/(openapi|asyncapi)\.json$/, 'Documentación'],
  [/Agenda|\/citas|\/agenda|\/disponibilidad|\/excepcion|horarios-disponibles/, 'Agenda'],
  [/Sesiones(Psicologo|Paciente)|\/sesion(es)?\b(?!\/cerrar)/, 'Sesiones en línea'],
  [/Chat|\/chats?\b|\/mensajes$|usuarios-disponibles/, 'Chat'],
  [/Expediente|\/tests|\/notas/, 'Expediente clínico'],
  [/Actividades|\/actividades|\/modulos|\/evidencias|\/diario/, 'Actividades y diario'],
  [/Foros|Temas|^\/api\/foros/, 'Foros'],
  [/Supervision|\/supervisi|alertas-crisis/, 'Supervisión'],
  [/Solicitudes|Exportacion|Oposicion|\/derechos|mis-datos|exportacion/, 'Derechos ARCO'],
  [/Push|\/push\//, 'Notificaciones'],
  [/^rutasSesiones$|^\/api\/sesiones/, 'Dispositivos y sesiones'],
  [/Mfa|Llaves|^\/api\/mfa/, 'Verificación en dos pasos'],
  [/^rutasPacientes$/, 'Pacientes'],
  [/^rutasAdministracion$/, 'Administración'],
  [/^rutas(Psicologo|Paciente|Admin)$/, 'Cuentas'],
];

export function moduloDeRuta(r: RutaRegistrada): string {
  const plugin = (r.instancia as unknown as { pluginName?: string }).pluginName ?? '';
  const nombre = plugin.includes(' -> ') ? '' : plugin;
  for (const [patron, modulo] of MODULOS) if (nombre && patron.test(nombre)) return modulo;
  for (const [patron, modulo] of MODULOS) if (patron.test(r.url)) return modulo;
  return 'Infraestructura';
}

/** The declared answers; the error answers are added to the finished document (documento.ts). */
function respuestas(schema: Json): Json {
  const declaradas = (schema.response ?? {}) as Record<string, unknown>;
  const r: Json = {};
  for (const [estado, s] of Object.entries(declaradas)) {
    r[estado] = { description: Number(estado) < 300 ? 'Respuesta correcta' : 'Respuesta', ...aJsonSchema(s) };
  }
  if (Object.keys(r).length === 0) r['200'] = { description: 'Respuesta correcta (sin esquema declarado)' };
  return r;
}

/** The multipart upload of evidence files (actividades): no body schema on the route, the handler
 * reads the parts and validates the text fields with `EvidenciaCampos`. */
function cuerpoMultipart(): Json {
  const campos = aJsonSchema(EvidenciaCampos);
  const propiedades = (campos.properties ?? {}) as Json;
  return {
    ...campos,
    properties: {
      archivo: { type: 'string', format: 'binary', description: 'El archivo de la evidencia (uno por envío; o bien `url`).' },
      ...propiedades,
    },
  };
}

/** A route without a body schema whose handler reads multipart parts (`request.parts()`, `.file()`):
 * @fastify/multipart reads those bodies, not the route's schema. */
export function esMultipart(r: RutaRegistrada | undefined, schema: Json): boolean {
  return Boolean(r && !schema.body && /\.(parts|file|files)\(\)/.test(String(r.opciones.handler)));
}

export function crearTransformacion(app: FastifyInstance, rutas: Map<string, RutaRegistrada>) {
  return ({ schema, url, route }: { schema: unknown; url: string; route: { method: string | string[] } }) => {
    const metodo = Array.isArray(route.method) ? route.method[0] : route.method;
    const clave = `${metodo} ${url}`;
    const r = rutas.get(clave);
    const original = (schema ?? {}) as Json;
    // The API is what lives under /api/: the client's files and the operator's /metrics are not.
    if (original.hide || !url.startsWith('/api/')) return { schema: { ...original, hide: true }, url };
    const rol = r ? rolDeRuta(app, r) : 'publico';
    const s: Json = {
      tags: [r ? moduloDeRuta(r) : 'Infraestructura'],
      summary: RESUMENES[clave] ?? clave,
      description: `**Acceso:** ${DESCRIPCION_ROL[rol]}`,
      security: rol === 'publico' ? [] : rol === 'opcional' ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }],
      'x-rol': rol,
    };
    for (const parte of ['params', 'querystring'] as const) if (original[parte]) s[parte] = aJsonSchema(original[parte]);
    if (original.body) {
      const cuerpo = aJsonSchema(original.body);
      const ejemplo = EJEMPLOS[clave];
      s.body = ejemplo === undefined ? cuerpo : { ...cuerpo, examples: [ejemplo] };
    } else if (esMultipart(r, original)) {
      const ejemplo = EJEMPLOS[clave];
      s.body = ejemplo === undefined ? cuerpoMultipart() : { ...cuerpoMultipart(), examples: [ejemplo] };
      s.consumes = ['multipart/form-data'];
    }
    s.response = respuestas(original);
    return { schema: s, url };
  };
}
