// Two-step verification in Chromium (issue 56, decisions 370–371): a psychologist turns it on from
// her profile (password, QR or the key as text, first code, the ten codes shown once), then logs in
// with her password and the app's code, and once with a recovery code. CAPTURAS_MFA=<dir> saves
// screenshots at 1280 and 390.
import { MSG_MFA } from '@miduelo/shared/mfa';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from '../helpers/e2e';
import { aceptarVigentes } from '../helpers/app-paciente';
import { CONTRASENA, crearPaciente, crearPsicologo, type Psicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { codigoEn, inscribir } from '../helpers/mfa';
import { debeOmitirE2E, TELEFONO } from '../helpers/navegador';

const omitir = debeOmitirE2E();
const CAPTURAS = process.env.CAPTURAS_MFA;
const ESCRITORIO_1280 = { viewport: { width: 1280, height: 800 } } as const;

let e: E2E;
let p: Psicologo;

async function captura(page: Page, nombre: string) {
  if (CAPTURAS) await page.screenshot({ path: `${CAPTURAS}/${nombre}.png`, fullPage: true });
}

async function iniciarConContrasena(page: Page) {
  await page.goto('/iniciar-sesion');
  await page.locator('#correo').fill(p.correo);
  await page.locator('#contrasena').fill(CONTRASENA);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('heading', { name: MSG_MFA.pasoTitulo }).waitFor();
  // The second step has the focus: the code is typed at once.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('codigo-mfa');
}

describe.skipIf(omitir)('verificación en dos pasos en la web (issue 56)', () => {
  let secreto = '';
  let codigos: string[] = [];

  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
    p = await crearPsicologo(e.t.db, { nombre: 'Mariana', apellidoPaterno: 'Herrera' });
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('la activa desde su perfil: contraseña, QR y clave, primer código, diez códigos una vez', async () => {
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, p), '/configuracion-perfil', await e.contexto(ESCRITORIO_1280));
    const seccion = page.locator('section[aria-labelledby="mfa-titulo"]');
    await seccion.getByText(MSG_MFA.inactiva).waitFor();
    const abrir = seccion.getByRole('button', { name: MSG_MFA.activar });
    await abrir.click();
    const dialogo = page.getByRole('dialog');
    await dialogo.locator('#mfa-contrasena').fill('No#EsLaMia11');
    await dialogo.getByRole('button', { name: 'Continuar' }).click();
    await dialogo.getByText(MSG_MFA.contrasenaIncorrecta).waitFor();
    await dialogo.locator('#mfa-contrasena').fill(CONTRASENA);
    await dialogo.getByRole('button', { name: 'Continuar' }).click();
    await dialogo.getByRole('img', { name: MSG_MFA.qrAlt }).waitFor();
    secreto = ((await dialogo.locator('[data-secreto-mfa]').textContent()) ?? '').replace(/\s+/g, '');
    expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
    await captura(page, 'mfa-qr-1280');
    await dialogo.locator('#mfa-codigo').fill(await codigoEn(secreto, e.t.reloj.ahora()));
    await dialogo.getByRole('button', { name: MSG_MFA.verificar }).click();
    await dialogo.getByRole('heading', { name: MSG_MFA.codigosTitulo }).waitFor();
    codigos = await dialogo.locator('[data-codigo-recuperacion]').allTextContents();
    expect(codigos).toHaveLength(10);
    await captura(page, 'mfa-codigos-1280');
    await dialogo.getByRole('button', { name: MSG_MFA.listo }).click();
    await seccion.getByText(MSG_MFA.activa).waitFor();
    expect(await seccion.textContent()).toContain(MSG_MFA.codigosRestantes(10));
    // Focus returns to where she was (the opener is gone: the section changed state).
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('entra con su contraseña y el código de la app', async () => {
    const page = await (await e.contexto(ESCRITORIO_1280)).newPage();
    await iniciarConContrasena(page);
    await captura(page, 'mfa-paso-1280');
    await page.locator('#codigo-mfa').fill('000000');
    await page.getByRole('button', { name: MSG_MFA.verificar }).click();
    await page.getByText(MSG_MFA.codigoInvalido).waitFor();
    // Her app shows the next code (the enrolment's was spent).
    e.t.reloj.avanzar(30_000);
    await page.locator('#codigo-mfa').fill(await codigoEn(secreto, e.t.reloj.ahora()));
    await page.getByRole('button', { name: MSG_MFA.verificar }).click();
    await page.waitForURL(/\/agenda/);
    await page.context().close();
  });

  it('en el teléfono entra con un código de recuperación, que ya no vuelve a servir', async () => {
    const page = await (await e.contexto(TELEFONO)).newPage();
    await iniciarConContrasena(page);
    await page.getByRole('button', { name: MSG_MFA.usarRecuperacion }).click();
    await page.getByText(MSG_MFA.pasoInstruccionRecuperacion).waitFor();
    await captura(page, 'mfa-recuperacion-390');
    await page.locator('#codigo-mfa').fill(codigos[0]);
    await page.getByRole('button', { name: MSG_MFA.verificar }).click();
    await page.waitForURL(/\/agenda/);
    await page.context().close();

    const otra = await (await e.contexto(TELEFONO)).newPage();
    await iniciarConContrasena(otra);
    await otra.getByRole('button', { name: MSG_MFA.usarRecuperacion }).click();
    await otra.locator('#codigo-mfa').fill(codigos[0]);
    await otra.getByRole('button', { name: MSG_MFA.verificar }).click();
    await otra.getByText(MSG_MFA.recuperacionInvalida).waitFor();
    await otra.context().close();
  });

  it('en la app, la paciente con verificación en dos pasos entra con su contraseña y el código', async () => {
    const pac = await crearPaciente(e.t.db, { id_psicologo: p.id_psicologo });
    await aceptarVigentes(e.t.db, pac.id_paciente);
    const { secreto } = await inscribir(e.t, sesionPaciente(e.t.app, pac));
    const page = await (await e.contexto(TELEFONO)).newPage();
    await page.goto('/app/entrar');
    await page.getByLabel('Correo electrónico').fill(pac.email);
    await page.getByLabel('Contraseña').fill(CONTRASENA);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: MSG_MFA.pasoTitulo }).waitFor();
    await captura(page, 'mfa-app-390');
    await page.locator('#codigo-mfa').fill(await codigoEn(secreto, e.t.reloj.ahora()));
    await page.getByRole('button', { name: MSG_MFA.verificar }).click();
    await page.getByText('Tu próxima cita').waitFor();
    await page.context().close();
  });
});
