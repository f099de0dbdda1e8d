// Supervision in Chromium (issue 55, decisions 365, 366 and 368): a patient writes a crisis
// message, time passes on the server's clock and the alert job runs; the administrator sees the
// alert live in the bar and on Supervisión, opens the conversation with a motive and a reason,
// reads it (live), acknowledges the alert — gone live for a second administrator — and the
// psychologist, on her own page, is told who opened it and why. Then the opening lapses.
import { ETIQUETA_MOTIVO_SUPERVISION, MSG_SUPERVISION } from '@miduelo/shared/supervision';
import { TEXTOS_SUPERVISION as T } from '@miduelo/shared/supervision-textos';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foco, tieneFoco } from '../helpers/accesibilidad';
import { aceptarVigentes } from '../helpers/app-paciente';
import { abrirChat, cliente, type Consulta } from '../helpers/chat';
import type { E2E } from '../helpers/e2e';
import { enVivo } from '../helpers/e2e-esperas';
import { crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E, ESCRITORIO, TELEFONO } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;
const contextos: BrowserContext[] = [];
const MIN = 60_000;
const CRISIS = 'Ya no quiero vivir sin él, no aguanto más.';
const RAZON = 'Alerta de crisis sin abrir: verificar que la paciente reciba atención hoy mismo.';
const CAPTURAS = process.env.CAPTURAS_SUPERVISION;

const captura = async (page: Page, nombre: string) => {
  if (CAPTURAS) await page.screenshot({ path: `${CAPTURAS}/${nombre}.png`, fullPage: true });
};

async function contexto(tamano: typeof ESCRITORIO | typeof TELEFONO = ESCRITORIO) {
  const c = await e.contexto(tamano);
  contextos.push(c);
  return c;
}

async function practica(o: { psicologa?: Parameters<typeof crearPsicologo>[1]; paciente?: Parameters<typeof crearPaciente>[1] } = {}) {
  const psicologo = await crearPsicologo(e.t.db, { nombre: 'Renata', apellidoPaterno: 'Solís', apellidoMaterno: null, ...o.psicologa });
  const pac = await crearPaciente(e.t.db, {
    id_psicologo: psicologo.id_psicologo,
    nombre: 'Lucía',
    apellido_paterno: 'Ramírez',
    apellido_materno: null,
    ...o.paciente,
  });
  await aceptarVigentes(e.t.db, pac.id_paciente);
  const tokenPsi = sesionPsicologo(e.t.app, psicologo);
  const c: Consulta = {
    psicologo,
    pacientes: [pac],
    psi: cliente(e.t, tokenPsi),
    pac: [cliente(e.t, sesionPaciente(e.t.app, pac))],
  };
  return { c, tokenPsi, idChat: await abrirChat(c) };
}

async function crearAdmin(nombre: string, apellidoPaterno: string) {
  const a = await crearPsicologo(e.t.db, { rol_admin: true, nombre, apellidoPaterno, apellidoMaterno: null });
  return { admin: a, token: sesionPsicologo(e.t.app, a) };
}

/** The server's clock moves past ALERTA_CRISIS_MINUTOS and the alert job runs, as its timer would. */
async function pasanMinutos(min: number) {
  const { alertarCrisisVencidas } = await import('@miduelo/server/modules/supervision/jobs');
  e.t.reloj.avanzar(min * MIN);
  await alertarCrisisVencidas(e.t.app.ctx, e.t.reloj.ahora());
}

const aviso = (p: Page) => p.locator('[data-alertas-crisis-admin]');
const dialogo = (p: Page) => p.getByRole('dialog');

