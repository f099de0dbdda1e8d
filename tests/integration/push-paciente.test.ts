// Web Push of the patient's app (issue 17): subscriptions and preferences under /api/paciente, and
// notifications sent — encrypted, to a push service the test serves itself — for a new message, an
// appointment change, or an activity the psychologist assigns or reminds (decision 201), only while
// the patient has no open socket, and only of the kinds they chose.
import { MSG_PUSH, TEXTO_PUSH } from '@miduelo/shared/notificaciones';
import { suscripcionPush } from '@miduelo/server/db/schema/notificaciones';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { llamar } from '../helpers/actividades';
import { INSTANTE_LUNES_9 } from '../helpers/agenda';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { abrirChat, type Consulta, cliente, crearConsulta, idCliente } from '../helpers/chat';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { iniciarServicioPush, type ServicioPush } from '../helpers/push';
import { conectar, esperarConexion, type SocketCliente } from '../helpers/socket';

let t: AppDePrueba;
let push: ServicioPush;
let c: Consulta;
let abiertos: SocketCliente[] = [];

beforeAll(async () => {
  push = await iniciarServicioPush();
  t = await crearAppDePrueba({ config: push.config });
  await t.escuchar();
});
afterAll(async () => {
  await t.cerrar();
  await push.cerrar();
});
beforeEach(async () => {
  for (const s of abiertos) s.disconnect();
  abiertos = [];
  push.recibidos.length = 0;
  t.reloj.fijar(INSTANTE_LUNES_9);
  c = await crearConsulta(t, 2);
});

/** The n-th (1-based) module activity of the catalogue. */
async function actividadDeModulo(n: number): Promise<number> {
  const r = await c.psi.get('/api/psicologo/actividades');
  const ids = (r.body as Array<{ id_actividad: number; origen: string }>).filter((a) => a.origen === 'modulo').map((a) => a.id_actividad);
  return ids[n - 1];
}

/** Everything the server started sending because of the last request has been sent (or failed). */
const enviosTerminados = () => Promise.all([...t.app.pushPendientes]);

const suscribir = async (i = 0, ruta?: string) => {
  const s = push.suscripcion(ruta);
  const r = await c.pac[i].post('/api/paciente/push/suscripciones', s);
  expect(r.status).toBe(201);
  expect(r.body).toEqual({ msg: MSG_PUSH.suscrita });
  return s;
};

async function abrirSocket(token: string) {
  const s = conectar(t.url, token);
  abiertos.push(s);
  await esperarConexion(s);
  return s;
}

