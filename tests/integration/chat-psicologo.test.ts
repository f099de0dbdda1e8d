// The psychologist's chat API (spec 1 §7 Chat, §4, §5, §8, §9; issue 4).
import { MENSAJE_MAX, MENSAJES_POR_VENTANA, MSG_CHAT } from '@miduelo/shared/chat';
import { eq } from 'drizzle-orm';
import { chat } from '@miduelo/server/db/schema/chat';
import { paciente } from '@miduelo/server/db/schema/cuentas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { crearPaciente } from '../helpers/fabricas';
import { conAvisoCaido } from '../helpers/aviso';
import { abrirChat, crearConsulta, filasDe, idCliente, noLeidosGuardados } from '../helpers/chat';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

describe('POST /api/psicologo/chats', () => {
  it('crea el chat con un paciente propio y lo devuelve con los campos de la spec', async () => {
    const c = await crearConsulta(t, 1);
    const r = await c.psi.post('/api/psicologo/chats', { id_paciente: c.pacientes[0].id_paciente });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      id_chat: expect.any(Number),
      tipo: 'paciente',
      id_paciente: c.pacientes[0].id_paciente,
      paciente: {
        nombre: c.pacientes[0].nombre,
        apellido_paterno: c.pacientes[0].apellido_paterno,
        apellido_materno: c.pacientes[0].apellido_materno,
        email: c.pacientes[0].email,
      },
      ultimo_mensaje: null,
      mensajes_no_leidos: 0,
      ultimo_seq: 0,
    });
  });

  it('responde 409 con el texto de la spec cuando ya existe un chat con ese paciente', async () => {
    const c = await crearConsulta(t, 1);
    await abrirChat(c);
    const r = await c.psi.post('/api/psicologo/chats', { id_paciente: c.pacientes[0].id_paciente });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('Ya existe un chat con este paciente');
    expect((await c.psi.get('/api/psicologo/chats')).body).toHaveLength(1);
  });

  it('dos creaciones simultáneas del mismo chat dejan uno solo y la otra recibe 409', async () => {
    const c = await crearConsulta(t, 1);
    const rs = await Promise.all([0, 1, 2].map(() => c.psi.post('/api/psicologo/chats', { id_paciente: c.pacientes[0].id_paciente })));
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('exige un paciente ("Selecciona un paciente") y no crea chats con pacientes de otro psicólogo', async () => {
    const c = await crearConsulta(t, 1);
    const otra = await crearConsulta(t, 1);
    const sin = await c.psi.post('/api/psicologo/chats', {});
    expect(sin.status).toBe(400);
    expect(sin.body.msg).toBe(MSG_CHAT.seleccionaPaciente);
    const ajeno = await c.psi.post('/api/psicologo/chats', { id_paciente: otra.pacientes[0].id_paciente });
    expect(ajeno.status).toBe(404);
    expect(ajeno.body.msg).toBe(MSG_CHAT.pacienteNoEncontrado);
    expect((await otra.psi.get('/api/psicologo/chats')).body).toHaveLength(0);
  });
});

