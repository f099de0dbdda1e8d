// A socket's session is verified on every event, not only at the handshake: a token that expired
// or was revoked while the socket stayed open gets nothing more, and the socket is closed.
import { randomUUID } from 'node:crypto';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { CACHE_SESION_MS, REVERIFICAR_SESION_MS } from '@miduelo/server/plugins/sesiones-cache';
import { paciente, psicologo } from '@miduelo/server/db/schema/cuentas';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { abrirChat, crearConsulta } from '../helpers/chat';
import { esperarEvento, usarServidorDeSockets } from '../helpers/socket';

// The periodic refresh of open sockets' checks (decision 239) is off in test apps and called by
// hand here, where the clock moves; its timer is tested on a server of its own below.
const srv = usarServidorDeSockets();
const socket = (token: string) => srv.socket(token);

const DIA_MS = 24 * 3600_000;

describe('sesión de un socket abierto', () => {
  it('un token de paciente que expira con el socket abierto: chat:unirse y chat:enviar se rechazan y el socket se cierra', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const s = await socket(c.pac[0].token);
    expect(await s.emitWithAck('chat:unirse', { id_chat: id })).toMatchObject({ ok: true });
    const revocada = esperarEvento<{ motivo: string }>(s, 'sesion:revocada');
    const cerrado = new Promise((r) => s.once('disconnect', r));
    srv.t.reloj.avanzar(31 * DIA_MS);
    try {
      const r = await s.emitWithAck('chat:unirse', { id_chat: id });
      expect(r).toEqual({ ok: false, msg: MSG_GENERICO.sesionExpirada, code: 'TOKEN_EXPIRADO', status: 401 });
      expect(await revocada).toEqual({ motivo: 'expirada' });
      await cerrado;
    } finally {
      srv.t.reloj.fijar(new Date());
    }
    const s2 = await socket(c.pac[0].token);
    const tarde = await s2.emitWithAck('chat:enviar', { id_chat: id, contenido: 'hola' });
    expect(tarde).toMatchObject({ ok: true });
    srv.t.reloj.avanzar(31 * DIA_MS);
    try {
      const r = await s2.emitWithAck('chat:enviar', { id_chat: id, contenido: 'tarde' });
      expect(r).toMatchObject({ ok: false, msg: MSG_GENERICO.sesionExpirada, status: 401 });
    } finally {
      srv.t.reloj.fijar(new Date());
    }
    const mensajes = (await c.psi.get(`/api/psicologo/chats/${id}/mensajes`)).body as Array<{ contenido: string }>;
    expect(mensajes.map((m) => m.contenido)).toEqual(['hola']);
  });

  it('sin ningún evento del cliente, el servidor cierra el socket cuando su token expira', async () => {
    const c = await crearConsulta(srv.t, 1);
    const p = c.pacientes[0];
    const iat = Math.floor(srv.t.reloj.ahora().getTime() / 1000);
    // A token that expires in one second: the same claims the app signs, a short lifetime.
    const token = srv.t.app.jwt.sign({
      tipo: 'paciente',
      id_paciente: p.id_paciente,
      nombre: p.nombre,
      apellido: p.apellido_paterno,
      ver: p.versionSesion,
      jti: randomUUID(),
      iat,
      exp: iat + 1,
    });
    const s = await socket(token);
    const revocada = esperarEvento<{ motivo: string }>(s, 'sesion:revocada', 4000);
    const cerrado = new Promise((r) => s.once('disconnect', r));
    expect(await revocada).toEqual({ motivo: 'expirada' });
    await cerrado;
    expect(s.connected).toBe(false);
  });

  it('un token revocado sin cerrar sus sockets (sesiones.revocar: la base y el olvido) se rechaza en el evento siguiente, sin esperar', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const s = await socket(c.psi.token);
    expect(await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'antes del cierre' })).toMatchObject({ ok: true });
    // The revocation alone, as if the node that handled the logout never reached this socket: the
    // forget of the token makes its next event read the database (decision 233).
    await srv.t.app.sesiones.revocar(srv.t.app.jwt.decode(c.psi.token) as never);
    const cerrado = new Promise((r) => s.once('disconnect', r));
    const r = await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'después del cierre' });
    expect(r).toMatchObject({ ok: false, code: 'TOKEN_REVOCADO', status: 401 });
    await cerrado;
    const vistos = (await c.pac[0].get(`/api/paciente/chats/${id}/mensajes`)).body as { contenido: string }[];
    expect(vistos.map((m) => m.contenido)).toEqual(['antes del cierre']);
  });

  it('la versión de sesión cambiada en la base sin ningún aviso se nota en el primer evento pasada la vida de la caché de sesiones: el socket se verifica sin guardar el token', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const s = await socket(c.psi.token);
    expect(await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'antes' })).toMatchObject({ ok: true });
    // A manual UPDATE, as a password reset writes it, without the forget every app path sends.
    await srv.t.db
      .update(psicologo)
      .set({ versionSesion: sql`${psicologo.versionSesion} + 1` })
      .where(eq(psicologo.id_psicologo, c.psicologo.id_psicologo));
    // The same bound as a REST request's cached check (decision 082): the socket relies on its
    // last check until then, as the cache would (decision 233).
    srv.t.reloj.avanzar(REVERIFICAR_SESION_MS + 1);
    expect(await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'aún dentro del plazo' })).toMatchObject({ ok: true });
    srv.t.reloj.avanzar(CACHE_SESION_MS);
    const cerrado = new Promise((r) => s.once('disconnect', r));
    const r = await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'después del cambio' });
    expect(r).toMatchObject({ ok: false, code: 'TOKEN_REVOCADO', status: 401 });
    await cerrado;
    const vistos = (await c.pac[0].get(`/api/paciente/chats/${id}/mensajes`)).body as { contenido: string }[];
    expect(vistos.map((m) => m.contenido)).toEqual(['antes', 'aún dentro del plazo']);
  });

  it('un cambio del estado de sesión que se anuncia (olvidarCuenta, como toda escritura de la app) se nota en el evento siguiente, sin esperar', async () => {
    const c = await crearConsulta(srv.t, 2);
    const id = await abrirChat(c);
    const id2 = await abrirChat(c, 1);
    const s = await socket(c.psi.token);
    const otro = await socket(c.pac[1].token);
    expect(await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'antes' })).toMatchObject({ ok: true });
    await srv.t.db
      .update(psicologo)
      .set({ versionSesion: sql`${psicologo.versionSesion} + 1` })
      .where(eq(psicologo.id_psicologo, c.psicologo.id_psicologo));
    // The forget alone (no socket is closed by it): the socket's next event reads the database.
    await srv.t.app.sesiones.olvidarCuenta({ tipo: 'psicologo', id: c.psicologo.id_psicologo });
    const cerrado = new Promise((r) => s.once('disconnect', r));
    const r = await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'después del aviso' });
    expect(r).toMatchObject({ ok: false, code: 'TOKEN_REVOCADO', status: 401 });
    await cerrado;
    // Another account's socket keeps relying on its own check.
    expect(await otro.emitWithAck('chat:unirse', { id_chat: id2 })).toMatchObject({ ok: true });
    expect(otro.connected).toBe(true);
    const vistos = (await c.pac[0].get(`/api/paciente/chats/${id}/mensajes`)).body as { contenido: string }[];
    expect(vistos.map((m) => m.contenido)).toEqual(['antes']);
  });
});

