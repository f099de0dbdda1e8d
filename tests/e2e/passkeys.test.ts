// Passkeys in Chromium (issue 56, decisions 374–375) with its virtual authenticator (CDP WebAuthn
// domain: ctap2, internal, resident keys, user verified): a psychologist adds a passkey from her
// profile, then logs in with it alone, and with her password and the passkey as the second step.
// WebAuthn needs a secure context and an RP ID that is a domain: pages are served on
// http://localhost:<port> and PUBLIC_URL follows (127.0.0.1 cannot be an RP ID).
// CAPTURAS_LLAVES=<dir> saves screenshots at 1280 and 390.
import { STORAGE_TOKEN } from '@miduelo/shared/constants';
import { MSG_MFA } from '@miduelo/shared/mfa';
import { MSG_LLAVES } from '@miduelo/shared/passkeys';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graves, resumen, violacionesAxe } from '../helpers/accesibilidad';
import type { E2E } from '../helpers/e2e';
import { aceptarVigentes, entrarEnLaApp } from '../helpers/app-paciente';
import { CONTRASENA, crearPaciente, crearPsicologo, type Psicologo, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E, TELEFONO } from '../helpers/navegador';

const omitir = debeOmitirE2E();
const CAPTURAS = process.env.CAPTURAS_LLAVES;

let e: E2E;
let p: Psicologo;
let url = '';

async function captura(page: Page, nombre: string) {
  if (CAPTURAS) await page.screenshot({ path: `${CAPTURAS}/${nombre}.png`, fullPage: true });
}

async function sinViolacionesGraves(page: Page) {
  // Colours are read once every transition has ended (a button re-enabled fades back in).
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
  const v = graves(await violacionesAxe(page));
  expect(v, resumen(v).join('\n')).toEqual([]);
}

/** A page with Chromium's virtual platform authenticator (it lives as long as the page). */
async function conAutenticador(c: BrowserContext, token: string | null, ruta: string) {
  const page = token ? await e.paginaConSesion(token, ruta, c) : await c.newPage();
  const cdp = await c.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  if (!token) await page.goto(ruta);
  return page;
}

/** Leaves this page signed out for its next load: an unreadable token in place of the session. */
const cerrarSesionAqui = (page: Page) =>
  page.evaluate((clave) => {
    window.localStorage.clear();
    window.localStorage.setItem(clave, 'sesion-cerrada-por-la-prueba');
  }, STORAGE_TOKEN);