describe('GET /api/psicologo/chat/verificar/{id_paciente} y pacientes sin chat', () => {
  it('dice si existe el chat (con su id) y lista para "Nuevo Chat" solo los pacientes propios sin chat', async () => {
    const c = await crearConsulta(t, 3);
    const otra = await crearConsulta(t, 1);
    const [a, b, d] = c.pacientes;
    expect((await c.psi.get(`/api/psicologo/chat/verificar/${a.id_paciente}`)).body).toEqual({ existe: false });
    const id = await abrirChat(c, 0);
    const v = await c.psi.get(`/api/psicologo/chat/verificar/${a.id_paciente}`);
    expect(v.status).toBe(200);
    expect(v.body).toEqual({ existe: true, id_chat: id });
    const disp = await c.psi.get('/api/psicologo/chats/pacientes-disponibles');
    expect(disp.body.map((p: { id_paciente: number }) => p.id_paciente).sort()).toEqual([b.id_paciente, d.id_paciente].sort());
    expect(Object.keys(disp.body[0]).sort()).toEqual(['apellido_materno', 'apellido_paterno', 'email', 'id_paciente', 'nombre']);
    const ajeno = await c.psi.get(`/api/psicologo/chat/verificar/${otra.pacientes[0].id_paciente}`);
    expect(ajeno.status).toBe(404);
  });

  it('los pacientes sin chat vienen por nombre en el alfabeto español (decisión 271)', async () => {
    const c = await crearConsulta(t, 0);
    for (const nombre of ['Zoe', 'Ángela', 'Ñeli', 'nora', 'Néstor', 'Alma']) {
      await crearPaciente(t.db, { id_psicologo: c.psicologo.id_psicologo, nombre, apellido_paterno: 'Ríos' });
    }
    const disp = await c.psi.get('/api/psicologo/chats/pacientes-disponibles');
    expect(disp.body.map((p: { nombre: string }) => p.nombre)).toEqual(['Alma', 'Ángela', 'Néstor', 'nora', 'Ñeli', 'Zoe']);
  });

  it('queda vacía cuando todos los pacientes ya tienen chat', async () => {
    const c = await crearConsulta(t, 2);
    await abrirChat(c, 0);
    await abrirChat(c, 1);
    expect((await c.psi.get('/api/psicologo/chats/pacientes-disponibles')).body).toEqual([]);
  });
});

