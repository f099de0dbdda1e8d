// Behind the reverse proxy of compose.yaml every request arrives from the proxy's address: with
// TRUST_PROXY the per-address limits see the client's address from X-Forwarded-For, and without
// it a client cannot choose its address by sending that header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { CONTRASENA, crearPsicologo } from '../helpers/fabricas';

const PROXY = '172.20.0.5';

function login(t: AppDePrueba, correo: string, contrasena: string, cliente: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/psicologo/iniciar-sesion',
    payload: { correo, contrasena },
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': cliente },
  });
}

describe('TRUST_PROXY=1 (un proxy delante)', () => {
  let t: AppDePrueba;
  beforeAll(async () => {
    t = await crearAppDePrueba({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.cerrar());

  it('los fallos de un cliente no bloquean a otro que llega por el mismo proxy', async () => {
    const p = await crearPsicologo(t.db);
    for (let i = 0; i < 10; i++) expect((await login(t, p.correo, 'Mala#1234a', '198.51.100.7')).statusCode).toBe(401);
    expect((await login(t, p.correo, 'Mala#1234a', '198.51.100.7')).statusCode).toBe(429);
    expect((await login(t, p.correo, CONTRASENA, '203.0.113.9')).statusCode).toBe(200);
  });
});

describe('sin TRUST_PROXY', () => {
  let t: AppDePrueba;
  beforeAll(async () => {
    t = await crearAppDePrueba();
  });
  afterAll(() => t.cerrar());

  it('X-Forwarded-For no cambia la dirección: cambiarlo no evita el límite', async () => {
    const p = await crearPsicologo(t.db);
    for (let i = 0; i < 10; i++) expect((await login(t, p.correo, 'Mala#1234a', `198.51.100.${i}`)).statusCode).toBe(401);
    expect((await login(t, p.correo, 'Mala#1234a', '198.51.100.99')).statusCode).toBe(429);
  });
});

it('TRUST_PROXY inválido detiene el arranque nombrando la variable', async () => {
  const { leerConfig } = await import('@miduelo/server/config');
  expect(() => leerConfig({ TRUST_PROXY: 'sí' })).toThrow('Configuración inválida: TRUST_PROXY');
});
