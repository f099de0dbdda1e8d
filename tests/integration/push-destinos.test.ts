// Where the server may send a Web Push (issue 52, findings 1 and 3; docs/decisions/329): a
// subscription naming loopback, a private, link-local, unique-local, CGNAT, multicast or metadata
// address — literally or through its name — is refused with a Spanish 400 and stored nowhere; a
// name that resolves to such an address when the notification is sent is refused at connect time;
// an operator's PUSH_HOSTS_PERMITIDOS limits the hosts; a patient keeps at most five subscriptions
// (the oldest gives way) and cannot post them without limit.
import { MAX_SUSCRIPCIONES_PUSH, MSG_PUSH, SUSCRIPCIONES_POR_VENTANA } from '@miduelo/shared/notificaciones';
import { leerConfig } from '@miduelo/server/config';
import { suscripcionPush } from '@miduelo/server/db/schema/notificaciones';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { abrirChat, crearConsulta, idCliente } from '../helpers/chat';
import { iniciarServicioPush, type ServicioPush } from '../helpers/push';

let push: ServicioPush;
/** The product as deployed: no test-only allowance, but an agent that would trust the test's own
 * push service — so only the address rule stands between a send and that service. */
let sinPermiso: AppDePrueba;
/** The usual test harness: its own push service on 127.0.0.1 is explicitly allowed. */
let conPermiso: AppDePrueba;

beforeAll(async () => {
  push = await iniciarServicioPush();
  sinPermiso = await crearAppDePrueba({ config: { agentePush: push.agente } });
  conPermiso = await crearAppDePrueba({ config: push.config });
});
afterAll(async () => {
  await sinPermiso?.cerrar();
  await conPermiso?.cerrar();
  await push.cerrar();
});

const filasDe = (t: AppDePrueba, idPaciente: number) =>
  t.db.select().from(suscripcionPush).where(eq(suscripcionPush.id_paciente, idPaciente)).orderBy(asc(suscripcionPush.id_suscripcion));

const enviosTerminados = (t: AppDePrueba) => Promise.all([...t.app.pushPendientes]);

