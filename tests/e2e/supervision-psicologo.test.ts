// The psychologist's side of supervision, in Chromium (issue 55, decisions 365 and 369): while she
// works in the web app, an administrator opens one of her conversations (through the API); she sees
// at once who opened which conversation, when, the motive and the reason, in a notice that stays
// until she says she read it; her profile lists every opening, live; and the audit log shows the
// opening in Spanish, reason included. CAPTURAS_SUPERVISION=<dir> saves screenshots at 1280 and 390.
import { nombreCompleto } from '@miduelo/shared/chat-respuestas';
import { STORAGE_TOKEN } from '@miduelo/shared/constants';
import { ETIQUETA_MOTIVO_SUPERVISION, type MotivoSupervision } from '@miduelo/shared/supervision';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foco, tabularHasta, tieneFoco } from '../helpers/accesibilidad';
import { abrirChat, type Cliente, cliente, type Consulta } from '../helpers/chat';
import type { E2E } from '../helpers/e2e';
import { enVivo } from '../helpers/e2e-esperas';
import { crearPaciente, crearPsicologo, type Psicologo, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E, TELEFONO } from '../helpers/navegador';

const omitir = debeOmitirE2E();
const CAPTURAS = process.env.CAPTURAS_SUPERVISION;
const ESCRITORIO_1280 = { viewport: { width: 1280, height: 800 } } as const;

let e: E2E;
let admin: Psicologo;
let adminApi: Cliente;
let consulta: Consulta;
let idChat: number;
const contextos: BrowserContext[] = [];

const RAZON_LARGA =
  'La familia de la paciente escribió al correo de la clínica preocupada porque no ha recibido respuesta desde el viernes; ' +
  'reviso solo las fechas de la conversación y si hubo seguimiento, sin copiar nada de lo que ella escribió. ' +
  'Queda anotado para la reunión de calidad del lunes con la coordinación.';
const RAZON_CORTA = 'Revisión trimestral de calidad acordada con la coordinación.';

const aviso = (page: Page) => page.locator('[data-aviso-supervision]');
const lista = (page: Page) => page.locator('#supervisiones');

async function captura(page: Page, nombre: string) {
  if (CAPTURAS) await page.screenshot({ path: `${CAPTURAS}/${nombre}.png`, fullPage: true });
}

async function contexto(opciones: typeof ESCRITORIO_1280 | typeof TELEFONO) {
  const c = await e.contexto(opciones);
  contextos.push(c);
  return c;
}

async function abrir(motivo: MotivoSupervision, razon: string) {
  const r = await adminApi.post(`/api/admin/supervision/chats/${idChat}/aperturas`, { motivo, razon });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id_apertura as number;
}

/** Resolves once the page got `n` answers of her list (the notice and the profile each read it). */
function leidas(page: Page, n: number) {
  let vistas = 0;
  return new Promise<void>((resolve) => {
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/psicologo/supervisiones' && ++vistas === n) resolve();
    });
  });
}

/** The focused element shows a focus ring (an outline or a box shadow). */
async function focoVisible(l: Locator) {
  expect(await tieneFoco(l)).toBe(true);
  expect((await foco(l.page())).visible).toBe(true);
}