describe('suscripciones y preferencias', () => {
  it('la clave pública VAPID es la de la configuración; las preferencias empiezan en «todo» y se guardan', async () => {
    const clave = await c.pac[0].get('/api/paciente/push/clave');
    expect(clave.status).toBe(200);
    expect(clave.body).toEqual({ clave_publica: t.config.vapid?.publica });
    expect(t.config.vapid?.publica).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await c.pac[0].get('/api/paciente/push/preferencias')).body).toEqual({ mensajes: true, citas: true, actividades: true });
    const r = await c.pac[0].put('/api/paciente/push/preferencias', { mensajes: false, citas: true, actividades: false });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ mensajes: false, citas: true, actividades: false });
    expect((await c.pac[0].get('/api/paciente/push/preferencias')).body).toEqual({ mensajes: false, citas: true, actividades: false });
    // Another patient keeps their own.
    expect((await c.pac[1].get('/api/paciente/push/preferencias')).body).toEqual({ mensajes: true, citas: true, actividades: true });
  });

  it('una app instalada antes de «actividades» envía solo mensajes y citas: la elección de actividades se conserva', async () => {
    // First write without it: the default (on).
    const primera = await c.pac[0].put('/api/paciente/push/preferencias', { mensajes: true, citas: false });
    expect(primera.status).toBe(200);
    expect(primera.body).toEqual({ mensajes: true, citas: false, actividades: true });
    await c.pac[0].put('/api/paciente/push/preferencias', { mensajes: true, citas: true, actividades: false });
    const vieja = await c.pac[0].put('/api/paciente/push/preferencias', { mensajes: false, citas: true });
    expect(vieja.body).toEqual({ mensajes: false, citas: true, actividades: false });
    expect((await c.pac[0].get('/api/paciente/push/preferencias')).body).toEqual({ mensajes: false, citas: true, actividades: false });
  });

  it('datos inválidos: 400 en español y nada guardado', async () => {
    const s = push.suscripcion();
    for (const [cuerpo, msg] of [
      [{ ...s, endpoint: 'no es una url' }, MSG_PUSH.endpointInvalido],
      [{ ...s, endpoint: 'ftp://push.example/x' }, MSG_PUSH.endpointInvalido],
      [{ endpoint: s.endpoint, keys: { p256dh: 'corta', auth: s.keys.auth } }, MSG_PUSH.suscripcionInvalida],
      [{ endpoint: s.endpoint, keys: 'x' }, MSG_PUSH.suscripcionInvalida],
    ] as const) {
      const r = await c.pac[0].post('/api/paciente/push/suscripciones', cuerpo);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    for (const cuerpo of [
      { mensajes: 'sí', citas: true },
      { mensajes: true, citas: true, actividades: 'no' },
    ]) {
      const pref = await c.pac[0].put('/api/paciente/push/preferencias', cuerpo);
      expect(pref.status).toBe(400);
      expect(pref.body.msg).toBe(MSG_PUSH.preferenciasInvalidas);
    }
    expect((await c.pac[0].get('/api/paciente/push/preferencias')).body).toEqual({ mensajes: true, citas: true, actividades: true });
    const filas = await t.db.select().from(suscripcionPush).where(eq(suscripcionPush.id_paciente, c.pacientes[0].id_paciente));
    expect(filas).toEqual([]);
  });

  it('dar de baja borra solo la propia; el mismo teléfono suscrito por otra cuenta pasa a esa cuenta', async () => {
    const s = await suscribir(0);
    // Patient 1 cannot remove patient 0's subscription…
    const ajena = await inyectarCon(t.app, c.pac[1].token, {
      method: 'DELETE',
      url: '/api/paciente/push/suscripciones',
      payload: { endpoint: s.endpoint },
    });
    expect(ajena.statusCode).toBe(200);
    expect(await t.db.select().from(suscripcionPush).where(eq(suscripcionPush.endpoint, s.endpoint))).toHaveLength(1);
    // …but signing in on that phone and subscribing moves it to patient 1.
    expect((await c.pac[1].post('/api/paciente/push/suscripciones', s)).status).toBe(201);
    const [fila] = await t.db.select().from(suscripcionPush).where(eq(suscripcionPush.endpoint, s.endpoint));
    expect(fila.id_paciente).toBe(c.pacientes[1].id_paciente);
    const propia = await inyectarCon(t.app, c.pac[1].token, {
      method: 'DELETE',
      url: '/api/paciente/push/suscripciones',
      payload: { endpoint: s.endpoint },
    });
    expect(propia.json()).toEqual({ msg: MSG_PUSH.baja });
    expect(await t.db.select().from(suscripcionPush).where(eq(suscripcionPush.endpoint, s.endpoint))).toEqual([]);
  });
});

