// The API reference (issue 57, decisions 383–385): /api/openapi.json documents every route the app
// registers, each with a Spanish summary, its module, the account it needs (proved by calling it
// without a token) and an example for every body that validates against the route's own valibot
// schema; /api/asyncapi.json lists every Socket.IO event of the shared maps; API_DOCS=0 hides both.
import { EvidenciaCampos } from '@miduelo/shared/actividades';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EJEMPLOS } from '@miduelo/server/openapi/ejemplos';
import { ARCHIVO_EVENTOS, leerEventos, serializarEventos } from '@miduelo/server/openapi/eventos-desde-tipos';
import { readFileSync } from 'node:fs';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { rutasRegistradas } from '../helpers/sondeo';

interface Medio {
  example?: unknown;
  schema?: { examples?: unknown[]; properties?: Record<string, unknown> };
}
interface Operacion {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown;
  'x-rol'?: string;
  responses: Record<string, unknown>;
  requestBody?: { content?: Record<string, Medio> };
}
interface Documento {
  openapi: string;
  info: { description: string };
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, { required?: string[] }> };
  paths: Record<string, Record<string, Operacion>>;
}

let t: AppDePrueba;
let doc: Documento;
/** Every operation of the document, as `METHOD /url` with Fastify's `:param` syntax. */
let operaciones: Map<string, Operacion>;

/** The viewer's own files (swagger-ui) are not part of the API they describe. */
const esDelVisor = (clave: string) => /^GET \/api\/docs(\/|$)/.test(clave);
/** The API is what lives under /api/ (the built client's files and /metrics are not). */
const esDeLaApi = (clave: string) => clave.split(' ')[1].startsWith('/api/') && !esDelVisor(clave);
/** The router prints a parameter under every name its siblings give it (`:id_agenda|:id_cita`). */
const forma = (clave: string) => clave.replace(/:[\w|:]+/g, ':_');

beforeAll(async () => {
  t = await crearAppDePrueba();
  const r = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(r.statusCode).toBe(200);
  doc = r.json();
  operaciones = new Map();
  for (const [ruta, metodos] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(metodos)) operaciones.set(`${m.toUpperCase()} ${ruta.replace(/\{(\w+)\}/g, ':$1')}`, op);
  }
});
afterAll(async () => {
  await t.cerrar();
});

describe('OpenAPI generado desde las rutas', () => {
  it('es OpenAPI 3.1 con el esquema de seguridad bearer y el error { msg, code }', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.components.schemas.Error.required).toEqual(['msg', 'code']);
    expect(doc.info.description).toContain('/api/asyncapi.json');
  });

  it('documenta cada ruta que la app registra, y ninguna que no exista', () => {
    const registradas = rutasRegistradas(t.app).filter(esDeLaApi).map(forma);
    const documentadas = [...operaciones.keys()].map(forma);
    expect(registradas.length).toBeGreaterThan(200);
    expect(registradas.filter((c) => !documentadas.includes(c))).toEqual([]);
    // The router listing leaves out paths that look like files (the client's); the two documents among them.
    expect(documentadas.filter((c) => !registradas.includes(c))).toEqual(['GET /api/openapi.json', 'GET /api/asyncapi.json']);
    // And every route seen by an onRoute hook, the same way.
    const vistas = [...t.app.rutasDocumentadas.keys()].filter(esDeLaApi);
    expect(vistas.filter((c) => !operaciones.has(c))).toEqual([]);
    expect([...operaciones.keys()].filter((c) => !vistas.includes(c))).toEqual([]);
  });

  it('cada operación tiene módulo, resumen en español, acceso y respuestas de error con { msg, code }', () => {
    const sinResumen: string[] = [];
    for (const [clave, op] of operaciones) {
      expect(op.tags?.length, clave).toBe(1);
      if (!op.summary || op.summary === clave) sinResumen.push(clave);
      expect(op.description, clave).toMatch(/^\*\*Acceso:\*\* /);
      expect(op.responses['429'], clave).toEqual({ $ref: '#/components/responses/Error429' });
      if (op['x-rol'] !== 'publico') expect(op.responses['401'], clave).toEqual({ $ref: '#/components/responses/Error401' });
    }
    expect(sinResumen).toEqual([]);
  });

  it('el acceso documentado es el real: sin token, las rutas con sesión responden 401 y las públicas no', async () => {
    const distintas: string[] = [];
    for (const [clave, op] of operaciones) {
      const [method, ruta] = clave.split(' ');
      const url = ruta.replace(/:\w+/g, '1');
      const r = await t.app.inject({ method: method as 'GET', url });
      const publica = op['x-rol'] === 'publico' || op['x-rol'] === 'opcional';
      expect(op.security, clave).toEqual(op['x-rol'] === 'publico' ? [] : expect.arrayContaining([{ bearerAuth: [] }]));
      if (publica === (r.statusCode === 401)) distintas.push(`${clave}: ${op['x-rol']} y respondió ${r.statusCode}`);
    }
    expect(distintas).toEqual([]);
    // Optional session: a token, when sent, must be valid.
    const r = await t.app.inject({ method: 'GET', url: '/api/foros', headers: { authorization: 'Bearer no-es-un-token' } });
    expect(r.statusCode).toBe(401);
  });

  it('los roles salen de las guardas de cada ruta', () => {
    expect(operaciones.get('GET /api/psicologo/lista-pacientes')?.['x-rol']).toBe('psicologo');
    expect(operaciones.get('GET /api/admin/estadisticas')?.['x-rol']).toBe('admin');
    expect(operaciones.get('GET /api/paciente/citas')?.['x-rol']).toBe('paciente');
    expect(operaciones.get('GET /api/sesiones')?.['x-rol']).toBe('cuenta');
    expect(operaciones.get('POST /api/psicologo/iniciar-sesion')?.['x-rol']).toBe('publico');
    expect(operaciones.get('POST /api/psicologo/registro-admin')?.['x-rol']).toBe('admin');
  });

  it('cada cuerpo tiene un ejemplo, publicado en el documento, que pasa el esquema valibot de su ruta', () => {
    const faltan: string[] = [];
    const invalidos: string[] = [];
    for (const r of t.app.rutasDocumentadas.values()) {
      const cuerpo = r.opciones.schema?.body as v.GenericSchema | undefined;
      const op = operaciones.get(r.clave);
      const multipart = op?.requestBody?.content?.['multipart/form-data'];
      if (!cuerpo && !multipart) continue;
      const ejemplo = EJEMPLOS[r.clave];
      if (ejemplo === undefined) {
        faltan.push(r.clave);
        continue;
      }
      const s = v.safeParse(cuerpo ?? EvidenciaCampos, ejemplo);
      if (!s.success)
        invalidos.push(`${r.clave}: ${s.issues.map((i) => `${i.path?.map((p) => p.key).join('.')} ${i.message}`).join('; ')}`);
      const media = op?.requestBody?.content?.[multipart ? 'multipart/form-data' : 'application/json'];
      expect(media?.example ?? media?.schema?.examples?.[0], r.clave).toEqual(ejemplo);
    }
    expect(faltan).toEqual([]);
    expect(invalidos).toEqual([]);
  });

  it('la subida de evidencias se documenta como multipart/form-data con el archivo binario', () => {
    for (const clave of ['POST /api/paciente/actividades/:id/evidencias', 'POST /api/psicologo/actividades/asignadas/:id/evidencia']) {
      const media = operaciones.get(clave)?.requestBody?.content?.['multipart/form-data'];
      expect(media?.schema?.properties?.archivo, clave).toMatchObject({ type: 'string', format: 'binary' });
    }
  });
});

