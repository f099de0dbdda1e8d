// Open sessions in Chromium (issue 56, decision 380): the web profile lists this device and another
// (a long user agent wraps), closes the other one, then all others after a confirmation, leaving
// "solo este dispositivo"; the app's Ajustes closes another session. CAPTURAS_DISPOSITIVOS=<dir>
// saves screenshots at 1280 and 390.
import { MSG_DISPOSITIVOS as T } from '@miduelo/shared/dispositivos';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from '../helpers/e2e';
import { aceptarVigentes, entrarEnLaApp } from '../helpers/app-paciente';
import { CONTRASENA, crearPaciente, crearPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E, TELEFONO } from '../helpers/navegador';

const omitir = debeOmitirE2E();
const CAPTURAS = process.env.CAPTURAS_DISPOSITIVOS;
const ESCRITORIO_1280 = { viewport: { width: 1280, height: 800 } } as const;

const LARGO =
  'Mozilla/5.0 (Linux; Android 14; SM-S928B Galaxy S24 Ultra Edición Especial Aniversario Con Nombre De Modelo Muy Largo Build/UP1A.231005.007) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let e: E2E;

async function captura(page: Page, nombre: string, seccion: Locator) {
  if (!CAPTURAS) return;
  for (const [ancho, alto] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: ancho, height: alto });
    await page.screenshot({ path: `${CAPTURAS}/${nombre}-${ancho}.png`, fullPage: true });
    await seccion.screenshot({ path: `${CAPTURAS}/${nombre}-${ancho}-seccion.png` });
  }
}

/** A login from another device, as that device would make it. */
async function entrarDesde(cuenta: 'psicologo' | 'paciente', correo: string, agente: string, ip = '201.141.12.7') {
  const res = await e.t.app.inject({
    method: 'POST',
    url: `/api/${cuenta}/iniciar-sesion`,
    payload: cuenta === 'psicologo' ? { correo, contrasena: CONTRASENA } : { email: correo, contrasena: CONTRASENA },
    headers: { 'user-agent': agente },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

const estado = (token: string, ruta: string) =>
  e.t.app.inject({ method: 'GET', url: ruta, headers: { authorization: `Bearer ${token}` } }).then((r) => r.statusCode);

describe.skipIf(omitir)('dispositivos con sesión abierta (issue 56)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('en el perfil web: lista este y otro, cierra el otro y luego todas las demás', async () => {
    const p = await crearPsicologo(e.t.db, { nombre: 'Mariana', apellidoPaterno: 'Herrera' });
    const propio = await entrarDesde('psicologo', p.correo, LARGO, '127.0.0.1');
    const otro = await entrarDesde('psicologo', p.correo, IPHONE);
    const page = await e.paginaConSesion(propio, '/configuracion-perfil', await e.contexto(ESCRITORIO_1280));
    const seccion = page.locator('#dispositivos');
    await seccion.locator('[data-sesion]').nth(1).waitFor();
    const items = seccion.locator('[data-sesion]');
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(() => items.first().textContent()).toContain(T.esteDispositivo);
    expect(await items.first().textContent()).toContain('Teléfono Samsung SM-S928B');
    expect(await items.first().textContent()).toContain('Red local');
    expect(await items.nth(1).textContent()).toContain('Teléfono Apple iPhone · Mobile Safari 17 · iOS 17.5');
    expect(await items.nth(1).textContent()).toContain('201.141.12.7');
    await captura(page, 'dispositivos-web', seccion);

    await page.setViewportSize({ width: 1280, height: 800 });
    await seccion.getByRole('button', { name: T.cerrarEn('Teléfono Apple iPhone · Mobile Safari 17') }).click();
    await page.getByText(T.cerrada, { exact: true }).first().waitFor();
    await seccion.locator('[data-solo-este]').waitFor();
    expect(await estado(otro, '/api/psicologo/perfil')).toBe(401);
    await captura(page, 'dispositivos-web-solo-este', seccion);

    // Two more elsewhere: "Cerrar todas las demás" asks first, then closes both.
    const a = await entrarDesde('psicologo', p.correo, WINDOWS);
    const b = await entrarDesde('psicologo', p.correo, IPHONE);
    await page.reload();
    await page.setViewportSize({ width: 1280, height: 800 });
    const boton = seccion.getByRole('button', { name: T.cerrarOtras });
    await boton.click();
    const dialogo = page.getByRole('alertdialog');
    await dialogo.getByText(T.confirmarCerrarOtras).waitFor();
    await dialogo.getByRole('button', { name: T.confirmar }).click();
    await page.getByText(T.cerradas(2), { exact: true }).first().waitFor();
    await seccion.locator('[data-solo-este]').waitFor();
    expect(await estado(a, '/api/psicologo/perfil')).toBe(401);
    expect(await estado(b, '/api/psicologo/perfil')).toBe(401);
    expect(await estado(propio, '/api/psicologo/perfil')).toBe(200);
  }, 90_000);

  it('en la app: Ajustes muestra este teléfono y cierra otra sesión', async () => {
    const ps = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: ps.id_psicologo, email: `disp${Date.now()}@prueba.mx` });
    await aceptarVigentes(e.t.db, pac.id_paciente);
    const otra = await entrarDesde('paciente', pac.email, WINDOWS);
    const page = await (await e.contexto({ ...TELEFONO, userAgent: LARGO })).newPage();
    await entrarEnLaApp(page, pac.email);
    await page.goto('/app/ajustes');
    const item = page.locator('[data-sesion]');
    await item.nth(1).waitFor();
    expect(await item.first().textContent()).toContain(T.esteDispositivo);
    expect(await item.nth(1).textContent()).toContain('Computadora · Firefox 133 · Windows 10');
    await captura(page, 'dispositivos-app', page.locator('section', { has: page.locator('[data-sesiones]') }));
    await page.setViewportSize(TELEFONO.viewport);
    await page.getByRole('button', { name: T.cerrarEn('Computadora · Firefox 133') }).click();
    await page.getByText(T.cerrada, { exact: true }).first().waitFor();
    await page.locator('[data-solo-este]').waitFor();
    expect(await estado(otra, '/api/paciente/perfil')).toBe(401);
    await captura(page, 'dispositivos-app-solo-este', page.locator('section', { has: page.locator('[data-solo-este]') }));
  }, 90_000);
});
