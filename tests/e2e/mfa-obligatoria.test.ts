// Required two-step verification in Chromium (issue 56, decision 382): with MFA_OBLIGATORIA=admin
// an administrator without a factor types her password and, before anything else, sees the QR of
// a new enrolment (its key as text too); the app's first code turns it on, the ten recovery codes
// show once, and only then does she reach her home. All by keyboard, at 1280 and at 390, with no
// serious or critical axe-core violation. A11Y_CAPTURAS=<dir> keeps the screenshots.
import { MSG_MFA } from '@miduelo/shared/mfa';
import { MSG_MFA_OBLIGATORIA } from '@miduelo/shared/mfa-obligatoria';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturar, graves, resumen, tabularHasta, tieneFoco, violacionesAxe } from '../helpers/accesibilidad';
import type { E2E } from '../helpers/e2e';
import { CONTRASENA, crearPsicologo } from '../helpers/fabricas';
import { codigoEn } from '../helpers/mfa';
import { debeOmitirE2E, TELEFONO } from '../helpers/navegador';

const omitir = debeOmitirE2E();
const ESCRITORIO_1280 = { viewport: { width: 1280, height: 800 } } as const;
let e: E2E;

async function sinViolaciones(page: Page, nombre: string) {
  await capturar(page, nombre);
  const v = graves(await violacionesAxe(page));
  expect(resumen(v), nombre).toEqual([]);
}

/** Password typed and sent by keyboard; answers once the enrolment's QR is on screen. */
async function entrarConContrasena(page: Page, correo: string) {
  await page.goto('/iniciar-sesion');
  await page.locator('#correo').focus();
  await page.keyboard.type(correo);
  await page.keyboard.press('Tab');
  await page.keyboard.type(CONTRASENA);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: MSG_MFA_OBLIGATORIA.titulo }).waitFor();
  await page.getByRole('img', { name: MSG_MFA.qrAlt }).waitFor();
}

describe.skipIf(omitir)('verificación en dos pasos obligatoria para administradoras (issue 56)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E({ env: { MFA_OBLIGATORIA: 'admin' } });
  }, 60_000);
  afterAll(async () => {
    await e?.cerrar();
  });

  it.each([
    ['1280', ESCRITORIO_1280],
    ['390', TELEFONO],
  ] as const)(
    'a %s px: contraseña, QR antes que nada, primer código, diez códigos y su inicio; todo con teclado',
    async (ancho, opciones) => {
      const admin = await crearPsicologo(e.t.db, {
        rol_admin: true,
        nombre: 'María Guadalupe de los Ángeles',
        apellidoPaterno: 'Villaseñor-Santibáñez',
        correo: `admin.obligatoria.${ancho}@clinica-de-acompanamiento-en-duelo.mx`,
      });
      const page = await (await e.contexto(opciones)).newPage();
      await entrarConContrasena(page, admin.correo);
      // Nothing else is reachable yet: still the login page, no session stored.
      expect(new URL(page.url()).pathname).toBe('/iniciar-sesion');
      await sinViolaciones(page, `mfa-obligatoria-qr-${ancho}`);
      const secreto = ((await page.locator('[data-secreto-mfa]').textContent()) ?? '').replace(/\s+/g, '');
      expect(secreto).toMatch(/^[A-Z2-7]{32}$/);

      // A wrong code is said under the field, which keeps the focus.
      const campo = page.locator('#codigo-inscripcion');
      await tabularHasta(page, campo);
      await page.keyboard.type('000000');
      await page.keyboard.press('Enter');
      await page.getByText(MSG_MFA.codigoInvalido).waitFor();
      await expect.poll(() => tieneFoco(campo)).toBe(true);

      await campo.fill('');
      await page.keyboard.type(await codigoEn(secreto, e.t.reloj.ahora()));
      await page.keyboard.press('Enter');
      const codigos = page.locator('[data-codigo-recuperacion]');
      await page.getByRole('heading', { name: MSG_MFA.codigosTitulo }).waitFor();
      expect(await codigos.count()).toBe(10);
      await sinViolaciones(page, `mfa-obligatoria-codigos-${ancho}`);

      const seguir = page.getByRole('button', { name: MSG_MFA_OBLIGATORIA.continuar });
      await tabularHasta(page, seguir);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      // Her profile says the second step is required and offers no way to turn it off.
      await page.goto('/configuracion-perfil');
      const seccion = page.locator('section[aria-labelledby="mfa-titulo"]');
      await seccion.getByText(MSG_MFA_OBLIGATORIA.requerida).waitFor();
      expect(await seccion.getByRole('button', { name: MSG_MFA.desactivar }).count()).toBe(0);
    },
  );
});
