// The forum API (spec 2 §3–§9, issue 16): wrapping, defaults, validation, roles, invitations,
// topics, posts with sequence numbers and client ids, moderation, crisis language and limits.
import { MSG_FOROS } from '@miduelo/shared/foros';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { conAvisoCaido } from '../helpers/aviso';
import { foroConTema, hacerModerador, idCliente, pacienteForo, psicologoForo } from '../helpers/foros';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

const filasDe = async <T>(q: ReturnType<typeof sql>) => {
  const r = await t.db.execute(q);
  return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
};

describe('crear, ver, editar y eliminar un foro', () => {
  it('un psicólogo crea un foro y queda como su administrador; la respuesta va en data', async () => {
    const psi = await psicologoForo(t);
    const r = await psi.post('/api/foros', { titulo: '  Duelo en la infancia  ', descripcion: 'Para madres y padres', publico: true });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      data: {
        id_foro: expect.any(Number),
        titulo: 'Duelo en la infancia',
        descripcion: 'Para madres y padres',
        publico: true,
        total_participantes: 1,
        total_temas: 0,
        es_participante: true,
        rol_usuario: 'admin',
        fecha_creacion: expect.any(String),
      },
    });
    const uno = await psi.get(`/api/foros/${r.body.data.id_foro}`);
    expect(uno.body.data).toEqual(r.body.data);
    // Audited in the same transaction.
    const audit = await filasDe<{ accion: string }>(
      sql`select accion from auditoria where recurso = 'foro' and id_recurso = ${String(r.body.data.id_foro)}`,
    );
    expect(audit.map((a) => a.accion)).toEqual(['crear']);
  });

  it('valida título (Requerido, Mínimo 3 caracteres, 255) y descripción (1000) con el campo error; publico por defecto es público', async () => {
    const psi = await psicologoForo(t);
    const sinTitulo = await psi.post('/api/foros', { descripcion: 'x' });
    expect(sinTitulo.status).toBe(400);
    expect(sinTitulo.body).toMatchObject({ msg: MSG_FOROS.requerido, error: MSG_FOROS.requerido, errores: { titulo: 'Requerido' } });
    expect((await psi.post('/api/foros', { titulo: ' ab ' })).body.error).toBe('Mínimo 3 caracteres');
    expect((await psi.post('/api/foros', { titulo: 'x'.repeat(256) })).body.error).toBe('Máximo 255 caracteres');
    expect((await psi.post('/api/foros', { titulo: 'Válido', descripcion: 'd'.repeat(1001) })).body.error).toBe('Máximo 1000 caracteres');
    expect((await psi.post('/api/foros', { titulo: 'Válido', publico: 'sí' })).status).toBe(400);
    const defecto = await psi.post('/api/foros', { titulo: 'Sin tipo' });
    expect(defecto.body.data).toMatchObject({ publico: true, descripcion: null });
  });

  it('un paciente no crea foros; sin sesión 401; una cuenta limitada tampoco', async () => {
    const pac = await pacienteForo(t);
    expect((await pac.post('/api/foros', { titulo: 'Mi foro' })).status).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/foros', payload: { titulo: 'Mi foro' } })).statusCode).toBe(401);
    const lim = await psicologoForo(t, { cedula_validada: false, createdAt: new Date('2020-01-01T00:00:00Z') });
    const r = await lim.post('/api/foros', { titulo: 'Mi foro' });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('CUENTA_LIMITADA');
  });

  it('solo el administrador del foro lo edita y elimina (miembro y moderador: 403)', async () => {
    const admin = await psicologoForo(t);
    const mod = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo } = await foroConTema(admin);
    await hacerModerador(admin, mod, idForo);
    expect((await pac.post(`/api/foros/${idForo}/unirse`)).status).toBe(200);
    // A patient is refused by the route's guard (patients never moderate), a moderator by its role.
    for (const u of [pac, mod]) {
      const put = await u.put(`/api/foros/${idForo}`, { titulo: 'Cambiado' });
      expect(put.status).toBe(403);
      expect(put.body.error).toBe(u === mod ? MSG_FOROS.soloAdmin : 'Esta acción es solo para psicólogos');
      expect((await u.del(`/api/foros/${idForo}`)).status).toBe(403);
    }
    const put = await admin.put(`/api/foros/${idForo}`, { titulo: 'Título nuevo', descripcion: null });
    expect(put.body.data).toMatchObject({ titulo: 'Título nuevo', descripcion: null });
    const del = await admin.del(`/api/foros/${idForo}`);
    expect(del.body).toEqual({ data: { msg: 'Foro eliminado' } });
    expect((await admin.get(`/api/foros/${idForo}`)).status).toBe(404);
  });

  it('ids no numéricos: el error de id de foro inválido', async () => {
    const psi = await psicologoForo(t);
    for (const url of ['/api/foros/abc', '/api/foros/1e3/temas', '/api/foros/-1/participantes']) {
      const r = await psi.get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.error).toBe(MSG_FOROS.idForoInvalido);
    }
  });
});

