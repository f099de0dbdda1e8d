// The chat history as people use it (issue 53): a keyboard reaches and scrolls it (a focusable,
// named log whose messages are items of a list), the psychologist sees more than three messages at
// 1366×768, a conversation without messages shows no time, focus returns to "Nuevo Chat" when its
// dialog closes, and the patient's app separates the days ("Ayer", "Hoy") as the web does.
import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { nombreCompleto } from '@miduelo/shared/chat-respuestas';
import { chat as chatTabla, mensaje } from '@miduelo/server/db/schema/chat';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aceptarVigentes, entrarEnLaApp } from '../helpers/app-paciente';
import { abrirChat, cliente } from '../helpers/chat';
import type { E2E } from '../helpers/e2e';
import { enVivo } from '../helpers/e2e-esperas';
import { crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E, ESCRITORIO, TELEFONO_TACTIL } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;
const CAPTURAS = process.env.CAPTURAS_CRISIS;
const RUTA = '/chat-pacientes-del-psicologo';

async function practica(n = 1) {
  const psi = await crearPsicologo(e.t.db, { nombre: 'Renata' });
  const pacientes = [];
  for (let i = 0; i < n; i++) pacientes.push(await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: `Lucía${i}` }));
  for (const p of pacientes) await aceptarVigentes(e.t.db, p.id_paciente);
  const tokenPsi = sesionPsicologo(e.t.app, psi);
  const c = { psicologo: psi, pacientes, psi: cliente(e.t, tokenPsi), pac: pacientes.map((p) => cliente(e.t, sesionPaciente(e.t.app, p))) };
  return { c, tokenPsi };
}

/** Messages stored as the send path stores them, at the given instants. */
async function guardar(idChat: number, mensajes: { texto: string; remitente: 'paciente' | 'psicologo'; fecha: Date }[]) {
  const cif = e.t.app.ctx.cifrador;
  await e.t.db.insert(mensaje).values(
    mensajes.map((m, i) => ({
      id_chat: idChat,
      seq: i + 1,
      remitente: m.remitente,
      contenido: cif.cifrar(m.texto, 'mensaje.contenido'),
      huellas: [],
      leido: true,
      fecha_envio: m.fecha,
    })),
  );
  await e.t.db.update(chatTabla).set({ ultimo_seq: mensajes.length }).where(eq(chatTabla.id_chat, idChat));
}

/** Messages whose whole bubble is inside the history's visible box. */
const visiblesEnElHistorial = (page: Page) =>
  page.locator('[data-historial]').evaluate((log) => {
    const caja = log.getBoundingClientRect();
    return Array.from(log.querySelectorAll('li[data-seq]')).filter((li) => {
      const r = li.getBoundingClientRect();
      return r.top >= caja.top && r.bottom <= caja.bottom;
    }).length;
  });