describe('notificaciones', () => {
  it('un mensaje nuevo del psicólogo llega cifrado al servicio de push, firmado con VAPID y sin el texto', async () => {
    const s = await suscribir(0);
    const id = await abrirChat(c);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Texto clínico que no debe viajar', id_cliente: idCliente() });
    const [n] = await push.esperar(1);
    expect(n.ruta).toBe(new URL(s.endpoint).pathname);
    expect(n.datos).toEqual({
      tipo: 'mensaje',
      titulo: TEXTO_PUSH.titulo,
      cuerpo: TEXTO_PUSH.mensaje,
      url: '/app/chat',
      etiqueta: `mensaje-${id}`,
    });
    expect(JSON.stringify(n.datos)).not.toContain('clínico');
    expect(n.headers['content-encoding']).toBe('aes128gcm');
    expect(n.headers.ttl).toBe(String(24 * 60 * 60));
    // VAPID: the server's public key, and a JWT for this push service's origin.
    const auth = String(n.headers.authorization);
    expect(auth).toContain(`k=${t.config.vapid?.publica}`);
    const jwt = /t=([^,\s]+)/.exec(auth)?.[1] ?? '';
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
    expect(claims.aud).toBe(push.url);
    expect(claims.sub).toBe(t.config.vapid?.sujeto);
  });

  it('con un socket abierto del paciente no se envía push; al cerrarlo, sí', async () => {
    await suscribir(0);
    const id = await abrirChat(c);
    const socket = await abrirSocket(c.pac[0].token);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Hola', id_cliente: idCliente() });
    await enviosTerminados();
    expect(push.recibidos).toEqual([]);
    socket.disconnect();
    // The server has seen the disconnection once the room is empty.
    await expect.poll(() => t.app.realtime.haySockets(`paciente:${c.pacientes[0].id_paciente}`)).toBe(false);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: '¿Sigues ahí?', id_cliente: idCliente() });
    await push.esperar(1);
    await enviosTerminados();
    expect(push.recibidos).toHaveLength(1);
  });

  it('los mensajes propios del paciente y los de otro paciente no le llegan como push', async () => {
    await suscribir(0);
    const id0 = await abrirChat(c, 0);
    const id1 = await abrirChat(c, 1);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id0, contenido: 'Mío', id_cliente: idCliente() });
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id1, contenido: 'Para el otro paciente', id_cliente: idCliente() });
    await enviosTerminados();
    expect(push.recibidos).toEqual([]);
  });

  it('cambios de cita hechos por el psicólogo avisan; los del propio paciente, no', async () => {
    await suscribir(0);
    const creada = await c.psi.post('/api/psicologo/citas', {
      id_paciente: c.pacientes[0].id_paciente,
      fecha: '2027-03-02',
      hora_inicio: '10:00',
      modalidad: 'Presencial',
      estado: 'pendiente',
    });
    expect(creada.status).toBe(201);
    const idCita = creada.body.id_cita as number;
    await push.esperar(1);
    expect(push.recibidos[0].datos).toMatchObject({
      tipo: 'cita',
      cuerpo: TEXTO_PUSH.citaCreada,
      url: '/app/citas',
      etiqueta: `cita-${idCita}`,
    });
    expect((await c.psi.put(`/api/psicologo/citas/${idCita}`, { estado: 'confirmada' })).status).toBe(200);
    await push.esperar(2);
    expect(push.recibidos[1].datos).toMatchObject({ tipo: 'cita', cuerpo: TEXTO_PUSH.citaActualizada });
    expect((await c.pac[0].put(`/api/paciente/citas/${idCita}/cancelar`)).status).toBe(200);
    await enviosTerminados();
    expect(push.recibidos).toHaveLength(2);
  });

  it('una cita que el psicólogo cancela o elimina avisa que se canceló', async () => {
    await suscribir(0);
    const crear = async (hora_inicio: string) => {
      const r = await c.psi.post('/api/psicologo/citas', {
        id_paciente: c.pacientes[0].id_paciente,
        fecha: '2027-03-03',
        hora_inicio,
        modalidad: 'Presencial',
        estado: 'pendiente',
      });
      expect(r.status).toBe(201);
      return r.body.id_cita as number;
    };
    const cancelada = await crear('10:00');
    const eliminada = await crear('12:00');
    await push.esperar(2);
    expect((await c.psi.put(`/api/psicologo/citas/${cancelada}`, { estado: 'cancelada' })).status).toBe(200);
    await push.esperar(3);
    expect(push.recibidos[2].datos).toEqual({
      tipo: 'cita',
      titulo: TEXTO_PUSH.titulo,
      cuerpo: TEXTO_PUSH.citaEliminada,
      url: '/app/citas',
      etiqueta: `cita-${cancelada}`,
    });
    expect((await llamar(t, c.psi.token).del(`/api/psicologo/citas/${eliminada}`)).statusCode).toBe(200);
    await push.esperar(4);
    expect(push.recibidos[3].datos).toMatchObject({ tipo: 'cita', cuerpo: TEXTO_PUSH.citaEliminada, etiqueta: `cita-${eliminada}` });
  });

  it('un mensaje del administrador avisa como mensaje del equipo, sin el texto', async () => {
    await suscribir(0);
    const admin = cliente(t, sesionPsicologo(t.app, await crearPsicologo(t.db, { rol_admin: true })));
    const chat = await admin.post('/api/admin/chats', { destinatario_tipo: 'paciente', destinatario_id: c.pacientes[0].id_paciente });
    expect(chat.status).toBe(201);
    const id = chat.body.id_chat_admin as number;
    const r = await admin.post('/api/admin/mensajes', {
      id_chat_admin: id,
      contenido: 'Aviso privado de la clínica',
      id_cliente: idCliente(),
    });
    expect(r.status).toBe(201);
    const [n] = await push.esperar(1);
    expect(n.datos).toEqual({
      tipo: 'mensaje',
      titulo: TEXTO_PUSH.titulo,
      cuerpo: TEXTO_PUSH.mensajeAdmin,
      url: '/app/chat',
      etiqueta: `mensaje-${id}`,
    });
    expect(JSON.stringify(n.datos)).not.toContain('privado');
  });

  it('el paciente elige: sin «mensajes» no llega el del chat, pero sí el de la cita', async () => {
    await suscribir(0);
    await c.pac[0].put('/api/paciente/push/preferencias', { mensajes: false, citas: true });
    const id = await abrirChat(c);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Hola', id_cliente: idCliente() });
    await enviosTerminados();
    expect(push.recibidos).toEqual([]);
    await c.psi.post('/api/psicologo/citas', {
      id_paciente: c.pacientes[0].id_paciente,
      fecha: '2027-03-02',
      hora_inicio: '12:00',
      modalidad: 'En línea',
      estado: 'pendiente',
    });
    await push.esperar(1);
    expect(push.recibidos.map((r) => r.datos.tipo)).toEqual(['cita']);
  });

  it('una actividad que asigna el psicólogo y su recordatorio avisan, sin el título; la que inicia el propio paciente, no', async () => {
    await suscribir(0);
    const id_actividad = await actividadDeModulo(1);
    const asignada = await c.psi.post('/api/psicologo/actividades/asignar', {
      id_actividad,
      pacientes: [c.pacientes[0].id_paciente],
      fecha_limite: '2027-03-10',
    });
    expect(asignada.status).toBe(201);
    const idAsignacion = (asignada.body.asignaciones as Array<{ id_asignacion: number }>)[0].id_asignacion;
    await push.esperar(1);
    expect(push.recibidos[0].datos).toEqual({
      tipo: 'actividad',
      titulo: TEXTO_PUSH.titulo,
      cuerpo: TEXTO_PUSH.actividadAsignada,
      url: `/app/proceso/actividad/${idAsignacion}`,
      etiqueta: `actividad-${idAsignacion}`,
    });
    const titulo = (asignada.body.asignaciones as Array<{ actividad: { titulo: string } }>)[0].actividad.titulo;
    expect(JSON.stringify(push.recibidos[0].datos)).not.toContain(titulo);

    const recordatorio = await c.psi.post(`/api/psicologo/actividades/asignadas/${idAsignacion}/recordatorio`, {});
    expect(recordatorio.status).toBe(200);
    await push.esperar(2);
    expect(push.recibidos[1].datos).toEqual({
      tipo: 'actividad',
      titulo: TEXTO_PUSH.titulo,
      cuerpo: TEXTO_PUSH.actividadRecordatorio,
      url: `/app/proceso/actividad/${idAsignacion}`,
      etiqueta: `actividad-${idAsignacion}`,
    });

    // The patient starts another module activity, finishes the assigned one: nothing more.
    const propia = await c.pac[0].post(`/api/paciente/modulos/actividades/${await actividadDeModulo(2)}/iniciar`);
    expect(propia.status).toBe(201);
    expect((await llamar(t, c.pac[0].token).patch(`/api/paciente/actividades/${idAsignacion}`, { estado: 'finalizada' })).statusCode).toBe(
      200,
    );
    // The psychologist editing instructions is not an assignment either.
    const editar = await llamar(t, c.psi.token).patch(`/api/psicologo/actividades/asignadas/${propia.body.id_asignacion}`, {
      instrucciones_personalizadas: 'Con calma',
    });
    expect(editar.statusCode).toBe(200);
    await enviosTerminados();
    expect(push.recibidos).toHaveLength(2);
  });

  it('sin «actividades» no llega el aviso de la actividad; con la app abierta tampoco', async () => {
    await suscribir(0);
    await c.pac[0].put('/api/paciente/push/preferencias', { mensajes: true, citas: true, actividades: false });
    const id_actividad = await actividadDeModulo(1);
    const asignar = () =>
      c.psi.post('/api/psicologo/actividades/asignar', { id_actividad, pacientes: [c.pacientes[0].id_paciente], fecha_limite: null });
    expect((await asignar()).status).toBe(201);
    await enviosTerminados();
    expect(push.recibidos).toEqual([]);
    await c.pac[0].put('/api/paciente/push/preferencias', { mensajes: true, citas: true, actividades: true });
    const socket = await abrirSocket(c.pac[0].token);
    expect((await asignar()).status).toBe(201);
    await enviosTerminados();
    expect(push.recibidos).toEqual([]);
    socket.disconnect();
    await expect.poll(() => t.app.realtime.haySockets(`paciente:${c.pacientes[0].id_paciente}`)).toBe(false);
    expect((await asignar()).status).toBe(201);
    await push.esperar(1);
    expect(push.recibidos.map((r) => r.datos.tipo)).toEqual(['actividad']);
  });

  it('cada teléfono suscrito recibe el aviso; una suscripción que el servicio da por terminada (410) se borra', async () => {
    const a = await suscribir(0, '/telefono-a');
    const b = await suscribir(0, '/telefono-b');
    push.responder('/telefono-b', 410);
    const id = await abrirChat(c);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Hola', id_cliente: idCliente() });
    await push.esperar(1);
    await enviosTerminados();
    expect(push.recibidos.map((r) => r.ruta)).toEqual(['/telefono-a']);
    const filas = await t.db.select().from(suscripcionPush).where(eq(suscripcionPush.id_paciente, c.pacientes[0].id_paciente));
    expect(filas.map((f) => f.endpoint)).toEqual([a.endpoint]);
    expect(b.endpoint).not.toBe(a.endpoint);
  });
});

describe('servidor sin llaves VAPID (producción sin configurarlas)', () => {
  it('la clave es null y suscribirse responde 400 con el aviso', async () => {
    const sin = await crearAppDePrueba({ config: { vapid: null } });
    try {
      const cs = await crearConsulta(sin, 1);
      expect((await cs.pac[0].get('/api/paciente/push/clave')).body).toEqual({ clave_publica: null });
      const r = await cs.pac[0].post('/api/paciente/push/suscripciones', push.suscripcion());
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(MSG_PUSH.noDisponible);
    } finally {
      await sin.cerrar();
    }
  });
});
