// Issue 52, findings 4 and 8 (decisions 330–331). A body that is not a JSON object is refused with a
// Spanish 400 wherever a route declares an object body, and hiding a forum post must be said
// explicitly. Bidirectional and invisible characters never reach another person: prose loses them,
// names and titles are refused.
import { MSG_CHAT } from '@miduelo/shared/chat';
import { quitarInvisibles, textoDeNombre, tieneInvisibles } from '@miduelo/shared/comun';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { MSG_FOROS } from '@miduelo/shared/foros';
import { MSG_PERDIDA } from '@miduelo/shared/pacientes-aniversario';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { crearPractica, type Practica } from '../helpers/agenda';
import { abrirChat, crearConsulta } from '../helpers/chat';
import { aplicar, api, B, testPorNombre } from '../helpers/expediente';
import { foroConTema, idCliente, psicologoForo, type Usuario } from '../helpers/foros';

let t: AppDePrueba;
let admin: Usuario;
let idForo: number;
let idTema: number;
let pr: Practica;
beforeAll(async () => {
  t = await crearAppDePrueba();
  admin = await psicologoForo(t);
  ({ idForo, idTema } = await foroConTema(admin));
  pr = await crearPractica(t, 1);
});
afterAll(() => t?.cerrar());

/** A request whose body is exactly `crudo` (JSON text), as a careless or hostile client sends it. */
const crudo = (token: string, method: 'POST' | 'PUT' | 'PATCH', url: string, cuerpo: string) =>
  inyectarCon(t.app, token, { method, url, payload: cuerpo, headers: { 'content-type': 'application/json' } });

async function publicar(contenido: string) {
  const r = await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido, id_cliente: idCliente() });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id_mensaje: number; contenido: string };
}

// Written as escapes: U+202E (right-to-left override), U+2066/U+2069 (isolates), U+200B (zero-width
// space), U+FEFF (byte-order mark), U+2060 (word joiner).
const RLO = '\u202e';
const SUCIO = `Hola${RLO}txt.exe\u2066 a\u200bdiós\u2069\u2060\ufeff`;
const LIMPIO = 'Holatxt.exe adiós';

describe('un cuerpo que no es un objeto JSON (decisión 330)', () => {
  it('ocultar un mensaje con [], null, "x" o 1 responde 400 en español y el mensaje sigue visible', async () => {
    const m = await publicar('Un mensaje que nadie debe ocultar por error');
    for (const cuerpo of ['[]', 'null', '"x"', '1', 'true', '[{"oculto":true}]']) {
      const r = await crudo(admin.token, 'POST', `/api/foros/mensajes/${m.id_mensaje}/ocultar`, cuerpo);
      expect(r.statusCode, `${cuerpo}: ${r.body}`).toBe(400);
      expect(r.json()).toMatchObject({ msg: MSG_GENERICO.cuerpoInvalido, error: MSG_GENERICO.cuerpoInvalido, code: 'VALIDACION' });
    }
    const lista = await admin.get(`/api/foros/temas/${idTema}/mensajes`);
    expect(lista.body.data.find((x: { id_mensaje: number }) => x.id_mensaje === m.id_mensaje)).toMatchObject({ oculto: false });
  });

  it('ocultar sin decir oculto es 400: nada se oculta por omisión; { oculto: true } y { oculto: false } siguen sirviendo', async () => {
    const m = await publicar('Otro mensaje');
    const vacio = await admin.post(`/api/foros/mensajes/${m.id_mensaje}/ocultar`, {});
    expect(vacio.status).toBe(400);
    expect(vacio.body.error).toBe(MSG_FOROS.ocultoInvalido);
    const sinCuerpo = await inyectarCon(t.app, admin.token, { method: 'POST', url: `/api/foros/mensajes/${m.id_mensaje}/ocultar` });
    expect(sinCuerpo.statusCode).toBe(400);
    expect((await admin.post(`/api/foros/mensajes/${m.id_mensaje}/ocultar`, { oculto: 'sí' })).status).toBe(400);
    const lista = async () =>
      (await admin.get(`/api/foros/temas/${idTema}/mensajes`)).body.data.find((x: { id_mensaje: number }) => x.id_mensaje === m.id_mensaje);
    expect(await lista()).toMatchObject({ oculto: false });
    expect((await admin.post(`/api/foros/mensajes/${m.id_mensaje}/ocultar`, { oculto: true })).status).toBe(200);
    expect(await lista()).toMatchObject({ oculto: true });
    expect((await admin.post(`/api/foros/mensajes/${m.id_mensaje}/ocultar`, { oculto: false })).status).toBe(200);
    expect(await lista()).toMatchObject({ oculto: false });
  });

  it('editar un foro con null o [] es 400 y el foro no cambia', async () => {
    const antes = (await admin.get(`/api/foros/${idForo}`)).body.data;
    for (const cuerpo of ['null', '[]', '"titulo"']) {
      const r = await crudo(admin.token, 'PUT', `/api/foros/${idForo}`, cuerpo);
      expect(r.statusCode, `${cuerpo}: ${r.body}`).toBe(400);
      expect(r.json().msg).toBe(MSG_GENERICO.cuerpoInvalido);
    }
    expect((await admin.get(`/api/foros/${idForo}`)).body.data).toEqual(antes);
  });

  it('la misma regla en rutas de otros módulos: nota clínica, diario, pérdida, chat, inicio de sesión', async () => {
    const id = pr.pacientes[0].id_paciente;
    const casos: [string, 'POST' | 'PUT', string][] = [
      [pr.token, 'POST', '/api/psicologo/notas'],
      [pr.token, 'PUT', `/api/psicologo/paciente/${id}/perdida`],
      [pr.tokensPacientes[0], 'POST', '/api/paciente/diario'],
      [pr.tokensPacientes[0], 'POST', '/api/paciente/mensajes'],
      ['', 'POST', '/api/psicologo/iniciar-sesion'],
    ];
    for (const [token, metodo, url] of casos) {
      for (const cuerpo of ['null', '[]', '42']) {
        const r = await crudo(token, metodo, url, cuerpo);
        expect(r.statusCode, `${metodo} ${url} ${cuerpo}: ${r.body}`).toBe(400);
        expect(r.json().msg).toBe(MSG_GENERICO.cuerpoInvalido);
      }
    }
  });
});

