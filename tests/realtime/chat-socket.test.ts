// Live chat over Socket.IO: messages, unread counts and read receipts reach every device of each
// participant and nobody else; a dropped socket gets exactly what it missed; typing is ephemeral.
import { MENSAJES_POR_VENTANA, MSG_CHAT } from '@miduelo/shared/chat';
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import type { Sincronizacion } from '@miduelo/shared/realtime-chat';
import { mensaje } from '@miduelo/server/db/schema/chat';
import { describe, expect, it } from 'vitest';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { esperarConexion, esperarEvento, type SocketCliente, sincronizar, usarServidorDeSockets } from '../helpers/socket';
import { conAvisoCaido } from '../helpers/aviso';
import { abrirChat, cliente, crearConsulta, filasDe, idCliente, noLeidosGuardados } from '../helpers/chat';

const srv = usarServidorDeSockets();
const socket = (token: string) => srv.socket(token);

/** Every payload of an event, as it arrives. */
function recolectar<T>(s: SocketCliente, evento: string): T[] {
  const lista: T[] = [];
  (s as unknown as { on(e: string, f: (p: T) => void): void }).on(evento, (p) => lista.push(p));
  return lista;
}

/** Waits until `cond` holds (events travel asynchronously), failing after a few seconds. */
async function hasta(cond: () => boolean, ms = 5000) {
  const limite = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > limite) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function unirse(s: SocketCliente, id_chat: number, despues_de?: number) {
  return s.emitWithAck('chat:unirse', { id_chat, despues_de });
}

describe('entrega en vivo', () => {
  it('el mensaje llega a las dos conexiones de cada participante y el destinatario recibe su contador', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const [psiLaptop, psiTel, pacLaptop, pacTel] = await Promise.all([
      socket(c.psi.token),
      socket(c.psi.token),
      socket(c.pac[0].token),
      socket(c.pac[0].token),
    ]);
    type Llegada = { mensaje: Mensaje; tipo: string; no_leidos?: { mensajes_no_leidos: number; rev: number } };
    const [enPsiLaptop, enPsiTel, enPacLaptop, enPacTel] = [psiLaptop, psiTel, pacLaptop, pacTel].map((s) =>
      recolectar<Llegada>(s, 'chat:mensaje'),
    );

    const r = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Pienso en ti hoy', id_cliente: idCliente() });
    await hasta(() => [enPsiLaptop, enPsiTel, enPacLaptop, enPacTel].every((m) => m.length === 1));
    // The sender's other tabs get the message; the recipient's copies carry its new unread count.
    for (const m of [enPsiLaptop, enPsiTel]) expect(m[0]).toEqual({ mensaje: r.body, tipo: 'paciente' });
    for (const m of [enPacLaptop, enPacTel])
      expect(m[0]).toEqual({ mensaje: r.body, tipo: 'paciente', no_leidos: { mensajes_no_leidos: 1, rev: expect.any(Number) } });

    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Y mañana también' });
    await hasta(() => enPacTel.length === 2);
    expect(enPacTel[1].no_leidos?.mensajes_no_leidos).toBe(2);
    expect(enPacTel[1].no_leidos?.rev).toBeGreaterThan(enPacTel[0].no_leidos?.rev as number);
    expect(await noLeidosGuardados(srv.t, id, 'paciente')).toBe(2);
  });

  it('marcar leído pone a cero las otras pestañas del lector y envía el acuse al remitente', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const [psi, pacA, pacB] = await Promise.all([socket(c.psi.token), socket(c.pac[0].token), socket(c.pac[0].token)]);
    const enA = recolectar<{ id_chat: number; mensajes_no_leidos: number; rev: number }>(pacA, 'chat:no-leidos');
    const enB = recolectar<{ id_chat: number; mensajes_no_leidos: number; rev: number }>(pacB, 'chat:no-leidos');
    const llegadasB = recolectar<{ no_leidos?: { mensajes_no_leidos: number; rev: number } }>(pacB, 'chat:mensaje');
    const acuses = recolectar<{ id_chat: number; hasta_seq: number }>(psi, 'chat:leido');
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'uno' });
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'dos' });
    await hasta(() => llegadasB.length === 2);
    expect(llegadasB.map((e) => e.no_leidos?.mensajes_no_leidos)).toEqual([1, 2]);
    expect(acuses).toEqual([]);

    // Tab A opens the chat: tab B (and A) see zero, the psychologist gets the receipt.
    expect((await c.pac[0].put(`/api/paciente/chats/${id}/leer`)).status).toBe(200);
    await hasta(() => enA.length === 1 && enB.length === 1 && acuses.length === 1);
    expect(enB[0]).toMatchObject({ id_chat: id, mensajes_no_leidos: 0 });
    expect(enB[0].rev).toBeGreaterThan(llegadasB[1].no_leidos?.rev as number);
    expect(acuses[0]).toEqual({ id_chat: id, hasta_seq: 2 });
    expect(await noLeidosGuardados(srv.t, id, 'paciente')).toBe(0);
    // Nothing new to read: the count is repeated, but no receipt is sent again.
    await c.pac[0].put(`/api/paciente/chats/${id}/leer`);
    await hasta(() => enB.length === 2);
    await sincronizar(psi);
    expect(acuses).toHaveLength(1);
  });

  it('aplicando cada contador por su rev, el último coincide con los no leídos guardados', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const psi = await socket(c.psi.token);
    const eventos = recolectar<{ mensajes_no_leidos: number; rev: number }>(psi, 'chat:no-leidos');
    psi.on('chat:mensaje', (p) => {
      if (p.no_leidos) eventos.push(p.no_leidos);
    });
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      ops.push(c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: `p${i}` }));
      if (i % 4 === 1) ops.push(c.psi.put(`/api/psicologo/chats/${id}/leer`));
    }
    await Promise.all(ops);
    await hasta(() => eventos.length === 12 + 3);
    const ultimo = eventos.reduce((a, b) => (b.rev > a.rev ? b : a));
    expect(ultimo.mensajes_no_leidos).toBe(await noLeidosGuardados(srv.t, id, 'psicologo'));
    expect(new Set(eventos.map((e) => e.rev)).size).toBe(eventos.length);
  });
});

