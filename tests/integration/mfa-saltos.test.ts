// The second step cannot be skipped (issue 56, decision 371): the pending token opens no route and
// no socket, is spent once, dies with the password; a password reset keeps the factor; wrong codes
// are limited per account without locking the owner out on her device.
import { mensajeDemasiadosIntentos } from '@miduelo/shared/cuentas';
import { MSG_MFA } from '@miduelo/shared/mfa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { codigoEn, inscribir, loginPaciente, loginPsicologo, segundoPaso } from '../helpers/mfa';
import { rutasRegistradas } from '../helpers/sondeo';
import { conectar, esperarConexion } from '../helpers/socket';

let t: AppDePrueba;
let url: string;
beforeAll(async () => {
  t = await crearAppDePrueba();
  url = await t.escuchar();
});
afterAll(() => t.cerrar());

async function pendientePsicologo() {
  const p = await crearPsicologo(t.db, { rol_admin: true });
  const { secreto, codigos } = await inscribir(t, sesionPsicologo(t.app, p));
  const r = await loginPsicologo(t, p.correo);
  expect(r.statusCode).toBe(202);
  return { p, secreto, codigos, tokenMfa: r.json().token_mfa as string };
}

describe('el token pendiente no abre nada', () => {
  it('toda ruta que pide sesión responde 401 con el token pendiente, como sin token', async () => {
    const { tokenMfa } = await pendientePsicologo();
    const pac = await crearPaciente(t.db);
    await inscribir(t, sesionPaciente(t.app, pac));
    const tokenPaciente = (await loginPaciente(t, pac.email)).json().token_mfa as string;
    const rutas = rutasRegistradas(t.app).filter((r) => r.includes(' /api/'));
    let protegidas = 0;
    for (const ruta of rutas) {
      const [metodo, plantilla] = ruta.split(' ');
      const u = plantilla.replace(/:[a-z_]+/gi, '1').replace(/\*$/, 'x');
      const pedir = (token?: string) =>
        t.app.inject({
          method: metodo as 'GET',
          url: u,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(metodo === 'GET' || metodo === 'DELETE' ? {} : { payload: {} }),
        });
      const anonima = await pedir();
      if (anonima.statusCode !== 401) continue;
      protegidas++;
      for (const tk of [tokenMfa, tokenPaciente]) {
        const r = await pedir(tk);
        expect(r.statusCode, `${ruta} con token pendiente: ${r.body.slice(0, 200)}`).toBe(401);
      }
    }
    expect(protegidas).toBeGreaterThan(40);
  });

  it('el token pendiente no abre un socket', async () => {
    const { p, tokenMfa } = await pendientePsicologo();
    const s = conectar(url, tokenMfa);
    await expect(esperarConexion(s)).rejects.toThrow();
    s.close();
    // The same account's session token connects: the refusal is the pending token's.
    const sesion = conectar(url, sesionPsicologo(t.app, p));
    await esperarConexion(sesion);
    sesion.close();
  });

  it('se canjea una sola vez y muere si la contraseña cambia', async () => {
    const { p, secreto, tokenMfa } = await pendientePsicologo();
    expect((await segundoPaso(t, 'psicologo', { token_mfa: tokenMfa, codigo: await codigoEn(secreto, t.reloj.ahora()) })).statusCode).toBe(
      200,
    );
    t.reloj.avanzar(30_000);
    const otra = await segundoPaso(t, 'psicologo', { token_mfa: tokenMfa, codigo: await codigoEn(secreto, t.reloj.ahora()) });
    expect(otra.statusCode).toBe(401);
    expect(otra.json().msg).toBe(MSG_MFA.pendienteInvalido);

    const nuevo = (await loginPsicologo(t, p.correo)).json().token_mfa as string;
    const cambio = await inyectarCon(t.app, sesionPsicologo(t.app, p), {
      method: 'PUT',
      url: '/api/psicologo/cambiar-contrasena',
      payload: { contrasenaActual: 'Clave#Segura1', nuevaContrasena: 'Nueva#Clave22' },
    });
    expect(cambio.statusCode).toBe(200);
    t.reloj.avanzar(30_000);
    expect((await segundoPaso(t, 'psicologo', { token_mfa: nuevo, codigo: await codigoEn(secreto, t.reloj.ahora()) })).statusCode).toBe(
      401,
    );
  });

  it('caduca a los 5 minutos', async () => {
    const { secreto, tokenMfa } = await pendientePsicologo();
    t.reloj.avanzar(5 * 60_000 + 1000);
    const r = await segundoPaso(t, 'psicologo', { token_mfa: tokenMfa, codigo: await codigoEn(secreto, t.reloj.ahora()) });
    expect(r.statusCode).toBe(401);
    expect(r.json().msg).toBe(MSG_MFA.pendienteInvalido);
  });
});

