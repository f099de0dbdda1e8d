// Live forums (issue 16): a post reaches every socket reading its topic and nobody else; a private
// forum's rooms refuse non-participants; a reconnecting socket gets exactly what it missed; new
// topics, counts, invitations, reports and crisis alerts reach whom they concern.
import { type MensajeForo, MSG_FOROS } from '@miduelo/shared/foros';
import { describe, expect, it } from 'vitest';
import { foroConTema, hacerModerador, idCliente, pacienteForo, psicologoForo, type Usuario } from '../helpers/foros';
import { esperarEvento, type SocketCliente, sincronizar, usarServidorDeSockets } from '../helpers/socket';

const srv = usarServidorDeSockets();

/** Collects every `foro:mensaje` a socket receives. */
function recoger(s: SocketCliente): MensajeForo[] {
  const r: MensajeForo[] = [];
  s.on('foro:mensaje', (p) => r.push(p.mensaje));
  return r;
}

async function abrirTema(s: SocketCliente, idTema: number, despues_de = 0) {
  return s.emitWithAck('foro:tema:unirse', { id_tema: idTema, despues_de });
}

async function publicar(u: Usuario, idTema: number, contenido: string) {
  const r = await u.post(`/api/foros/temas/${idTema}/mensajes`, { contenido, id_cliente: idCliente() });
  expect(r.status).toBe(201);
  return r.body.data as MensajeForo & { crisis: boolean };
}