describe('AsyncAPI de los eventos de Socket.IO', () => {
  interface AsyncApi {
    asyncapi: string;
    channels: Record<string, { address: string; messages: Record<string, unknown> }>;
    operations: Record<string, { action: string; channel: { $ref: string }; reply?: unknown }>;
    components: { messages: Record<string, { name: string; payload: unknown }> };
  }
  let asyncapi: AsyncApi;
  /** The events as the TypeScript types of shared/ declare them today. */
  const eventos = leerEventos();

  beforeAll(async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/asyncapi.json' });
    expect(r.statusCode).toBe(200);
    asyncapi = r.json();
  });

  it('el archivo generado está al día con los mapas tipados (npx tsx server/src/openapi/eventos-desde-tipos.ts)', () => {
    expect(readFileSync(ARCHIVO_EVENTOS, 'utf8')).toBe(serializarEventos(eventos));
  });

  it('lista cada evento de los dos mapas, en su dirección, con su carga y su acuse', () => {
    expect(asyncapi.asyncapi).toBe('3.0.0');
    const servidor = eventos.filter((e) => e.direccion === 'servidor-a-cliente').map((e) => e.nombre);
    const cliente = eventos.filter((e) => e.direccion === 'cliente-a-servidor').map((e) => e.nombre);
    expect(servidor).toEqual(expect.arrayContaining(['sesion:revocada', 'chat:mensaje', 'cita:cambio', 'foro:mensaje']));
    expect(cliente).toEqual(expect.arrayContaining(['chat:unirse', 'foro:tema:unirse', 'sesion:senal']));
    const porAccion = (accion: string) =>
      Object.values(asyncapi.operations)
        .filter((o) => o.action === accion)
        .map((o) => asyncapi.channels[o.channel.$ref.replace('#/channels/', '')].address)
        .sort();
    expect(porAccion('send')).toEqual([...servidor].sort());
    expect(porAccion('receive')).toEqual([...cliente].sort());
    const unirse = Object.values(asyncapi.operations).find((o) => o.action === 'receive' && o.channel.$ref === '#/channels/chat_unirse');
    expect(unirse?.reply).toBeDefined();
    const revocada = asyncapi.components.messages.sesion_revocada__servidor;
    expect(revocada.payload).toMatchObject({ properties: { motivo: { enum: ['cierre', 'contrasena', 'deshabilitada', 'expirada'] } } });
  });

  it('la referencia REST enlaza el documento AsyncAPI', () => {
    expect(doc.info.description).toContain('(/api/asyncapi.json)');
  });
});

describe('API_DOCS=0', () => {
  it('no sirve la referencia ni los documentos, y la API sigue igual', async () => {
    const sin = await crearAppDePrueba({ env: { API_DOCS: '0' } });
    try {
      for (const url of ['/api/openapi.json', '/api/asyncapi.json', '/api/docs', '/api/docs/json']) {
        expect((await sin.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      expect((await sin.app.inject({ method: 'GET', url: '/api/salud' })).statusCode).toBe(200);
    } finally {
      await sin.cerrar();
    }
  });
});