describe('restablecer la contraseña no quita el segundo paso', () => {
  it('tras el restablecimiento, la contraseña nueva sigue pidiendo el código', async () => {
    const { p, secreto } = await pendientePsicologo();
    const desde = t.buzon.correos.length;
    await t.app.inject({ method: 'POST', url: '/api/psicologo/recuperar-contrasena', payload: { correoOTelefono: p.correo } });
    const token = t.buzon
      .enlace(await t.buzon.esperar(p.correo, { desde }))
      .split('/')
      .pop() as string;
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/psicologo/restablecer-contrasena/${token}`,
      payload: { nuevaContrasena: 'Nueva#Clave33' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).not.toHaveProperty('token');
    const login = await loginPsicologo(t, p.correo, 'Nueva#Clave33');
    expect(login.statusCode).toBe(202);
    expect(login.json()).not.toHaveProperty('token');
    t.reloj.avanzar(30_000);
    const s = await segundoPaso(t, 'psicologo', { token_mfa: login.json().token_mfa, codigo: await codigoEn(secreto, t.reloj.ahora()) });
    expect(s.statusCode).toBe(200);
  });
});

describe('los códigos equivocados se limitan por cuenta', () => {
  it('a los 10 fallos desde una dirección responde 429, y la dueña entra desde su dispositivo conocido', async () => {
    const { p, secreto } = await pendientePsicologo();
    // The owner's device: a completed second step from it.
    const propio = await loginPsicologo(t, p.correo);
    const ok = await segundoPaso(
      t,
      'psicologo',
      { token_mfa: propio.json().token_mfa, codigo: await codigoEn(secreto, t.reloj.ahora()) },
      { ip: '10.9.0.1' },
    );
    expect(ok.statusCode).toBe(200);
    const dispositivo = ok.headers['x-dispositivo'] as string;
    expect(dispositivo).toBeTruthy();

    const token_mfa = (await loginPsicologo(t, p.correo)).json().token_mfa as string;
    const codigos: number[] = [];
    for (let i = 0; i < 11; i++)
      codigos.push((await segundoPaso(t, 'psicologo', { token_mfa, codigo: String(100_000 + i) }, { ip: '10.8.0.1' })).statusCode);
    expect(codigos.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codigos[10]).toBe(429);
    // From many addresses: the account's limit for unknown devices is reached…
    for (let i = 0; i < 45; i++) await segundoPaso(t, 'psicologo', { token_mfa, codigo: '123456' }, { ip: `10.7.${i}.1` });
    const extrano = await segundoPaso(t, 'psicologo', { token_mfa, codigo: '123456' }, { ip: '10.7.99.1' });
    expect(extrano.statusCode).toBe(429);
    expect(extrano.json().msg).toBe(mensajeDemasiadosIntentos(Number(extrano.headers['retry-after'])));
    // …but the owner, on her known device, with her code, still gets in.
    t.reloj.avanzar(30_000);
    const duena = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion/segundo-paso',
      payload: { token_mfa, codigo: await codigoEn(secreto, t.reloj.ahora()) },
      headers: { 'x-dispositivo': dispositivo },
      remoteAddress: '10.9.0.1',
    });
    expect(duena.statusCode).toBe(200);
  });
});
