// Activities in Chromium (issue 14): a template assigned to two patients from the global catalogue
// appears in each patient's file; a patient's upload (through the app's API) appears live in the
// open Actividades tab, and disappears live when the patient hides it (a module activity's detail
// open on Evidencias falls back on Detalles); an evidence viewer open on it lets go of the image the
// moment the patient hides or deletes it (decision 267). Saved activities and changed rows keep the
// server's order; a patient's 'Nueva Actividad' (decision 261).
import { enVivo } from '../helpers/e2e-esperas';
import { CAMPOS_ACTIVIDAD, ETIQUETA_ESTADO_ASIGNACION, type Modulo, TEXTOS_ACTIVIDADES } from '@miduelo/shared/actividades';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asignarA, llamar, PNG, subir } from '../helpers/actividades';
import { crearPractica } from '../helpers/agenda';
import type { E2E } from '../helpers/e2e';
import { debeOmitirE2E } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;

async function abrirPestanaActividades(page: Page) {
  await page.getByRole('tab', { name: 'Actividades' }).click();
  await page.getByRole('heading', { name: /Actividades Asignadas/ }).waitFor();
}

/** Fills the title and the type of the template modal. */
async function llenarPlantilla(page: Page, modal: Locator, titulo: string, tipo = 'Escritura terapéutica') {
  await modal.getByLabel(CAMPOS_ACTIVIDAD.titulo, { exact: true }).fill(titulo);
  await modal.getByRole('combobox').click();
  await page.getByRole('option', { name: tipo }).click();
}