describe.skipIf(omitir)('historial del chat', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(() => e?.cerrar());

  it('a 1366×768 se leen más de tres mensajes; el historial es un registro con nombre, enfocable, con sus mensajes en una lista', async () => {
    const { c, tokenPsi } = await practica();
    const id = await abrirChat(c);
    const ahora = Date.now();
    await guardar(
      id,
      Array.from({ length: 10 }, (_, i) => ({
        texto: i % 2 ? `Respuesta breve ${i + 1}` : `¿Cómo dormiste hoy? (${i + 1})`,
        remitente: i % 2 ? 'psicologo' : 'paciente',
        fecha: new Date(ahora - (10 - i) * 60_000),
      })),
    );
    const ctx = await e.contexto(ESCRITORIO);
    const page = await e.paginaConSesion(tokenPsi, `${RUTA}?chat=${id}`, ctx);
    const log = page.getByRole('log', { name: `Mensajes con ${nombreCompleto(c.pacientes[0])}` });
    await log.getByText('Respuesta breve 10').waitFor();
    if (CAPTURAS) await page.screenshot({ path: `${CAPTURAS}/web-historial-1366.png` });
    expect(await visiblesEnElHistorial(page)).toBeGreaterThanOrEqual(5);
    // Reachable by keyboard, and every item of it has a list as its parent (no role that hides it).
    expect(await log.getAttribute('tabindex')).toBe('0');
    const padres = await log
      .locator('li')
      .evaluateAll((li) => li.map((x) => `${x.parentElement?.tagName}:${x.parentElement?.getAttribute('role')}`));
    expect(padres.length).toBeGreaterThanOrEqual(11);
    expect(new Set(padres)).toEqual(new Set(['OL:null']));
    // The keyboard scrolls it: focused, Home goes to the top.
    await log.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => log.evaluate((el) => el.scrollTop)).toBe(0);
    await ctx.close();
  });

  it('una conversación sin mensajes no muestra hora junto a «Sin mensajes»; el foco vuelve a «Nuevo Chat» al cerrar su diálogo', async () => {
    const { c, tokenPsi } = await practica(2);
    const id = await abrirChat(c, 0);
    await e.t.db
      .update(chatTabla)
      .set({ creado_en: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(chatTabla.id_chat, id));
    const page = await e.paginaConSesion(tokenPsi, RUTA);
    const item = page.locator(`[data-chat="${id}"]`);
    await item.getByText(TEXTOS_CHAT.sinMensajes).waitFor();
    // Created three days ago: its creation is not a message, so no "3d" beside it.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text (with its spaces) is what is asserted
    const texto = (await item.innerText()).replace(/\s+/g, ' ').trim();
    expect(texto).toContain(nombreCompleto(c.pacientes[0]));
    expect(texto).not.toMatch(/\b\d+\s?(d|h|m|min)\b|Ahora|Ayer/);
    await enVivo(page);

    const nuevo = page.getByRole('button', { name: TEXTOS_CHAT.nuevoChat });
    await nuevo.focus();
    await page.keyboard.press('Enter');
    const dialogo = page.getByRole('dialog', { name: TEXTOS_CHAT.nuevoChat });
    await dialogo.waitFor();
    await page.keyboard.press('Escape');
    await dialogo.waitFor({ state: 'detached' });
    await expect.poll(() => nuevo.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('la app del paciente separa los días de la conversación: «Ayer» y «Hoy»', async () => {
    const { c } = await practica();
    const id = await abrirChat(c);
    const ahora = Date.now();
    await guardar(id, [
      { texto: 'Mensaje de anteayer', remitente: 'psicologo', fecha: new Date(ahora - 2 * 86_400_000) },
      { texto: 'Mensaje de ayer', remitente: 'psicologo', fecha: new Date(ahora - 86_400_000) },
      { texto: 'Respuesta de ayer', remitente: 'paciente', fecha: new Date(ahora - 86_400_000 + 60_000) },
      { texto: 'Mensaje de hoy', remitente: 'psicologo', fecha: new Date(ahora) },
    ]);
    const ctx = await e.contexto(TELEFONO_TACTIL);
    const page = await ctx.newPage();
    await entrarEnLaApp(page, c.pacientes[0].email);
    await page.getByRole('navigation').getByRole('link', { name: 'Mensajes' }).click();
    await page.waitForURL((u) => u.pathname === `/app/chat/${id}`);
    const lista = page.getByTestId('mensajes');
    await lista.getByText('Mensaje de hoy').waitFor();
    const separadores = await lista.locator('[data-separador-dia]').allInnerTexts();
    expect(separadores.slice(1)).toEqual(['Ayer', 'Hoy']);
    expect(separadores).toHaveLength(3);
    // Each separator sits above its day's first message, inside that message's item.
    const primeros = await lista.locator('li:has([data-separador-dia])').evaluateAll((li) => li.map((x) => x.getAttribute('data-seq')));
    expect(primeros).toEqual(['1', '2', '4']);
    if (CAPTURAS) await page.screenshot({ path: `${CAPTURAS}/app-dias.png` });
    await ctx.close();
  });
});
