// "Descargar mis datos" and the opposition switches in Chromium at phone size (issue 56, decisions
// 376 and 377): the patient opens Ajustes, downloads the ZIP (its JSON holds her diary note,
// decrypted, and validates against the shared schema), and opposes showing her name in the forums:
// the switch says it was saved and the server holds it.
import { readFileSync } from 'node:fs';
import { ExportacionSchema } from '@miduelo/shared/derechos-exportacion';
import { TEXTO_OPOSICION } from '@miduelo/shared/derechos-oposicion';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { oposicionPaciente } from '@miduelo/server/db/schema/oposicion';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aceptarVigentes, entrarEnLaApp } from '../helpers/app-paciente';
import { cliente } from '../helpers/chat';
import type { E2E } from '../helpers/e2e';
import { crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E, ESCRITORIO, TELEFONO_TACTIL } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;
const contextos: BrowserContext[] = [];
const CAPTURAS = process.env.CAPTURAS_DERECHOS;

const captura = async (page: Page, nombre: string) => {
  if (CAPTURAS) await page.screenshot({ path: `${CAPTURAS}/${nombre}.png`, fullPage: true });
};

describe.skipIf(omitir)('app del paciente: descargar mis datos y oponerse a usos (issue 56)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    for (const x of contextos) await x.close().catch(() => {});
    await e?.cerrar();
  });

  it('descarga el ZIP desde Ajustes en el teléfono y elige no mostrar su nombre en los foros', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Lucía' });
    await aceptarVigentes(e.t.db, pac.id_paciente);
    const api = cliente(e.t, sesionPaciente(e.t.app, pac));
    expect(
      (await api.post('/api/paciente/diario', { emocion: 'Nostalgia', intensidad: 6, nota: 'Escuché su canción en la radio' })).status,
    ).toBe(201);

    const ctx = await e.contexto({ ...TELEFONO_TACTIL, acceptDownloads: true });
    contextos.push(ctx);
    const page = await ctx.newPage();
    await entrarEnLaApp(page, pac.email);
    await captura(page, 'app-inicio');
    await page.goto('/app/ajustes');
    await page.getByRole('heading', { name: 'Tus datos', exact: true }).waitFor();
    const boton = page.getByRole('button', { name: 'Descargar mis datos' });
    await boton.scrollIntoViewIfNeeded();
    await captura(page, 'app-tus-datos');

    const [descarga] = await Promise.all([page.waitForEvent('download'), boton.click()]);
    expect(descarga.suggestedFilename()).toMatch(new RegExp(`^miduelo-mis-datos-${pac.id_paciente}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const zip = unzipSync(new Uint8Array(readFileSync((await descarga.path()) as string)));
    const datos = v.parse(ExportacionSchema, JSON.parse(new TextDecoder().decode(zip['mis-datos.json'])));
    expect(datos.diario).toEqual([expect.objectContaining({ emocion: 'Nostalgia', nota: 'Escuché su canción en la radio' })]);
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['mis-datos.pdf', 'mis-datos.schema.json', 'LEEME.txt']));
    await page.getByText('Listo: tu archivo con tus datos se descargó.').waitFor();

    const interruptor = page.getByRole('checkbox', { name: TEXTO_OPOSICION.foro_sin_nombre.etiqueta });
    await interruptor.check();
    await page.getByText('Guardamos tu elección.').waitFor();
    await captura(page, 'app-tus-datos-guardado');
    expect(await interruptor.isChecked()).toBe(true);
    const [fila] = await e.t.db.select().from(oposicionPaciente).where(eq(oposicionPaciente.id_paciente, pac.id_paciente));
    expect(fila).toMatchObject({ foro_sin_nombre: true, correos: false, push: false });
  }, 90_000);
  it('el administrador descarga los datos de una paciente desde su detalle (escritorio)', async () => {
    const pac = await crearPaciente(e.t.db, { nombre: 'Guadalupe', apellido_paterno: 'Orozco', apellido_materno: null });
    await aceptarVigentes(e.t.db, pac.id_paciente);
    const admin = await crearPsicologo(e.t.db, { rol_admin: true, nombre: 'Andrea' });
    const ctx = await e.contexto({ ...ESCRITORIO, viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    contextos.push(ctx);
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, admin), '/admin/pacientes', ctx);
    await page.locator('h1', { hasText: 'Pacientes' }).waitFor();
    await captura(page, 'admin-pacientes');
    await page.getByRole('button', { name: 'Ver detalle de Guadalupe Orozco' }).click();
    const boton = page.getByRole('button', { name: 'Descargar los datos de Guadalupe Orozco' });
    await boton.waitFor();
    await captura(page, 'admin-detalle-paciente');
    const [descarga] = await Promise.all([page.waitForEvent('download'), boton.click()]);
    const zip = unzipSync(new Uint8Array(readFileSync((await descarga.path()) as string)));
    const datos = v.parse(ExportacionSchema, JSON.parse(new TextDecoder().decode(zip['mis-datos.json'])));
    expect(datos.perfil).toMatchObject({ id_paciente: pac.id_paciente, nombre: 'Guadalupe' });
    const filas = await e.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'exportar'), eq(auditoria.id_paciente, pac.id_paciente)));
    expect(filas).toEqual([expect.objectContaining({ actor_tipo: 'admin', actor_id: admin.id_psicologo })]);
  }, 90_000);
});