describe('POST /api/psicologo/mensajes', () => {
  it('guarda el mensaje recortado, con sus saltos de línea, y lo devuelve con seq, remitente y fecha', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    t.reloj.fijar('2026-03-10T18:00:00Z');
    const r = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: '  Hola, Tomás.\n\n¿Cómo estás hoy?  ' });
    t.reloj.fijar(new Date());
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id_mensaje: expect.any(Number),
      id_chat: id,
      contenido: 'Hola, Tomás.\n\n¿Cómo estás hoy?',
      remitente: 'psicologo',
      fecha_envio: '2026-03-10T18:00:00.000Z',
      seq: 1,
      id_cliente: null,
      leido: false,
      crisis: false,
    });
    const [fila] = await filasDe(t, id);
    expect(fila.contenido).toBe('Hola, Tomás.\n\n¿Cómo estás hoy?');
  });

  it('rechaza mensajes vacíos o de solo espacios, y los de más de 1000 caracteres, sin guardar nada', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    for (const contenido of ['', '   \n  ', undefined]) {
      const r = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('El mensaje no puede estar vacío');
    }
    const largo = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'a'.repeat(MENSAJE_MAX + 1) });
    expect(largo.status).toBe(400);
    expect(largo.body.msg).toBe('El mensaje no puede exceder 1000 caracteres');
    expect(await filasDe(t, id)).toHaveLength(0);
    // Exactly the limit passes, and an emoji counts as one character, as in the database.
    expect((await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'a'.repeat(MENSAJE_MAX) })).status).toBe(201);
    expect((await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: '🕯'.repeat(MENSAJE_MAX) })).status).toBe(201);
  });

  it('exige el chat y un id de cliente bien formado', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const sinChat = await c.psi.post('/api/psicologo/mensajes', { contenido: 'hola' });
    expect(sinChat.status).toBe(400);
    expect(sinChat.body.msg).toBe(MSG_CHAT.chatObligatorio);
    const malId = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'hola', id_cliente: 'x y' });
    expect(malId.status).toBe(400);
    expect(malId.body.msg).toBe(MSG_CHAT.idClienteInvalido);
    expect(await filasDe(t, id)).toHaveLength(0);
  });

  it('numera los mensajes de cada conversación en orden, sin huecos', async () => {
    const c = await crearConsulta(t, 2);
    const a = await abrirChat(c, 0);
    const b = await abrirChat(c, 1);
    const seqs: number[] = [];
    for (let i = 0; i < 3; i++) seqs.push((await c.psi.post('/api/psicologo/mensajes', { id_chat: a, contenido: `a${i}` })).body.seq);
    seqs.push((await c.pac[0].post('/api/paciente/mensajes', { id_chat: a, contenido: 'respuesta' })).body.seq);
    expect(seqs).toEqual([1, 2, 3, 4]);
    expect((await c.psi.post('/api/psicologo/mensajes', { id_chat: b, contenido: 'b' })).body.seq).toBe(1);
  });

  it('un reintento con el mismo id_cliente devuelve el mismo mensaje y no guarda nada nuevo', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const clave = idCliente();
    const uno = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Te escribo mañana', id_cliente: clave });
    const dos = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Te escribo mañana', id_cliente: clave });
    expect(uno.status).toBe(201);
    expect(dos.status).toBe(200);
    expect(dos.body).toEqual(uno.body);
    expect(await filasDe(t, id)).toHaveLength(1);
    // The next message keeps the numbering gap-free.
    expect((await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'otro' })).body.seq).toBe(2);
  });

  it(`limita a ${MENSAJES_POR_VENTANA} mensajes por ventana y por cuenta, con un mensaje claro y Retry-After`, async () => {
    const c = await crearConsulta(t, 2);
    const a = await abrirChat(c, 0);
    const b = await abrirChat(c, 1);
    for (let i = 0; i < MENSAJES_POR_VENTANA; i++) {
      const r = await c.psi.post('/api/psicologo/mensajes', { id_chat: i % 2 ? a : b, contenido: `m${i}` });
      expect(r.status).toBe(201);
    }
    const r = await c.psi.post('/api/psicologo/mensajes', { id_chat: a, contenido: 'uno más' });
    expect(r.status).toBe(429);
    expect(r.body.msg).toBe(MSG_CHAT.demasiadosMensajes);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((await filasDe(t, a)).length + (await filasDe(t, b)).length).toBe(MENSAJES_POR_VENTANA);
    // Another account keeps its own budget.
    expect((await c.pac[1].post('/api/paciente/mensajes', { id_chat: b, contenido: 'hola' })).status).toBe(201);
  });

  it('tras reasignar al paciente, la conversación se conserva pero ya no acepta mensajes (409)', async () => {
    const c = await crearConsulta(t, 1);
    const otra = await crearConsulta(t, 0);
    const id = await abrirChat(c);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'antes' });
    await t.db
      .update(paciente)
      .set({ id_psicologo: otra.psicologo.id_psicologo })
      .where(eq(paciente.id_paciente, c.pacientes[0].id_paciente));
    const r = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'después' });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(MSG_CHAT.soloLectura);
    expect((await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'yo tampoco' })).status).toBe(409);
    expect((await c.psi.get(`/api/psicologo/chats/${id}/mensajes`)).body.map((m: { contenido: string }) => m.contenido)).toEqual(['antes']);
    expect(await filasDe(t, id)).toHaveLength(1);
  });
});

describe('GET /api/psicologo/chats', () => {
  it('muestra último mensaje, no leídos y ordena por actividad reciente', async () => {
    const c = await crearConsulta(t, 3);
    const a = await abrirChat(c, 0);
    const b = await abrirChat(c, 1);
    const d = await abrirChat(c, 2);
    t.reloj.fijar('2026-05-01T10:00:00Z');
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: a, contenido: 'uno' });
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: a, contenido: 'dos' });
    t.reloj.fijar('2026-05-01T11:00:00Z');
    await c.psi.post('/api/psicologo/mensajes', { id_chat: b, contenido: 'Hola,\nJorge' });
    t.reloj.fijar(new Date());
    const lista = (await c.psi.get('/api/psicologo/chats')).body as { id_chat: number }[];
    // d has no messages but was created now, so it is the most recent activity.
    expect(lista.map((x) => x.id_chat)).toEqual([d, b, a]);
    const porId = Object.fromEntries(lista.map((x) => [x.id_chat, x]));
    expect(porId[a]).toMatchObject({
      ultimo_mensaje: { contenido: 'dos', remitente: 'paciente', fecha_envio: '2026-05-01T10:00:00.000Z' },
      mensajes_no_leidos: 2,
      ultimo_seq: 2,
    });
    expect(porId[b]).toMatchObject({ ultimo_mensaje: { contenido: 'Hola,\nJorge', remitente: 'psicologo' }, mensajes_no_leidos: 0 });
    expect(porId[d]).toMatchObject({ ultimo_mensaje: null, mensajes_no_leidos: 0 });
    // The patient's side counts the other direction.
    const delPaciente = (await c.pac[1].get('/api/paciente/chats')).body;
    expect(delPaciente).toEqual([expect.objectContaining({ id_chat: b, mensajes_no_leidos: 1 })]);
  });

  it('una lista vacía cuando no hay chats', async () => {
    const c = await crearConsulta(t, 1);
    const r = await c.psi.get('/api/psicologo/chats');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });
});