/** Waits until `cond` holds, checking after every event loop turn (no fixed sleep). */
async function hasta(cond: () => boolean, ms = 5000) {
  const fin = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > fin) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('mensajes en vivo', () => {
  it('un mensaje llega a cada socket que lee el tema (participantes y lectores de un foro público) y a nadie más', async () => {
    const admin = await psicologoForo(srv.t);
    const pac = await pacienteForo(srv.t);
    const lector = await psicologoForo(srv.t);
    const fuera = await pacienteForo(srv.t);
    const { idForo, idTema } = await foroConTema(admin);
    const otro = await foroConTema(admin, { titulo: 'Otro foro' });
    await pac.post(`/api/foros/${idForo}/unirse`);

    const sAdmin = await srv.socket(admin.token);
    const sAdmin2 = await srv.socket(admin.token);
    const sPac = await srv.socket(pac.token);
    const sLector = await srv.socket(lector.token);
    const sFuera = await srv.socket(fuera.token);
    const sOtroTema = await srv.socket(pac.token);
    for (const s of [sAdmin, sAdmin2, sPac, sLector]) expect((await abrirTema(s, idTema)).ok).toBe(true);
    expect((await abrirTema(sOtroTema, otro.idTema)).ok).toBe(true);
    const llegados = [sAdmin, sAdmin2, sPac, sLector].map(recoger);
    const ajenos = [sFuera, sOtroTema].map(recoger);

    const m = await publicar(pac, idTema, 'Hola, soy nueva aquí');
    await hasta(() => llegados.every((l) => l.length === 1));
    const { crisis: _c, ...publicado } = m;
    for (const l of llegados) expect(l).toEqual([publicado]);
    await sincronizar(sAdmin, sFuera, sOtroTema);
    for (const l of ajenos) expect(l).toEqual([]);

    // Leaving the page leaves the room.
    sLector.emit('foro:tema:salir', { id_tema: idTema });
    await sincronizar(sLector);
    await publicar(admin, idTema, 'Bienvenida');
    await hasta(() => llegados[2].length === 2);
    await sincronizar(sAdmin, sLector);
    expect(llegados[3]).toHaveLength(1);
  });

  it('un foro privado: quien no participa no abre su foro ni sus temas, y no recibe nada', async () => {
    const admin = await psicologoForo(srv.t);
    const ajeno = await psicologoForo(srv.t);
    const pac = await pacienteForo(srv.t);
    const { idForo, idTema } = await foroConTema(admin, { publico: false, titulo: 'Privado del socket' });
    const sAdmin = await srv.socket(admin.token);
    const intrusos = [await srv.socket(ajeno.token), await srv.socket(pac.token)];
    expect((await abrirTema(sAdmin, idTema)).ok).toBe(true);
    for (const s of intrusos) {
      const r = await abrirTema(s, idTema);
      expect(r).toEqual({ ok: false, msg: 'Tema no encontrado' });
      expect(await s.emitWithAck('foro:unirse', { id_foro: idForo })).toEqual({ ok: false, msg: 'Foro no encontrado' });
    }
    const recibidos = intrusos.map((s) => {
      const todo: [string, unknown][] = [];
      s.onAny((ev, p) => {
        if (String(ev).startsWith('foro:')) todo.push([ev, p]);
      });
      return todo;
    });
    const llegados = recoger(sAdmin);
    await publicar(admin, idTema, 'Solo para el equipo');
    await admin.post(`/api/foros/${idForo}/temas`, { titulo: 'Tema privado nuevo' });
    await hasta(() => llegados.length === 1);
    await sincronizar(sAdmin, ...intrusos);
    for (const r of recibidos) expect(JSON.stringify(r)).not.toContain('Privado');
    for (const r of recibidos) expect(r.filter(([ev]) => ev !== 'foro:conteos')).toEqual([]);
  });

  it('al reconectar, el socket recibe exactamente los mensajes que perdió (después de su último seq)', async () => {
    const admin = await psicologoForo(srv.t);
    const pac = await pacienteForo(srv.t);
    const { idForo, idTema } = await foroConTema(admin);
    await pac.post(`/api/foros/${idForo}/unirse`);
    const s = await srv.socket(pac.token);
    const sync = await abrirTema(s, idTema);
    expect(sync).toEqual({ ok: true, data: { mensajes: [], ultimo_seq: 0, hay_mas: false } });
    const vivos = recoger(s);
    await publicar(admin, idTema, 'Uno');
    await hasta(() => vivos.length === 1);
    s.disconnect();
    await publicar(admin, idTema, 'Dos');
    await publicar(admin, idTema, 'Tres');
    s.connect();
    await new Promise<void>((r) => s.once('connect', () => r()));
    const ultimo = Math.max(...vivos.map((m) => m.seq));
    const r = await abrirTema(s, idTema, ultimo);
    expect(r.ok && r.data.mensajes.map((m) => [m.seq, m.contenido])).toEqual([
      [2, 'Dos'],
      [3, 'Tres'],
    ]);
    expect(r.ok && r.data.ultimo_seq).toBe(3);
    await publicar(admin, idTema, 'Cuatro');
    await hasta(() => vivos.length === 2);
    expect(vivos.map((m) => m.seq)).toEqual([1, 4]);
    // The HTTP fallback (30-s polling) answers the same.
    expect((await pac.get(`/api/foros/temas/${idTema}/mensajes?despues_de=1`)).body.data.map((m: MensajeForo) => m.seq)).toEqual([2, 3, 4]);
  });

  it('un reintento con el mismo id_cliente no crea otro mensaje: los lectores lo fusionan por seq', async () => {
    const admin = await psicologoForo(srv.t);
    const { idTema } = await foroConTema(admin);
    const s = await srv.socket(admin.token);
    await abrirTema(s, idTema);
    const vivos = recoger(s);
    const idc = idCliente();
    const a = await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Una vez', id_cliente: idc });
    const b = await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Una vez', id_cliente: idc });
    expect(b.body.data.seq).toBe(a.body.data.seq);
    await hasta(() => vivos.length === 2);
    expect(new Set(vivos.map((m) => m.id_mensaje)).size).toBe(1);
  });
});