describe.skipIf(omitir)('supervisión de conversaciones (issue 55)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    for (const x of contextos) await x.close().catch(() => {});
    await e?.cerrar();
  });

  it('crisis → alerta en vivo → abrir con motivo y razón → leer → atender; la psicóloga sabe quién y por qué', async () => {
    const { c, tokenPsi, idChat } = await practica();
    const andrea = await crearAdmin('Andrea', 'Villanueva');
    const beatriz = await crearAdmin('Beatriz', 'Ocampo');

    // The first administrator works elsewhere; the second has Supervisión open (on a phone); the
    // psychologist is on her agenda.
    const pa = await e.paginaConSesion(andrea.token, '/admin/psicologos', await contexto());
    const pb = await e.paginaConSesion(beatriz.token, '/admin/supervision', await contexto(TELEFONO));
    const pp = await e.paginaConSesion(tokenPsi, '/agenda', await contexto());
    await Promise.all([enVivo(pa), enVivo(pb), enVivo(pp)]);
    await pb.locator(`[data-fila-supervision="${idChat}"]`).waitFor();

    // The patient writes crisis language; nobody opens it; 31 minutes pass.
    expect((await c.pac[0].post('/api/paciente/mensajes', { id_chat: idChat, contenido: CRISIS })).status).toBe(201);
    await pasanMinutos(31);

    // Live, in the bar of both administrators, and on the second one's Supervisión.
    await aviso(pa)
      .getByRole('link', { name: T.barraAlertas(1) })
      .waitFor();
    expect(await aviso(pa).getAttribute('role')).toBe('alert');
    await aviso(pb)
      .getByRole('link', { name: T.barraAlertas(1) })
      .waitFor();
    const alertaB = pb.locator('[data-alerta-admin]', { hasText: 'Lucía Ramírez' });
    await alertaB.getByText('Renata Solís').waitFor();
    await pb.locator(`[data-fila-supervision="${idChat}"]`).getByText(T.marcaAlertas(1)).waitFor();
    await captura(pa, 'barra-alerta-escritorio');

    // From the bar to Supervisión: the alert and the row, without the message's text anywhere.
    await aviso(pa)
      .getByRole('link', { name: T.barraAlertas(1) })
      .click();
    await pa.waitForURL((u) => u.pathname === '/admin/supervision');
    const fila = pa.locator(`[data-fila-supervision="${idChat}"]`);
    await fila.getByText(T.marcaSinAbrir(1)).waitFor();
    await fila.getByText(T.esperando(1)).waitFor();
    expect(await pa.locator('main').textContent()).not.toContain('no aguanto');
    await captura(pa, 'supervision-con-alerta-escritorio');

    // Opening by keyboard: the dialog takes focus, asks for a motive and a reason (Spanish errors
    // in place), and gives focus back to its button when closed.
    const abrir = fila.getByRole('button', { name: `${T.abrir}: ${T.aperturaDe('Lucía Ramírez', 'Renata Solís')}` });
    await abrir.focus();
    await pa.keyboard.press('Enter');
    const d = dialogo(pa);
    await d.getByRole('heading', { name: T.aperturaTitulo }).waitFor();
    expect((await foco(pa)).enDialogo).toBe(true);
    await d.getByRole('button', { name: T.confirmarApertura }).click();
    await d.getByText(MSG_SUPERVISION.motivoObligatorio).waitFor();
    await d.getByText(MSG_SUPERVISION.razonObligatoria).waitFor();
    await d.getByRole('radio', { name: ETIQUETA_MOTIVO_SUPERVISION.crisis }).focus();
    await pa.keyboard.press('Space');
    await d.getByLabel(T.razon).fill('Muy corta');
    await d.getByRole('button', { name: T.confirmarApertura }).click();
    await d.getByText(MSG_SUPERVISION.razonCorta).waitFor();
    await d.getByLabel(T.razon).fill(RAZON);
    await d.getByText(`${[...RAZON].length}/500`).waitFor();
    await captura(pa, 'apertura-escritorio');
    await pa.keyboard.press('Escape');
    await d.waitFor({ state: 'detached' });
    await expect.poll(() => tieneFoco(abrir)).toBe(true);

    // Now with the motive and the reason: the read-only view, with the message and its crisis mark.
    await abrir.click();
    await d.getByRole('radio', { name: ETIQUETA_MOTIVO_SUPERVISION.crisis }).check();
    await d.getByLabel(T.razon).fill(RAZON);
    await d.getByRole('button', { name: T.confirmarApertura }).click();
    const banner = d.locator('[data-banner-supervision]');
    await banner
      .getByText(/^Solo lectura · supervisión abierta por Andrea Villanueva hasta las \d\d:\d\d · se avisó a Renata Solís$/)
      .waitFor();
    await banner.getByText(T.quedan(30)).waitFor();
    const mensaje = d.locator('[data-mensaje-supervisado]', { hasText: CRISIS });
    await mensaje.getByText(T.marcaCrisis).waitFor();
    expect(await d.getByRole('textbox').count()).toBe(0);
    await captura(pa, 'lectura-escritorio');

    // The psychologist is told live, on the page she has open (decision 369's notice), who opened
    // which conversation, when, with what motive and why.
    const avisoPsi = pp.locator('[data-aviso-supervision]');
    const item = avisoPsi.locator('[data-apertura]');
    await item.getByText(/Andrea Villanueva\s+abrió tu conversación con\s+Lucía Ramírez/).waitFor();
    await item.getByText(ETIQUETA_MOTIVO_SUPERVISION.crisis).waitFor();
    await item.getByText(RAZON).waitFor();
    await captura(pp, 'psicologa-avisada-escritorio');

    // Live while open: the psychologist answers, the patient writes again.
    await c.psi.post('/api/psicologo/mensajes', { id_chat: idChat, contenido: 'Lucía, aquí estoy. Te llamo en cinco minutos.' });
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: idChat, contenido: 'Gracias, sí contesto.' });
    await d.locator('[data-mensaje-supervisado]', { hasText: 'Gracias, sí contesto.' }).waitFor();
    await d.locator('[data-mensaje-supervisado]', { hasText: 'Te llamo en cinco minutos' }).waitFor();
    await pa.keyboard.press('Escape');
    await d.waitFor({ state: 'detached' });

    // Acknowledged with what was done: gone live from both administrators' bars and lists.
    await pa.getByRole('button', { name: T.atenderCon('Lucía Ramírez') }).click();
    const atender = dialogo(pa);
    await atender.getByRole('button', { name: T.marcarAtendida }).click();
    await atender.getByText(MSG_SUPERVISION.accionObligatoria).waitFor();
    await atender.getByLabel(T.accionEtiqueta).fill('Se llamó a la psicóloga; ya está en contacto con la paciente.');
    await captura(pa, 'atender-escritorio');
    await atender.getByRole('button', { name: T.marcarAtendida }).click();
    await atender.waitFor({ state: 'detached' });
    await pa.locator('[data-alerta-admin]').waitFor({ state: 'detached' });
    await aviso(pa).waitFor({ state: 'detached' });
    await alertaB.waitFor({ state: 'detached' });
    await aviso(pb).waitFor({ state: 'detached' });
    await pb.locator(`[data-fila-supervision="${idChat}"]`).getByText(T.marcaAlertas(1)).waitFor({ state: 'detached' });

    // The opening lapses (30 minutes on the server's clock): the view says so, shows nothing more,
    // and opening again asks for the motive and the reason again.
    const ver = fila.getByRole('button', { name: `${T.verAbierta}: ${T.aperturaDe('Lucía Ramírez', 'Renata Solís')}` });
    await ver.click();
    await d.locator('[data-mensaje-supervisado]', { hasText: CRISIS }).waitFor();
    await pasanMinutos(31);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: idChat, contenido: 'Ya hablé con ella.' });
    await d.getByText(MSG_SUPERVISION.aperturaVencida).waitFor();
    expect(await d.locator('[data-mensaje-supervisado]').count()).toBe(0);
    await d.getByRole('button', { name: T.abrirDeNuevo }).click();
    await d.getByRole('radio', { name: ETIQUETA_MOTIVO_SUPERVISION.crisis }).waitFor();
    await d.getByLabel(T.razon).waitFor();
  }, 120_000);

  it('«Escribir a» abre el chat propio de la administradora con esa psicóloga', async () => {
    const { idChat } = await practica({ psicologa: { nombre: 'Guadalupe', apellidoPaterno: 'Montes' }, paciente: { nombre: 'Inés' } });
    const { token } = await crearAdmin('Carmen', 'Ibarra');
    const p = await e.paginaConSesion(token, '/admin/supervision', await contexto());
    await p
      .locator(`[data-fila-supervision="${idChat}"]`)
      .getByRole('button', { name: `${T.abrir}: ${T.aperturaDe('Inés Ramírez', 'Guadalupe Montes')}` })
      .click();
    const d = dialogo(p);
    await d.getByRole('radio', { name: ETIQUETA_MOTIVO_SUPERVISION.revision_calidad }).check();
    await d.getByLabel(T.razon).fill('Revisión de calidad trimestral acordada con la coordinación clínica.');
    await d.getByRole('button', { name: T.confirmarApertura }).click();
    await d.getByText(T.sinMensajes).waitFor();
    await d.getByRole('button', { name: T.escribirA('Guadalupe Montes') }).click();
    await p.waitForURL((u) => u.pathname === '/admin/chat' && u.searchParams.has('chat'));
    await p.getByRole('textbox', { name: 'Mensaje' }).waitFor();
    await p
      .getByRole('heading', { name: /Guadalupe Montes/ })
      .first()
      .waitFor();

    // Filters that match nothing say so, with the way back (on a phone).
    await p.setViewportSize(TELEFONO.viewport);
    await p.goto('/admin/supervision');
    await p.locator(`[data-fila-supervision="${idChat}"]`).waitFor();
    await p.getByRole('combobox', { name: T.filtroEspera }).click();
    await p.getByRole('option', { name: T.esperaMas(168) }).click();
    await p.getByRole('heading', { name: T.sinResultadosTitulo }).waitFor();
    await captura(p, 'sin-resultados-telefono');
    await p.getByRole('button', { name: T.quitarFiltros }).click();
    await p.locator(`[data-fila-supervision="${idChat}"]`).waitFor();
    await captura(p, 'lista-telefono');
  }, 60_000);
});