describe.skipIf(omitir)('supervisión, del lado del psicólogo (issue 55)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
    admin = await crearPsicologo(e.t.db, {
      rol_admin: true,
      nombre: 'María Guadalupe de los Ángeles',
      apellidoPaterno: 'Villaseñor-Santibáñez',
      apellidoMaterno: 'Montes de Oca y Arizmendi',
    });
    adminApi = cliente(e.t, sesionPsicologo(e.t.app, admin));
    const psicologo = await crearPsicologo(e.t.db, { nombre: 'Mariana', apellidoPaterno: 'Herrera' });
    const pac = await crearPaciente(e.t.db, { id_psicologo: psicologo.id_psicologo, nombre: 'Lucía', apellido_paterno: 'Campos' });
    consulta = { psicologo, pacientes: [pac], psi: cliente(e.t, sesionPsicologo(e.t.app, psicologo)), pac: [] };
    idChat = await abrirChat(consulta);
  });
  afterAll(async () => {
    for (const c of contextos) await c.close().catch(() => {});
    await e?.cerrar();
  });

  it('el aviso llega en vivo y se queda hasta que lo lee; su perfil lista cada apertura, también en vivo; la bitácora la muestra en español', async () => {
    const adminNombre = nombreCompleto({
      nombre: admin.nombre,
      apellido_paterno: admin.apellidoPaterno,
      apellido_materno: admin.apellidoMaterno,
    });
    const paciente = nombreCompleto(consulta.pacientes[0]);
    const page = await e.paginaConSesion(consulta.psi.token, '/agenda', await contexto(ESCRITORIO_1280));
    await page.locator('td[data-fecha]').first().waitFor();
    await enVivo(page);
    expect(await aviso(page).count()).toBe(0);

    // An administrator opens her conversation with Lucía: the notice shows on the agenda at once.
    const primera = await abrir('queja', RAZON_LARGA);
    const item = aviso(page).locator(`[data-apertura="${primera}"]`);
    await item.waitFor();
    const texto = await item.textContent();
    expect(texto).toContain(`${adminNombre} abrió tu conversación con ${paciente}`);
    expect(texto).toContain(`Motivo: ${ETIQUETA_MOTIVO_SUPERVISION.queja}`);
    expect(texto).toContain(RAZON_LARGA);
    // "hasta el dd/mm/aaaa a las HH:MM" when the opening crosses midnight (CI at 23:57 in Mexico, 2026-12-06).
    expect(texto).toMatch(/ el \d\d\/\d\d\/\d{4} a las \d\d:\d\d \(hasta (las|el \d\d\/\d\d\/\d{4} a las) \d\d:\d\d\)/);
    await captura(page, 'aviso-1280');

    // It does not go away by itself: another screen, a reload, and it is still there.
    await page
      .getByRole('link', { name: /^Pacientes/ })
      .first()
      .click();
    await page.waitForURL(/lista-pacientes-del-psicologo/);
    await page.reload();
    await aviso(page).locator(`[data-apertura="${primera}"]`).waitFor();

    // By keyboard: its link and its dismiss button, each with a visible focus ring.
    const enlace = aviso(page).getByRole('link', { name: 'Ver mis supervisiones' });
    const entendido = aviso(page).getByRole('button', { name: /^Entendido/ });
    await tabularHasta(page, enlace, 40);
    await focoVisible(enlace);
    await page.keyboard.press('Tab');
    await focoVisible(entendido);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');

    // Her list, in her profile: the opening with every fact; read, so the notice has left.
    await page.waitForURL(/configuracion-perfil#supervisiones/);
    const fila = lista(page).locator(`[data-apertura="${primera}"]`);
    await fila.waitFor();
    const enLista = await fila.textContent();
    for (const dato of [adminNombre, paciente, ETIQUETA_MOTIVO_SUPERVISION.queja, RAZON_LARGA]) expect(enLista).toContain(dato);
    expect(enLista).toMatch(/\d\d\/\d\d\/\d{4} a las \d\d:\d\d · hasta (las|el \d\d\/\d\d\/\d{4} a las) \d\d:\d\d/);
    await aviso(page).waitFor({ state: 'detached' });
    // In view, with focus on its heading (the link pressed has left with the notice).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('supervisiones-titulo');
    const arriba = await lista(page).evaluate((el) => el.getBoundingClientRect().top);
    expect(arriba).toBeGreaterThanOrEqual(0);
    expect(arriba).toBeLessThan(800);
    await captura(page, 'perfil-1280');

    // A second opening: first in her list without a reload, and a new notice for it alone.
    const segunda = await abrir('revision_calidad', RAZON_CORTA);
    await lista(page).locator(`[data-apertura="${segunda}"]`).waitFor();
    await expect
      .poll(() =>
        lista(page)
          .locator('li[data-apertura]')
          .evaluateAll((xs) => xs.map((x) => Number(x.getAttribute('data-apertura')))),
      )
      .toEqual([segunda, primera]);
    await aviso(page).locator(`[data-apertura="${segunda}"]`).waitFor();
    expect(await aviso(page).locator('[data-apertura]').count()).toBe(1);
    expect(await aviso(page).textContent()).toContain(ETIQUETA_MOTIVO_SUPERVISION.revision_calidad);

    // "Entendido" hides it; focus goes to the page, and a reload does not bring it back.
    await aviso(page)
      .getByRole('button', { name: /^Entendido/ })
      .click();
    await aviso(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenido');
    const ambas = leidas(page, 2);
    await page.reload();
    await lista(page).locator(`[data-apertura="${segunda}"]`).waitFor();
    await ambas;
    expect(await aviso(page).count()).toBe(0);

    // At 390 wide (a new browser: the notice tells what is recent), long names and reasons wrap.
    const tel = await e.paginaConSesion(consulta.psi.token, '/configuracion-perfil', await contexto(TELEFONO));
    await lista(tel).locator(`[data-apertura="${primera}"]`).waitFor();
    await aviso(tel).locator(`[data-apertura="${segunda}"]`).waitFor();
    expect(await tel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await captura(tel, 'perfil-y-aviso-390');
    if (CAPTURAS) await lista(tel).screenshot({ path: `${CAPTURAS}/lista-390.png` });

    // The audit log (an administrator's browser): the opening, its motive and reason, in Spanish.
    const adm = await e.paginaConSesion(adminApi.token, '/admin/auditoria', await contexto(ESCRITORIO_1280));
    const filaAuditoria = adm.locator('tr', { hasText: RAZON_LARGA }).filter({ visible: true }).first();
    await filaAuditoria.waitFor();
    const enBitacora = await filaAuditoria.textContent();
    expect(enBitacora).toContain('Abrió una conversación en supervisión');
    expect(enBitacora).toContain(`Conversación #${idChat}`);
    expect(enBitacora).toContain(`apertura: #${primera}`);
    expect(enBitacora).toContain(`motivo: ${ETIQUETA_MOTIVO_SUPERVISION.queja}`);
    expect(enBitacora).toContain(`razón: ${RAZON_LARGA}`);
    expect(enBitacora).toMatch(/vence: \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    await captura(adm, 'bitacora-1280');
  }, 120_000);

  it('sin aperturas, su perfil lo dice (1280 y 390) y no hay aviso', async () => {
    const otra = await crearPsicologo(e.t.db, { nombre: 'Renata', apellidoPaterno: 'Solís' });
    for (const [tamano, nombre] of [
      [ESCRITORIO_1280, '1280'],
      [TELEFONO, '390'],
    ] as const) {
      const c = await contexto(tamano);
      const page = await c.newPage();
      await c.addInitScript(([clave, valor]) => window.localStorage.setItem(clave, valor), [
        STORAGE_TOKEN,
        sesionPsicologo(e.t.app, otra),
      ] as const);
      const ambas = leidas(page, 2);
      await page.goto('/configuracion-perfil');
      await lista(page).getByText('Nadie de la administración ha abierto tus conversaciones.').waitFor();
      await ambas;
      expect(await aviso(page).count()).toBe(0);
      await captura(page, `perfil-vacio-${nombre}`);
    }
  }, 60_000);
});
