// The clinical record in Chromium (issue 13): apply a test and see it in Historial and on the chart;
// create, search, filter, edit and delete a note; a second tab with the same file sees a new note
// live.
import { enVivo } from '../helpers/e2e-esperas';
import { CONTENIDO_NOTA_MAX, MSG_EXPEDIENTE, RESPUESTA_TEXTO_MAX, TEXTOS_EXPEDIENTE } from '@miduelo/shared/expediente';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { TEXTOS_PACIENTES } from '@miduelo/shared/pacientes';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from '../helpers/e2e';
import { inyectarCon } from '../helpers/app';
import { versionesVigentes } from '../helpers/consentimiento';
import { crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { paciente } from '@miduelo/server/db/schema/cuentas';
import { aplicacionTest, respuestaTest } from '@miduelo/server/db/schema/expediente';
import { eq } from 'drizzle-orm';
import { debeOmitirE2E } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;

/** Answers a question as she does: a click on the option she sees (the radio itself is visually
 * hidden inside it). Unlike a forced check of the hidden input, the click waits until the dialog's
 * entry animation has settled: a forced check at once after opening failed in CI on a loaded host
 * ('Element is outside of the viewport'). */
const marcar = async (radio: Locator) => {
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect.poll(() => radio.isChecked()).toBe(true);
};

async function abrirGraficas(page: Page, subtab?: string) {
  await page.getByRole('tab', { name: 'Gráficas y Notas' }).click();
  await page.getByRole('heading', { name: TEXTOS_EXPEDIENTE.titulo }).waitFor({ timeout: 30_000 });
  if (subtab) await page.getByRole('tab', { name: subtab }).click();
}

describe.skipIf(omitir)('expediente clínico en el navegador', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('aplicar un test: aviso si falta una respuesta, confirmación, vuelta al Historial con la gráfica y la tabla', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo });
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), `/paciente/${pac.id_paciente}`);
    await abrirGraficas(page);
    await page.getByText(TEXTOS_EXPEDIENTE.sinAplicados).waitFor();

    await page.getByRole('tab', { name: TEXTOS_EXPEDIENTE.subtabs.disponibles }).click();
    const tarjeta = page.getByRole('listitem').filter({ hasText: 'Tamizaje de factores de riesgo' });
    await tarjeta.getByText('Sí/No', { exact: true }).waitFor();
    await tarjeta.getByRole('button', { name: TEXTOS_EXPEDIENTE.aplicarTest }).click();
    const modal = page.getByRole('dialog', { name: /Tamizaje/ });
    await modal.getByText('0 / 9 preguntas').waitFor();

    // Spec 1 §5: not applicable until every question is answered; the reason is said beside it.
    expect(await modal.getByRole('button', { name: TEXTOS_EXPEDIENTE.aplicarTest }).isDisabled()).toBe(true);
    await modal.getByText('Por favor responde todas las preguntas (0/9)').waitFor();

    const noes = modal.getByRole('radio', { name: 'No', exact: true });
    const n = await noes.count();
    expect(n).toBe(8);
    for (let i = 0; i < n; i++) await marcar(noes.nth(i));
    await marcar(modal.getByRole('radio', { name: 'Sí', exact: true }).nth(5)); // red de apoyo
    await modal.getByRole('textbox').fill('Falleció su esposa en diciembre; ¿cómo seguir con los niños?');
    await modal.getByText('9 / 9 preguntas').waitFor();
    await modal.getByRole('button', { name: TEXTOS_EXPEDIENTE.aplicarTest }).click();
    const confirmacion = page.getByRole('alertdialog', { name: TEXTOS_EXPEDIENTE.confirmarAplicar });
    await confirmacion.getByRole('button', { name: 'Sí, aplicar' }).click();

    await page.getByText(TEXTOS_EXPEDIENTE.testAplicado).first().waitFor();
    // Back to Historial: the applied test, its evolution row and the chart (uPlot's canvas).
    await page.getByRole('heading', { name: TEXTOS_EXPEDIENTE.testsAplicados(1) }).waitFor();
    await expect.poll(() => page.getByRole('tab', { name: TEXTOS_EXPEDIENTE.subtabs.historial, selected: true }).count()).toBe(1);
    await page.locator('.uplot canvas').first().waitFor({ timeout: 30_000 });
    const fila = page.getByRole('table', { name: TEXTOS_EXPEDIENTE.evolucion }).getByRole('row').nth(1);
    await expect.poll(() => fila.textContent()).toContain('Pocos factores de riesgo');

    // The answers modal shows the free text back.
    await page.getByRole('button', { name: /Ver respuestas de Tamizaje/ }).click();
    const respuestas = page.getByRole('dialog', { name: /Tamizaje/ });
    await respuestas.getByText('¿cómo seguir con los niños?', { exact: false }).waitFor();
    // Cerrar in the footer (the corner button carries the same name).
    await respuestas.getByRole('button', { name: TEXTOS_EXPEDIENTE.cerrar, exact: true }).last().click();
    await respuestas.waitFor({ state: 'hidden' });

    // A note about this application: no type choice, it is a test note.
    await page.getByRole('button', { name: /Agregar nota sobre Tamizaje/ }).click();
    const nota = page.getByRole('dialog', { name: TEXTOS_EXPEDIENTE.nuevaNota });
    expect(await nota.getByRole('radio').count()).toBe(0);
    await nota.getByLabel(TEXTOS_EXPEDIENTE.tituloNota).fill('Sobre el tamizaje');
    await nota.getByLabel(TEXTOS_EXPEDIENTE.contenidoNota).fill('Pocos factores; revisar en un mes.');
    await nota.getByRole('button', { name: TEXTOS_EXPEDIENTE.guardar }).click();
    await page.getByText(TEXTOS_EXPEDIENTE.notaCreada).first().waitFor();
    await page.getByRole('tab', { name: TEXTOS_EXPEDIENTE.subtabs.notas }).click();
    await page.locator('[data-nota]').filter({ hasText: 'Sobre el tamizaje' }).getByText(TEXTOS_EXPEDIENTE.notaTest).waitFor();
  }, 120_000);

  it('notas: crear (la otra pestaña la ve sin recargar), filtrar por tipo, buscar, editar y eliminar', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo });
    const token = sesionPsicologo(e.t.app, psi);
    const page = await e.paginaConSesion(token, `/paciente/${pac.id_paciente}`);
    const otra = await e.paginaConSesion(token, `/paciente/${pac.id_paciente}`);
    await abrirGraficas(page, TEXTOS_EXPEDIENTE.subtabs.notas);
    await abrirGraficas(otra, TEXTOS_EXPEDIENTE.subtabs.notas);
    await page.getByText(TEXTOS_EXPEDIENTE.sinNotasTexto).waitFor();
    await otra.getByText(TEXTOS_EXPEDIENTE.sinNotasTexto).waitFor();
    await enVivo(otra);

    await page.getByRole('button', { name: TEXTOS_EXPEDIENTE.crearPrimera }).click();
    const modal = page.getByRole('dialog', { name: TEXTOS_EXPEDIENTE.nuevaNota });
    const guardar = modal.getByRole('button', { name: TEXTOS_EXPEDIENTE.guardar });
    expect(await guardar.isDisabled()).toBe(true);
    await modal.getByLabel(TEXTOS_EXPEDIENTE.tituloNota).fill('Duelo por la abuela');
    await modal.getByText('19/100').waitFor();
    await modal.getByLabel(TEXTOS_EXPEDIENTE.contenidoNota).fill('Habló del velorio y de las cartas que le escribe.');
    await guardar.click();
    await page.getByText(TEXTOS_EXPEDIENTE.notaCreada).first().waitFor();
    await page.getByRole('heading', { name: 'Duelo por la abuela' }).waitFor();
    await page.getByRole('button', { name: 'Todas (1)' }).waitFor();

    // A type filter without a match says so — not that no note was ever written (decision 263).
    await page.getByRole('button', { name: TEXTOS_EXPEDIENTE.filtros.test, exact: true }).click();
    await page.getByText(TEXTOS_EXPEDIENTE.sinNotasDelTipo.test).waitFor();
    expect(await page.getByText(TEXTOS_EXPEDIENTE.sinNotasTexto).count()).toBe(0);
    expect(await page.getByRole('button', { name: TEXTOS_EXPEDIENTE.crearPrimera }).count()).toBe(0);
    await page.getByRole('button', { name: TEXTOS_EXPEDIENTE.filtros.general, exact: true }).click();
    await page.getByRole('heading', { name: 'Duelo por la abuela' }).waitFor();
    await page.getByRole('button', { name: 'Todas (1)' }).click();

    // The other tab, same file: the note arrives live, no reload.
    await otra.getByRole('heading', { name: 'Duelo por la abuela' }).waitFor({ timeout: 15_000 });

    // Search over title and content, case-insensitive.
    const buscar = page.getByRole('searchbox', { name: TEXTOS_EXPEDIENTE.buscarNotas });
    await buscar.fill('VELORIO');
    await page.getByRole('heading', { name: 'Duelo por la abuela' }).waitFor();
    await buscar.fill('mudanza');
    await page.getByText(TEXTOS_EXPEDIENTE.sinResultados).waitFor();
    await buscar.fill('');

    // Edit from the card's menu (the test clock stands still: a minute passes for the edited marker).
    e.t.reloj.avanzar(60_000);
    await page.getByRole('button', { name: 'Acciones de la nota Duelo por la abuela' }).click();
    await page.getByRole('menuitem', { name: TEXTOS_EXPEDIENTE.editar }).click();
    const edicion = page.getByRole('dialog', { name: TEXTOS_EXPEDIENTE.editarNota });
    await edicion.getByLabel(TEXTOS_EXPEDIENTE.tituloNota).fill('Duelo por la abuela Remedios');
    await edicion.getByRole('button', { name: TEXTOS_EXPEDIENTE.actualizar }).click();
    await page.getByText(TEXTOS_EXPEDIENTE.notaActualizada).first().waitFor();
    const tarjeta = page.locator('[data-nota]').filter({ hasText: 'Duelo por la abuela Remedios' });
    await tarjeta.getByText(TEXTOS_EXPEDIENTE.editada, { exact: false }).waitFor();
    await otra.getByRole('heading', { name: 'Duelo por la abuela Remedios' }).waitFor({ timeout: 15_000 });

    // Delete, after the confirmation quoting the title.
    await page.getByRole('button', { name: 'Acciones de la nota Duelo por la abuela Remedios' }).click();
    await page.getByRole('menuitem', { name: TEXTOS_EXPEDIENTE.eliminar }).click();
    const confirmacion = page.getByRole('alertdialog', { name: TEXTOS_EXPEDIENTE.confirmarEliminar });
    await confirmacion.getByText('"Duelo por la abuela Remedios"', { exact: false }).waitFor();
    await confirmacion.getByRole('button', { name: TEXTOS_EXPEDIENTE.siEliminar }).click();
    await page.getByText(TEXTOS_EXPEDIENTE.notaEliminada).first().waitFor();
    await page.getByText(TEXTOS_EXPEDIENTE.sinNotasTexto).waitFor();
    await otra.getByText(TEXTOS_EXPEDIENTE.sinNotasTexto).waitFor({ timeout: 15_000 });
  }, 120_000);

  it('una respuesta de texto pegada por encima del límite queda entera y el test no se aplica hasta recortarla', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo });
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), `/paciente/${pac.id_paciente}`);
    await abrirGraficas(page, TEXTOS_EXPEDIENTE.subtabs.disponibles);
    const tarjeta = page.getByRole('listitem').filter({ hasText: 'Tamizaje de factores de riesgo' });
    await tarjeta.getByRole('button', { name: TEXTOS_EXPEDIENTE.aplicarTest }).click();
    const modal = page.getByRole('dialog', { name: /Tamizaje/ });
    await modal.getByText('0 / 9 preguntas').waitFor();
    const noes = modal.getByRole('radio', { name: 'No', exact: true });
    for (let i = 0; i < (await noes.count()); i++) await marcar(noes.nth(i));

    // Her account of the loss, pasted from the intake form (1,188 characters): nothing is cut, the
    // box says why, and 'Aplicar test' refuses with the shared message before any confirmation.
    const relato = 'Su esposo murió en marzo, de un infarto, mientras ella estaba en el trabajo. '.repeat(16);
    const caja = modal.getByRole('textbox');
    await caja.focus();
    await page.keyboard.insertText(relato);
    expect(await caja.inputValue()).toBe(relato);
    const mensaje = MSG_EXPEDIENTE.respuestaTexto(9);
    await modal.getByText(mensaje).first().waitFor();
    await modal.getByText(`${relato.trim().length}/${RESPUESTA_TEXTO_MAX}`).waitFor();
    await modal.getByRole('button', { name: TEXTOS_EXPEDIENTE.aplicarTest }).click();
    await modal.getByRole('alert').filter({ hasText: mensaje }).waitFor();
    expect(await page.getByRole('alertdialog', { name: TEXTOS_EXPEDIENTE.confirmarAplicar }).count()).toBe(0);
    expect(await e.t.db.select().from(aplicacionTest).where(eq(aplicacionTest.id_paciente, pac.id_paciente))).toEqual([]);

    // Shortened by the psychologist: applied, the answer stored whole.
    const recortado = relato.slice(0, RESPUESTA_TEXTO_MAX);
    await caja.fill(recortado);
    await modal.getByRole('button', { name: TEXTOS_EXPEDIENTE.aplicarTest }).click();
    await page.getByRole('alertdialog', { name: TEXTOS_EXPEDIENTE.confirmarAplicar }).getByRole('button', { name: 'Sí, aplicar' }).click();
    await page.getByText(TEXTOS_EXPEDIENTE.testAplicado).first().waitFor();
    const [a] = await e.t.db.select().from(aplicacionTest).where(eq(aplicacionTest.id_paciente, pac.id_paciente));
    // Every answer is stored encrypted (decision 335): read them back and keep the free text.
    const textos = (await e.t.db.select().from(respuestaTest).where(eq(respuestaTest.id_aplicacion, a.id_aplicacion)))
      .map((r) => e.t.app.ctx.cifrador.descifrar(r.respuesta, 'respuesta_test.respuesta'))
      .filter((r) => r !== 'si' && r !== 'no');
    expect(textos).toEqual([recortado.trim()]);
  }, 90_000);

  it('una nota pegada por encima del límite queda entera y dice por qué no se guarda; recortada, se guarda completa', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo });
    const token = sesionPsicologo(e.t.app, psi);
    const page = await e.paginaConSesion(token, `/paciente/${pac.id_paciente}`);
    await abrirGraficas(page, TEXTOS_EXPEDIENTE.subtabs.notas);
    await page.getByRole('button', { name: TEXTOS_EXPEDIENTE.crearPrimera }).click();
    const modal = page.getByRole('dialog', { name: TEXTOS_EXPEDIENTE.nuevaNota });
    const guardar = modal.getByRole('button', { name: TEXTOS_EXPEDIENTE.guardar });
    const contenido = modal.getByLabel(TEXTOS_EXPEDIENTE.contenidoNota);
    await modal.getByLabel(TEXTOS_EXPEDIENTE.tituloNota).fill('Sesión larga');

    // Pasted whole from another document (1,216 characters): nothing is cut, the field says why it
    // cannot be saved yet, and Guardar waits.
    const largo = 'Habló de su madre. '.repeat(64);
    await contenido.focus();
    await page.keyboard.insertText(largo);
    expect(await contenido.inputValue()).toBe(largo);
    await modal.getByText(MSG_EXPEDIENTE.contenidoLargo).waitFor();
    await modal.getByText(`${largo.trim().length}/${CONTENIDO_NOTA_MAX}`).waitFor();
    expect(await guardar.isDisabled()).toBe(true);

    // Shortened by her to the limit: saved, whole.
    const recortado = largo.slice(0, CONTENIDO_NOTA_MAX);
    await contenido.fill(recortado);
    expect(await modal.getByText(MSG_EXPEDIENTE.contenidoLargo).isVisible()).toBe(false);
    await guardar.click();
    await page.getByText(TEXTOS_EXPEDIENTE.notaCreada).first().waitFor();
    const notas = await inyectarCon(e.t.app, token, { method: 'GET', url: `/api/psicologo/pacientes/${pac.id_paciente}/notas` });
    expect((notas.json() as { contenido: string }[]).map((n) => n.contenido)).toEqual([recortado.trim()]);
  }, 60_000);

  it('editar una nota que otro dispositivo guardó mientras tanto: no se pisa; el texto sigue en el formulario junto a la versión guardada (decisión 307)', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo });
    const token = sesionPsicologo(e.t.app, psi);
    const ruta = (x: string) => `/api/psicologo${x}`;
    const creada = await inyectarCon(e.t.app, token, {
      method: 'POST',
      url: ruta('/notas'),
      payload: { id_paciente: pac.id_paciente, titulo: 'Sesión 6', contenido: 'Primera versión.' },
    });
    const n = creada.json() as { id_nota: number };
    const page = await e.paginaConSesion(token, `/paciente/${pac.id_paciente}`);
    await abrirGraficas(page, TEXTOS_EXPEDIENTE.subtabs.notas);
    await page.getByRole('button', { name: 'Acciones de la nota Sesión 6' }).click();
    await page.getByRole('menuitem', { name: TEXTOS_EXPEDIENTE.editar }).click();
    const edicion = page.getByRole('dialog', { name: TEXTOS_EXPEDIENTE.editarNota });
    const contenido = edicion.getByLabel(TEXTOS_EXPEDIENTE.contenidoNota);
    await contenido.fill('Lo que escribió en el portátil: soñó con su padre.');

    // Meanwhile the same psychologist saves the note from her phone.
    const otro = await inyectarCon(e.t.app, token, {
      method: 'PUT',
      url: ruta(`/notas/${n.id_nota}`),
      payload: { titulo: 'Sesión 6', contenido: 'Lo que escribió en el teléfono: volvió al panteón.', version: 1 },
    });
    expect(otro.statusCode, otro.body).toBe(200);

    await edicion.getByRole('button', { name: TEXTOS_EXPEDIENTE.actualizar }).click();
    const aviso = edicion.getByRole('alert').filter({ hasText: MSG_EXPEDIENTE.notaDesactualizada });
    await aviso.waitFor();
    await aviso.getByText('volvió al panteón', { exact: false }).waitFor();
    expect(await contenido.inputValue()).toBe('Lo que escribió en el portátil: soñó con su padre.');
    const leer = async () =>
      ((await inyectarCon(e.t.app, token, { method: 'GET', url: ruta(`/notas/${n.id_nota}`) })).json() as { contenido: string }).contenido;
    expect(await leer()).toBe('Lo que escribió en el teléfono: volvió al panteón.');

    // Having seen both, she keeps both and saves over the version she now sees.
    await contenido.fill('Teléfono: volvió al panteón. Portátil: soñó con su padre.');
    await edicion.getByRole('button', { name: TEXTOS_EXPEDIENTE.actualizar }).click();
    await page.getByText(TEXTOS_EXPEDIENTE.notaActualizada).first().waitFor();
    await edicion.waitFor({ state: 'hidden' });
    expect(await leer()).toBe('Teléfono: volvió al panteón. Portátil: soñó con su padre.');
  }, 60_000);

  it('una nota guardada cuya respuesta no llegó, guardada otra vez, aparece una sola vez (decisión 313)', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo });
    const token = sesionPsicologo(e.t.app, psi);
    const guardadas = async () =>
      (
        (await inyectarCon(e.t.app, token, { method: 'GET', url: `/api/psicologo/pacientes/${pac.id_paciente}/notas` })).json() as {
          titulo: string;
        }[]
      ).map((n) => n.titulo);
    const page = await e.paginaConSesion(token, `/paciente/${pac.id_paciente}`);
    await abrirGraficas(page, TEXTOS_EXPEDIENTE.subtabs.notas);
    await page.getByRole('button', { name: TEXTOS_EXPEDIENTE.crearPrimera }).click();
    const modal = page.getByRole('dialog', { name: TEXTOS_EXPEDIENTE.nuevaNota });
    const titulo = modal.getByLabel(TEXTOS_EXPEDIENTE.tituloNota);
    const contenido = modal.getByLabel(TEXTOS_EXPEDIENTE.contenidoNota);
    await titulo.fill('Sesión del martes');
    await contenido.fill('Trajo fotos de su hermano; lloró al hablar del hospital.');

    // The save reaches the server, which stores the note; its answer never reaches the browser
    // (the connection drops on the way back).
    const ruta = '**/api/psicologo/notas';
    let enviadas = 0;
    await page.route(ruta, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      enviadas++;
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await modal.getByRole('button', { name: TEXTOS_EXPEDIENTE.guardar }).click();
    await page.getByText(TEXTOS_EXPEDIENTE.errorCrearNota).first().waitFor();
    // Not 'Existe un error en el servidor': no answer came, and saving again is safe.
    await page.getByText(MSG_GENERICO.sinRespuesta).first().waitFor();
    expect(enviadas).toBe(1);
    expect(await guardadas()).toEqual(['Sesión del martes']);
    // The dialog stays open with what she wrote.
    expect(await modal.isVisible()).toBe(true);
    expect(await titulo.inputValue()).toBe('Sesión del martes');
    expect(await contenido.inputValue()).toBe('Trajo fotos de su hermano; lloró al hablar del hospital.');

    // The connection is back; she saves again.
    await page.unroute(ruta);
    await modal.getByRole('button', { name: TEXTOS_EXPEDIENTE.guardar }).click();
    await page.getByText(TEXTOS_EXPEDIENTE.notaCreada).first().waitFor();
    await modal.waitFor({ state: 'hidden' });
    // The answer is in the list by now (applied as the dialog closes): the note, once.
    expect(await page.locator('[data-nota]').filter({ hasText: 'Sesión del martes' }).count()).toBe(1);
    expect(await guardadas()).toEqual(['Sesión del martes']);
    expect(await page.getByRole('button', { name: 'Todas (1)' }).count()).toBe(1);
  }, 60_000);

  it('una nota cuya respuesta no llegó, cambiada y guardada otra vez, queda guardada con el cambio; la primera también (decisión 313)', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo });
    const token = sesionPsicologo(e.t.app, psi);
    const PRIMERO = 'Trajo fotos de su hermano.';
    const EDITADO = 'Trajo fotos de su hermano; lloró al hablar del hospital y pidió volver el jueves.';
    const guardadas = async () =>
      (
        (await inyectarCon(e.t.app, token, { method: 'GET', url: `/api/psicologo/pacientes/${pac.id_paciente}/notas` })).json() as {
          contenido: string;
        }[]
      )
        .map((n) => n.contenido)
        .sort();
    const page = await e.paginaConSesion(token, `/paciente/${pac.id_paciente}`);
    await abrirGraficas(page, TEXTOS_EXPEDIENTE.subtabs.notas);
    await page.getByRole('button', { name: TEXTOS_EXPEDIENTE.crearPrimera }).click();
    const modal = page.getByRole('dialog', { name: TEXTOS_EXPEDIENTE.nuevaNota });
    const contenido = modal.getByLabel(TEXTOS_EXPEDIENTE.contenidoNota);
    await modal.getByLabel(TEXTOS_EXPEDIENTE.tituloNota).fill('Sesión del miércoles');
    await contenido.fill(PRIMERO);

    // The save reaches the server, which stores the note; its answer never reaches the browser.
    const ruta = '**/api/psicologo/notas';
    const idsEnviados: string[] = [];
    await page.route(ruta, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      idsEnviados.push((route.request().postDataJSON() as { id_cliente: string }).id_cliente);
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await modal.getByRole('button', { name: TEXTOS_EXPEDIENTE.guardar }).click();
    await page.getByText(TEXTOS_EXPEDIENTE.errorCrearNota).first().waitFor();
    expect(await guardadas()).toEqual([PRIMERO]);
    expect(await contenido.inputValue()).toBe(PRIMERO);

    // She adds to it before saving again (the connection is back): what she saves now is stored.
    await page.unroute(ruta);
    let segundoId: string | undefined;
    await page.route(ruta, async (route) => {
      if (route.request().method() === 'POST') segundoId = (route.request().postDataJSON() as { id_cliente: string }).id_cliente;
      await route.fallback();
    });
    await contenido.fill(EDITADO);
    await modal.getByRole('button', { name: TEXTOS_EXPEDIENTE.guardar }).click();
    await page.getByText(TEXTOS_EXPEDIENTE.notaCreada).first().waitFor();
    await modal.waitFor({ state: 'hidden' });
    expect(segundoId).toBeDefined();
    expect(segundoId).not.toBe(idsEnviados[0]);
    // Nothing lost: the edited text and the first one (stored by the lost save), both in the list.
    expect(await guardadas()).toEqual([PRIMERO, EDITADO].sort());
    const notas = page.locator('[data-nota]');
    await expect.poll(() => notas.count()).toBe(2);
    expect(await notas.filter({ hasText: EDITADO }).count()).toBe(1);
    expect(await notas.filter({ hasText: PRIMERO }).count()).toBe(1);
    await page.getByRole('button', { name: 'Todas (2)' }).waitFor();
  }, 60_000);

  it('lo escrito en una nota o un test sin guardar no se pierde al cerrar ni al salir sin preguntar (decisión 308)', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Julia', apellido_paterno: 'Robles' });
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), '/lista-pacientes-del-psicologo');
    await page.getByRole('button', { name: 'Ver expediente de Julia Robles' }).first().click();
    await abrirGraficas(page, TEXTOS_EXPEDIENTE.subtabs.notas);
    const D = TEXTOS_EXPEDIENTE.descartar;
    const pregunta = page.getByRole('alertdialog', { name: D.titulo });
    const beforeunloadDetenido = () =>
      page.evaluate(() => {
        const ev = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(ev);
        return ev.defaultPrevented;
      });

    // Untouched, it closes without a question.
    await page.getByRole('button', { name: TEXTOS_EXPEDIENTE.crearPrimera }).click();
    const modal = page.getByRole('dialog', { name: TEXTOS_EXPEDIENTE.nuevaNota });
    await modal.getByLabel(TEXTOS_EXPEDIENTE.tituloNota).waitFor();
    expect(await beforeunloadDetenido()).toBe(false);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: TEXTOS_EXPEDIENTE.crearPrimera }).click();
    await modal.getByLabel(TEXTOS_EXPEDIENTE.tituloNota).fill('Sesión 7');
    const texto = 'Contó por primera vez cómo fue el hospital.';
    await modal.getByLabel(TEXTOS_EXPEDIENTE.contenidoNota).fill(texto);

    // Escape, a click outside and the browser's back button each ask; keeping on, nothing is lost.
    // Each gesture waits until the form's dialog takes pointer input again. The question is gone
    // at once, but Radix re-renders the dialog below it as the top layer only in a later task
    // (until then its outside-click handler ignores clicks); on a slow CI host a click at once
    // after 'Seguir editando' fell in that gap and asked nothing.
    const seguirEditando = async () => {
      await pregunta.getByRole('button', { name: D.no }).click();
      await pregunta.waitFor({ state: 'hidden' });
      await page.waitForFunction(() => {
        const d = document.querySelector('[role="dialog"][data-state="open"]');
        return d instanceof HTMLElement && d.style.pointerEvents === 'auto';
      });
    };
    await page.keyboard.press('Escape');
    await pregunta.getByText(D.nota).waitFor();
    await seguirEditando();
    await page.mouse.click(5, 5);
    await seguirEditando();
    await page.goBack();
    await seguirEditando();
    expect(new URL(page.url()).pathname).toBe(`/paciente/${pac.id_paciente}`);
    expect(await modal.getByLabel(TEXTOS_EXPEDIENTE.contenidoNota).inputValue()).toBe(texto);
    // Reloading or closing the tab gets the browser's question.
    expect(await beforeunloadDetenido()).toBe(true);

    // Cancelar, then Descartar: closed, and leaving no longer asks.
    await modal.getByRole('button', { name: TEXTOS_EXPEDIENTE.cancelar }).click();
    await pregunta.getByRole('button', { name: D.si }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(await beforeunloadDetenido()).toBe(false);

    // A test with answers given asks the same before it is closed.
    await page.getByRole('tab', { name: TEXTOS_EXPEDIENTE.subtabs.disponibles }).click();
    const tarjeta = page.getByRole('listitem').filter({ hasText: 'Tamizaje de factores de riesgo' });
    await tarjeta.getByRole('button', { name: TEXTOS_EXPEDIENTE.aplicarTest }).click();
    const test = page.getByRole('dialog', { name: /Tamizaje/ });
    await marcar(test.getByRole('radio', { name: 'No', exact: true }).first());
    await test.getByText('1 / 9 preguntas').waitFor();
    await page.keyboard.press('Escape');
    await pregunta.getByText(D.test).waitFor();
    await seguirEditando();
    await test.getByText('1 / 9 preguntas').waitFor();
  }, 60_000);

  it('bandera de riesgo: un resultado en la banda más alta aparece en la lista de pacientes abierta, sin recargar, y la fila no se mueve', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Rebeca', apellido_paterno: 'Arenas' });
    for (const [nombre, apellido_paterno] of [
      ['Bruno', 'Barrios'],
      ['Carla', 'Cano'],
    ]) {
      await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre, apellido_paterno });
    }
    const token = sesionPsicologo(e.t.app, psi);
    const page = await e.paginaConSesion(token, '/lista-pacientes-del-psicologo');
    const fila = page.getByRole('row').filter({ hasText: 'Rebeca' });
    await fila.waitFor();
    await enVivo(page);
    expect(await fila.getByText('Riesgo').count()).toBe(0);
    const apellidos = () => page.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(await apellidos()).toEqual(['Arenas', 'Barrios', 'Cano']);
    const tests = (await inyectarCon(e.t.app, token, { method: 'GET', url: '/api/psicologo/tests' })).json() as {
      id_test: number;
      nombre: string;
    }[];
    const idc = tests.find((t) => t.nombre.includes('IDC'));
    const detalle = (await inyectarCon(e.t.app, token, { method: 'GET', url: `/api/psicologo/tests/${idc?.id_test}` })).json() as {
      preguntas: { id_pregunta: number }[];
    };
    const r = await inyectarCon(e.t.app, token, {
      method: 'POST',
      url: '/api/psicologo/tests/aplicar',
      payload: {
        id_test: idc?.id_test,
        id_paciente: pac.id_paciente,
        respuestas: detalle.preguntas.map((q) => ({ id_pregunta: q.id_pregunta, respuesta: 4 })),
      },
    });
    expect(r.statusCode).toBe(201);
    await fila.getByText('Riesgo').waitFor({ timeout: 15_000 });
    // The list keeps the server's order (surname, then name): the flagged row stays first.
    expect(await apellidos()).toEqual(['Arenas', 'Barrios', 'Cano']);
  }, 120_000);

  it('un paciente que se registra con el código o que un administrador reasigna entra en la lista abierta, o sale, sin recargar', async () => {
    const psi = await crearPsicologo(e.t.db);
    const otro = await crearPsicologo(e.t.db);
    const admin = await crearPsicologo(e.t.db, { rol_admin: true });
    await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Bruno', apellido_paterno: 'Barrios' });
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), '/lista-pacientes-del-psicologo');
    await page.getByRole('row').filter({ hasText: 'Barrios' }).waitFor();
    await enVivo(page);
    const r = await e.t.app.inject({
      method: 'POST',
      url: '/api/paciente/registro',
      payload: {
        nombre: 'Alba',
        apellido_paterno: 'Aguirre',
        fecha_nacimiento: '1980-05-05',
        email: 'alba.aguirre@correo.mx',
        telefono: '5512345678',
        contrasena: 'Paciente#2025',
        codigo_vinculacion: psi.codigo_vinculacion,
        consentimientos: await versionesVigentes(e.t.app),
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    const fila = page.getByRole('row').filter({ hasText: 'Alba' });
    await fila.waitFor({ timeout: 15_000 });
    expect(await page.locator('tbody tr td:nth-child(3)').allTextContents()).toEqual(['Aguirre', 'Barrios']);
    const [alba] = await e.t.db.select().from(paciente).where(eq(paciente.email, 'alba.aguirre@correo.mx'));
    const rr = await inyectarCon(e.t.app, sesionPsicologo(e.t.app, admin), {
      method: 'PUT',
      url: `/api/admin/pacientes/${alba.id_paciente}/reasignar`,
      payload: { id_psicologo: otro.id_psicologo },
    });
    expect(rr.statusCode, rr.body).toBe(200);
    await fila.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.locator('tbody tr td:nth-child(3)').allTextContents()).toEqual(['Barrios']);
  }, 120_000);

  it('un expediente abierto cuyo paciente un administrador reasigna sale de la pantalla al momento, con sus pestañas (decisión 285)', async () => {
    const psi = await crearPsicologo(e.t.db);
    const otro = await crearPsicologo(e.t.db);
    const admin = await crearPsicologo(e.t.db, { rol_admin: true });
    const x = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Irma', apellido_paterno: 'Quiroga' });
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), `/paciente/${x.id_paciente}`);
    await abrirGraficas(page);
    await page.getByRole('heading', { name: /Irma Quiroga/ }).waitFor();
    await enVivo(page);
    const reasignar = (a: number) =>
      inyectarCon(e.t.app, sesionPsicologo(e.t.app, admin), {
        method: 'PUT',
        url: `/api/admin/pacientes/${x.id_paciente}/reasignar`,
        payload: { id_psicologo: a },
      });
    expect((await reasignar(otro.id_psicologo)).statusCode).toBe(200);
    await page.getByText(TEXTOS_PACIENTES.noEncontrado).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { name: /Irma Quiroga/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: TEXTOS_EXPEDIENTE.titulo }).count()).toBe(0);
    // Assigned back: the file returns without a reload.
    expect((await reasignar(psi.id_psicologo)).statusCode).toBe(200);
    await page.getByRole('heading', { name: /Irma Quiroga/ }).waitFor({ timeout: 10_000 });
  }, 120_000);

  it('la paciente cambia su teléfono y su correo en la app: la lista y el expediente abiertos de su psicólogo los muestran sin recargar (decisión 293)', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, {
      id_psicologo: psi.id_psicologo,
      nombre: 'Celia',
      apellido_paterno: 'Contreras',
      telefono: '5512340000',
    });
    const token = sesionPsicologo(e.t.app, psi);
    const lista = await e.paginaConSesion(token, '/lista-pacientes-del-psicologo');
    const fila = lista.getByRole('row').filter({ hasText: 'Contreras' });
    await expect.poll(() => fila.textContent(), { timeout: 15_000 }).toContain(pac.email);
    await enVivo(lista);
    const ficha = await e.paginaConSesion(token, `/paciente/${pac.id_paciente}`);
    await ficha.getByRole('heading', { name: /Celia Contreras/ }).waitFor({ timeout: 15_000 });
    await ficha.getByText('5512340000').waitFor();
    await enVivo(ficha);

    const r = await inyectarCon(e.t.app, sesionPaciente(e.t.app, pac), {
      method: 'PUT',
      url: '/api/paciente/perfil',
      payload: { telefono: '5598765432', email: 'celia.nueva@correo.mx' },
    });
    expect(r.statusCode, r.body).toBe(200);
    await ficha.getByText('5598765432').waitFor({ timeout: 10_000 });
    await ficha.getByText('celia.nueva@correo.mx').waitFor();
    await expect.poll(() => fila.textContent(), { timeout: 10_000 }).toContain('celia.nueva@correo.mx');
  }, 90_000);
});
