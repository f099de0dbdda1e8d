// Administrator chat (spec 2 §2 Admin chat, §3, §5, §7, §8) and how its recipients see and answer it.
import { MSG_CHAT, TEXTOS_CHAT } from '@miduelo/shared/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { conAvisoCaido } from '../helpers/aviso';
import { crearPaciente, crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { abrirChat, type Cliente, cliente, crearConsulta, filasDe, idCliente } from '../helpers/chat';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

async function crearAdmin(nombre = 'Andrea') {
  const a = await crearPsicologo(t.db, { rol_admin: true, nombre });
  return { fila: a, api: cliente(t, sesionPsicologo(t.app, a)) };
}

const conChat = async (admin: Cliente, destinatario_tipo: string, destinatario_id: number) => {
  const r = await admin.post('/api/admin/chats', { destinatario_tipo, destinatario_id });
  if (r.status !== 201) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id_chat_admin as number;
};

describe('conversaciones del administrador', () => {
  it('crea una conversación con un psicólogo y la devuelve con destinatario', async () => {
    const admin = await crearAdmin();
    const c = await crearConsulta(t, 0);
    const r = await admin.api.post('/api/admin/chats', { destinatario_tipo: 'psicologo', destinatario_id: c.psicologo.id_psicologo });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      id_chat_admin: expect.any(Number),
      destinatario_tipo: 'psicologo',
      destinatario_id: c.psicologo.id_psicologo,
      destinatario: {
        nombre: c.psicologo.nombre,
        apellido_paterno: c.psicologo.apellidoPaterno,
        apellido_materno: c.psicologo.apellidoMaterno,
        email: c.psicologo.correo,
      },
      ultimo_mensaje: null,
      mensajes_no_leidos: 0,
    });
  });

  it('409 "Ya existe un chat con este usuario"; 404 si no existe; no consigo mismo; exige destinatario', async () => {
    const admin = await crearAdmin();
    const p = await crearPaciente(t.db);
    await conChat(admin.api, 'paciente', p.id_paciente);
    const dup = await admin.api.post('/api/admin/chats', { destinatario_tipo: 'paciente', destinatario_id: p.id_paciente });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('Ya existe un chat con este usuario');
    const nadie = await admin.api.post('/api/admin/chats', { destinatario_tipo: 'paciente', destinatario_id: 987654 });
    expect(nadie.status).toBe(404);
    expect(nadie.body.msg).toBe(MSG_CHAT.usuarioNoEncontrado);
    const yo = await admin.api.post('/api/admin/chats', { destinatario_tipo: 'psicologo', destinatario_id: admin.fila.id_psicologo });
    expect(yo.status).toBe(400);
    expect(yo.body.msg).toBe(MSG_CHAT.chatContigo);
    for (const body of [{}, { destinatario_tipo: 'foro', destinatario_id: 1 }, { destinatario_tipo: 'paciente' }]) {
      const r = await admin.api.post('/api/admin/chats', body);
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Selecciona un usuario');
    }
    // The same person may be written to by another administrator: conversations are per administrator.
    const otro = await crearAdmin('Beatriz');
    expect((await otro.api.post('/api/admin/chats', { destinatario_tipo: 'paciente', destinatario_id: p.id_paciente })).status).toBe(201);
  });

  it('usuarios-disponibles excluye a quien ya tiene conversación, al propio administrador y filtra por tipo', async () => {
    const admin = await crearAdmin();
    const c = await crearConsulta(t, 2);
    const sinActivar = await crearPaciente(t.db, { activadoEn: null, contrasenaHash: null });
    await conChat(admin.api, 'paciente', c.pacientes[0].id_paciente);
    const todos = (await admin.api.get('/api/admin/usuarios-disponibles')).body as { tipo: string; id: number }[];
    const psic = (await admin.api.get('/api/admin/usuarios-disponibles/psicologos')).body as { tipo: string; id: number }[];
    const pacs = (await admin.api.get('/api/admin/usuarios-disponibles/pacientes')).body as { tipo: string; id: number }[];
    expect(psic.every((u) => u.tipo === 'psicologo')).toBe(true);
    expect(pacs.every((u) => u.tipo === 'paciente')).toBe(true);
    expect(todos).toHaveLength(psic.length + pacs.length);
    expect(psic.map((u) => u.id)).toContain(c.psicologo.id_psicologo);
    expect(psic.map((u) => u.id)).not.toContain(admin.fila.id_psicologo);
    expect(pacs.map((u) => u.id)).toContain(c.pacientes[1].id_paciente);
    expect(pacs.map((u) => u.id)).not.toContain(c.pacientes[0].id_paciente);
    expect(pacs.map((u) => u.id)).not.toContain(sinActivar.id_paciente);
    const uno = pacs.find((u) => u.id === c.pacientes[1].id_paciente);
    expect(uno).toEqual({
      tipo: 'paciente',
      id: c.pacientes[1].id_paciente,
      nombre: c.pacientes[1].nombre,
      apellido_paterno: c.pacientes[1].apellido_paterno,
      apellido_materno: c.pacientes[1].apellido_materno,
      email: c.pacientes[1].email,
    });
  });

  it('envía, lista con vista previa y no leídos, lee los mensajes y marca leído', async () => {
    const admin = await crearAdmin();
    const c = await crearConsulta(t, 0);
    const id = await conChat(admin.api, 'psicologo', c.psicologo.id_psicologo);
    const r = await admin.api.post('/api/admin/mensajes', {
      id_chat_admin: id,
      contenido: ' Tu cédula quedó validada. ',
      id_cliente: idCliente(),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id_chat_admin: id, contenido: 'Tu cédula quedó validada.', remitente: 'admin', seq: 1, leido: false });
    expect(r.body.id_chat).toBeUndefined();
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: '¡Gracias!' });
    const lista = (await admin.api.get('/api/admin/chats')).body;
    expect(lista).toEqual([
      expect.objectContaining({
        id_chat_admin: id,
        destinatario_tipo: 'psicologo',
        ultimo_mensaje: expect.objectContaining({ contenido: '¡Gracias!', remitente: 'psicologo' }),
        mensajes_no_leidos: 1,
      }),
    ]);
    const mensajes = (await admin.api.get(`/api/admin/chats/${id}/mensajes`)).body as { remitente: string; id_chat_admin: number }[];
    expect(mensajes.map((m) => m.remitente)).toEqual(['admin', 'psicologo']);
    expect(mensajes.every((m) => m.id_chat_admin === id)).toBe(true);
    expect((await admin.api.get(`/api/admin/chats/${id}/mensajes?despues_de=1`)).body).toHaveLength(1);
    const leer = await admin.api.put(`/api/admin/chats/${id}/leer`);
    expect(leer.body).toMatchObject({ mensajes_no_leidos: 0, marcados: 1 });
    expect((await admin.api.get('/api/admin/chats')).body[0].mensajes_no_leidos).toBe(0);
    const vacio = await admin.api.post('/api/admin/mensajes', { id_chat_admin: id, contenido: '  ' });
    expect(vacio.status).toBe(400);
    expect(vacio.body.msg).toBe('El mensaje no puede estar vacío');
  });

  it('un reintento con el mismo id_cliente devuelve el mismo mensaje', async () => {
    const admin = await crearAdmin();
    const p = await crearPaciente(t.db);
    const id = await conChat(admin.api, 'paciente', p.id_paciente);
    const clave = idCliente();
    const a = await admin.api.post('/api/admin/mensajes', { id_chat_admin: id, contenido: 'Hola', id_cliente: clave });
    const b = await admin.api.post('/api/admin/mensajes', { id_chat_admin: id, contenido: 'Hola', id_cliente: clave });
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.body.id_mensaje).toBe(a.body.id_mensaje);
    expect(await filasDe(t, id)).toHaveLength(1);
  });

  it('busca por nombre del destinatario o por texto', async () => {
    const admin = await crearAdmin();
    const p = await crearPaciente(t.db, { nombre: 'Rocío', apellido_paterno: 'Peña' });
    const q = await crearConsulta(t, 0, { nombre: 'Ignacio' });
    const a = await conChat(admin.api, 'paciente', p.id_paciente);
    const b = await conChat(admin.api, 'psicologo', q.psicologo.id_psicologo);
    await admin.api.post('/api/admin/mensajes', { id_chat_admin: b, contenido: 'Revisión de la cédula' });
    const ids = async (texto: string) =>
      ((await admin.api.get(`/api/admin/chats/buscar?q=${encodeURIComponent(texto)}`)).body as { id_chat_admin: number }[])
        .map((x) => x.id_chat_admin)
        .sort();
    expect(await ids('rocio pena')).toEqual([a]);
    expect(await ids('ignacio')).toEqual([b]);
    expect(await ids('cedula')).toEqual([b]);
    expect(await ids('')).toEqual([a, b].sort());
  });

  it('solo administradores: un psicólogo o un paciente reciben 403 en /api/admin', async () => {
    const c = await crearConsulta(t, 1);
    expect((await c.psi.get('/api/admin/chats')).status).toBe(403);
    expect((await c.psi.get('/api/admin/usuarios-disponibles')).status).toBe(403);
    expect(
      (await c.psi.post('/api/admin/chats', { destinatario_tipo: 'paciente', destinatario_id: c.pacientes[0].id_paciente })).status,
    ).toBe(403);
    expect((await c.pac[0].get('/api/admin/chats')).status).toBe(403);
  });

  it('otro administrador no ve ni escribe en una conversación ajena', async () => {
    const admin = await crearAdmin();
    const otro = await crearAdmin('Beatriz');
    const p = await crearPaciente(t.db);
    const id = await conChat(admin.api, 'paciente', p.id_paciente);
    await admin.api.post('/api/admin/mensajes', { id_chat_admin: id, contenido: 'privado' });
    expect((await otro.api.get('/api/admin/chats')).body).toEqual([]);
    expect((await otro.api.get(`/api/admin/chats/${id}/mensajes`)).status).toBe(404);
    expect((await otro.api.post('/api/admin/mensajes', { id_chat_admin: id, contenido: 'x' })).status).toBe(404);
    expect((await otro.api.put(`/api/admin/chats/${id}/leer`)).status).toBe(404);
    expect(await filasDe(t, id)).toHaveLength(1);
  });
});