describe.skipIf(omitir)('llaves de acceso en la web (issue 56)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
    url = e.url.replace('127.0.0.1', 'localhost');
    // The relying party is read from PUBLIC_URL at each request.
    e.t.config.publicUrl = url;
    p = await crearPsicologo(e.t.db, { nombre: 'Mariana', apellidoPaterno: 'Herrera' });
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('agrega una llave en su perfil y entra con ella sola, y con ella como segundo paso', { timeout: 120_000 }, async () => {
    const c = await e.contexto({ baseURL: url, viewport: { width: 1280, height: 800 } });
    const page = await conAutenticador(c, sesionPsicologo(e.t.app, p), '/configuracion-perfil');
    const seccion = page.locator('section[aria-labelledby="llaves-titulo"]');
    await seccion.getByText(MSG_LLAVES.ninguna).waitFor();
    await sinViolacionesGraves(page);
    await captura(page, 'llaves-vacio-1280');
    const abrir = seccion.getByRole('button', { name: MSG_LLAVES.agregar });
    await abrir.click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByRole('button', { name: MSG_LLAVES.continuar }).click();
    await dialogo.getByText(MSG_LLAVES.nombreObligatorio).waitFor();
    await dialogo.locator('#llave-nombre').fill('Laptop del consultorio con un nombre bastante largo');
    await dialogo.locator('#llave-contrasena').fill('No#EsLaMia11');
    await dialogo.getByRole('button', { name: MSG_LLAVES.continuar }).click();
    await dialogo.getByText(MSG_MFA.contrasenaIncorrecta).waitFor();
    // Checked once the form is settled: while the request was out, "Continuar" was drawn faded.
    await expect.poll(() => dialogo.getByRole('button', { name: MSG_LLAVES.continuar }).isEnabled()).toBe(true);
    await sinViolacionesGraves(page);
    await captura(page, 'llaves-dialogo-1280');
    await dialogo.locator('#llave-contrasena').fill(CONTRASENA);
    await dialogo.getByRole('button', { name: MSG_LLAVES.continuar }).click();
    // Her first factor: the ten recovery codes, once.
    await dialogo.getByRole('heading', { name: MSG_MFA.codigosTitulo }).waitFor();
    await dialogo.getByRole('button', { name: MSG_MFA.listo }).click();
    await seccion.getByText('Laptop del consultorio con un nombre bastante largo', { exact: true }).waitFor();
    await seccion.getByText(MSG_LLAVES.sinUso).waitFor();
    expect(await abrir.evaluate((el) => el === document.activeElement)).toBe(true);
    await sinViolacionesGraves(page);
    await captura(page, 'llaves-lista-1280');

    // Signed out, the same device (its page: the virtual authenticator lives there): the passkey
    // alone. A token the app cannot read is dropped at start, and the context's init script, which
    // puts the first session back only into an empty storage, leaves it be.
    await cerrarSesionAqui(page);
    await page.goto('/iniciar-sesion');
    await page.getByRole('button', { name: MSG_LLAVES.entrar }).click();
    await page.waitForURL(/\/agenda/);
    expect(await page.evaluate(() => Object.keys(window.localStorage).length)).toBeGreaterThan(0);

    // The password and the passkey as the second step.
    await cerrarSesionAqui(page);
    await page.goto('/iniciar-sesion');
    await page.locator('#correo').fill(p.correo);
    await page.locator('#contrasena').fill(CONTRASENA);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: MSG_MFA.pasoTitulo }).waitFor();
    await sinViolacionesGraves(page);
    await captura(page, 'llaves-segundo-paso-1280');
    await page.getByRole('button', { name: MSG_LLAVES.usarLlave }).click();
    await page.waitForURL(/\/agenda/);
  });

  it('en un teléfono la sección se lee completa y elimina la llave con la contraseña', { timeout: 120_000 }, async () => {
    const c = await e.contexto({ ...TELEFONO, baseURL: url });
    const page = await conAutenticador(c, sesionPsicologo(e.t.app, p), '/configuracion-perfil');
    const seccion = page.locator('section[aria-labelledby="llaves-titulo"]');
    await seccion
      .getByText(MSG_LLAVES.sinUso)
      .or(seccion.getByText(/Último uso/))
      .first()
      .waitFor();
    await captura(page, 'llaves-lista-390');
    await seccion.getByRole('button', { name: /Eliminar/ }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.locator('#llave-contrasena').fill(CONTRASENA);
    await sinViolacionesGraves(page);
    await captura(page, 'llaves-eliminar-390');
    await dialogo.getByRole('button', { name: MSG_LLAVES.eliminar }).click();
    await seccion.getByText(MSG_LLAVES.ninguna).waitFor();
  });

  it('en la app, la paciente agrega una llave en Ajustes y entra con ella', { timeout: 120_000 }, async () => {
    const pac = await crearPaciente(e.t.db, { id_psicologo: p.id_psicologo });
    await aceptarVigentes(e.t.db, pac.id_paciente);
    const c = await e.contexto({ ...TELEFONO, baseURL: url });
    const page = await conAutenticador(c, null, '/app');
    await entrarEnLaApp(page, pac.email);
    await page.goto('/app/ajustes');
    const seccion = page.locator('section[aria-labelledby="llaves-app-titulo"]');
    await seccion.getByText(MSG_LLAVES.ninguna).waitFor();
    await seccion.getByRole('button', { name: MSG_LLAVES.agregar }).click();
    await seccion.locator('#llave-app-nombre').fill('Mi teléfono');
    await seccion.locator('#llave-app-contrasena').fill(CONTRASENA);
    await sinViolacionesGraves(page);
    await captura(page, 'llaves-app-agregar-390');
    await seccion.getByRole('button', { name: MSG_LLAVES.continuar }).click();
    await seccion.getByText(MSG_MFA.codigosTitulo).waitFor();
    await seccion.getByRole('button', { name: MSG_MFA.listo }).click();
    await seccion.getByText('Mi teléfono', { exact: true }).waitFor();
    await sinViolacionesGraves(page);
    await captura(page, 'llaves-app-lista-390');

    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/app/entrar');
    await sinViolacionesGraves(page);
    await page.getByRole('button', { name: MSG_LLAVES.entrar }).click();
    await page.getByText('Tu próxima cita').waitFor();
  });
});
