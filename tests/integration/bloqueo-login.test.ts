// Brute force is stopped per account and address; a stranger elsewhere cannot lock the owner out
// of a device where the owner already logged in; a correct password clears the count.
import { mensajeDemasiadosIntentos } from '@miduelo/shared/cuentas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { CONTRASENA, crearPaciente, crearPsicologo } from '../helpers/fabricas';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

const login = (
  correo: string,
  contrasena: string,
  ip: string,
  extra: { cookies?: Record<string, string>; headers?: Record<string, string> } = {},
) => t.app.inject({ method: 'POST', url: '/api/psicologo/iniciar-sesion', payload: { correo, contrasena }, remoteAddress: ip, ...extra });

describe('bloqueo por intentos fallidos de inicio de sesión', () => {
  it('la fuerza bruta desde una dirección se detiene a los 10 intentos, con Retry-After y la espera en minutos', async () => {
    const p = await crearPsicologo(t.db);
    const codigos: number[] = [];
    for (let i = 0; i < 11; i++) codigos.push((await login(p.correo, `Mala#${i}aaa`, '10.1.0.1')).statusCode);
    expect(codigos.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codigos[10]).toBe(429);
    const r = await login(p.correo, CONTRASENA, '10.1.0.1');
    expect(r.statusCode).toBe(429);
    const espera = Number(r.headers['retry-after']);
    expect(espera).toBeGreaterThan(0);
    expect(espera).toBeLessThanOrEqual(15 * 60);
    expect(r.json()).toEqual({ msg: mensajeDemasiadosIntentos(espera), code: 'DEMASIADOS_INTENTOS' });
    expect(r.json().msg).toMatch(/Espera \d+ minutos?/);
  });

  it('un extraño desde otras direcciones no bloquea a la dueña en su dispositivo conocido', async () => {
    const p = await crearPsicologo(t.db);
    const antes = await login(p.correo, CONTRASENA, '10.2.0.1');
    expect(antes.statusCode).toBe(200);
    const cookie = antes.cookies.find((c) => c.name.startsWith('md_disp_'));
    expect(cookie?.httpOnly).toBe(true);
    // 50 wrong passwords from 50 addresses: the per-account limit of unknown devices is reached.
    for (let i = 0; i < 50; i++) expect((await login(p.correo, 'Mala#1234a', `10.3.${i}.1`)).statusCode).toBe(401);
    const desconocido = await login(p.correo, 'Mala#1234a', '10.3.99.1');
    expect(desconocido.statusCode).toBe(429);
    // The owner, from her device (cookie) or the app (header), with her password: 200.
    expect((await login(p.correo, CONTRASENA, '10.2.0.1', { cookies: { [cookie!.name]: cookie!.value } })).statusCode).toBe(200);
    const app = antes.headers['x-dispositivo'] as string;
    expect((await login(p.correo, CONTRASENA, '10.4.0.1', { headers: { 'x-dispositivo': app } })).statusCode).toBe(200);
    // A forged or another account's device token does not pass.
    const otra = await crearPsicologo(t.db);
    const deOtra = (await login(otra.correo, CONTRASENA, '10.5.0.1')).headers['x-dispositivo'] as string;
    expect((await login(p.correo, CONTRASENA, '10.5.0.1', { headers: { 'x-dispositivo': deOtra } })).statusCode).toBe(429);
    expect((await login(p.correo, CONTRASENA, '10.5.0.1', { headers: { 'x-dispositivo': `${app.slice(0, -2)}xx` } })).statusCode).toBe(429);
  });

  it('un inicio correcto reinicia la cuenta de fallos de esa dirección', async () => {
    const p = await crearPsicologo(t.db);
    for (let i = 0; i < 9; i++) expect((await login(p.correo, 'Mala#1234a', '10.6.0.1')).statusCode).toBe(401);
    expect((await login(p.correo, CONTRASENA, '10.6.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(p.correo, 'Mala#1234a', '10.6.0.1')).statusCode).toBe(401);
    expect((await login(p.correo, 'Mala#1234a', '10.6.0.1')).statusCode).toBe(429);
  });

  it('los inicios correctos no cuentan como intentos', async () => {
    const p = await crearPsicologo(t.db);
    for (let i = 0; i < 15; i++) expect((await login(p.correo, CONTRASENA, '10.7.0.1')).statusCode).toBe(200);
  });

  it('el paciente tiene el mismo límite por cuenta y dirección', async () => {
    const pac = await crearPaciente(t.db);
    const intento = (contrasena: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/paciente/iniciar-sesion',
        payload: { email: pac.email, contrasena },
        remoteAddress: '10.8.0.1',
      });
    for (let i = 0; i < 10; i++) expect((await intento('Mala#1234a')).statusCode).toBe(401);
    expect((await intento(CONTRASENA)).statusCode).toBe(429);
  });
});
