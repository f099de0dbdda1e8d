// A patient leaves a forum she joined (POST /api/foros/{id}/salir, decision 210): her posts stay,
// the counts drop, she can join again; anyone else, and bad input, get a clear Spanish answer and
// change nothing.
import { MSG } from '@miduelo/shared/cuentas';
import { MSG_FOROS } from '@miduelo/shared/foros';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { foroConTema, idCliente, pacienteForo, psicologoForo } from '../helpers/foros';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

describe('salir de un foro', () => {
  it('la paciente sale: deja de participar, sus mensajes se quedan, los conteos bajan y puede volver a unirse', async () => {
    const psi = await psicologoForo(t);
    const pac = await pacienteForo(t);
    const { idForo, idTema } = await foroConTema(psi);
    expect((await pac.post(`/api/foros/${idForo}/unirse`)).status).toBe(200);
    expect(
      (await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Gracias por este espacio', id_cliente: idCliente() })).status,
    ).toBe(201);

    const r = await pac.post(`/api/foros/${idForo}/salir`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: expect.objectContaining({ id_foro: idForo, es_participante: false, rol_usuario: null, total_participantes: 1 }),
      msg: MSG_FOROS.saliste,
    });
    const posts = await psi.get(`/api/foros/temas/${idTema}/mensajes`);
    expect(posts.body.data.map((m: { contenido: string }) => m.contenido)).toEqual(['Gracias por este espacio']);
    // No longer writes; reading a public forum stays open.
    const escribir = await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Hola' });
    expect(escribir.status).toBe(403);
    expect(escribir.body.msg).toBe(MSG_FOROS.soloParticipantes);
    expect((await pac.get(`/api/foros/${idForo}`)).status).toBe(200);

    const otra = await pac.post(`/api/foros/${idForo}/salir`);
    expect(otra.status).toBe(409);
    expect(otra.body.msg).toBe(MSG_FOROS.noParticipas);

    const vuelve = await pac.post(`/api/foros/${idForo}/unirse`);
    expect(vuelve.status).toBe(200);
    expect(vuelve.body.data).toMatchObject({ es_participante: true, rol_usuario: 'miembro', total_participantes: 2 });
  });

  it('un psicólogo no sale por esta vía; sin sesión, 401; id no numérico, 400; foro inexistente, 404 — y nada cambia', async () => {
    const psi = await psicologoForo(t);
    const { idForo } = await foroConTema(psi);
    const r = await psi.post(`/api/foros/${idForo}/salir`);
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe(MSG_FOROS.psicologosNoUnirse);
    expect((await psi.get(`/api/foros/${idForo}`)).body.data).toMatchObject({ es_participante: true, rol_usuario: 'admin' });

    const anonimo = await t.app.inject({ method: 'POST', url: `/api/foros/${idForo}/salir` });
    expect(anonimo.statusCode).toBe(401);
    expect(anonimo.json().msg).toBe(MSG.noAutenticado);

    const pac = await pacienteForo(t);
    const mal = await pac.post('/api/foros/abc/salir');
    expect(mal.status).toBe(400);
    expect(mal.body.msg).toBe(MSG_FOROS.idForoInvalido);
    const nada = await pac.post('/api/foros/999999/salir');
    expect(nada.status).toBe(404);
    expect(nada.body.msg).toBe(MSG_FOROS.foroNoEncontrado);
  });

  it('un foro privado no existe para quien no participa: 404 igual que uno inexistente', async () => {
    const psi = await psicologoForo(t);
    const { idForo } = await foroConTema(psi, { publico: false });
    const pac = await pacienteForo(t);
    const r = await pac.post(`/api/foros/${idForo}/salir`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual((await pac.post('/api/foros/999998/salir')).body);
  });
});