describe('caracteres invisibles y de dirección (decisión 331)', () => {
  it('la regla: se detectan y se quitan; un emoji compuesto (familia, bandera) se conserva', () => {
    for (const c of [
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
      '\u200b',
      '\u200e',
      '\u200f',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u061c',
      '\u{e0041}',
      '\u0007',
    ]) {
      expect(tieneInvisibles(`a${c}b`), c.codePointAt(0)?.toString(16)).toBe(true);
      expect(quitarInvisibles(`a${c}b`)).toBe('ab');
      expect(textoDeNombre(`a${c}b`)).toBe(false);
    }
    const emojis = [
      '\u{1f469}\u200d\u{1f467}',
      '\u{1f3f3}\ufe0f\u200d\u{1f308}',
      '\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}',
      '\u{1f44d}\u{1f3fd}',
    ];
    for (const e of emojis) {
      expect(tieneInvisibles(`Para ti ${e}`)).toBe(false);
      expect(textoDeNombre(`Para ti ${e}`)).toBe(true);
    }
    expect(quitarInvisibles('x\u200dy')).toBe('xy');
    expect(quitarInvisibles('Línea uno\n\tLínea dos\r\n')).toBe('Línea uno\n\tLínea dos\r\n');
  });

  it('foro: el mensaje, la descripción, la invitación y el motivo de un reporte se guardan sin ellos; el título se rechaza', async () => {
    expect(SUCIO).toContain(RLO);
    const m = await publicar(SUCIO);
    expect(m.contenido).toBe(LIMPIO);
    const leido = (await admin.get(`/api/foros/temas/${idTema}/mensajes`)).body.data.find(
      (x: { id_mensaje: number }) => x.id_mensaje === m.id_mensaje,
    );
    expect(leido.contenido).toBe(LIMPIO);

    const solo = await admin.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: '\u200b\u202e\ufeff', id_cliente: idCliente() });
    expect(solo.status).toBe(400);
    expect(solo.body.error).toBe(MSG_FOROS.mensajeVacio);

    const ed = await admin.put(`/api/foros/${idForo}`, { descripcion: SUCIO });
    expect(ed.status).toBe(200);
    expect(ed.body.data.descripcion).toBe(LIMPIO);

    const titulo = await admin.put(`/api/foros/${idForo}`, { titulo: `Duelo${RLO}es` });
    expect(titulo.status).toBe(400);
    expect(titulo.body.error).toBe(MSG_FOROS.tituloInvalido);
    const tema = await admin.post(`/api/foros/${idForo}/temas`, { titulo: 'Tema\u200b oculto' });
    expect(tema.status).toBe(400);

    const otro = await psicologoForo(t);
    const inv = await admin.post(`/api/foros/${idForo}/invitar`, { correo: otro.fila.correo, mensaje: SUCIO });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(JSON.stringify(inv.body)).not.toMatch(/[\u200b\u202e\u2066\u2069\u2060\ufeff]/);

    const rep = await admin.post(`/api/foros/mensajes/${m.id_mensaje}/reportar`, { motivo: SUCIO });
    expect(rep.status, JSON.stringify(rep.body)).toBeLessThan(300);
    // The reason as the forum's moderators read it.
    const reportes = await admin.get(`/api/foros/${idForo}/reportes`);
    expect(reportes.status).toBe(200);
    expect(JSON.stringify(reportes.body)).toContain(LIMPIO);
    expect(JSON.stringify(reportes.body)).not.toContain(RLO);
  });

  it('nota clínica, diario y chat: se guardan sin ellos', async () => {
    const id = pr.pacientes[0].id_paciente;
    const nota = await inyectarCon(t.app, pr.token, {
      method: 'POST',
      url: '/api/psicologo/notas',
      payload: { id_paciente: id, titulo: `Sesión${RLO} 1`, contenido: SUCIO, tipo: 'general' },
    });
    expect(nota.statusCode, nota.body).toBe(201);
    expect(nota.json()).toMatchObject({ titulo: 'Sesión 1', contenido: LIMPIO });

    const diario = await inyectarCon(t.app, pr.tokensPacientes[0], {
      method: 'POST',
      url: '/api/paciente/diario',
      payload: { emocion: 'Tristeza', intensidad: 7, nota: SUCIO, compartida: true },
    });
    expect(diario.statusCode, diario.body).toBe(201);
    expect(diario.json().nota).toBe(LIMPIO);

    const c = await crearConsulta(t, 1);
    const idChat = await abrirChat(c);
    const msj = await c.pac[0].post('/api/paciente/mensajes', { id_chat: idChat, contenido: SUCIO, id_cliente: idCliente() });
    expect(msj.status, JSON.stringify(msj.body)).toBe(201);
    expect(JSON.stringify(msj.body)).toContain(LIMPIO);
    expect(JSON.stringify(msj.body)).not.toContain(RLO);
    const vacio = await c.pac[0].post('/api/paciente/mensajes', { id_chat: idChat, contenido: '\u2066\u2069', id_cliente: idCliente() });
    expect(vacio.status).toBe(400);
    expect(vacio.body.msg).toBe(MSG_CHAT.mensajeVacio);
  });

  it('respuesta libre de un test: se guarda y se lee sin ellos; solo ellos es una respuesta vacía', async () => {
    const c = api(t, pr.token);
    const tam = await testPorNombre(c, 'Tamizaje');
    const id = pr.pacientes[0].id_paciente;
    const r = await aplicar(c, tam, id, (orden) => (orden === 9 ? SUCIO : 'no'));
    expect(r.statusCode, r.body).toBe(201);
    const leidas = (await c.get(`${B}/tests/aplicaciones/${r.json().id_aplicacion}/respuestas`)).json() as Array<{
      respuesta: string;
      pregunta: { tipo_respuesta: string };
    }>;
    expect(leidas.find((x) => x.pregunta.tipo_respuesta === 'texto')?.respuesta).toBe(LIMPIO);
    const vacia = await aplicar(c, tam, id, (orden) => (orden === 9 ? '\u200b\u202e' : 'no'));
    expect(vacia.statusCode).toBe(400);
    expect(vacia.json().code).toBe('RESPUESTA_INVALIDA');
  });

  it('a quién perdió: un nombre con ellos se rechaza en español y no se guarda', async () => {
    const id = pr.pacientes[0].id_paciente;
    const url = `/api/psicologo/paciente/${id}/perdida`;
    const put = (persona: string) =>
      inyectarCon(t.app, pr.token, { method: 'PUT', url, payload: { fecha_perdida: null, persona_perdida: persona } });
    expect((await put('Su madre')).statusCode).toBe(200);
    const r = await put(`Su ${RLO}erdam`);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(MSG_PERDIDA.personaInvalida);
    const g = await inyectarCon(t.app, pr.token, { method: 'GET', url: `/api/psicologo/paciente/${id}` });
    expect(g.json().persona_perdida).toBe('Su madre');
  });
});