describe('lista de foros', () => {
  it('filtros, orden, búsqueda sin acentos, páginas de 12 y meta.totalPages', async () => {
    const psi = await psicologoForo(t);
    const marca = `Lista${Date.now().toString(36)}`;
    for (let i = 1; i <= 14; i++) {
      t.reloj.avanzar(1000);
      await psi.post('/api/foros', { titulo: `${marca} número ${i}`, descripcion: i === 3 ? 'Sobre la canción' : null, publico: i !== 14 });
    }
    const p1 = await psi.get(`/api/foros?buscar=${marca}`);
    expect(p1.body.meta).toEqual({ total: 14, page: 1, limit: 12, totalPages: 2 });
    expect(p1.body.data).toHaveLength(12);
    expect(p1.body.data[0].titulo).toBe(`${marca} número 14`);
    const p2 = await psi.get(`/api/foros?buscar=${marca}&page=2`);
    expect(p2.body.data.map((f: { titulo: string }) => f.titulo)).toEqual([`${marca} número 2`, `${marca} número 1`]);
    const antiguos = await psi.get(`/api/foros?buscar=${marca}&ordenar=antiguos&limit=3`);
    expect(antiguos.body.data.map((f: { titulo: string }) => f.titulo)).toEqual([1, 2, 3].map((i) => `${marca} número ${i}`));
    expect(antiguos.body.meta.totalPages).toBe(5);
    expect((await psi.get(`/api/foros?buscar=${marca}&publico=true`)).body.meta.total).toBe(13);
    expect((await psi.get(`/api/foros?buscar=${marca}&publico=false`)).body.data.map((f: { titulo: string }) => f.titulo)).toEqual([
      `${marca} número 14`,
    ]);
    expect((await psi.get(`/api/foros?buscar=CANCION ${marca.slice(0, 0)}`)).body.data.map((f: { titulo: string }) => f.titulo)).toContain(
      `${marca} número 3`,
    );
    const invalida = await psi.get('/api/foros?page=0');
    expect(invalida.status).toBe(400);
    expect(invalida.body.error).toBe(MSG_FOROS.paginaInvalida);
    expect((await psi.get('/api/foros?limit=101')).body.error).toBe(MSG_FOROS.limiteInvalido);
    expect((await psi.get('/api/foros?ordenar=azar')).body.error).toBe(MSG_FOROS.ordenInvalido);
  });

  it('abierta a visitantes: solo foros públicos, sin rol', async () => {
    const psi = await psicologoForo(t);
    const marca = `Visita${Date.now().toString(36)}`;
    await psi.post('/api/foros', { titulo: `${marca} abierto` });
    await psi.post('/api/foros', { titulo: `${marca} cerrado`, publico: false });
    const r = await t.app.inject({ method: 'GET', url: `/api/foros?buscar=${marca}` });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual([expect.objectContaining({ titulo: `${marca} abierto`, es_participante: false, rol_usuario: null })]);
    const privados = await t.app.inject({ method: 'GET', url: `/api/foros?buscar=${marca}&publico=false` });
    expect(privados.json()).toEqual({ data: [], meta: { total: 0, page: 1, limit: 12, totalPages: 0 } });
    const malToken = await t.app.inject({ method: 'GET', url: '/api/foros', headers: { authorization: 'Bearer basura' } });
    expect(malToken.statusCode).toBe(401);
  });
});

