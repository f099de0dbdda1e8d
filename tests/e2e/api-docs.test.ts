// The API reference in a browser (issue 57, decision 385): /api/docs renders under the site's own
// Content-Security-Policy (no script refused, no page error), shows the modules and routes of the
// generated document, and passes axe-core's WCAG 2.2 AA rules (no serious or critical violation)
// at 1280 and 390 px wide.
import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturar, graves, resumen, violacionesAxe } from '../helpers/accesibilidad';
import type { E2E } from '../helpers/e2e';
import { debeOmitirE2E } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;

/** Opens the reference, collecting what the browser refused or failed on. */
async function abrir(ancho: number): Promise<{ page: Page; errores: string[] }> {
  const c = await e.contexto({ viewport: { width: ancho, height: 900 } });
  const page = await c.newPage();
  const errores: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errores.push(m.text());
  });
  page.on('pageerror', (err) => errores.push(err.message));
  await page.goto('/api/docs');
  await page.getByRole('heading', { name: /MiDuelo — API/ }).waitFor();
  return { page, errores };
}

describe.skipIf(omitir)('referencia de la API en /api/docs', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  for (const ancho of [1280, 390]) {
    it(`a ${ancho} px: muestra módulos y rutas bajo la CSP del sitio, sin violaciones graves de WCAG 2.2 AA`, async () => {
      const { page, errores } = await abrir(ancho);
      const csp = (await page.request.get('/api/docs')).headers()['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      // Modules as sections, and a route of one of them once it is opened.
      for (const modulo of ['Agenda', 'Chat', 'Foros', 'Cuentas']) {
        await expect(page.getByRole('heading', { name: new RegExp(`^${modulo}\\b`) }).count()).resolves.toBe(1);
      }
      await page.getByRole('heading', { name: /^Agenda\b/ }).click();
      await page.getByText('/api/psicologo/citas/{id_cita}', { exact: true }).first().waitFor();
      // An operation opened: its access, its parameters and the example body.
      await page.getByRole('button', { name: /POST \/api\/psicologo\/citas Agendar una cita/ }).click();
      const operacion = page.locator('.opblock.is-open');
      await operacion.getByText('Psicólogo con sesión (los administradores también son psicólogos).').waitFor();
      await expect(operacion.locator('.body-param__example, .microlight').first().textContent()).resolves.toContain(
        '"hora_inicio": "10:00"',
      );
      // The AsyncAPI document is linked from the description.
      await expect(page.getByRole('link', { name: /AsyncAPI 3\.0/ }).getAttribute('href')).resolves.toBe('/api/asyncapi.json');
      const violaciones = await violacionesAxe(page);
      await capturar(page, `api-docs-${ancho}`);
      expect(resumen(graves(violaciones))).toEqual([]);
      expect(errores).toEqual([]);
    }, 120_000);
  }
});
