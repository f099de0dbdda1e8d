import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { CONTRASENA, crearPsicologo } from '../helpers/fabricas';

let t: AppDePrueba;
let log = '';
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      log += chunk.toString();
      cb();
    },
  });
  t = await crearAppDePrueba({ log: stream, env: { LOG_LEVEL: 'info' } });
});
afterAll(() => t.cerrar());

describe('el registro del servidor', () => {
  it('no contiene contraseñas, tokens de sesión ni enlaces de un solo uso', async () => {
    const p = await crearPsicologo(t.db);
    const login = await t.app.inject({ method: 'POST', url: '/api/psicologo/iniciar-sesion', payload: { correo: p.correo, contrasena: CONTRASENA } });
    const token = login.json().token as string;
    await inyectarCon(t.app, token, { method: 'POST', url: '/api/psicologo/cerrar-sesion' });
    const desde = t.buzon.correos.length;
    await t.app.inject({ method: 'POST', url: '/api/psicologo/recuperar-contrasena', payload: { correoOTelefono: p.correo } });
    const reset = t.buzon.enlace(await t.buzon.esperar(p.correo, { desde })).split('/').pop() as string;
    await t.app.inject({ method: 'GET', url: `/api/psicologo/verificar-token/${reset}` });
    await t.app.inject({ method: 'POST', url: `/api/psicologo/restablecer-contrasena/${reset}`, payload: { nuevaContrasena: 'Nueva#Clave77' } });

    expect(log).toContain('/api/psicologo/iniciar-sesion');
    expect(log).toContain('/api/psicologo/verificar-token/[oculto]');
    for (const secreto of [CONTRASENA, 'Nueva#Clave77', token, token.split('.')[2], reset]) expect(log).not.toContain(secreto);
  });
});
