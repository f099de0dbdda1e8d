// The patient's side of the chat (mobile app, /api/paciente) and who may read what: only the two
// participants of a conversation, on every route.
import { MSG_CHAT } from '@miduelo/shared/chat';
import { paciente } from '@miduelo/server/db/schema/cuentas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { crearPaciente, sesionPaciente } from '../helpers/fabricas';
import { abrirChat, type Cliente, cliente, crearConsulta, filaChat, filasDe, idCliente } from '../helpers/chat';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

describe('API del paciente', () => {
  it('lista su chat con el psicólogo (nombre y correo), lee, responde y marca leído', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Hola, ¿cómo amaneciste?' });
    const lista = await c.pac[0].get('/api/paciente/chats');
    expect(lista.status).toBe(200);
    expect(lista.body).toEqual([
      {
        id_chat: id,
        tipo: 'paciente',
        id_psicologo: c.psicologo.id_psicologo,
        psicologo: {
          nombre: c.psicologo.nombre,
          apellido_paterno: c.psicologo.apellidoPaterno,
          apellido_materno: c.psicologo.apellidoMaterno,
          email: c.psicologo.correo,
        },
        administrador: null,
        ultimo_mensaje: { contenido: 'Hola, ¿cómo amaneciste?', remitente: 'psicologo', fecha_envio: expect.any(String) },
        mensajes_no_leidos: 1,
        crisis_sin_abrir: 0,
        ultimo_seq: 1,
        rev: expect.any(Number),
        fecha_creacion: expect.any(String),
      },
    ]);
    const mensajes = await c.pac[0].get(`/api/paciente/chats/${id}/mensajes`);
    expect(mensajes.body).toEqual([expect.objectContaining({ seq: 1, remitente: 'psicologo', leido: false })]);
    const r = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: ' Mejor, gracias ', id_cliente: idCliente() });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id_chat: id, contenido: 'Mejor, gracias', remitente: 'paciente', seq: 2 });
    const leer = await c.pac[0].put(`/api/paciente/chats/${id}/leer`);
    expect(leer.body).toMatchObject({ mensajes_no_leidos: 0, marcados: 1 });
    expect((await c.pac[0].get('/api/paciente/chats')).body[0].mensajes_no_leidos).toBe(0);
    expect((await c.psi.get('/api/psicologo/chats')).body[0].mensajes_no_leidos).toBe(1);
    const filas = await filasDe(t, id);
    expect(filas.map((m) => [m.remitente, m.leido])).toEqual([
      ['psicologo', true],
      ['paciente', false],
    ]);
  });

  it('un id_cliente es de quien envía: el paciente que repite el del psicólogo guarda su propio mensaje', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const clave = idCliente();
    const delPsicologo = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Nos vemos el jueves', id_cliente: clave });
    expect(delPsicologo.status).toBe(201);
    const delPaciente = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Ahí estaré', id_cliente: clave });
    expect(delPaciente.status).toBe(201);
    expect(delPaciente.body).toMatchObject({ remitente: 'paciente', contenido: 'Ahí estaré', id_cliente: clave, seq: 2 });
    // A retry of each sender still answers that sender's own message.
    const reintento = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Ahí estaré', id_cliente: clave });
    expect([reintento.status, reintento.body.id_mensaje]).toEqual([200, delPaciente.body.id_mensaje]);
    const otraVez = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Nos vemos el jueves', id_cliente: clave });
    expect([otraVez.status, otraVez.body.id_mensaje]).toEqual([200, delPsicologo.body.id_mensaje]);
    expect((await filasDe(t, id)).map((m) => [m.remitente, m.contenido])).toEqual([
      ['psicologo', 'Nos vemos el jueves'],
      ['paciente', 'Ahí estaré'],
    ]);
  });

  it('un paciente sin chats recibe una lista vacía', async () => {
    const c = await crearConsulta(t, 1);
    expect((await c.pac[0].get('/api/paciente/chats')).body).toEqual([]);
  });

  it('las rutas del paciente rechazan al psicólogo y las del psicólogo al paciente (403)', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    expect((await c.psi.get('/api/paciente/chats')).status).toBe(403);
    expect((await c.psi.post('/api/paciente/mensajes', { id_chat: id, contenido: 'x' })).status).toBe(403);
    expect((await c.pac[0].get('/api/psicologo/chats')).status).toBe(403);
    expect((await c.pac[0].post('/api/psicologo/mensajes', { id_chat: id, contenido: 'x' })).status).toBe(403);
    expect((await c.pac[0].post('/api/psicologo/chats', { id_paciente: c.pacientes[0].id_paciente })).status).toBe(403);
    expect(await filasDe(t, id)).toHaveLength(0);
  });

  it('sin token responde 401', async () => {
    const anon = cliente(t, 'no-es-un-token');
    expect((await anon.get('/api/paciente/chats')).status).toBe(401);
    expect((await anon.get('/api/psicologo/chats')).status).toBe(401);
  });
});