describe('un foro privado no existe para quien no participa', () => {
  it('ni título, ni conteo, ni temas, ni mensajes, ni participantes, por ninguna ruta', async () => {
    const admin = await psicologoForo(t);
    const ajeno = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const secreto = `Privado${Date.now().toString(36)}`;
    const { idForo, idTema } = await foroConTema(admin, { publico: false, titulo: `${secreto} título` });
    const post = await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: `${secreto} mensaje` });
    expect(post.status).toBe(201);
    const idMensaje = post.body.data.id_mensaje;
    for (const u of [ajeno, pac]) {
      const respuestas = [
        await u.get('/api/foros'),
        await u.get('/api/foros?publico=false'),
        await u.get(`/api/foros?buscar=${secreto}`),
        await u.get(`/api/foros?buscar=${secreto}&publico=false`),
      ];
      for (const r of respuestas) {
        expect(r.status).toBe(200);
        expect(JSON.stringify(r.body)).not.toContain(secreto);
      }
      expect(respuestas[3].body.meta.total).toBe(0);
      // Every route answers exactly as it does for a forum, topic and post that do not exist.
      const llamadas = (f: number, tm: number, m: number) =>
        [
          () => u.get(`/api/foros/${f}`),
          () => u.get(`/api/foros/${f}/temas`),
          () => u.get(`/api/foros/${f}/participantes`),
          () => u.get(`/api/foros/temas/${tm}/mensajes`),
          () => u.get(`/api/foros/temas/${tm}/mensajes?despues_de=0`),
          () => u.post(`/api/foros/temas/${tm}/mensajes`, { contenido: 'Hola' }),
          () => u.post(`/api/foros/${f}/temas`, { titulo: 'Intruso' }),
          () => u.post(`/api/foros/${f}/unirse`),
          () => u.put(`/api/foros/temas/${tm}/leer`),
          () => u.post(`/api/foros/mensajes/${m}/reportar`, {}),
          () => u.post(`/api/foros/mensajes/${m}/ocultar`, { oculto: true }),
          () => u.put(`/api/foros/${f}`, { titulo: 'Intruso' }),
          () => u.del(`/api/foros/${f}`),
          () => u.get(`/api/foros/${f}/reportes`),
          () => u.del(`/api/foros/${f}/participantes/1`),
        ] as const;
      const reales = llamadas(idForo, idTema, idMensaje);
      const inexistentes = llamadas(999_999, 999_999, 999_999);
      for (let i = 0; i < reales.length; i++) {
        const r = await reales[i]();
        const n = await inexistentes[i]();
        expect([403, 404], `${u.tipo} llamada ${i}: ${JSON.stringify(r.body)}`).toContain(r.status);
        expect({ status: r.status, body: r.body }, `${u.tipo} llamada ${i}`).toEqual({ status: n.status, body: n.body });
        expect(JSON.stringify(r.body)).not.toContain(secreto);
      }
    }
    // The same answer as a forum that does not exist.
    const inexistente = await ajeno.get('/api/foros/999999');
    expect((await ajeno.get(`/api/foros/${idForo}`)).body).toEqual(inexistente.body);
    expect((await ajeno.post(`/api/foros/${idForo}/invitar`, { correo: ajeno.fila.correo })).status).toBe(404);
  });
});

describe('unirse', () => {
  it('un paciente se une a un foro público; dos veces: 409; un psicólogo: el texto de la especificación', async () => {
    const admin = await psicologoForo(t);
    const otro = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo } = await foroConTema(admin);
    const r = await pac.post(`/api/foros/${idForo}/unirse`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      msg: 'Te has unido al foro',
      data: { es_participante: true, rol_usuario: 'miembro', total_participantes: 2 },
    });
    expect((await pac.post(`/api/foros/${idForo}/unirse`)).status).toBe(409);
    const psi = await otro.post(`/api/foros/${idForo}/unirse`);
    expect(psi.status).toBe(403);
    expect(psi.body).toMatchObject({ error: 'Los psicólogos no pueden unirse a foros', msg: 'Los psicólogos no pueden unirse a foros' });
    const part = await admin.get(`/api/foros/${idForo}/participantes`);
    expect(part.body.data).toEqual([
      {
        id_participante: expect.any(Number),
        usuario: { id: admin.id, nombre: admin.nombre, apellido: 'Prueba' },
        rol: 'admin',
        tipo_usuario: 'psicologo',
        fecha_union: expect.any(String),
      },
      {
        id_participante: expect.any(Number),
        usuario: { id: pac.id, nombre: pac.nombre, apellido: 'Paciente' },
        rol: 'miembro',
        tipo_usuario: 'paciente',
        fecha_union: expect.any(String),
      },
    ]);
  });
});

