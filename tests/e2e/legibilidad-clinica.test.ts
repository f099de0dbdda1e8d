// Clinical readability (issue 53): the score circle takes the colour of the instrument's own band —
// the band its chart shades and its interpretation names (decision 346) — and 'Aplicar Test' waits
// until every question is answered (spec 1 §5).
import { TEXTOS_EXPEDIENTE } from '@miduelo/shared/expediente';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from '../helpers/e2e';
import { aplicar, api, testPorNombre } from '../helpers/expediente';
import { crearPaciente, crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;

/** The background a design-system colour paints, as the browser computes it. */
const fondoDe = (page: Page, variable: string) =>
  page.evaluate((v) => {
    const muestra = document.createElement('span');
    muestra.style.background = `var(${v})`;
    document.body.append(muestra);
    const color = getComputedStyle(muestra).backgroundColor;
    muestra.remove();
    return color;
  }, variable);
const fondo = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);

describe.skipIf(omitir)('legibilidad clínica', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('el círculo del puntaje tiene el color de la banda de su instrumento: IDC 29 rojo, ITRD 76 amarillo', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo });
    const token = sesionPsicologo(e.t.app, psi);
    const c = api(e.t, token);
    const idc = await testPorNombre(c, 'IDC');
    const itrd = await testPorNombre(c, 'ITRD');
    // IDC: each answer scores one less (0–4): 10·2 + 9·1 = 29, above the published cut-off (> 25).
    expect((await aplicar(c, idc, pac.id_paciente, (o) => (o <= 10 ? 3 : 2))).json().resultado).toMatchObject({
      puntaje_total: 29,
      riesgo: true,
    });
    // ITRD: 13·4 + 8·3 = 76, its moderate band (50–77).
    expect((await aplicar(c, itrd, pac.id_paciente, (o) => (o <= 13 ? 4 : 3))).json().resultado).toMatchObject({
      puntaje_total: 76,
      riesgo: false,
    });

    const page = await e.paginaConSesion(token, `/paciente/${pac.id_paciente}`);
    await page.getByRole('tab', { name: 'Gráficas y Notas' }).click();
    const tarjeta = (nombre: string) => page.getByRole('listitem').filter({ hasText: nombre });
    const circuloIdc = tarjeta('Inventario de Duelo Complicado').getByText(/^Puntaje\s*29$/);
    const circuloItrd = tarjeta('Inventario Texas Revisado').getByText(/^Puntaje\s*76$/);
    await circuloIdc.waitFor({ timeout: 30_000 });
    await tarjeta('Inventario de Duelo Complicado')
      .getByText(/posible duelo complicado/)
      .waitFor();
    await tarjeta('Inventario Texas Revisado')
      .getByText(/^Intensidad de duelo moderada/)
      .waitFor();

    const rojo = await fondoDe(page, '--color-peligro-50');
    const amarillo = await fondoDe(page, '--color-aviso-50');
    const verde = await fondoDe(page, '--color-exito-50');
    expect(new Set([rojo, amarillo, verde]).size).toBe(3);
    // The IDC's circle is red like its 'Riesgo' badge; the ITRD's yellow like its chart band.
    expect(await fondo(circuloIdc)).toBe(rojo);
    expect(await fondo(tarjeta('Inventario de Duelo Complicado').getByText(TEXTOS_EXPEDIENTE.riesgo, { exact: true }))).toBe(rojo);
    expect(await fondo(circuloItrd)).toBe(amarillo);
  }, 90_000);

  it('«Aplicar Test» queda deshabilitado, diciendo por qué, hasta que todas las preguntas tienen respuesta', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo });
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), `/paciente/${pac.id_paciente}`);
    await page.getByRole('tab', { name: 'Gráficas y Notas' }).click();
    await page.getByRole('tab', { name: TEXTOS_EXPEDIENTE.subtabs.disponibles }).click();

    // The ITRD at 0/21: nothing to apply yet.
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Inventario Texas Revisado' })
      .getByRole('button', { name: TEXTOS_EXPEDIENTE.aplicarTest })
      .click();
    const itrd = page.getByRole('dialog', { name: /Texas/ });
    await itrd.getByText('0 / 21 preguntas').waitFor();
    const boton = (m: Locator) => m.getByRole('button', { name: TEXTOS_EXPEDIENTE.aplicarTest });
    expect(await boton(itrd).isDisabled()).toBe(true);
    await itrd.getByText('Por favor responde todas las preguntas (0/21)').waitFor();
    await itrd.getByRole('button', { name: TEXTOS_EXPEDIENTE.cancelar }).click();
    await itrd.waitFor({ state: 'hidden' });

    // The screening: 8 of 9 answered still waits; the ninth enables it.
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Tamizaje de factores de riesgo' })
      .getByRole('button', { name: TEXTOS_EXPEDIENTE.aplicarTest })
      .click();
    const modal = page.getByRole('dialog', { name: /Tamizaje/ });
    await modal.getByText('0 / 9 preguntas').waitFor();
    const noes = modal.getByRole('radio', { name: 'No', exact: true });
    for (let i = 0; i < (await noes.count()); i++) {
      await noes.nth(i).locator('xpath=ancestor::label[1]').click();
    }
    await modal.getByText('8 / 9 preguntas').waitFor();
    expect(await boton(modal).isDisabled()).toBe(true);
    await modal.getByText('Por favor responde todas las preguntas (8/9)').waitFor();
    await modal.getByRole('textbox').fill('Falleció su madre en enero.');
    await modal.getByText('9 / 9 preguntas').waitFor();
    expect(await boton(modal).isEnabled()).toBe(true);
    expect(await modal.getByText(/Por favor responde todas las preguntas/).count()).toBe(0);
    await boton(modal).click();
    await page.getByRole('alertdialog', { name: TEXTOS_EXPEDIENTE.confirmarAplicar }).waitFor();
  }, 90_000);
});
