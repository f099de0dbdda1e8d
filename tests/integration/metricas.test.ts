// The operator's metrics (issue 57, decisions 386–387): `/metrics` in Prometheus' text format, only
// with METRICS_TOKEN, 404 without it; request durations by route pattern and status, the chat's
// send-to-commit time, events emitted, open sockets by role, database use, mail and push sends.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { abrirChat, type Consulta, crearConsulta, idCliente } from '../helpers/chat';
import { hasta } from '../helpers/fallos';
import { iniciarServicioPush, type ServicioPush } from '../helpers/push';
import { conectar, esperarConexion, type SocketCliente } from '../helpers/socket';

const TOKEN = 'token-de-metricas-de-prueba-0123456789-abcdef';

let t: AppDePrueba;
let push: ServicioPush;
let c: Consulta;
/** The chat of the psychologist with the first patient (opened by the first test that needs it). */
let idChat0 = 0;
const abiertos: SocketCliente[] = [];

beforeAll(async () => {
  push = await iniciarServicioPush();
  t = await crearAppDePrueba({ env: { METRICS_TOKEN: TOKEN }, config: push.config });
  await t.escuchar();
  c = await crearConsulta(t, 2);
});
afterAll(async () => {
  for (const s of abiertos) s.close();
  await t?.cerrar();
  await push?.cerrar();
});

async function metricas(): Promise<string> {
  const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return r.body;
}

/** The value of one series (`nombre{etiquetas}` exactly as Prometheus' text format writes it). */
function valor(texto: string, serie: string): number | undefined {
  const linea = texto.split('\n').find((l) => l.startsWith(`${serie} `));
  return linea === undefined ? undefined : Number(linea.slice(serie.length + 1));
}

/** Resolves when the server has dropped the next socket that connects (its disconnect handlers ran). */
function cierreDelSiguiente(): Promise<void> {
  return new Promise((resolve) => t.app.realtime.io.once('connection', (s) => s.once('disconnect', () => resolve())));
}

const motor = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe('acceso a /metrics', () => {
  it('sin token, con otro token o con la sesión de un usuario: 401 con { msg, code } en español y ninguna métrica', async () => {
    const sesion = c.psi.token;
    for (const authorization of [
      undefined,
      'Bearer otro-token-cualquiera-de-32-caracteres!!',
      `Bearer ${sesion}`,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
    ]) {
      const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(r.statusCode, String(authorization)).toBe(401);
      expect(r.json()).toEqual({ msg: 'Falta el token de métricas o no es válido', code: 'METRICAS_NO_AUTORIZADO' });
      expect(r.headers['www-authenticate']).toBe('Bearer realm="metricas"');
      expect(r.body).not.toContain('miduelo_');
    }
    expect(await metricas()).toContain('miduelo_http_request_duration_seconds');
  });

  it('sin METRICS_TOKEN las métricas están desactivadas: /metrics responde 404, con o sin token', async () => {
    const sin = await crearAppDePrueba();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const r = await sin.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(r.statusCode).toBe(404);
        expect(r.json()).toMatchObject({ code: 'RUTA_NO_ENCONTRADA', msg: expect.any(String) });
      }
    } finally {
      await sin.cerrar();
    }
  });
});

