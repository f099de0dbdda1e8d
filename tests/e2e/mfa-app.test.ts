// Two-step verification in the patient's app (issue 56, decision 382): Ajustes offers it as an
// option; by keyboard she gives her password, sees the QR and its key, types the first code, reads
// her ten recovery codes once, and the card then says it is on; her next login asks for the code.
// At 390 px with no serious or critical axe-core violation at each step (A11Y_CAPTURAS=<dir>).
import { MSG_MFA } from '@miduelo/shared/mfa';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturar, graves, resumen, tabularHasta, tieneFoco, violacionesAxe } from '../helpers/accesibilidad';
import { aceptarVigentes, entrarEnLaApp } from '../helpers/app-paciente';
import type { E2E } from '../helpers/e2e';
import { CONTRASENA, crearPaciente, crearPsicologo } from '../helpers/fabricas';
import { codigoEn } from '../helpers/mfa';
import { debeOmitirE2E, TELEFONO_TACTIL } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;

async function sinViolaciones(page: Page, nombre: string) {
  await capturar(page, nombre);
  expect(resumen(graves(await violacionesAxe(page))), nombre).toEqual([]);
}

describe.skipIf(omitir)('verificación en dos pasos en la app de la paciente (issue 56)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  }, 60_000);
  afterAll(async () => {
    await e?.cerrar();
  });

  it('la activa desde Ajustes con teclado: contraseña, QR, primer código, diez códigos; el siguiente inicio pide el código', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Lucía' });
    await aceptarVigentes(e.t.db, pac.id_paciente);
    const page = await (await e.contexto(TELEFONO_TACTIL)).newPage();
    await entrarEnLaApp(page, pac.email);
    await page.goto('/app/ajustes');
    const tarjeta = page.locator('[data-mfa-app]');
    await tarjeta.getByText(MSG_MFA.inactiva).waitFor();
    await sinViolaciones(page, 'app-mfa-inactiva');

    const activar = tarjeta.getByRole('button', { name: MSG_MFA.activar });
    await tabularHasta(page, activar);
    await page.keyboard.press('Enter');
    // The password field has the focus; a wrong one is said under it.
    const contrasena = page.locator('#mfa-app-contrasena');
    await expect.poll(() => tieneFoco(contrasena)).toBe(true);
    await page.keyboard.type('No#EsLaMia11');
    await page.keyboard.press('Enter');
    await tarjeta.getByText(MSG_MFA.contrasenaIncorrecta).waitFor();
    await contrasena.fill('');
    await page.keyboard.type(CONTRASENA);
    await page.keyboard.press('Enter');
    await tarjeta.getByRole('img', { name: MSG_MFA.qrAlt }).waitFor();
    await sinViolaciones(page, 'app-mfa-qr');
    const secreto = ((await tarjeta.locator('[data-secreto-mfa]').textContent()) ?? '').replace(/\s+/g, '');
    const codigo = page.locator('#mfa-app-codigo');
    await expect.poll(() => tieneFoco(codigo)).toBe(true);
    // A new, empty field: the password typed a moment ago is not in it.
    expect(await codigo.inputValue()).toBe('');
    await page.keyboard.type(await codigoEn(secreto, e.t.reloj.ahora()));
    await page.keyboard.press('Enter');

    await tarjeta.getByRole('heading', { name: MSG_MFA.codigosTitulo }).waitFor();
    expect(await tarjeta.locator('[data-codigo-recuperacion]').count()).toBe(10);
    await sinViolaciones(page, 'app-mfa-codigos');
    const listo = tarjeta.getByRole('button', { name: MSG_MFA.listo });
    await tabularHasta(page, listo);
    await page.keyboard.press('Enter');
    await tarjeta.getByText(MSG_MFA.activa).waitFor();
    await tarjeta.getByText(MSG_MFA.codigosRestantes(10)).waitFor();
    // A patient is never obliged: she may turn it off again.
    expect(await tarjeta.getByRole('button', { name: MSG_MFA.desactivar }).count()).toBe(1);

    // Her next login asks for the code of her app.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/app');
    await page.waitForURL((u) => u.pathname === '/app/entrar');
    await page.getByLabel('Correo electrónico').fill(pac.email);
    await page.getByLabel('Contraseña').fill(CONTRASENA);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: MSG_MFA.pasoTitulo }).waitFor();
  }, 120_000);
});