describe('PUT /api/psicologo/chats/{id}/leer', () => {
  it('pone a cero los no leídos del lector y marca leídos solo los mensajes del otro', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'mío' });
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'suyo 1' });
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'suyo 2' });
    expect(await noLeidosGuardados(t, id, 'psicologo')).toBe(2);
    const r = await c.psi.put(`/api/psicologo/chats/${id}/leer`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ msg: MSG_CHAT.leidos, mensajes_no_leidos: 0, marcados: 2, hasta_seq: 3 });
    expect(await noLeidosGuardados(t, id, 'psicologo')).toBe(0);
    const filas = await filasDe(t, id);
    expect(filas.map((m) => m.leido)).toEqual([false, true, true]);
    expect(filas[1].leido_en).toBeInstanceOf(Date);
    expect((await c.psi.get('/api/psicologo/chats')).body[0].mensajes_no_leidos).toBe(0);
    // Marking again changes nothing.
    expect((await c.psi.put(`/api/psicologo/chats/${id}/leer`)).body.marcados).toBe(0);
  });
});

describe('GET /api/psicologo/chats/{id}/mensajes', () => {
  it('devuelve los mensajes en orden; despues_de da exactamente los posteriores; antes_de y limite paginan', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    for (let i = 1; i <= 8; i++) {
      const quien = i % 2 ? c.psi : c.pac[0];
      await quien.post(i % 2 ? '/api/psicologo/mensajes' : '/api/paciente/mensajes', { id_chat: id, contenido: `m${i}` });
    }
    const todos = (await c.psi.get(`/api/psicologo/chats/${id}/mensajes`)).body as { seq: number; contenido: string; remitente: string }[];
    expect(todos.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(todos.map((m) => m.remitente).slice(0, 2)).toEqual(['psicologo', 'paciente']);
    const despues = (await c.psi.get(`/api/psicologo/chats/${id}/mensajes?despues_de=5`)).body as { seq: number }[];
    expect(despues.map((m) => m.seq)).toEqual([6, 7, 8]);
    expect((await c.psi.get(`/api/psicologo/chats/${id}/mensajes?despues_de=8`)).body).toEqual([]);
    const ultimos = (await c.psi.get(`/api/psicologo/chats/${id}/mensajes?limite=3`)).body as { seq: number }[];
    expect(ultimos.map((m) => m.seq)).toEqual([6, 7, 8]);
    const anteriores = (await c.psi.get(`/api/psicologo/chats/${id}/mensajes?antes_de=6&limite=3`)).body as { seq: number }[];
    expect(anteriores.map((m) => m.seq)).toEqual([3, 4, 5]);
    const pagina = (await c.psi.get(`/api/psicologo/chats/${id}/mensajes?despues_de=2&limite=2`)).body as { seq: number }[];
    expect(pagina.map((m) => m.seq)).toEqual([3, 4]);
    expect((await c.psi.get(`/api/psicologo/chats/${id}/mensajes?limite=0`)).status).toBe(400);
    expect((await c.psi.get('/api/psicologo/chats/abc/mensajes')).status).toBe(400);
  });
});