describe('refresco periódico de las verificaciones de los sockets abiertos (decisión 239)', () => {
  it('una verificación refrescada antes de vencer vale otra vida de la caché: el primer evento pasados 5 min no espera a la base', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const s = await socket(c.psi.token);
    const otro = await socket(c.pac[0].token);
    expect(await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'antes' })).toMatchObject({ ok: true });
    // Just before the check's life ends, the node refreshes it (one batch for every due socket).
    srv.t.reloj.avanzar(CACHE_SESION_MS - 1);
    await srv.t.app.realtime.refrescarSesiones();
    // A manual UPDATE without forget after the refresh: the socket relies on the refreshed check,
    // as a cached REST check would, for another cache life from the refresh, not from the handshake.
    await srv.t.db
      .update(psicologo)
      .set({ versionSesion: sql`${psicologo.versionSesion} + 1` })
      .where(eq(psicologo.id_psicologo, c.psicologo.id_psicologo));
    srv.t.reloj.avanzar(60_000);
    expect(await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'con la verificación refrescada' })).toMatchObject({ ok: true });
    // The next refresh, once that check is near its end, reads the change: the socket is closed
    // without waiting for an event of its own; the patient's socket stays.
    const revocada = esperarEvento<{ motivo: string }>(s, 'sesion:revocada');
    const cerrado = new Promise((r) => s.once('disconnect', r));
    srv.t.reloj.avanzar(CACHE_SESION_MS);
    await srv.t.app.realtime.refrescarSesiones();
    expect(await revocada).toEqual({ motivo: 'cierre' });
    await cerrado;
    expect(otro.connected).toBe(true);
    expect(await otro.emitWithAck('chat:enviar', { id_chat: id, contenido: 'sigo aquí' })).toMatchObject({ ok: true });
    const vistos = (await c.pac[0].get(`/api/paciente/chats/${id}/mensajes`)).body as { contenido: string }[];
    expect(vistos.map((m) => m.contenido)).toEqual(['antes', 'con la verificación refrescada', 'sigo aquí']);
  });

  it('una verificación reciente no se vuelve a leer: el refresco solo toma las que vencen pronto', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const s = await socket(c.psi.token);
    await srv.t.db
      .update(psicologo)
      .set({ versionSesion: sql`${psicologo.versionSesion} + 1` })
      .where(eq(psicologo.id_psicologo, c.psicologo.id_psicologo));
    // Half a check's life: not due, so the manual change is not read yet (as a cached REST check).
    srv.t.reloj.avanzar(CACHE_SESION_MS / 2);
    await srv.t.app.realtime.refrescarSesiones();
    expect(s.connected).toBe(true);
    expect(await s.emitWithAck('chat:unirse', { id_chat: id })).toMatchObject({ ok: true });
  });
});

