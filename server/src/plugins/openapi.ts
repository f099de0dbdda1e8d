// The API reference generated from the code (issue 57, decisions 383–385): OpenAPI 3.1 from the
// valibot schemas the routes validate with, at /api/openapi.json; the Socket.IO events as AsyncAPI
// 3.0 at /api/asyncapi.json; a readable viewer (swagger-ui) at /api/docs. Registered before the
// modules so that its onRoute hook sees every route.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { documentoAsyncApi } from '../openapi/asyncapi';
import { completarDocumento } from '../openapi/documento';
import type { RutaRegistrada } from '../openapi/registro';
import { TEMA_CSS, TEMA_JS } from '../openapi/tema';
import { crearTransformacion } from '../openapi/transformar';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (`METHOD /url`), with the plugin instance that declared it. */
    rutasDocumentadas: ReadonlyMap<string, RutaRegistrada>;
  }
}

const DESCRIPCION = `API de MiDuelo, plataforma de acompañamiento en duelo. Documento generado desde los esquemas
valibot con que el servidor valida cada ruta.

- **Autenticación:** token JWT en \`Authorization: Bearer <token>\` (lo devuelve el inicio de sesión). Las
  peticiones de navegador que cambian datos repiten además la cookie \`XSRF-TOKEN\` en \`X-XSRF-TOKEN\`.
- **Errores:** JSON \`{ msg, code }\` con el estado HTTP correspondiente; en /api/foros y la agenda
  se añade \`error\`, en actividades \`mensaje\`, con el mismo texto.
- **Tiempo real:** los eventos de Socket.IO están en [AsyncAPI 3.0](/api/asyncapi.json).
- Documento OpenAPI: [/api/openapi.json](/api/openapi.json).`;

export default fp(
  async function openapiPlugin(app: FastifyInstance, opts: { activo: boolean; version: string }) {
    const rutas = new Map<string, RutaRegistrada>();
    app.decorate('rutasDocumentadas', rutas);
    app.addHook('onRoute', function (this: FastifyInstance, o) {
      for (const metodo of Array.isArray(o.method) ? o.method : [o.method]) {
        if (metodo === 'HEAD') continue;
        const clave = `${metodo} ${o.url}`;
        rutas.set(clave, { clave, metodo, url: o.url, opciones: o, instancia: this });
      }
    });
    if (!opts.activo) return;

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'MiDuelo — API', version: opts.version, description: DESCRIPCION },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: crearTransformacion(app, rutas),
      transformObject: (d) => ('openapiObject' in d ? completarDocumento({ openapiObject: d.openapiObject }) : d.swaggerObject),
    });
    app.get('/api/openapi.json', async () => app.swagger());
    const asyncapi = documentoAsyncApi(opts.version);
    app.get('/api/asyncapi.json', async () => asyncapi);
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // BaseLayout: no top bar (its logo without text, its unlabelled URL field). No deep links: they
      // put a link inside each operation's button (axe: nested-interactive, target-size). No syntax
      // colouring: its number colour fails contrast on the dark code background.
      uiConfig: {
        layout: 'BaseLayout',
        docExpansion: 'none',
        deepLinking: false,
        validatorUrl: null,
        defaultModelsExpandDepth: 0,
        syntaxHighlight: false,
      },
      // The viewer's own files are same-origin scripts: the site's CSP stays as it is (decision 385).
      staticCSP: false,
      theme: {
        title: 'MiDuelo — referencia de la API',
        css: [{ filename: 'miduelo.css', content: TEMA_CSS }],
        js: [{ filename: 'ajustes.js', content: TEMA_JS }],
      },
      transformSpecificationClone: true,
    });
  },
  { name: 'openapi', dependencies: ['valibot'] },
);