describe('lo que se mide', () => {
  it('las peticiones y un envío de chat aparecen por patrón de ruta y estado, sin ids en las etiquetas', async () => {
    const idChat = await abrirChat(c);
    idChat0 = idChat;
    const envio = await c.psi.post('/api/psicologo/mensajes', {
      id_chat: idChat,
      contenido: 'Hola, ¿cómo sigues?',
      id_cliente: idCliente(),
    });
    expect(envio.status).toBe(201);
    expect((await c.psi.get(`/api/psicologo/chats/${idChat}/mensajes`)).status).toBe(200);
    expect((await c.psi.get(`/api/psicologo/chats/${idChat + 1000}/mensajes`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/no-existe/${idChat}` })).statusCode).toBe(404);

    // The push module reads the patient's preferences after the answer: done before counting.
    await Promise.all([...t.app.pushPendientes]);
    const m = await metricas();
    const http = (metodo: string, ruta: string, estado: number) =>
      valor(m, `miduelo_http_request_duration_seconds_count{method="${metodo}",route="${ruta}",status_code="${estado}"}`);
    expect(http('POST', '/api/psicologo/chats', 201)).toBe(1);
    expect(http('POST', '/api/psicologo/mensajes', 201)).toBe(1);
    expect(http('GET', '/api/psicologo/chats/:id/mensajes', 200)).toBe(1);
    expect(http('GET', '/api/psicologo/chats/:id/mensajes', 404)).toBe(1);
    expect(http('GET', 'sin_ruta', 404)).toBe(1);
    // Buckets of the same series: the send took less than 10 s.
    expect(
      valor(m, 'miduelo_http_request_duration_seconds_bucket{le="10",method="POST",route="/api/psicologo/mensajes",status_code="201"}'),
    ).toBe(1);

    // No label of any series carries a number from a path (an id) or the path of a request.
    const rutas = [...m.matchAll(/route="([^"]*)"/g)].map((x) => x[1]);
    expect(rutas.length).toBeGreaterThan(0);
    for (const r of rutas) expect(r, r).not.toMatch(/\/\d+(\/|$)|no-existe/);

    // The chat send, from its arrival to its commit; and the event it published.
    expect(valor(m, 'miduelo_chat_send_commit_seconds_count{via="rest"}')).toBe(1);
    expect(valor(m, 'miduelo_chat_send_commit_seconds_bucket{le="5",via="rest"}')).toBe(1);
    // One emit per side of the conversation.
    expect(valor(m, 'miduelo_socket_events_emitted_total{event="chat:mensaje"}')).toBeGreaterThanOrEqual(1);

    // The database: operations timed, none left in flight once every answer is out, the pool's size.
    expect(valor(m, 'miduelo_db_operation_duration_seconds_count{operation="query"}')).toBeGreaterThan(3);
    expect(valor(m, 'miduelo_db_operations_in_flight{operation="query"}')).toBe(0);
    expect(valor(m, 'miduelo_db_operations_in_flight{operation="transaction"}')).toBe(0);
    const max = motor === 'pglite' ? 1 : (t.db as unknown as { $client: { options: { max: number } } }).$client.options.max;
    expect(max).toBeGreaterThan(0);
    expect(valor(m, `miduelo_db_connections_max{engine="${motor}"}`)).toBe(max);
    // Event-loop lag and the process' own, from prom-client's defaults.
    expect(valor(m, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(m).toContain('process_resident_memory_bytes');
  });

  it('un envío por socket se mide como via="socket"', async () => {
    const idChat = await abrirChat(c, 1);
    const antes = valor(await metricas(), 'miduelo_chat_send_commit_seconds_count{via="socket"}') ?? 0;
    const cerrado = cierreDelSiguiente();
    const s = conectar(t.url, c.pac[1].token);
    abiertos.push(s);
    await esperarConexion(s);
    expect(valor(await metricas(), 'miduelo_sockets_open{role="paciente"}')).toBe(1);
    const ack = await s.emitWithAck('chat:enviar', { id_chat: idChat, contenido: 'Te escribo desde la app', id_cliente: idCliente() });
    expect(ack).toMatchObject({ ok: true });
    expect(valor(await metricas(), 'miduelo_chat_send_commit_seconds_count{via="socket"}')).toBe(antes + 1);
    s.close();
    await cerrado;
    expect(valor(await metricas(), 'miduelo_sockets_open{role="paciente"}')).toBe(0);
  });

  it('el indicador de sockets abiertos sube al conectar y baja al desconectar, por rol', async () => {
    const rol = async (r: string) => valor(await metricas(), `miduelo_sockets_open{role="${r}"}`);
    expect([await rol('psicologo'), await rol('paciente'), await rol('admin')]).toEqual([0, 0, 0]);
    const cerrado = cierreDelSiguiente();
    const s = conectar(t.url, c.psi.token);
    abiertos.push(s);
    await esperarConexion(s);
    expect([await rol('psicologo'), await rol('paciente'), await rol('admin')]).toEqual([1, 0, 0]);
    s.disconnect();
    await cerrado;
    expect(await rol('psicologo')).toBe(0);
  });

  it('correos y notificaciones push se cuentan por resultado', async () => {
    const m0 = await metricas();
    const pushOk0 = valor(m0, 'miduelo_push_sends_total{result="ok"}') ?? -1;
    const pushError0 = valor(m0, 'miduelo_push_sends_total{result="error"}') ?? -1;
    const correo0 = valor(m0, 'miduelo_mail_sends_total{result="ok"}') ?? -1;
    expect([pushOk0, pushError0, correo0].every((x) => x >= 0)).toBe(true);

    // Two subscriptions of a patient without an open socket: one answered, one failing (500).
    const idChat = idChat0 || (await abrirChat(c));
    for (const ruta of ['/bien', '/falla'])
      expect((await c.pac[0].post('/api/paciente/push/suscripciones', push.suscripcion(ruta))).status).toBe(201);
    push.responder('/falla', 500);
    expect((await c.psi.post('/api/psicologo/mensajes', { id_chat: idChat, contenido: 'Un aviso', id_cliente: idCliente() })).status).toBe(
      201,
    );
    await Promise.all([...t.app.pushPendientes]);

    // A reset link: the mail goes to the test's SMTP server.
    const desde = t.buzon.correos.length;
    await t.app.inject({ method: 'POST', url: '/api/psicologo/recuperar-contrasena', payload: { correoOTelefono: c.psicologo.correo } });
    await t.buzon.esperar(c.psicologo.correo, { desde });
    await hasta(async () => valor(await metricas(), 'miduelo_mail_sends_total{result="ok"}') === correo0 + 1, 5000, 'correo contado');

    const m = await metricas();
    expect(valor(m, 'miduelo_push_sends_total{result="ok"}')).toBe(pushOk0 + 1);
    expect(valor(m, 'miduelo_push_sends_total{result="error"}')).toBe(pushError0 + 1);
    expect(valor(m, 'miduelo_mail_sends_total{result="error"}')).toBe(0);
  });
});

describe('el tablero de Grafana (deploy/grafana/miduelo.json)', () => {
  it('cada métrica que sus consultas nombran existe en lo que /metrics emite', async () => {
    const tablero = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../deploy/grafana/miduelo.json'), 'utf8')) as {
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
    };
    const nombres = new Set<string>();
    for (const p of tablero.panels)
      for (const q of p.targets) for (const m of q.expr.matchAll(/\b(?:miduelo|nodejs|process)_[a-z0-9_]+\b/g)) nombres.add(m[0]);
    expect(nombres.size).toBeGreaterThan(10);
    const series = new Set(
      (await metricas())
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(l)?.[0]),
    );
    expect([...nombres].filter((n) => !series.has(n))).toEqual([]);
  });
});