describe('solo los dos participantes leen y escriben una conversación', () => {
  it('otro psicólogo, otro paciente del mismo psicólogo y el paciente de otro psicólogo reciben 404 y no escriben nada', async () => {
    const c = await crearConsulta(t, 2);
    const otra = await crearConsulta(t, 1);
    const id = await abrirChat(c, 0);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Algo muy personal' });
    const antes = await filaChat(t, id);

    const intrusos: [string, Cliente, 'psicologo' | 'paciente'][] = [
      ['otro psicólogo', otra.psi, 'psicologo'],
      ['otro paciente del mismo psicólogo', c.pac[1], 'paciente'],
      ['paciente de otro psicólogo', otra.pac[0], 'paciente'],
    ];
    for (const [quien, x, rol] of intrusos) {
      const base = `/api/${rol}`;
      const lista = await x.get(`${base}/chats`);
      expect(
        lista.body.map((ch: { id_chat: number }) => ch.id_chat),
        quien,
      ).not.toContain(id);
      const leer = await x.get(`${base}/chats/${id}/mensajes`);
      expect(leer.status, quien).toBe(404);
      expect(leer.body.msg).toBe(MSG_CHAT.chatNoEncontrado);
      expect(JSON.stringify(leer.body)).not.toContain('personal');
      expect((await x.get(`${base}/chats/${id}/mensajes?despues_de=0`)).status, quien).toBe(404);
      const escribir = await x.post(`${base}/mensajes`, { id_chat: id, contenido: 'intruso', id_cliente: idCliente() });
      expect(escribir.status, quien).toBe(404);
      expect((await x.put(`${base}/chats/${id}/leer`)).status, quien).toBe(404);
      if (rol === 'psicologo') {
        const buscar = await x.get('/api/psicologo/chats/buscar?q=personal');
        expect(buscar.body, quien).toEqual([]);
      }
    }
    const filas = await filasDe(t, id);
    expect(filas.map((m) => [m.contenido, m.leido])).toEqual([['Algo muy personal', false]]);
    const despues = await filaChat(t, id);
    expect(despues.ultimo_seq).toBe(antes.ultimo_seq);
  });

  it('un chat inexistente responde igual que uno ajeno', async () => {
    const c = await crearConsulta(t, 1);
    const r = await c.psi.get('/api/psicologo/chats/999999/mensajes');
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe(MSG_CHAT.chatNoEncontrado);
  });

  it('un paciente deshabilitado pierde el acceso aunque su token no haya expirado', async () => {
    const c = await crearConsulta(t, 0);
    const p = await crearPaciente(t.db, { id_psicologo: c.psicologo.id_psicologo, status: 'inactivo' });
    const x = cliente(t, sesionPaciente(t.app, p));
    expect((await x.get('/api/paciente/chats')).status).toBe(401);
  });
});

describe('la conversación con el psicólogo anterior, tras una reasignación (decisión 277)', () => {
  it('el paciente que escribe ahí lee por qué en sus propias palabras, no las dirigidas al psicólogo; nada se guarda', async () => {
    const c = await crearConsulta(t, 1);
    const otra = await crearConsulta(t, 0);
    const id = await abrirChat(c);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'antes' });
    await t.db
      .update(paciente)
      .set({ id_psicologo: otra.psicologo.id_psicologo })
      .where(eq(paciente.id_paciente, c.pacientes[0].id_paciente));
    const r = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: '¿Sigues ahí?', id_cliente: idCliente() });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'CHAT_SOLO_LECTURA', msg: MSG_CHAT.soloLecturaPaciente });
    expect(r.body.msg).not.toContain('Este paciente');
    // The psychologist still reads theirs.
    expect((await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'después' })).body.msg).toBe(MSG_CHAT.soloLectura);
    expect(await filasDe(t, id)).toHaveLength(1);
  });
});