describe('GET /api/psicologo/chats/buscar', () => {
  it('busca por nombre (sin importar acentos ni mayúsculas) o por texto de mensaje; vacío devuelve todos', async () => {
    const c = await crearConsulta(t, 0);
    const lucia = await crearPaciente(t.db, { id_psicologo: c.psicologo.id_psicologo, nombre: 'Lucía', apellido_paterno: 'Ramírez' });
    const jorge = await crearPaciente(t.db, { id_psicologo: c.psicologo.id_psicologo, nombre: 'Jorge', apellido_paterno: 'Núñez' });
    const a = (await c.psi.post('/api/psicologo/chats', { id_paciente: lucia.id_paciente })).body.id_chat;
    const b = (await c.psi.post('/api/psicologo/chats', { id_paciente: jorge.id_paciente })).body.id_chat;
    await c.psi.post('/api/psicologo/mensajes', { id_chat: b, contenido: 'La carta que escribiste al 100% es tuya' });
    const ids = async (q: string) =>
      ((await c.psi.get(`/api/psicologo/chats/buscar?q=${encodeURIComponent(q)}`)).body as { id_chat: number }[])
        .map((x) => x.id_chat)
        .sort();
    expect(await ids('lucia')).toEqual([a]);
    expect(await ids('RAMÍREZ')).toEqual([a]);
    expect(await ids('nunez')).toEqual([b]);
    expect(await ids('CARTA')).toEqual([b]);
    expect(await ids('100%')).toEqual([b]);
    expect(await ids('%')).toEqual([b]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('')).toEqual([a, b].sort());
    expect(await ids('nadie')).toEqual([]);
    // The psychologist's own name matches nothing: it is in every chat.
    expect(await ids(c.psicologo.apellidoPaterno)).toEqual([]);
    const largo = await c.psi.get(`/api/psicologo/chats/buscar?q=${'x'.repeat(101)}`);
    expect(largo.status).toBe(400);
    expect(largo.body.msg).toBe(MSG_CHAT.busquedaLarga);
  });
});

describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
  it('crear el chat: 201 y un solo chat', async () => {
    const c = await crearConsulta(t, 1);
    const r = await conAvisoCaido(t, () => c.psi.post('/api/psicologo/chats', { id_paciente: c.pacientes[0].id_paciente }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const chats = await t.db.select({ id: chat.id_chat }).from(chat).where(eq(chat.id_paciente, c.pacientes[0].id_paciente));
    expect(chats).toEqual([{ id: r.body.id_chat }]);
  });

  it('enviar sin id_cliente: 201 y un solo mensaje; con id_cliente, el reintento responde 200 con el mismo', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const r = await conAvisoCaido(t, () => c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Hola' }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ id_chat: id, contenido: 'Hola', seq: 1 });
    expect((await filasDe(t, id)).map((m) => m.contenido)).toEqual(['Hola']);
    const clave = idCliente();
    const primero = await conAvisoCaido(t, () =>
      c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Gracias', id_cliente: clave }),
    );
    expect(primero.status, JSON.stringify(primero.body)).toBe(201);
    const otra = await conAvisoCaido(t, () =>
      c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Gracias', id_cliente: clave }),
    );
    expect(otra.status, JSON.stringify(otra.body)).toBe(200);
    expect(otra.body.id_mensaje).toBe(primero.body.id_mensaje);
    expect((await filasDe(t, id)).map((m) => m.contenido)).toEqual(['Hola', 'Gracias']);
  });

  it('marcar leído: 200 y los mensajes del otro quedan leídos', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'suyo' });
    const r = await conAvisoCaido(t, () => c.psi.put(`/api/psicologo/chats/${id}/leer`));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ msg: MSG_CHAT.leidos, mensajes_no_leidos: 0, marcados: 1, hasta_seq: 1 });
    expect(await noLeidosGuardados(t, id, 'psicologo')).toBe(0);
  });
});
