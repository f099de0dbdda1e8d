// One request, one id in the log (issue 57, decision 388): the response line, the services' lines
// (ctx.log) and the line of each event the request emits carry the request's reqId, which is the
// caller's X-Request-Id when well formed (a UUID otherwise) and comes back in X-Request-Id.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { abrirChat, type Consulta, crearConsulta, idCliente } from '../helpers/chat';
import { iniciarServicioPush, type ServicioPush } from '../helpers/push';

interface Linea {
  reqId?: string;
  msg: string;
  level: number;
  evento?: string;
  [k: string]: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: AppDePrueba;
let push: ServicioPush;
let c: Consulta;
let idChat: number;
const lineas: Linea[] = [];

beforeAll(async () => {
  push = await iniciarServicioPush();
  const log = new Writable({
    write(trozo, _cod, listo) {
      for (const l of String(trozo).split('\n')) if (l.trim()) lineas.push(JSON.parse(l) as Linea);
      listo();
    },
  });
  t = await crearAppDePrueba({ env: { LOG_LEVEL: 'debug' }, config: push.config, log });
  c = await crearConsulta(t, 1);
  idChat = await abrirChat(c);
});
afterAll(async () => {
  await t?.cerrar();
  await push?.cerrar();
});

const enviar = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/psicologo/mensajes',
    headers: { authorization: `Bearer ${c.psi.token}`, ...headers },
    payload: { id_chat: idChat, contenido: 'Hola, aquí sigo', id_cliente: idCliente() },
  });

describe('id de solicitud', () => {
  it('todas las líneas de una petición llevan su reqId: la respuesta, el servicio y cada evento emitido', async () => {
    // The patient has no open socket and one subscription whose push service fails: the push
    // module (a service, through ctx.log) logs the failure while the request's work runs.
    expect((await c.pac[0].post('/api/paciente/push/suscripciones', push.suscripcion('/falla'))).status).toBe(201);
    push.responder('/falla', 500);
    lineas.length = 0;

    const id = 'prueba-solicitud-0001';
    const r = await enviar({ 'x-request-id': id });
    expect(r.statusCode).toBe(201);
    expect(r.headers['x-request-id']).toBe(id);
    await Promise.all([...t.app.pushPendientes]);

    const respuesta = lineas.find((l) => l.msg === 'POST /api/psicologo/mensajes 201');
    const emitidos = lineas.filter((l) => l.msg === 'evento emitido');
    const servicio = lineas.find((l) => l.msg === 'push: no se pudo enviar una notificación');
    expect(respuesta?.reqId).toBe(id);
    expect(servicio?.reqId).toBe(id);
    expect(emitidos.map((l) => l.evento)).toContain('chat:mensaje');
    for (const l of emitidos) expect(l.reqId).toBe(id);
    // Nothing else ran meanwhile: every line written since the request arrived is its own.
    expect(lineas.length).toBeGreaterThanOrEqual(3);
    expect(lineas.filter((l) => l.reqId !== id)).toEqual([]);
  });

  it('sin X-Request-Id, o con uno mal formado, el servidor asigna un UUID y lo devuelve', async () => {
    const casos: Record<string, string>[] = [
      {},
      { 'x-request-id': 'con espacios y "comillas"' },
      { 'x-request-id': 'x'.repeat(200) },
      { 'x-request-id': 'corto' },
    ];
    for (const headers of casos) {
      lineas.length = 0;
      const r = await enviar(headers);
      expect(r.statusCode).toBe(201);
      const id = String(r.headers['x-request-id']);
      expect(id).toMatch(UUID);
      expect(id).not.toBe(Object.values(headers)[0]);
      expect(lineas.find((l) => l.msg === 'POST /api/psicologo/mensajes 201')?.reqId).toBe(id);
      expect(lineas.find((l) => l.msg === 'evento emitido')?.reqId).toBe(id);
    }
  });

  it('dos peticiones a la vez no mezclan sus ids', async () => {
    lineas.length = 0;
    const [a, b] = await Promise.all([enviar({ 'x-request-id': 'simultanea-aaaa' }), enviar({ 'x-request-id': 'simultanea-bbbb' })]);
    expect([a.headers['x-request-id'], b.headers['x-request-id']]).toEqual(['simultanea-aaaa', 'simultanea-bbbb']);
    const ids = lineas.filter((l) => l.msg === 'evento emitido').map((l) => l.reqId);
    // Each send emits the same events: as many lines for one id as for the other.
    expect(ids.filter((x) => x === 'simultanea-aaaa').length).toBeGreaterThan(0);
    expect(ids.filter((x) => x === 'simultanea-aaaa').length).toBe(ids.filter((x) => x === 'simultanea-bbbb').length);
    expect(ids.filter((x) => x !== 'simultanea-aaaa' && x !== 'simultanea-bbbb')).toEqual([]);
  });
});
