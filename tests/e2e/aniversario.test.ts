// Anniversary awareness in Chromium (issue 14, decision 128): the psychologist records the loss on
// the file's Información General tab and the patient list marks the patient whose anniversary is near.
import { aniversarioEn } from '@miduelo/shared/pacientes-aniversario';
import { sumarDias } from '@miduelo/shared/agenda-tiempo';
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';
import { fechaEnZona, formatoFecha } from '@miduelo/shared/fechas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from '../helpers/e2e';
import { crearPaciente, crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;

describe.skipIf(omitir)('aniversario de la pérdida en el navegador', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('registrar la pérdida en el expediente y ver la marca en el listado de pacientes', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Amparo', apellido_paterno: 'Luna' });
    // Two years ago, three days from today (the test app's clock is the real one).
    const enTresDias = sumarDias(fechaEnZona(e.t.reloj.ahora(), ZONA_CLINICA_DEFECTO), 3);
    const fecha = aniversarioEn(enTresDias, Number(enTresDias.slice(0, 4)) - 2);

    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), `/paciente/${pac.id_paciente}`);
    const perdida = page.locator('[data-perdida]');
    await perdida.getByText('Sin registrar').waitFor({ timeout: 30_000 });
    await perdida.getByRole('button', { name: 'Editar pérdida' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Pérdida del paciente' });
    await dialogo.getByLabel('A quién perdió').fill('Su abuela Refugio');
    await dialogo.getByLabel('Fecha de la pérdida').fill(fecha);
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await dialogo.waitFor({ state: 'hidden' });
    await expect.poll(() => perdida.locator('[data-texto-perdida]').textContent()).toBe(`Su abuela Refugio, ${formatoFecha(fecha)}`);
    await perdida.getByText('Aniversario de la pérdida cercano').waitFor();

    await page.goto(`${e.url}/lista-pacientes-del-psicologo`);
    const marca = page.locator('[data-aniversario="aniversario"]:visible');
    await marca.first().waitFor({ timeout: 30_000 });
    expect(await marca.count()).toBe(1);
    expect(await marca.first().getAttribute('title')).toBe('Aniversario de la pérdida cercano');
  });
});