describe('el destinatario ve la conversación de la administración en su lista y responde', () => {
  it('el psicólogo la ve marcada como tipo admin solo cuando ya tiene mensajes, y responde con su API', async () => {
    const admin = await crearAdmin('Andrea');
    const c = await crearConsulta(t, 1);
    const conPaciente = await abrirChat(c);
    const id = await conChat(admin.api, 'psicologo', c.psicologo.id_psicologo);
    // An empty conversation does not reach the recipient.
    expect((await c.psi.get('/api/psicologo/chats')).body.map((x: { id_chat: number }) => x.id_chat)).toEqual([conPaciente]);
    await admin.api.post('/api/admin/mensajes', { id_chat_admin: id, contenido: 'Hola desde administración' });
    const lista = (await c.psi.get('/api/psicologo/chats')).body;
    const suya = lista.find((x: { id_chat: number }) => x.id_chat === id);
    expect(suya).toEqual(
      expect.objectContaining({
        tipo: 'admin',
        id_paciente: null,
        // What the original web client shows as the conversation's name (decision 392).
        paciente: { nombre: TEXTOS_CHAT.administracionDeMiDuelo, apellido_paterno: '', apellido_materno: null, email: '' },
        administrador: { nombre: 'Andrea', apellido_paterno: admin.fila.apellidoPaterno, apellido_materno: admin.fila.apellidoMaterno },
        ultimo_mensaje: expect.objectContaining({ remitente: 'admin', contenido: 'Hola desde administración' }),
        mensajes_no_leidos: 1,
      }),
    );
    expect(JSON.stringify(suya)).not.toContain(admin.fila.correo);
    expect((await c.psi.get(`/api/psicologo/chats/${id}/mensajes`)).body).toHaveLength(1);
    const resp = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Gracias' });
    expect(resp.status).toBe(201);
    expect(resp.body).toMatchObject({ remitente: 'psicologo', seq: 2 });
    expect((await c.psi.put(`/api/psicologo/chats/${id}/leer`)).body.marcados).toBe(1);
    expect((await admin.api.get('/api/admin/chats')).body[0]).toMatchObject({
      mensajes_no_leidos: 1,
      ultimo_mensaje: { contenido: 'Gracias' },
    });
    // Its patient cannot see the psychologist's conversation with the administration.
    expect((await c.pac[0].get(`/api/paciente/chats/${id}/mensajes`)).status).toBe(404);
  });

  it('el paciente la ve en /api/paciente/chats y responde; el administrador no la ve como psicólogo', async () => {
    const admin = await crearAdmin();
    const c = await crearConsulta(t, 1);
    const id = await conChat(admin.api, 'paciente', c.pacientes[0].id_paciente);
    await admin.api.post('/api/admin/mensajes', { id_chat_admin: id, contenido: 'Hola, Tomás' });
    const lista = (await c.pac[0].get('/api/paciente/chats')).body;
    expect(lista).toEqual([
      expect.objectContaining({ id_chat: id, tipo: 'admin', psicologo: null, id_psicologo: null, mensajes_no_leidos: 1 }),
    ]);
    const r = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Hola' });
    expect(r.body).toMatchObject({ remitente: 'paciente', seq: 2 });
    expect((await admin.api.get(`/api/admin/chats/${id}/mensajes`)).body.map((m: { remitente: string }) => m.remitente)).toEqual([
      'admin',
      'paciente',
    ]);
    // The administrator's own conversations are not in their psychologist list.
    expect((await admin.api.get('/api/psicologo/chats')).body).toEqual([]);
    expect((await admin.api.get(`/api/psicologo/chats/${id}/mensajes`)).status).toBe(404);
    // The patient's psychologist does not see it either.
    expect((await c.psi.get(`/api/psicologo/chats/${id}/mensajes`)).status).toBe(404);
  });
});

describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
  it('abrir una conversación: 201 y una sola', async () => {
    const admin = await crearAdmin();
    const p = await crearPaciente(t.db);
    const r = await conAvisoCaido(t, () =>
      admin.api.post('/api/admin/chats', { destinatario_tipo: 'paciente', destinatario_id: p.id_paciente }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const lista = await admin.api.get('/api/admin/chats');
    expect(lista.body.map((x: { id_chat_admin: number }) => x.id_chat_admin)).toEqual([r.body.id_chat_admin]);
  });
});