describe('invitaciones', () => {
  it('el administrador invita a un psicólogo por correo; el invitado la ve, acepta y queda como moderador; una segunda respuesta: 409', async () => {
    const admin = await psicologoForo(t);
    const invitado = await psicologoForo(t);
    const tercero = await psicologoForo(t);
    const { idForo } = await foroConTema(admin, { publico: false, titulo: 'Supervisión privada' });
    const inv = await admin.post(`/api/foros/${idForo}/invitar`, {
      correo: ` ${invitado.fila.correo.toUpperCase()} `,
      mensaje: 'Te necesitamos',
    });
    expect(inv.status).toBe(201);
    expect(inv.body.data).toEqual({
      id_invitacion: expect.any(Number),
      id_foro: idForo,
      foro: { titulo: 'Supervisión privada' },
      invitador: { nombre: admin.nombre, apellidoPaterno: 'Prueba' },
      mensaje: 'Te necesitamos',
      fecha_invitacion: expect.any(String),
      estado: 'pendiente',
    });
    const id = inv.body.data.id_invitacion;
    expect((await admin.post(`/api/foros/${idForo}/invitar`, { correo: invitado.fila.correo })).body.error).toBe(
      MSG_FOROS.invitacionPendiente,
    );
    expect((await invitado.get('/api/foros/invitaciones/mis-invitaciones?estado=pendiente')).body.data).toEqual([inv.body.data]);
    expect((await invitado.get('/api/foros/invitaciones/mis-invitaciones?estado=aceptada')).body.data).toEqual([]);
    // Someone else cannot answer it (nor see it).
    expect((await tercero.post(`/api/foros/invitaciones/${id}/responder`, { aceptar: true })).status).toBe(404);
    expect((await admin.post(`/api/foros/invitaciones/${id}/responder`, { aceptar: true })).status).toBe(404);
    expect((await tercero.get('/api/foros/invitaciones/mis-invitaciones')).body.data).toEqual([]);
    expect((await invitado.post(`/api/foros/invitaciones/${id}/responder`, {})).body.error).toBe(MSG_FOROS.aceptarInvalido);
    const ok = await invitado.post(`/api/foros/invitaciones/${id}/responder`, { aceptar: true });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ msg: 'Invitación aceptada', data: { estado: 'aceptada' } });
    const dos = await invitado.post(`/api/foros/invitaciones/${id}/responder`, { aceptar: false });
    expect(dos.status).toBe(409);
    expect(dos.body.error).toBe(MSG_FOROS.invitacionRespondida);
    expect((await invitado.get(`/api/foros/${idForo}`)).body.data).toMatchObject({ rol_usuario: 'moderador', total_participantes: 2 });
    expect((await admin.post(`/api/foros/${idForo}/invitar`, { correo: invitado.fila.correo })).body.error).toBe(
      MSG_FOROS.invitadoYaParticipa,
    );
  });

  it('rechazar no da acceso; solo el administrador invita; correo desconocido 404; a sí mismo 400; pacientes 403', async () => {
    const admin = await psicologoForo(t);
    const invitado = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo } = await foroConTema(admin, { publico: false });
    const inv = await admin.post(`/api/foros/${idForo}/invitar`, { correo: invitado.fila.correo });
    const r = await invitado.post(`/api/foros/invitaciones/${inv.body.data.id_invitacion}/responder`, { aceptar: false });
    expect(r.body).toMatchObject({ msg: 'Invitación rechazada', data: { estado: 'rechazada' } });
    expect((await invitado.get(`/api/foros/${idForo}`)).status).toBe(404);
    expect((await admin.post(`/api/foros/${idForo}/invitar`, { correo: 'nadie@prueba.mx' })).body.error).toBe(
      MSG_FOROS.invitadoNoEncontrado,
    );
    expect((await admin.post(`/api/foros/${idForo}/invitar`, { correo: admin.fila.correo })).body.error).toBe(MSG_FOROS.invitarteATi);
    expect((await admin.post(`/api/foros/${idForo}/invitar`, { correo: 'no-es-correo' })).body.error).toBe(MSG_FOROS.correoInvalido);
    expect((await pac.get('/api/foros/invitaciones/mis-invitaciones')).status).toBe(403);
    // A moderator cannot invite (forum admin only).
    const pub = await foroConTema(admin);
    await hacerModerador(admin, invitado, pub.idForo);
    const otro = await psicologoForo(t);
    const mod = await invitado.post(`/api/foros/${pub.idForo}/invitar`, { correo: otro.fila.correo });
    expect(mod.status).toBe(403);
    expect(mod.body.error).toBe(MSG_FOROS.soloAdmin);
  });
});