/** A psychologist's chat message to patient 0, and every send it started has ended. */
async function mensajeA(t: AppDePrueba, c: Awaited<ReturnType<typeof crearConsulta>>) {
  const id = await abrirChat(c);
  expect((await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Hola', id_cliente: idCliente() })).status).toBe(201);
  await enviosTerminados(t);
}

describe('destinos de las suscripciones', () => {
  it('una dirección de loopback, privada, de enlace local, única local, CGNAT, multicast o de metadatos: 400 en español y nada guardado', async () => {
    // Refused requests count against the patient's rate too: each patient tries a handful.
    const c = await crearConsulta(sinPermiso, 4);
    const { keys } = push.suscripcion();
    const puerto = new URL(push.url).port;
    const endpoints = [
      `https://127.0.0.1:${puerto}/push/x`,
      'https://127.0.0.1:4399/x',
      'https://127.0.0.1:5432/pg',
      'https://127.8.9.10/x',
      'https://2130706433/x', // 127.0.0.1 written as a number
      'https://0x7f.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:a9fe:a9fe]/latest/meta-data/',
      'https://[64:ff9b::a00:1]/x',
      'https://[2002:c0a8:101::1]/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00:ec2::254]/latest/meta-data/',
      'https://[fe80::1]/x',
      'https://10.0.0.1/x',
      'https://172.16.5.4/x',
      'https://192.168.1.1/x',
      'https://100.64.0.1/x',
      'https://100.100.100.200/latest/meta-data/',
      'https://0.0.0.0/x',
      'https://[::]/x',
      'https://224.0.0.1/x',
      'https://[ff02::1]/x',
      'https://255.255.255.255/x',
      // Names: `localhost` (and its subdomains), whatever the resolver says, and a name this
      // machine resolves to loopback.
      `https://localhost:${puerto}/push/x`,
      'https://LOCALHOST./x',
      'https://api.localhost/x',
    ];
    for (const [i, endpoint] of endpoints.entries()) {
      const r = await c.pac[Math.floor(i / SUSCRIPCIONES_POR_VENTANA)].post('/api/paciente/push/suscripciones', { endpoint, keys });
      expect({ endpoint, status: r.status, msg: r.body.msg }).toEqual({ endpoint, status: 400, msg: MSG_PUSH.endpointNoPermitido });
    }
    // http is never a push service.
    const http = await c.pac[3].post('/api/paciente/push/suscripciones', { endpoint: 'http://push.example.com/x', keys });
    expect(http.status).toBe(400);
    expect(http.body.msg).toBe(MSG_PUSH.endpointInvalido);
    for (const p of c.pacientes) expect(await filasDe(sinPermiso, p.id_paciente)).toEqual([]);
  });

  it('el permiso de pruebas solo abre loopback: una dirección privada sigue rechazada', async () => {
    const c = await crearConsulta(conPermiso, 1);
    const { keys } = push.suscripcion();
    for (const endpoint of ['https://10.0.0.1/x', 'https://169.254.169.254/latest/meta-data/', 'https://[fd00::1]/x']) {
      const r = await c.pac[0].post('/api/paciente/push/suscripciones', { endpoint, keys });
      expect({ endpoint, status: r.status, msg: r.body.msg }).toEqual({ endpoint, status: 400, msg: MSG_PUSH.endpointNoPermitido });
    }
    expect(await filasDe(conPermiso, c.pacientes[0].id_paciente)).toEqual([]);
  });

  it('al enviar se comprueba la dirección a la que se conecta: un nombre que ahora resuelve a loopback no recibe nada', async () => {
    // Rows as a rebinding name would leave them (public when subscribed, loopback now), or stored
    // before the rule: the service would accept the connection, its certificate is trusted.
    const c = await crearConsulta(sinPermiso, 1);
    const idPaciente = c.pacientes[0].id_paciente;
    const porNombre = push.suscripcion('/rebinding-nombre');
    const literal = push.suscripcion('/rebinding-literal');
    await sinPermiso.db.insert(suscripcionPush).values([
      { id_paciente: idPaciente, endpoint: porNombre.endpoint.replace('127.0.0.1', 'localhost'), ...porNombre.keys },
      { id_paciente: idPaciente, endpoint: literal.endpoint, ...literal.keys },
    ]);
    const antes = push.recibidos.length;
    await mensajeA(sinPermiso, c);
    expect(push.recibidos.length).toBe(antes);
    expect(push.recibidos.map((r) => r.ruta)).not.toContain('/rebinding-nombre');
    // Both are removed: they will never be a push service.
    expect(await filasDe(sinPermiso, idPaciente)).toEqual([]);
  });

  it('con el permiso de pruebas, un nombre resuelto a loopback sí entrega (el agente resuelve y conecta)', async () => {
    const c = await crearConsulta(conPermiso, 1);
    const s = push.suscripcion('/por-nombre');
    const r = await c.pac[0].post('/api/paciente/push/suscripciones', { ...s, endpoint: s.endpoint.replace('127.0.0.1', 'localhost') });
    expect(r.status).toBe(201);
    const antes = push.recibidos.length;
    await mensajeA(conPermiso, c);
    await push.esperar(antes + 1);
    expect(push.recibidos.at(-1)?.ruta).toBe('/por-nombre');
  });

  it('PUSH_HOSTS_PERMITIDOS: solo esos servicios (y sus subdominios)', async () => {
    const t = await crearAppDePrueba({ env: { PUSH_HOSTS_PERMITIDOS: 'push.example.com, FCM.googleapis.com' } });
    try {
      expect(t.config.pushHostsPermitidos).toEqual(['push.example.com', 'fcm.googleapis.com']);
      const c = await crearConsulta(t, 1);
      const { keys } = push.suscripcion();
      const otro = await c.pac[0].post('/api/paciente/push/suscripciones', { endpoint: 'https://push.example.org/x', keys });
      expect(otro.status).toBe(400);
      expect(otro.body.msg).toBe(MSG_PUSH.endpointNoPermitido);
      const parecido = await c.pac[0].post('/api/paciente/push/suscripciones', { endpoint: 'https://evilpush.example.com/x', keys });
      expect(parecido.status).toBe(400);
      // A listed host (not resolvable here: left to the connect-time check) is accepted.
      const listado = await c.pac[0].post('/api/paciente/push/suscripciones', { endpoint: 'https://a.push.example.com/x', keys });
      expect(listado.status).toBe(201);
      expect((await filasDe(t, c.pacientes[0].id_paciente)).map((f) => f.endpoint)).toEqual(['https://a.push.example.com/x']);
    } finally {
      await t.cerrar();
    }
    expect(() => leerConfig({ PUSH_HOSTS_PERMITIDOS: 'https://push.example.com/' })).toThrow(/PUSH_HOSTS_PERMITIDOS/);
  });
});

describe('cuántas suscripciones', () => {
  it(`un paciente conserva ${MAX_SUSCRIPCIONES_PUSH}: la sexta reemplaza a la más antigua, y el aviso llega a esas ${MAX_SUSCRIPCIONES_PUSH}`, async () => {
    const c = await crearConsulta(conPermiso, 1);
    const idPaciente = c.pacientes[0].id_paciente;
    const subs = [];
    for (let i = 0; i <= MAX_SUSCRIPCIONES_PUSH; i++) {
      const s = push.suscripcion(`/tope-${idPaciente}-${i}`);
      expect((await c.pac[0].post('/api/paciente/push/suscripciones', s)).status).toBe(201);
      subs.push(s);
    }
    const filas = await filasDe(conPermiso, idPaciente);
    expect(filas.map((f) => f.endpoint).sort()).toEqual(
      subs
        .slice(1)
        .map((s) => s.endpoint)
        .sort(),
    );
    const antes = push.recibidos.length;
    await mensajeA(conPermiso, c);
    await push.esperar(antes + MAX_SUSCRIPCIONES_PUSH);
    const rutas = push.recibidos.slice(antes).map((r) => r.ruta);
    expect(rutas.sort()).toEqual(
      subs
        .slice(1)
        .map((s) => new URL(s.endpoint).pathname)
        .sort(),
    );
  });

  it('suscribirse sin límite: 429 con el aviso en español, nada guardado; otro paciente no se ve afectado', async () => {
    const c = await crearConsulta(conPermiso, 2);
    const idPaciente = c.pacientes[0].id_paciente;
    for (let i = 0; i < SUSCRIPCIONES_POR_VENTANA; i++)
      expect((await c.pac[0].post('/api/paciente/push/suscripciones', push.suscripcion())).status).toBe(201);
    const antes = await filasDe(conPermiso, idPaciente);
    const r = await c.pac[0].post('/api/paciente/push/suscripciones', push.suscripcion());
    expect(r.status).toBe(429);
    expect(r.body.msg).toBe(MSG_PUSH.demasiadasSuscripciones);
    expect(await filasDe(conPermiso, idPaciente)).toEqual(antes);
    expect((await c.pac[1].post('/api/paciente/push/suscripciones', push.suscripcion())).status).toBe(201);
  });
});