describe('reconexión sin pérdida', () => {
  it('un socket que cae y se pierde N mensajes recibe exactamente esos N, en orden, al volver', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const pac = await socket(c.pac[0].token);
    const vistos = new Map<number, Mensaje>();
    const guardar = (m: Mensaje) => vistos.set(m.seq, m);
    pac.on('chat:mensaje', (p) => guardar(p.mensaje));
    expect((await unirse(pac, id, 0)).ok).toBe(true);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'antes de la caída' });
    await hasta(() => vistos.size === 1);
    const ultimo = Math.max(...vistos.keys());

    pac.disconnect();
    const N = 7;
    for (let i = 1; i <= N; i++) await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: `perdido ${i}` });

    pac.connect();
    await esperarConexion(pac);
    const r = (await unirse(pac, id, ultimo)) as { ok: true; data: Sincronizacion<Mensaje> };
    expect(r.ok).toBe(true);
    expect(r.data.mensajes.map((m) => m.contenido)).toEqual(Array.from({ length: N }, (_, i) => `perdido ${i + 1}`));
    expect(r.data.mensajes.map((m) => m.seq)).toEqual(Array.from({ length: N }, (_, i) => ultimo + i + 1));
    expect(r.data).toMatchObject({ ultimo_seq: ultimo + N, hay_mas: false });
    for (const m of r.data.mensajes) guardar(m);
    // Live delivery resumes on the reconnected socket; the merge by seq keeps each message once.
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'de vuelta' });
    await hasta(() => vistos.size === N + 2);
    expect([...vistos.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: N + 2 }, (_, i) => i + 1));
    // The same resynchronisation over HTTP (the polling fallback) gives the same messages.
    const http = await c.pac[0].get(`/api/paciente/chats/${id}/mensajes?despues_de=${ultimo}`);
    expect(http.body.map((m: Mensaje) => m.seq)).toEqual([...r.data.mensajes.map((m) => m.seq), ultimo + N + 1]);
  });
});

