// One browser or phone, two accounts: what the first leaves for the next. A psychologist's laptop in
// a shared office (the back button after 'Cerrar sesión', with Chromium's back/forward cache on, as
// in every user's browser) and a family phone with the patient app (the unread counts of the bottom
// bar and Inicio). Decisions 304 and 305.
import { expect as esperar } from 'vitest';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEXTOS_EXPEDIENTE } from '@miduelo/shared/expediente';
import { debeOmitirE2E, TELEFONO_TACTIL } from '../helpers/navegador';
import type { E2E } from '../helpers/e2e';
import { inyectarCon } from '../helpers/app';
import { CONTRASENA, crearPaciente, crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { aceptarVigentes, entrarEnLaApp } from '../helpers/app-paciente';

const omitir = debeOmitirE2E();
let e: E2E;

async function api(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const r = await inyectarCon(e.t.app, token, { method, url, ...(payload ? { payload } : {}) });
  if (r.statusCode >= 400) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
  return r.json();
}

async function entrarOtraVez(page: Page, correo: string, contrasena = CONTRASENA) {
  await page.getByLabel('Correo electrónico').fill(correo);
  await page.getByLabel('Contraseña').fill(contrasena);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

describe.skipIf(omitir)('un navegador, dos cuentas', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E({}, { cacheAtrasAdelante: true });
  });
  afterAll(() => e?.cerrar());

  it('tras «Cerrar sesión», el botón Atrás no vuelve a mostrar el expediente que estaba abierto (decisión 304)', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo });
    await api(sesionPsicologo(e.t.app, psi), 'POST', '/api/psicologo/notas', {
      id_paciente: pac.id_paciente,
      titulo: 'Duelo por la abuela',
      contenido: 'Habló del velorio y de las cartas que le escribe.',
    });
    const ctx = await e.contexto();
    // What the page held at the moment the browser brought it back from its back/forward cache
    // (sessionStorage: this tab's, it outlives the reload that may follow).
    await ctx.addInitScript(() => {
      addEventListener('pageshow', (ev) => {
        // What is rendered, not the DOM's text: a page may keep nodes it does not show.
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
        if (ev.persisted) sessionStorage.setItem('e2e:al-volver', document.body.innerText);
      });
    });
    const page = await ctx.newPage();
    await page.goto('/iniciar-sesion');
    await page.locator('#correo').fill(psi.correo);
    await page.locator('#contrasena').fill(CONTRASENA);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((u) => u.pathname === '/agenda');
    await page.goto(`/paciente/${pac.id_paciente}`);
    await page.getByRole('tab', { name: 'Gráficas y Notas' }).click();
    await page.getByRole('tab', { name: TEXTOS_EXPEDIENTE.subtabs.notas }).click();
    await page.getByText('Habló del velorio y de las cartas que le escribe.').waitFor();

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL((u) => u.pathname === '/iniciar-sesion');
    await page.locator('#correo').waitFor();

    // The next person at the laptop presses Atrás.
    await page.goBack({ waitUntil: 'commit' });
    const alVolver = async () => {
      try {
        return await page.evaluate(() => sessionStorage.getItem('e2e:al-volver'));
      } catch {
        return null; // the page is being replaced
      }
    };
    // The browser did bring the page back from its cache (else this test shows nothing)…
    await esperar.poll(alVolver, { message: 'la página no volvió de la caché atrás/adelante' }).not.toBeNull();
    // …but not what it showed: neither at that moment nor after.
    esperar(await alVolver()).not.toContain('Habló del velorio');
    await page.waitForURL((u) => u.pathname === '/iniciar-sesion', { timeout: 15_000 });
    await page.locator('#correo').waitFor();
    esperar(await page.getByText('Habló del velorio').count()).toBe(0);
  }, 90_000);

  it('otra cuenta que entra en el mismo teléfono no ve los mensajes sin leer de la anterior (decisión 305)', async () => {
    const psi = await crearPsicologo(e.t.db);
    const tokenPsi = sesionPsicologo(e.t.app, psi);
    const ana = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Ana' });
    const bea = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Bea' });
    await aceptarVigentes(e.t.db, ana.id_paciente);
    await aceptarVigentes(e.t.db, bea.id_paciente);
    const chatAna = (await api(tokenPsi, 'POST', '/api/psicologo/chats', { id_paciente: ana.id_paciente })).id_chat;
    const chatBea = (await api(tokenPsi, 'POST', '/api/psicologo/chats', { id_paciente: bea.id_paciente })).id_chat;
    await api(tokenPsi, 'POST', '/api/psicologo/mensajes', { id_chat: chatAna, contenido: '¿Cómo te fue en el aniversario?' });
    await api(tokenPsi, 'POST', '/api/psicologo/mensajes', { id_chat: chatAna, contenido: 'Aquí estoy si quieres hablar.' });
    await api(tokenPsi, 'POST', '/api/psicologo/mensajes', { id_chat: chatBea, contenido: 'Nos vemos el jueves.' });

    const page = await (await e.contexto(TELEFONO_TACTIL)).newPage();
    await entrarEnLaApp(page, ana.email);
    await page.getByText('Tienes 2 mensajes sin leer.').waitFor();
    await page.getByRole('link', { name: 'Ajustes' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL((u) => u.pathname === '/app/entrar');

    // Bea, on the same phone, without a reload: her own count once her conversations are read.
    const chats = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/paciente/chats' && r.ok());
    await entrarOtraVez(page, bea.email);
    await page.getByText('Tu próxima cita').waitFor();
    await chats;
    const resumen = page.getByText(/mensajes? sin leer\.$/);
    await esperar.poll(() => resumen.textContent()).toBe('Tienes 1 mensaje sin leer.');
    // The badge on Mensajes (its text for screen readers: '<n> sin leer').
    esperar(
      await page
        .getByRole('navigation')
        .getByText(/ sin leer$/)
        .textContent(),
    ).toBe('1 sin leer');
  }, 90_000);
});