describe.skipIf(omitir)('actividades (issue 14) en el navegador', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('asigna una plantilla del catálogo a dos pacientes y aparece en el expediente de cada uno', async () => {
    const p = await crearPractica(e.t, 3);
    const page = await e.paginaConSesion(p.token, '/actividades-globales');
    const titulo = 'Carta que no se envía';
    await page.getByRole('button', { name: `Asignar ${titulo}` }).click();
    const modal = page.getByRole('dialog', { name: 'Asignar a Pacientes' });
    await modal.waitFor();
    const lista = modal.getByRole('list', { name: 'Lista de pacientes' });
    await lista.getByRole('checkbox').first().waitFor();
    // Without any patient the modal warns and assigns nothing.
    await modal.getByRole('button', { name: 'Asignar', exact: true }).click();
    await page.getByText('Debe seleccionar al menos un paciente').first().waitFor();
    const elegidos = p.pacientes.slice(0, 2);
    for (const pac of elegidos) await modal.getByLabel(new RegExp(pac.email.replace('.', '\\.'))).check();
    await modal.getByText('2 paciente(s) seleccionado(s)').waitFor();
    await modal.getByRole('button', { name: 'Asignar', exact: true }).click();
    await page.getByText(TEXTOS_ACTIVIDADES.asignadaA(2)).first().waitFor();
    await modal.waitFor({ state: 'detached' });

    for (const pac of p.pacientes) {
      await page.goto(`/paciente/${pac.id_paciente}`);
      await abrirPestanaActividades(page);
      const fila = page.locator('[data-asignacion]').filter({ hasText: titulo });
      if (elegidos.includes(pac)) {
        await fila.waitFor();
        await expect.poll(() => fila.textContent()).toContain('En Proceso');
      } else {
        await page.getByText(TEXTOS_ACTIVIDADES.sinActividades).waitFor();
        expect(await fila.count()).toBe(0);
      }
    }
  }, 90_000);

  it('la imagen que sube el paciente aparece en vivo en la pestaña abierta y desaparece al ocultarla', async () => {
    const p = await crearPractica(e.t, 1);
    const [a] = await asignarA(e.t, p);
    const page = await e.paginaConSesion(p.token, `/paciente/${p.pacientes[0].id_paciente}`);
    await abrirPestanaActividades(page);
    await enVivo(page);
    const fila = page.locator(`[data-asignacion="${a.id_asignacion}"]`);
    await fila.getByText('0 evidencia(s)').waitFor();

    const r = await subir(e.t, p.tokensPacientes[0], `/api/paciente/actividades/${a.id_asignacion}/evidencias`, [
      { campo: 'comentario', valor: 'Mi dibujo del árbol donde nos sentábamos' },
      { campo: 'visible_para_psicologo', valor: 'true' },
      { campo: 'archivo', archivo: PNG, nombre: 'arbol.png', tipo: 'image/png' },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    await fila.getByText('1 evidencia(s)').waitFor();

    // The detail panel shows it; the viewer opens the image through the authorized route.
    await fila.getByRole('button').first().click();
    const panel = page.getByRole('dialog');
    const comentario = panel.getByText('Mi dibujo del árbol donde nos sentábamos');
    await comentario.waitFor();
    // In the narrow side panel the buttons go under the comment, which keeps the card's width
    // (beside it, they left the comment a word per line).
    const ver = panel.getByRole('button', { name: 'Ver evidencia' });
    const [cajaComentario, cajaVer] = [await comentario.boundingBox(), await ver.boundingBox()];
    expect(cajaComentario?.width ?? 0).toBeGreaterThan(250);
    expect(cajaVer?.y ?? 0).toBeGreaterThanOrEqual((cajaComentario?.y ?? 0) + (cajaComentario?.height ?? 0));
    await ver.click();
    const visor = page.getByRole('dialog', { name: TEXTOS_ACTIVIDADES.visorTitulo });
    await visor.getByRole('img', { name: 'Evidencia del paciente' }).waitFor();
    // The 1×1 PNG decoded: the bytes came through the authorized route, not a broken image.
    await page.waitForFunction(() => Array.from(document.images).some((i) => i.alt === 'Evidencia del paciente' && i.naturalWidth === 1));
    const imagen = await visor.getByRole('img', { name: 'Evidencia del paciente' }).getAttribute('src');

    // Another tab has the same activity open from its module card (Módulos de Duelo): it opens on
    // Evidencias.
    const modulos = (await llamar(e.t, p.token).get(`/api/psicologo/pacientes/${p.pacientes[0].id_paciente}/modulos`)).json() as Modulo[];
    const modulo = modulos.find((m) => m.actividades.some((x) => x.id_asignacion === a.id_asignacion));
    const titulo = modulo?.actividades.find((x) => x.id_asignacion === a.id_asignacion)?.titulo ?? '';
    const otra = await e.paginaConSesion(p.token, `/paciente/${p.pacientes[0].id_paciente}`);
    await otra.getByRole('tab', { name: 'Módulos de Duelo' }).click();
    const tarjeta = otra.locator(`[data-modulo="${modulo?.etapa_duelo}"]`);
    await tarjeta.locator('button[aria-expanded]').click();
    await tarjeta.getByRole('button', { name: titulo }).click();
    const detalleModulo = otra.getByRole('dialog', { name: titulo });
    await detalleModulo.getByRole('tab', { name: `${TEXTOS_ACTIVIDADES.evidencias} (1)`, selected: true }).waitFor();
    await detalleModulo.getByText('Mi dibujo del árbol donde nos sentábamos').waitFor();
    // …and its viewer open too.
    await detalleModulo.getByRole('button', { name: 'Ver evidencia' }).click();
    const visorModulo = otra.getByRole('dialog', { name: TEXTOS_ACTIVIDADES.visorTitulo });
    await otra.waitForFunction(() => Array.from(document.images).some((i) => i.alt === 'Evidencia del paciente' && i.naturalWidth === 1));
    const imagenModulo = await visorModulo.getByRole('img', { name: 'Evidencia del paciente' }).getAttribute('src');
    await enVivo(otra);

    // The patient hides it: the open viewers, the panel and the row follow, without reload.
    const oculta = await llamar(e.t, p.tokensPacientes[0]).put(`/api/paciente/actividades/${a.id_asignacion}/visibilidad`, {
      visible_para_psicologo: false,
    });
    expect(oculta.statusCode).toBe(200);
    // Both viewers let go of the image at once (the row's count and the module's tab changed in the
    // same live update) and show the private notice in its place (decision 267); the image's object
    // URL is released.
    await fila.getByText('0 evidencia(s)').waitFor();
    await otra.getByText(`${TEXTOS_ACTIVIDADES.evidencias} (1)`).waitFor({ state: 'detached' });
    const liberada = (u: string | null) =>
      fetch(u ?? '').then(
        () => false,
        () => true,
      );
    for (const [pagina, v, src] of [
      [page, visor, imagen],
      [otra, visorModulo, imagenModulo],
    ] as const) {
      expect(await pagina.locator('img[alt="Evidencia del paciente"]').count()).toBe(0);
      await v.getByText(TEXTOS_ACTIVIDADES.evidenciaPrivada).waitFor();
      expect(await v.getByText('Mi dibujo del árbol').count()).toBe(0);
      expect(await pagina.evaluate(liberada, src)).toBe(true);
      await pagina.keyboard.press('Escape');
      await v.waitFor({ state: 'detached' });
    }
    await panel.getByText(TEXTOS_ACTIVIDADES.evidenciaPrivada).waitFor();
    expect(await panel.getByText('Mi dibujo del árbol').count()).toBe(0);
    await page.keyboard.press('Escape');
    // …and the module's detail, its Evidencias tab gone, falls back on Detalles with the notice
    // (it was left on a tab that no longer existed, its body empty).
    await detalleModulo.getByRole('tab', { name: TEXTOS_ACTIVIDADES.detalles, selected: true }).waitFor();
    await detalleModulo.getByText(TEXTOS_ACTIVIDADES.evidenciaPrivada).waitFor();
    expect(await detalleModulo.getByRole('tab').count()).toBe(1);
  }, 90_000);

  it('una evidencia que el paciente borra con el visor abierto sale de la pantalla: el visor dice que ya no está disponible', async () => {
    const p = await crearPractica(e.t, 1);
    const [a] = await asignarA(e.t, p);
    const r = await subir(e.t, p.tokensPacientes[0], `/api/paciente/actividades/${a.id_asignacion}/evidencias`, [
      { campo: 'comentario', valor: 'La foto de su bicicleta' },
      { campo: 'visible_para_psicologo', valor: 'true' },
      { campo: 'archivo', archivo: PNG, nombre: 'bici.png', tipo: 'image/png' },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    const { id_evidencia } = r.json() as { id_evidencia: number };
    const page = await e.paginaConSesion(p.token, `/paciente/${p.pacientes[0].id_paciente}`);
    await abrirPestanaActividades(page);
    await enVivo(page);
    const fila = page.locator(`[data-asignacion="${a.id_asignacion}"]`);
    await fila.getByText('1 evidencia(s)').waitFor();
    await fila.getByRole('button').first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ver evidencia' }).click();
    const visor = page.getByRole('dialog', { name: TEXTOS_ACTIVIDADES.visorTitulo });
    await page.waitForFunction(() => Array.from(document.images).some((i) => i.alt === 'Evidencia del paciente' && i.naturalWidth === 1));
    await visor.getByText('La foto de su bicicleta').waitFor();

    const borrada = await llamar(e.t, p.tokensPacientes[0]).del(`/api/paciente/evidencias/${id_evidencia}`);
    expect(borrada.statusCode, borrada.body).toBe(200);
    await fila.getByText('0 evidencia(s)').waitFor();
    expect(await page.locator('img[alt="Evidencia del paciente"]').count()).toBe(0);
    await visor.getByText(TEXTOS_ACTIVIDADES.evidenciaYaNoDisponible).waitFor();
    expect(await visor.getByText('La foto de su bicicleta').count()).toBe(0);
    // The activity stays shared: what went was this evidence, not the patient's permission.
    expect(await visor.getByText(TEXTOS_ACTIVIDADES.evidenciaPrivada).count()).toBe(0);
    await page.keyboard.press('Escape');
    await visor.waitFor({ state: 'detached' });
    await page.getByRole('dialog').getByText('Aún no hay evidencias.').waitFor();
  }, 90_000);

  it('catálogo: una actividad nueva aparece primero, antes de las de módulo, y una editada conserva su lugar', async () => {
    const p = await crearPractica(e.t, 1);
    const api = llamar(e.t, p.token);
    for (const titulo of ['Lectura de poemas', 'Diario de gratitud']) {
      const r = await api.post('/api/psicologo/actividades', { titulo, tipo: 'Lectura' });
      expect(r.statusCode, r.body).toBe(201);
      e.t.reloj.avanzar(60_000);
    }
    const page = await e.paginaConSesion(p.token, '/actividades-globales');
    const titulos = () => page.locator('[data-actividad] h3').allTextContents();
    await page.getByRole('button', { name: 'Editar Diario de gratitud' }).waitFor();
    expect((await titulos()).slice(0, 3)).toEqual(['Diario de gratitud', 'Lectura de poemas', expect.any(String)]);

    await page.getByRole('button', { name: TEXTOS_ACTIVIDADES.nuevaActividad }).click();
    const nueva = page.getByRole('dialog', { name: TEXTOS_ACTIVIDADES.tituloNueva });
    await llenarPlantilla(page, nueva, 'Carta a mi hermano');
    // The catalogue's form keeps its switches.
    await nueva.getByLabel(CAMPOS_ACTIVIDAD.obligatoria, { exact: true }).check();
    await nueva.getByRole('button', { name: TEXTOS_ACTIVIDADES.crearActividad }).click();
    await page.getByText(TEXTOS_ACTIVIDADES.creadaOk).first().waitFor();
    const creada = page.locator('[data-actividad]').filter({ hasText: 'Carta a mi hermano' });
    await creada.waitFor();
    expect(await creada.textContent()).toContain('Obligatoria');
    expect((await titulos()).slice(0, 3)).toEqual(['Carta a mi hermano', 'Diario de gratitud', 'Lectura de poemas']);

    await page.getByRole('button', { name: 'Editar Diario de gratitud' }).click();
    const editar = page.getByRole('dialog', { name: TEXTOS_ACTIVIDADES.tituloEditar });
    await editar.getByLabel(CAMPOS_ACTIVIDAD.titulo, { exact: true }).fill('Diario de gratitud semanal');
    await editar.getByRole('button', { name: TEXTOS_ACTIVIDADES.guardarCambios }).click();
    await page.getByText(TEXTOS_ACTIVIDADES.actualizadaOk).first().waitFor();
    await page.getByRole('button', { name: 'Editar Diario de gratitud semanal' }).waitFor();
    expect((await titulos()).slice(0, 3)).toEqual(['Carta a mi hermano', 'Diario de gratitud semanal', 'Lectura de poemas']);
  }, 90_000);

  it('pestaña Actividades: una fila cambiada conserva su lugar entre las de igual fecha límite', async () => {
    const p = await crearPractica(e.t, 1);
    const catalogo = (await llamar(e.t, p.token).get('/api/psicologo/actividades')).json() as Array<{
      id_actividad: number;
      origen: string;
    }>;
    const ids: number[] = [];
    for (const m of catalogo.filter((x) => x.origen === 'modulo').slice(0, 3)) {
      const [a] = await asignarA(e.t, p, { id_actividad: m.id_actividad, fecha_limite: null });
      ids.push(a.id_asignacion);
    }
    const page = await e.paginaConSesion(p.token, `/paciente/${p.pacientes[0].id_paciente}`);
    await abrirPestanaActividades(page);
    const filas = page.locator('[data-asignacion]');
    const orden = () => filas.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-asignacion'))));
    await filas.nth(2).waitFor();
    // Without deadlines the server's order shows: the newest assignment first.
    const esperado = [...ids].reverse();
    expect(await orden()).toEqual(esperado);

    const primera = page.locator(`[data-asignacion="${esperado[0]}"]`);
    await primera.getByRole('button', { name: /^Acciones de / }).click();
    await page.getByRole('menuitem', { name: TEXTOS_ACTIVIDADES.cambiarAFinalizada }).click();
    await page.getByRole('button', { name: TEXTOS_ACTIVIDADES.siCambiar }).click();
    await primera.getByText(ETIQUETA_ESTADO_ASIGNACION.finalizada, { exact: true }).waitFor();
    expect(await orden()).toEqual(esperado);
  }, 90_000);

  it('asignar desde el catálogo cuando la respuesta se pierde: el reintento del mismo diálogo no asigna dos veces (decisión 313)', async () => {
    const p = await crearPractica(e.t, 2);
    const c = await e.contexto();
    const page = await e.paginaConSesion(p.token, '/actividades-globales', c);
    const titulo = 'Carta que no se envía';
    await page.getByRole('button', { name: `Asignar ${titulo}` }).click();
    const modal = page.getByRole('dialog', { name: 'Asignar a Pacientes' });
    await modal.waitFor();
    await modal.getByRole('list', { name: 'Lista de pacientes' }).getByRole('checkbox').first().waitFor();
    for (const pac of p.pacientes) await modal.getByLabel(new RegExp(pac.email.replace('.', '\\.'))).check();
    // The request reaches the server and is stored; its answer never reaches the page.
    const asignacion = (u: URL) => u.pathname === '/api/psicologo/actividades/asignar';
    const cuerpos: Array<{ id_cliente?: string }> = [];
    await c.route(asignacion, async (r) => {
      cuerpos.push(r.request().postDataJSON());
      await r.fetch();
      await r.abort('failed');
    });
    await modal.getByRole('button', { name: 'Asignar', exact: true }).click();
    await page.getByText(TEXTOS_ACTIVIDADES.errorAsignarCatalogo).first().waitFor();
    await c.unroute(asignacion);
    await c.route(asignacion, (r) => {
      cuerpos.push(r.request().postDataJSON());
      return r.fallback();
    });
    await modal.getByRole('button', { name: 'Asignar', exact: true }).click();
    await page.getByText(TEXTOS_ACTIVIDADES.asignadaA(2)).first().waitFor();
    await modal.waitFor({ state: 'detached' });
    expect(cuerpos).toHaveLength(2);
    expect(cuerpos[0].id_cliente).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(cuerpos[1].id_cliente).toBe(cuerpos[0].id_cliente);
    for (const pac of p.pacientes) {
      const lista = (await llamar(e.t, p.token).get(`/api/psicologo/paciente/${pac.id_paciente}/actividades`)).json() as unknown[];
      expect(lista).toHaveLength(1);
    }
  }, 90_000);

  it('«Nueva Actividad» del expediente: sin Obligatoria ni Repetitiva, y reintentar tras fallar la asignación no crea otra plantilla', async () => {
    const p = await crearPractica(e.t, 1);
    const c = await e.contexto();
    const page = await e.paginaConSesion(p.token, `/paciente/${p.pacientes[0].id_paciente}`, c);
    await abrirPestanaActividades(page);
    await page.getByText(TEXTOS_ACTIVIDADES.sinActividades).waitFor();
    await page.getByRole('button', { name: TEXTOS_ACTIVIDADES.nuevaActividad }).first().click();
    const modal = page.getByRole('dialog', { name: TEXTOS_ACTIVIDADES.tituloNueva });
    await modal.waitFor();
    // The flow makes a personal activity, not mandatory and not repetitive (spec 2 §7): no switches.
    expect(await modal.getByLabel(CAMPOS_ACTIVIDAD.obligatoria, { exact: true }).count()).toBe(0);
    expect(await modal.getByLabel(CAMPOS_ACTIVIDAD.repetitiva, { exact: true }).count()).toBe(0);
    await llenarPlantilla(page, modal, 'Carta a mi padre');

    // The template is created, its assignment does not get through: the modal stays with the error.
    const asignacion = (u: URL) => u.pathname === '/api/psicologo/actividades/asignar';
    await c.route(asignacion, (r) => r.abort('failed'));
    await modal.getByRole('button', { name: TEXTOS_ACTIVIDADES.crearActividad }).click();
    await page.getByText(TEXTOS_ACTIVIDADES.errorCrear).first().waitFor();
    await c.unroute(asignacion);

    // The title is changed before trying again: the same template is updated and assigned.
    await modal.getByLabel(CAMPOS_ACTIVIDAD.titulo, { exact: true }).fill('Carta a mi papá');
    await modal.getByRole('button', { name: TEXTOS_ACTIVIDADES.crearActividad }).click();
    await page.getByText(TEXTOS_ACTIVIDADES.creadaYAsignada).first().waitFor();
    await modal.waitFor({ state: 'detached' });
    await page.locator('[data-asignacion]').filter({ hasText: 'Carta a mi papá' }).waitFor();

    const propias = (
      (await llamar(e.t, p.token).get('/api/psicologo/actividades')).json() as Array<{ titulo: string; origen: string }>
    ).filter((x) => x.origen === 'personalizada');
    expect(propias).toEqual([expect.objectContaining({ titulo: 'Carta a mi papá', obligatoria: false, repetitiva: false, periodo: null })]);
  }, 90_000);
});