describe('salas de conversación: solo los participantes', () => {
  it('un tercero no puede unirse a la conversación ni recibe sus mensajes o indicadores de escritura', async () => {
    const c = await crearConsulta(srv.t, 2);
    const otra = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c, 0);
    const [psi, pac] = await Promise.all([socket(c.psi.token), socket(c.pac[0].token)]);
    const intrusos = await Promise.all([socket(otra.psi.token), socket(c.pac[1].token), socket(otra.pac[0].token)]);
    const recibidos = intrusos.map((s) => [
      ...['chat:mensaje', 'chat:no-leidos', 'chat:leido', 'chat:escribiendo', 'chat-admin:mensaje'].map((e) => recolectar(s, e)),
    ]);
    expect((await unirse(psi, id)).ok).toBe(true);
    expect((await unirse(pac, id)).ok).toBe(true);
    const escribiendoPac = recolectar(pac, 'chat:escribiendo');
    for (const s of intrusos) {
      const r = await unirse(s, id, 0);
      expect(r).toEqual({ ok: false, msg: 'Chat no encontrado' });
      expect((await s.emitWithAck('chat-admin:unirse', { id_chat_admin: id, despues_de: 0 })).ok).toBe(false);
      s.emit('chat:escribiendo', { id_chat: id, escribiendo: true });
    }
    // Each intruder's announcement has been handled: whatever it relayed is on its way to the participants.
    await sincronizar(...intrusos);
    const mensaje = esperarEvento(pac, 'chat:mensaje');
    const acuse = esperarEvento(psi, 'chat:leido');
    psi.emit('chat:escribiendo', { id_chat: id, escribiendo: true });
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'solo para ti' });
    await c.pac[0].put(`/api/paciente/chats/${id}/leer`);
    await Promise.all([mensaje, acuse]);
    await hasta(() => escribiendoPac.length === 1);
    // The participants got the message and the receipt: anything sent to the intruders came with them.
    await sincronizar(psi, ...intrusos, pac);
    for (const listas of recibidos) for (const l of listas) expect(l).toEqual([]);
    // The intruders' typing never reached the participants either.
    expect(escribiendoPac).toEqual([{ id_chat: id, remitente: 'psicologo', escribiendo: true }]);
  });

  it('un payload inválido se rechaza sin unir el socket', async () => {
    const c = await crearConsulta(srv.t, 1);
    const s = await socket(c.psi.token);
    const r = await s.emitWithAck('chat:unirse', { id_chat: 'uno' as unknown as number });
    expect(r.ok).toBe(false);
  });
});

describe('indicador de escritura', () => {
  it('solo entre quienes abrieron la conversación, sin guardarse, y se apaga al desconectarse', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const [psi, pac] = await Promise.all([socket(c.psi.token), socket(c.pac[0].token)]);
    const enPsi = recolectar<{ escribiendo: boolean; remitente: string }>(psi, 'chat:escribiendo');
    // The psychologist has the conversation open, the patient not yet: nothing is relayed.
    await unirse(psi, id);
    pac.emit('chat:escribiendo', { id_chat: id, escribiendo: true });
    await sincronizar(pac, psi);
    expect(enPsi).toEqual([]);
    await unirse(pac, id);
    const antes = (await srv.t.db.select().from(mensaje)).length;
    pac.emit('chat:escribiendo', { id_chat: id, escribiendo: true });
    await hasta(() => enPsi.length === 1);
    expect(enPsi[0]).toEqual({ id_chat: id, remitente: 'paciente', escribiendo: true });
    // Repeated announcements within a second are not relayed again.
    pac.emit('chat:escribiendo', { id_chat: id, escribiendo: true });
    await sincronizar(pac, psi);
    expect(enPsi).toHaveLength(1);
    pac.disconnect();
    await hasta(() => enPsi.length === 2);
    expect(enPsi[1]).toEqual({ id_chat: id, remitente: 'paciente', escribiendo: false });
    expect((await srv.t.db.select().from(mensaje)).length).toBe(antes);
  });
});