describe('refresco periódico con su temporizador', () => {
  const rapido = usarServidorDeSockets({ config: { refrescoSesionesMs: 50 } });

  it('sin ningún evento del cliente, un socket cuya sesión se cambió en la base sin aviso se cierra cuando su verificación va a vencer', async () => {
    const c = await crearConsulta(rapido.t, 1);
    const s = await rapido.socket(c.pac[0].token);
    const revocada = esperarEvento<{ motivo: string }>(s, 'sesion:revocada');
    const cerrado = new Promise((r) => s.once('disconnect', r));
    await rapido.t.db
      .update(paciente)
      .set({ versionSesion: sql`${paciente.versionSesion} + 1` })
      .where(eq(paciente.id_paciente, c.pacientes[0].id_paciente));
    rapido.t.reloj.avanzar(CACHE_SESION_MS);
    expect(await revocada).toEqual({ motivo: 'cierre' });
    await cerrado;
  });
});

describe('base de datos caída', () => {
  // On PostgreSQL the app reaches its database through a TCP proxy that the test cuts (every
  // connection reset, new ones refused), as a network or a failover would. PGlite runs in this
  // process and has no connection to cut: every query fails the way the PostgreSQL driver fails
  // when the server is unreachable (ECONNREFUSED).
  const caida = usarServidorDeSockets({ porProxy: true });

  function cortarBase(): () => void {
    const proxy = caida.t.proxy;
    if (proxy) {
      proxy.cortar();
      return () => proxy.restaurar();
    }
    const pg = caida.t.base.handle.pglite;
    if (!pg) throw new Error('sin proxy ni PGlite: no hay base que cortar');
    const original = { query: pg.query, transaction: pg.transaction, exec: pg.exec };
    const falla = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    Object.assign(pg, { query: falla, transaction: falla, exec: falla });
    return () => Object.assign(pg, original);
  }

  it('los acks de socket responden el mismo 503 que HTTP y el socket sigue abierto', async () => {
    const c = await crearConsulta(caida.t, 1);
    const id = await abrirChat(c);
    const s = await caida.socket(c.psi.token);
    const restaurar = cortarBase();
    const esperado = { ok: false, msg: MSG_GENERICO.baseDatos, code: 'SERVICIO_NO_DISPONIBLE', status: 503 };
    try {
      const http = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'sin base' });
      expect(http.status).toBe(503);
      expect(http.body).toEqual({ msg: esperado.msg, code: esperado.code });
      expect(await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'sin base' })).toEqual(esperado);
      expect(await s.emitWithAck('chat:unirse', { id_chat: id })).toEqual(esperado);
      // The periodic refresh finds no database either: it leaves every socket as it was.
      caida.t.reloj.avanzar(CACHE_SESION_MS - 1);
      await caida.t.app.realtime.refrescarSesiones();
      expect(s.connected).toBe(true);
    } finally {
      restaurar();
    }
    expect(await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'de vuelta' })).toMatchObject({ ok: true });
    // Nothing of the outage was stored: the conversation holds the one message sent after it.
    const mensajes = (await c.psi.get(`/api/psicologo/chats/${id}/mensajes`)).body as Array<{ contenido: string }>;
    expect(mensajes.map((m) => m.contenido)).toEqual(['de vuelta']);
  });
});