describe('eventos del foro', () => {
  it('un tema nuevo llega a la sala del foro; los conteos a la lista; la actividad del tema a quien ve el foro', async () => {
    const admin = await psicologoForo(srv.t);
    const pac = await pacienteForo(srv.t);
    const { idForo, idTema } = await foroConTema(admin);
    const sForo = await srv.socket(admin.token);
    const sLista = await srv.socket(pac.token);
    expect(await sForo.emitWithAck('foro:unirse', { id_foro: idForo })).toEqual({ ok: true, data: { id_foro: idForo } });
    const conteo = esperarEvento<{ id_foro: number; total_participantes: number }>(sLista, 'foro:conteos');
    await pac.post(`/api/foros/${idForo}/unirse`);
    expect(await conteo).toEqual({ id_foro: idForo, total_participantes: 2, total_temas: 1 });
    const tema = esperarEvento<{ tema: { titulo: string; autor: { tipo: string } } }>(sForo, 'foro:tema');
    await pac.post(`/api/foros/${idForo}/temas`, { titulo: 'Pregunta de una paciente' });
    expect((await tema).tema).toMatchObject({ titulo: 'Pregunta de una paciente', autor: { tipo: 'paciente' } });
    const actividad = esperarEvento(sForo, 'foro:tema-actividad');
    const m = await publicar(pac, idTema, 'Hola');
    expect(await actividad).toEqual({
      id_foro: idForo,
      id_tema: idTema,
      ultimo_seq: 1,
      total_mensajes: 1,
      fecha_actividad: m.fecha_envio,
      autor: { id: pac.id, tipo: 'paciente' },
    });
  });

  it('una invitación llega a la sala personal del invitado (todas sus pestañas) y a nadie más; responderla actualiza el conteo', async () => {
    const admin = await psicologoForo(srv.t);
    const invitado = await psicologoForo(srv.t);
    const tercero = await psicologoForo(srv.t);
    const { idForo } = await foroConTema(admin, { publico: false, titulo: 'Equipo de guardia' });
    const pestañas = [await srv.socket(invitado.token), await srv.socket(invitado.token)];
    const sTercero = await srv.socket(tercero.token);
    const ajenos: unknown[] = [];
    sTercero.on('foro:invitacion', (p) => ajenos.push(p));
    const llegan = pestañas.map((s) => esperarEvento<{ titulo_foro: string; pendientes: number }>(s, 'foro:invitacion'));
    const inv = await admin.post(`/api/foros/${idForo}/invitar`, { correo: invitado.fila.correo });
    for (const p of await Promise.all(llegan))
      expect(p).toEqual({ id_invitacion: inv.body.data.id_invitacion, titulo_foro: 'Equipo de guardia', pendientes: 1 });
    const cero = esperarEvento(pestañas[1], 'foro:invitaciones');
    await invitado.post(`/api/foros/invitaciones/${inv.body.data.id_invitacion}/responder`, { aceptar: true });
    expect(await cero).toEqual({ pendientes: 0 });
    await sincronizar(sTercero);
    expect(ajenos).toEqual([]);
  });

  it('eliminar un foro retira sus invitaciones: cada invitado recibe su nuevo conteo de pendientes, nadie más', async () => {
    const admin = await psicologoForo(srv.t);
    const invitado = await psicologoForo(srv.t);
    const tercero = await psicologoForo(srv.t);
    const { idForo } = await foroConTema(admin, { publico: false, titulo: 'Foro que se elimina' });
    const otro = await foroConTema(admin, { publico: false, titulo: 'Foro que sigue' });
    for (const id of [idForo, otro.idForo])
      expect((await admin.post(`/api/foros/${id}/invitar`, { correo: invitado.fila.correo })).status).toBe(201);
    const sInvitado = await srv.socket(invitado.token);
    const sTercero = await srv.socket(tercero.token);
    const ajenos: unknown[] = [];
    sTercero.on('foro:invitaciones', (p) => ajenos.push(p));
    const conteo = esperarEvento(sInvitado, 'foro:invitaciones');
    expect((await admin.del(`/api/foros/${idForo}`)).status).toBe(200);
    expect(await conteo).toEqual({ pendientes: 1 });
    const lista = (await invitado.get('/api/foros/invitaciones/mis-invitaciones?estado=pendiente')).body.data as {
      foro: { titulo: string };
    }[];
    expect(lista.map((i) => i.foro.titulo)).toEqual(['Foro que sigue']);
    await sincronizar(sTercero);
    expect(ajenos).toEqual([]);
  });

  it('reportes y alertas de crisis llegan a los moderadores y al administrador del foro, no a los miembros', async () => {
    const admin = await psicologoForo(srv.t);
    const mod = await psicologoForo(srv.t);
    const pac = await pacienteForo(srv.t);
    const otroPac = await pacienteForo(srv.t);
    const { idForo, idTema } = await foroConTema(admin, { titulo: 'Foro cuidado' });
    await hacerModerador(admin, mod, idForo);
    await pac.post(`/api/foros/${idForo}/unirse`);
    await otroPac.post(`/api/foros/${idForo}/unirse`);
    const sAdmin = await srv.socket(admin.token);
    const sMod = await srv.socket(mod.token);
    const sOtro = await srv.socket(otroPac.token);
    const aMiembros: unknown[] = [];
    sOtro.on('foro:reporte', (p) => aMiembros.push(p));
    sOtro.on('foro:alerta-crisis', (p) => aMiembros.push(p));

    const alertas = [sAdmin, sMod].map((s) => esperarEvento(s, 'foro:alerta-crisis'));
    const m = await publicar(pac, idTema, 'No aguanto más, me quiero morir');
    expect(m.crisis).toBe(true);
    for (const a of await Promise.all(alertas))
      expect(a).toEqual({ id_foro: idForo, titulo_foro: 'Foro cuidado', id_tema: idTema, id_mensaje: m.id_mensaje });

    const reportes = [sAdmin, sMod].map((s) => esperarEvento(s, 'foro:reporte'));
    const r = await otroPac.post(`/api/foros/mensajes/${m.id_mensaje}/reportar`, { motivo: 'Me preocupa' });
    for (const p of await Promise.all(reportes))
      expect(p).toEqual({
        id_foro: idForo,
        titulo_foro: 'Foro cuidado',
        id_tema: idTema,
        id_mensaje: m.id_mensaje,
        id_reporte: r.body.data.id_reporte,
      });
    await sincronizar(sOtro);
    expect(aMiembros).toEqual([]);
  });

  it('ocultar un mensaje avisa a quien lee el tema; quitar a un participante de un foro privado lo saca de sus salas', async () => {
    const admin = await psicologoForo(srv.t);
    const mod = await psicologoForo(srv.t);
    const { idForo, idTema } = await foroConTema(admin, { publico: false });
    await hacerModerador(admin, mod, idForo);
    const sMod = await srv.socket(mod.token);
    const sAdmin = await srv.socket(admin.token);
    expect((await abrirTema(sMod, idTema)).ok).toBe(true);
    expect((await abrirTema(sAdmin, idTema)).ok).toBe(true);
    const m = await publicar(mod, idTema, 'Algo que se ocultará');
    const oculto = esperarEvento(sMod, 'foro:mensaje-oculto');
    await admin.post(`/api/foros/mensajes/${m.id_mensaje}/ocultar`, { oculto: true });
    expect(await oculto).toEqual({ id_tema: idTema, id_mensaje: m.id_mensaje, seq: m.seq, oculto: true });

    const part = (await admin.get(`/api/foros/${idForo}/participantes`)).body.data as { id_participante: number; rol: string }[];
    const removido = esperarEvento(sMod, 'foro:removido');
    await admin.del(`/api/foros/${idForo}/participantes/${part.find((p) => p.rol === 'moderador')?.id_participante}`);
    expect(await removido).toEqual({ id_foro: idForo });
    const vivos = recoger(sMod);
    const delAdmin = recoger(sAdmin);
    await publicar(admin, idTema, 'Ya no lo ve');
    await hasta(() => delAdmin.length === 1);
    await sincronizar(sAdmin, sMod);
    expect(vivos).toEqual([]);
    expect((await abrirTema(sMod, idTema)).ok).toBe(false);
  });

  it('una paciente que sale de un foro que se volvió privado recibe su respuesta y deja de oír sus temas (decisión 286)', async () => {
    const admin = await psicologoForo(srv.t);
    const pac = await pacienteForo(srv.t);
    // Patients join public forums; she is a member of a private one when its admin closes it after.
    const { idForo, idTema } = await foroConTema(admin, { titulo: 'Grupo cerrado' });
    expect((await pac.post(`/api/foros/${idForo}/unirse`)).status).toBe(200);
    expect((await admin.put(`/api/foros/${idForo}`, { publico: false })).status).toBe(200);
    const sTema = await srv.socket(pac.token);
    const sForo = await srv.socket(pac.token);
    const sAdmin = await srv.socket(admin.token);
    expect((await abrirTema(sTema, idTema)).ok).toBe(true);
    expect((await sForo.emitWithAck('foro:unirse', { id_foro: idForo })).ok).toBe(true);
    expect((await abrirTema(sAdmin, idTema)).ok).toBe(true);

    const r = await pac.post(`/api/foros/${idForo}/salir`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      msg: MSG_FOROS.saliste,
      data: { id_foro: idForo, titulo: 'Grupo cerrado', publico: false, es_participante: false, rol_usuario: null, total_participantes: 1 },
    });
    // Everything the forum's rooms carry: posts, new topics, a topic's activity and counts.
    const oye: string[] = [];
    for (const s of [sTema, sForo])
      for (const ev of ['foro:mensaje', 'foro:tema', 'foro:tema-actividad', 'foro:tema-conteo'] as const) s.on(ev, () => oye.push(ev));
    const delAdmin = recoger(sAdmin);
    await publicar(admin, idTema, 'Solo para quien sigue en el grupo');
    await admin.post(`/api/foros/${idForo}/temas`, { titulo: 'Un tema nuevo', contenido: 'Para el grupo' });
    await hasta(() => delAdmin.length === 1);
    await sincronizar(sAdmin, sTema, sForo);
    expect(oye).toEqual([]);
    expect((await abrirTema(sTema, idTema)).ok).toBe(false);
  });

  it('mostrar de nuevo un mensaje trae su texto a quien lee el tema; ocultarlo o mostrarlo da el nuevo total del tema a quien ve el foro', async () => {
    const admin = await psicologoForo(srv.t);
    const pac = await pacienteForo(srv.t);
    const ajeno = await psicologoForo(srv.t);
    const { idForo, idTema } = await foroConTema(admin);
    const otro = await foroConTema(ajeno, { titulo: 'Otro foro' });
    await pac.post(`/api/foros/${idForo}/unirse`);
    await publicar(admin, idTema, 'Bienvenidas');
    const m = await publicar(pac, idTema, 'Un comentario hiriente');
    // The patient reads the topic on one socket and the forum's page on another; a reader of another
    // forum hears nothing of it.
    const sTema = await srv.socket(pac.token);
    const sForo = await srv.socket(pac.token);
    const sAjeno = await srv.socket(ajeno.token);
    expect((await abrirTema(sTema, idTema)).ok).toBe(true);
    expect((await sForo.emitWithAck('foro:unirse', { id_foro: idForo })).ok).toBe(true);
    expect((await abrirTema(sAjeno, otro.idTema)).ok).toBe(true);
    expect((await sAjeno.emitWithAck('foro:unirse', { id_foro: otro.idForo })).ok).toBe(true);
    const aAjenos: unknown[] = [];
    sAjeno.on('foro:mensaje-oculto', (p) => aAjenos.push(p));
    sAjeno.on('foro:tema-conteo', (p) => aAjenos.push(p));

    // Hidden: no text travels, and the topic counts one visible post.
    const oculto = esperarEvento(sTema, 'foro:mensaje-oculto');
    const menos = esperarEvento(sForo, 'foro:tema-conteo');
    expect((await admin.post(`/api/foros/mensajes/${m.id_mensaje}/ocultar`, { oculto: true })).status).toBe(200);
    expect(await oculto).toEqual({ id_tema: idTema, id_mensaje: m.id_mensaje, seq: m.seq, oculto: true });
    expect(await menos).toEqual({ id_foro: idForo, id_tema: idTema, total_mensajes: 1 });

    // Shown again: the post itself, with its text, for a reader who holds it without one.
    const mostrado = esperarEvento(sTema, 'foro:mensaje-oculto');
    const mas = esperarEvento(sForo, 'foro:tema-conteo');
    expect((await admin.post(`/api/foros/mensajes/${m.id_mensaje}/ocultar`, { oculto: false })).status).toBe(200);
    const { crisis: _c, ...publicado } = m;
    expect(await mostrado).toEqual({ id_tema: idTema, id_mensaje: m.id_mensaje, seq: m.seq, oculto: false, mensaje: publicado });
    expect(await mas).toEqual({ id_foro: idForo, id_tema: idTema, total_mensajes: 2 });
    await sincronizar(sAjeno);
    expect(aAjenos).toEqual([]);
  });
});