describe('conversaciones del administrador por socket', () => {
  it('el administrador recibe chat-admin:* y el psicólogo chat:* marcado como admin; nadie más se une', async () => {
    const admin = await crearPsicologo(srv.t.db, { rol_admin: true });
    const adminApi = cliente(srv.t, sesionPsicologo(srv.t.app, admin));
    const c = await crearConsulta(srv.t, 1);
    const id = (await adminApi.post('/api/admin/chats', { destinatario_tipo: 'psicologo', destinatario_id: c.psicologo.id_psicologo })).body
      .id_chat_admin as number;
    const [sa, sp, spac] = await Promise.all([socket(adminApi.token), socket(c.psi.token), socket(c.pac[0].token)]);
    const enAdmin = recolectar<{ mensaje: { id_chat_admin: number; remitente: string } }>(sa, 'chat-admin:mensaje');
    const noLeidosAdmin: { mensajes_no_leidos: number }[] = [];
    sa.on('chat-admin:mensaje', (p) => {
      if (p.no_leidos) noLeidosAdmin.push(p.no_leidos);
    });
    const enPsi = recolectar<{ mensaje: Mensaje; tipo: string }>(sp, 'chat:mensaje');
    const enAdminComoPsi = recolectar(sa, 'chat:mensaje');
    await adminApi.post('/api/admin/mensajes', { id_chat_admin: id, contenido: 'Bienvenida' });
    await hasta(() => enAdmin.length === 1 && enPsi.length === 1);
    expect(enAdmin[0].mensaje).toMatchObject({ id_chat_admin: id, remitente: 'admin' });
    expect(enPsi[0]).toMatchObject({ tipo: 'admin', mensaje: { id_chat: id, remitente: 'admin' } });
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Gracias' });
    await hasta(() => noLeidosAdmin.length === 1);
    expect(noLeidosAdmin[0]).toMatchObject({ mensajes_no_leidos: 1 });
    const acuse = esperarEvento<{ id_chat: number; hasta_seq: number }>(sp, 'chat:leido');
    await adminApi.put(`/api/admin/chats/${id}/leer`);
    expect(await acuse).toEqual({ id_chat: id, hasta_seq: 2 });
    expect(enAdminComoPsi).toEqual([]);

    expect((await sa.emitWithAck('chat-admin:unirse', { id_chat_admin: id })).ok).toBe(true);
    expect((await sp.emitWithAck('chat:unirse', { id_chat: id })).ok).toBe(true);
    const escribeAdmin = recolectar(sa, 'chat-admin:escribiendo');
    sp.emit('chat:escribiendo', { id_chat: id, escribiendo: true });
    await hasta(() => escribeAdmin.length === 1);
    expect(escribeAdmin[0]).toEqual({ id_chat_admin: id, remitente: 'psicologo', escribiendo: true });
    // A psychologist is not an administrator, and the patient is not part of this conversation.
    expect((await sp.emitWithAck('chat-admin:unirse', { id_chat_admin: id })).ok).toBe(false);
    expect((await spac.emitWithAck('chat:unirse', { id_chat: id })).ok).toBe(false);
  });
});