describe('temas y mensajes', () => {
  it('participantes crean temas y publican; autor {id, nombre, apellido, tipo}; páginas cronológicas de 50; despues_de', async () => {
    const admin = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo, idTema } = await foroConTema(admin);
    await pac.post(`/api/foros/${idForo}/unirse`);
    const tema = await pac.post(`/api/foros/${idForo}/temas`, { titulo: 'Mi primera semana' });
    expect(tema.status).toBe(201);
    expect(tema.body.data).toMatchObject({
      titulo: 'Mi primera semana',
      total_mensajes: 0,
      autor: { id: pac.id, tipo: 'paciente' },
      crisis: false,
    });
    const m = await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: '  Hola a todos\nGracias  ' });
    expect(m.status).toBe(201);
    expect(m.body.data).toEqual({
      id_mensaje: expect.any(Number),
      id_tema: idTema,
      seq: 1,
      autor: { id: pac.id, nombre: pac.nombre, apellido: 'Paciente', tipo: 'paciente' },
      contenido: 'Hola a todos\nGracias',
      fecha_envio: expect.any(String),
      id_cliente: null,
      oculto: false,
      crisis: false,
    });
    const lista = await admin.get(`/api/foros/temas/${idTema}/mensajes`);
    // The page names the topic's own forum and title (a screen opened under another forum's address corrects it).
    expect(lista.body.meta).toEqual({
      total: 1,
      page: 1,
      limit: 50,
      totalPages: 1,
      ultimo_seq: 1,
      id_foro: idForo,
      titulo_tema: 'Primer tema',
    });
    expect(lista.body.data[0]).toMatchObject({ seq: 1, contenido: 'Hola a todos\nGracias' });
    const temas = await admin.get(`/api/foros/${idForo}/temas`);
    expect(temas.body.meta).toEqual({ total: 2, page: 1, limit: 20, totalPages: 1 });
    expect(temas.body.data.find((x: { id_tema: number }) => x.id_tema === idTema)).toMatchObject({ total_mensajes: 1, no_leidos: 1 });
    expect((await admin.get(`/api/foros/${idForo}`)).body.data.total_temas).toBe(2);
    const despues = await admin.get(`/api/foros/temas/${idTema}/mensajes?despues_de=1`);
    expect(despues.body.data).toEqual([]);
    expect(despues.body.meta).toMatchObject({ ultimo_seq: 1, id_foro: idForo, titulo_tema: 'Primer tema' });
    expect((await admin.get(`/api/foros/temas/${idTema}/mensajes?despues_de=0`)).body.data).toHaveLength(1);
  });

  it('mensaje vacío, largo o con NUL: 400 con el texto; tema sin título: Requerido', async () => {
    const admin = await psicologoForo(t);
    const { idForo, idTema } = await foroConTema(admin);
    expect((await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: '   ' })).body.error).toBe(MSG_FOROS.mensajeVacio);
    expect((await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'x'.repeat(2001) })).body.error).toBe(
      MSG_FOROS.mensajeLargo,
    );
    expect((await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'a\u0000b' })).body.error).toBe(
      MSG_FOROS.mensajeCaracteres,
    );
    expect((await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: '😀'.repeat(2000) })).status).toBe(201);
    expect((await admin.post(`/api/foros/${idForo}/temas`, {})).body.error).toBe('Requerido');
  });

  it('id_cliente: un reintento devuelve el mismo mensaje (200) sin escribir otro; números de secuencia sin huecos', async () => {
    const admin = await psicologoForo(t);
    const { idTema } = await foroConTema(admin);
    const idc = idCliente();
    const a = await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Una vez', id_cliente: idc });
    const b = await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Una vez', id_cliente: idc });
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.body.data).toEqual(a.body.data);
    const c = await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Otra', id_cliente: idCliente() });
    expect(c.body.data.seq).toBe(2);
    const n = await filasDe<{ n: number }>(sql`select count(*)::int as n from foro_mensaje where id_tema = ${idTema}`);
    expect(n[0].n).toBe(2);
    expect((await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'x', id_cliente: 'corto' })).body.error).toBe(
      MSG_FOROS.idClienteInvalido,
    );
    // Stored encrypted (decision 070).
    const crudo = await filasDe<{ contenido: string }>(
      sql`select contenido from foro_mensaje where id_tema = ${idTema} order by seq limit 1`,
    );
    expect(crudo[0].contenido).not.toContain('Una vez');
  });

  it('envíos concurrentes: números de secuencia 1..n sin huecos; reintentos concurrentes con un id_cliente: un solo mensaje', async () => {
    const autores = [await psicologoForo(t), await pacienteForo(t), await pacienteForo(t)];
    const { idForo, idTema } = await foroConTema(autores[0]);
    for (const p of autores.slice(1)) await p.post(`/api/foros/${idForo}/unirse`);
    const idc = idCliente();
    const envios = [
      ...autores.flatMap((u, i) => [0, 1, 2].map((k) => u.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: `a${i}-${k}` }))),
      ...[0, 1, 2].map(() => autores[1].post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'una vez', id_cliente: idc })),
    ];
    const r = await Promise.all(envios);
    expect(r.every((x) => x.status === 201 || x.status === 200)).toBe(true);
    const filas = await filasDe<{ seq: number; id_cliente: string | null }>(
      sql`select seq, id_cliente from foro_mensaje where id_tema = ${idTema} order by seq`,
    );
    expect(filas.map((f) => f.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(filas.filter((f) => f.id_cliente === idc)).toHaveLength(1);
    expect(new Set(r.slice(9).map((x) => x.body.data.id_mensaje)).size).toBe(1);
  });

  it('quien no participa en un foro público lo lee, pero no publica ni crea temas', async () => {
    const admin = await psicologoForo(t);
    const lector = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo, idTema } = await foroConTema(admin);
    expect((await lector.get(`/api/foros/temas/${idTema}/mensajes`)).status).toBe(200);
    expect((await lector.get(`/api/foros/${idForo}/temas`)).body.data[0].no_leidos).toBeNull();
    for (const u of [lector, pac]) {
      const r = await u.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Hola' });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe(MSG_FOROS.soloParticipantes);
      expect((await u.post(`/api/foros/${idForo}/temas`, { titulo: 'Nuevo tema' })).status).toBe(403);
    }
  });

  it('no leídos por tema: cuenta los mensajes de otros y vuelve a 0 al marcar leído', async () => {
    const admin = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo, idTema } = await foroConTema(admin);
    await pac.post(`/api/foros/${idForo}/unirse`);
    await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Uno' });
    await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Dos' });
    await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Mío' });
    const tema = async (u: typeof pac | typeof admin) => (await u.get(`/api/foros/${idForo}/temas`)).body.data[0];
    expect((await tema(pac)).no_leidos).toBe(2);
    expect((await tema(admin)).no_leidos).toBe(1);
    expect((await pac.put(`/api/foros/temas/${idTema}/leer`)).body).toEqual({ data: { hasta_seq: 3, no_leidos: 0 } });
    expect((await tema(pac)).no_leidos).toBe(0);
  });

  it('límite de publicaciones por cuenta: 429 con el texto y Retry-After', async () => {
    const admin = await psicologoForo(t);
    const { idTema } = await foroConTema(admin);
    // foroConTema already created one topic (it counts).
    for (let i = 0; i < 7; i++)
      expect((await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: `Mensaje ${i}` })).status).toBe(201);
    const r = await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Uno más' });
    expect(r.status).toBe(429);
    expect(r.body.error).toBe(MSG_FOROS.demasiadasPublicaciones);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('seguridad de la comunidad', () => {
  it('un moderador oculta un mensaje: queda guardado, los demás lo ven oculto sin texto; un miembro no puede ocultar', async () => {
    const admin = await psicologoForo(t);
    const mod = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo, idTema } = await foroConTema(admin);
    await hacerModerador(admin, mod, idForo);
    await pac.post(`/api/foros/${idForo}/unirse`);
    const m = await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Texto ofensivo' });
    const id = m.body.data.id_mensaje;
    expect((await pac.post(`/api/foros/mensajes/${id}/ocultar`, { oculto: true })).status).toBe(403);
    // A psychologist who only reads the public forum is not one of its moderators.
    const lector = await psicologoForo(t);
    const noMod = await lector.post(`/api/foros/mensajes/${id}/ocultar`, { oculto: true });
    expect(noMod.status).toBe(403);
    expect(noMod.body.error).toBe(MSG_FOROS.soloParticipantes);
    const r = await mod.post(`/api/foros/mensajes/${id}/ocultar`, { oculto: true });
    expect(r.body.data).toMatchObject({ oculto: true, contenido: 'Texto ofensivo' });
    expect((await pac.get(`/api/foros/temas/${idTema}/mensajes`)).body.data[0]).toMatchObject({ oculto: true, contenido: '' });
    expect((await admin.get(`/api/foros/temas/${idTema}/mensajes`)).body.data[0]).toMatchObject({
      oculto: true,
      contenido: 'Texto ofensivo',
    });
    const audit = await filasDe<{ accion: string }>(
      sql`select accion from auditoria where recurso = 'foro_mensaje' and id_recurso = ${String(id)}`,
    );
    expect(audit.map((a) => a.accion)).toEqual(['ocultar_mensaje']);
  });

  it('reportar: una vez por participante; quien no participa no reporta; los moderadores ven los reportes', async () => {
    const admin = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const ajeno = await pacienteForo(t);
    const { idForo, idTema } = await foroConTema(admin);
    await pac.post(`/api/foros/${idForo}/unirse`);
    const m = await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Algo para revisar' });
    const id = m.body.data.id_mensaje;
    const r = await pac.post(`/api/foros/mensajes/${id}/reportar`, { motivo: 'No me parece respetuoso' });
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({ id_reporte: expect.any(Number), msg: MSG_FOROS.reporteEnviado });
    expect((await pac.post(`/api/foros/mensajes/${id}/reportar`, {})).status).toBe(409);
    expect((await ajeno.post(`/api/foros/mensajes/${id}/reportar`, {})).status).toBe(403);
    expect((await pac.get(`/api/foros/${idForo}/reportes`)).status).toBe(403);
    const reportes = await admin.get(`/api/foros/${idForo}/reportes`);
    expect(reportes.body.data).toEqual([
      expect.objectContaining({
        motivo: 'No me parece respetuoso',
        reportante: { nombre: pac.nombre, apellido: 'Paciente', tipo: 'paciente' },
      }),
    ]);
  });

  it('lenguaje de crisis: el mensaje se publica y su autor recibe crisis: true', async () => {
    const admin = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo, idTema } = await foroConTema(admin);
    await pac.post(`/api/foros/${idForo}/unirse`);
    const r = await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Desde que se fue YA NO QUIERO VIVIR.' });
    expect(r.status).toBe(201);
    expect(r.body.data.crisis).toBe(true);
    expect((await admin.get(`/api/foros/temas/${idTema}/mensajes`)).body.data[0]).toMatchObject({
      contenido: 'Desde que se fue YA NO QUIERO VIVIR.',
    });
    expect((await admin.get(`/api/foros/temas/${idTema}/mensajes`)).body.data[0]).not.toHaveProperty('crisis');
    const normal = await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Mi hermano murió por suicidio y hoy lo extraño.' });
    expect(normal.body.data.crisis).toBe(false);
  });

  it('quitar participante: moderador quita a un miembro (no puede volver a unirse), no a otro moderador ni al administrador', async () => {
    const admin = await psicologoForo(t);
    const mod = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo, idTema } = await foroConTema(admin);
    await hacerModerador(admin, mod, idForo);
    await pac.post(`/api/foros/${idForo}/unirse`);
    const part = (await admin.get(`/api/foros/${idForo}/participantes`)).body.data as { id_participante: number; rol: string }[];
    const idDe = (rol: string) => part.find((p) => p.rol === rol)?.id_participante;
    expect((await pac.del(`/api/foros/${idForo}/participantes/${idDe('moderador')}`)).status).toBe(403);
    const alAdmin = await mod.del(`/api/foros/${idForo}/participantes/${idDe('admin')}`);
    expect(alAdmin.status).toBe(403);
    expect(alAdmin.body.error).toBe(MSG_FOROS.rangoInsuficiente);
    expect((await mod.del(`/api/foros/${idForo}/participantes/999999`)).status).toBe(404);
    const r = await mod.del(`/api/foros/${idForo}/participantes/${idDe('miembro')}`);
    expect(r.body).toEqual({ data: { msg: MSG_FOROS.participanteRemovido } });
    expect((await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Hola' })).status).toBe(403);
    const otraVez = await pac.post(`/api/foros/${idForo}/unirse`);
    expect(otraVez.status).toBe(403);
    expect(otraVez.body.error).toBe(MSG_FOROS.removidoDelForo);
    // The forum admin removes a moderator.
    expect((await admin.del(`/api/foros/${idForo}/participantes/${idDe('moderador')}`)).status).toBe(200);
    expect((await admin.get(`/api/foros/${idForo}`)).body.data.total_participantes).toBe(1);
  });
});

describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
  const contar = async (q: ReturnType<typeof sql>) => (await filasDe<{ n: number }>(q))[0].n;

  it('abrir un tema y publicar sin id_cliente: 201 y una sola fila de cada uno', async () => {
    const admin = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo } = await foroConTema(admin);
    await pac.post(`/api/foros/${idForo}/unirse`);
    const tema = await conAvisoCaido(t, () => pac.post(`/api/foros/${idForo}/temas`, { titulo: 'Un tema nuevo' }));
    expect(tema.status, JSON.stringify(tema.body)).toBe(201);
    // Titles are stored encrypted (decision 311): the patient's topics are counted by author.
    expect(
      await contar(
        sql`select count(*)::int as n from foro_tema where id_foro = ${idForo} and autor_tipo = 'paciente' and autor_id = ${pac.id}`,
      ),
    ).toBe(1);
    const idTema: number = tema.body.data.id_tema;
    const m = await conAvisoCaido(t, () => pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Hola a todos' }));
    expect(m.status, JSON.stringify(m.body)).toBe(201);
    expect(m.body.data).toMatchObject({ contenido: 'Hola a todos', seq: 1 });
    expect(await contar(sql`select count(*)::int as n from foro_mensaje where id_tema = ${idTema}`)).toBe(1);
  });

  it('ocultar y reportar un mensaje: la respuesta de cada uno y lo guardado una vez', async () => {
    const admin = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo, idTema } = await foroConTema(admin);
    await pac.post(`/api/foros/${idForo}/unirse`);
    const id = (await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Algo para revisar' })).body.data.id_mensaje;
    const reporte = await conAvisoCaido(t, () => pac.post(`/api/foros/mensajes/${id}/reportar`, { motivo: 'No me parece' }));
    expect(reporte.status, JSON.stringify(reporte.body)).toBe(201);
    expect(reporte.body.data).toEqual({ id_reporte: expect.any(Number), msg: MSG_FOROS.reporteEnviado });
    expect(await contar(sql`select count(*)::int as n from foro_reporte where id_mensaje = ${id}`)).toBe(1);
    const oculto = await conAvisoCaido(t, () => admin.post(`/api/foros/mensajes/${id}/ocultar`, { oculto: true }));
    expect(oculto.status, JSON.stringify(oculto.body)).toBe(200);
    expect(oculto.body.data).toMatchObject({ id_mensaje: id, oculto: true });
    expect(await contar(sql`select count(*)::int as n from foro_mensaje where id_mensaje = ${id} and oculto`)).toBe(1);
  });

  it('invitar, editar el foro, quitar a un participante y eliminar el foro: la respuesta de cada uno', async () => {
    const admin = await psicologoForo(t);
    const invitado = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo } = await foroConTema(admin);
    await pac.post(`/api/foros/${idForo}/unirse`);
    const inv = await conAvisoCaido(t, () => admin.post(`/api/foros/${idForo}/invitar`, { correo: invitado.fila.correo }));
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(await contar(sql`select count(*)::int as n from foro_invitacion where id_foro = ${idForo}`)).toBe(1);
    const editado = await conAvisoCaido(t, () => admin.put(`/api/foros/${idForo}`, { titulo: 'Título nuevo' }));
    expect(editado.status, JSON.stringify(editado.body)).toBe(200);
    expect(editado.body.data).toMatchObject({ id_foro: idForo, titulo: 'Título nuevo' });
    const part = (await admin.get(`/api/foros/${idForo}/participantes`)).body.data as { id_participante: number; rol: string }[];
    const miembro = part.find((p) => p.rol === 'miembro')?.id_participante;
    const quitado = await conAvisoCaido(t, () => admin.del(`/api/foros/${idForo}/participantes/${miembro}`));
    expect(quitado.status, JSON.stringify(quitado.body)).toBe(200);
    expect(quitado.body).toEqual({ data: { msg: MSG_FOROS.participanteRemovido } });
    expect(await contar(sql`select count(*)::int as n from foro_participante where id_participante = ${miembro}`)).toBe(0);
    const eliminado = await conAvisoCaido(t, () => admin.del(`/api/foros/${idForo}`));
    expect(eliminado.status, JSON.stringify(eliminado.body)).toBe(200);
    expect(eliminado.body).toEqual({ data: { msg: MSG_FOROS.eliminado } });
    expect(await contar(sql`select count(*)::int as n from foro where id_foro = ${idForo}`)).toBe(0);
  });
});