describe('envío por socket (chat:enviar)', () => {
  it('guarda y confirma con el mensaje, con las mismas reglas e idempotencia que POST /mensajes', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const [psi, pac] = await Promise.all([socket(c.psi.token), socket(c.pac[0].token)]);
    const enPac = recolectar<{ mensaje: Mensaje; no_leidos?: { mensajes_no_leidos: number } }>(pac, 'chat:mensaje');
    const clave = idCliente();
    const r = await psi.emitWithAck('chat:enviar', { id_chat: id, contenido: '  Hola por socket\n¿cómo estás?  ', id_cliente: clave });
    expect(r).toEqual({
      ok: true,
      data: expect.objectContaining({
        id_chat: id,
        contenido: 'Hola por socket\n¿cómo estás?',
        remitente: 'psicologo',
        seq: 1,
        id_cliente: clave,
      }),
    });
    await hasta(() => enPac.length === 1);
    expect(enPac[0].no_leidos?.mensajes_no_leidos).toBe(1);
    // A retry (socket or HTTP) with the same client id stores nothing new.
    const otra = await psi.emitWithAck('chat:enviar', { id_chat: id, contenido: 'Hola por socket', id_cliente: clave });
    const http = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Hola por socket', id_cliente: clave });
    expect(otra.ok && otra.data.id_mensaje).toBe(r.ok && r.data.id_mensaje);
    expect(http.status).toBe(200);
    expect(http.body.id_mensaje).toBe(r.ok && r.data.id_mensaje);
    expect((await c.psi.get(`/api/psicologo/chats/${id}/mensajes`)).body).toHaveLength(1);

    const vacio = await psi.emitWithAck('chat:enviar', { id_chat: id, contenido: '   ' });
    expect(vacio).toEqual({ ok: false, msg: 'El mensaje no puede estar vacío', code: 'VALIDACION', status: 400 });
    const largo = await psi.emitWithAck('chat:enviar', { id_chat: id, contenido: 'x'.repeat(1001) });
    expect(largo).toMatchObject({ ok: false, msg: 'El mensaje no puede exceder 1000 caracteres', status: 400 });
  });

  it('si el aviso en vivo falla tras guardarlo, el ack es el éxito del envío y hay un solo mensaje (decisión 288)', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const psi = await socket(c.psi.token);
    const r = await conAvisoCaido(srv.t, () => psi.emitWithAck('chat:enviar', { id_chat: id, contenido: 'Sin id de cliente' }));
    expect(r).toEqual({ ok: true, data: expect.objectContaining({ id_chat: id, contenido: 'Sin id de cliente', seq: 1 }) });
    expect((await filasDe(srv.t, id)).map((m) => m.contenido)).toEqual(['Sin id de cliente']);
  });

  it('un reintento con el mismo id_cliente vuelve a llegar solo a las conexiones del remitente, no al destinatario', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const [psi, psiTel, pac] = await Promise.all([socket(c.psi.token), socket(c.psi.token), socket(c.pac[0].token)]);
    const enPac = recolectar<{ mensaje: Mensaje }>(pac, 'chat:mensaje');
    const enTel = recolectar<{ mensaje: Mensaje }>(psiTel, 'chat:mensaje');
    const clave = idCliente();
    expect(await psi.emitWithAck('chat:enviar', { id_chat: id, contenido: 'una vez', id_cliente: clave })).toMatchObject({ ok: true });
    await hasta(() => enPac.length === 1 && enTel.length === 1);
    for (let i = 0; i < 3; i++) {
      expect(await psi.emitWithAck('chat:enviar', { id_chat: id, contenido: 'una vez', id_cliente: clave })).toMatchObject({ ok: true });
    }
    expect((await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'una vez', id_cliente: clave })).status).toBe(200);
    await hasta(() => enTel.length === 5);
    await sincronizar(psi, psiTel, pac);
    expect(enPac).toHaveLength(1);
    expect(new Set(enTel.map((e) => e.mensaje.id_mensaje)).size).toBe(1);
  });

  it('un payload que no es un objeto, o con un NUL, recibe un 400 en español y no guarda nada', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const psi = await socket(c.psi.token);
    const enviarCrudo = (p: unknown) => psi.emitWithAck('chat:enviar', p as { id_chat: number; contenido: string });
    for (const p of ['hola', 5, true]) {
      expect(await enviarCrudo(p)).toEqual({ ok: false, msg: 'El cuerpo de la solicitud no es válido', code: 'VALIDACION', status: 400 });
    }
    expect(await enviarCrudo({ id_chat: id, contenido: 'a\u0000b' })).toMatchObject({
      ok: false,
      msg: MSG_CHAT.mensajeCaracteres,
      status: 400,
    });
    expect((await c.psi.get(`/api/psicologo/chats/${id}/mensajes`)).body).toHaveLength(0);
  });

  it('un tercero no puede escribir en la conversación por socket', async () => {
    const c = await crearConsulta(srv.t, 2);
    const otra = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c, 0);
    for (const token of [otra.psi.token, c.pac[1].token, otra.pac[0].token]) {
      const s = await socket(token);
      const r = await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'intruso' });
      expect(r).toEqual({ ok: false, msg: 'Chat no encontrado', code: 'CHAT_NO_ENCONTRADO', status: 404 });
      expect((await s.emitWithAck('chat-admin:enviar', { id_chat_admin: id, contenido: 'intruso' })).ok).toBe(false);
    }
    expect((await c.psi.get(`/api/psicologo/chats/${id}/mensajes`)).body).toEqual([]);
  });

  it('el límite de envío es uno solo para HTTP y socket', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const s = await socket(c.pac[0].token);
    for (let i = 0; i < MENSAJES_POR_VENTANA; i++) {
      const r =
        i % 2
          ? await s.emitWithAck('chat:enviar', { id_chat: id, contenido: `s${i}` })
          : await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: `h${i}` });
      expect('ok' in r ? r.ok : r.status === 201).toBe(true);
    }
    const porSocket = await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'de más' });
    expect(porSocket).toMatchObject({ ok: false, code: 'DEMASIADOS_MENSAJES', status: 429, msg: MSG_CHAT.demasiadosMensajes });
    expect((await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'de más' })).status).toBe(429);
  });

  it('una sesión que expiró mientras el socket seguía abierto no envía y el socket se cierra', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const s = await socket(c.psi.token);
    const cerrado = new Promise((r) => s.once('disconnect', r));
    srv.t.reloj.avanzar(9 * 3600_000);
    try {
      const r = await s.emitWithAck('chat:enviar', { id_chat: id, contenido: 'tarde' });
      expect(r).toMatchObject({ ok: false, code: 'TOKEN_EXPIRADO', status: 401 });
      await cerrado;
    } finally {
      srv.t.reloj.fijar(new Date());
    }
    expect((await c.pac[0].get(`/api/paciente/chats/${id}/mensajes`)).body).toEqual([]);
  });
});
