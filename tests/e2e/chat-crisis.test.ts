// Crisis language in the chat, in Chromium (issue 52, decisions 338 and 339): the patient writes a
// crisis phrase in the app and sees the crisis lines at once; the psychologist, on another screen
// of the web client, gets a live alert that survives a reload and ends when she opens that
// conversation, where the message is marked; without a socket the 30-second polling brings it.
import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { nombreCompleto } from '@miduelo/shared/chat-respuestas';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aceptarVigentes, entrarEnLaApp } from '../helpers/app-paciente';
import { abrirChat, cliente } from '../helpers/chat';
import type { E2E } from '../helpers/e2e';
import { barreraDePeticiones, cortarSocketsDeSesion, enVivo } from '../helpers/e2e-esperas';
import { crearPaciente, crearPsicologo, type Paciente, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E, ESCRITORIO, TELEFONO_TACTIL } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;
const contextos: BrowserContext[] = [];
const rechazoDeSockets = { activo: false };
const T = TEXTOS_CHAT.crisis;
const CAPTURAS = process.env.CAPTURAS_CRISIS;

const alerta = (page: Page) => page.locator('[data-alerta-crisis]');
const captura = async (page: Page, nombre: string) => {
  if (CAPTURAS) await page.screenshot({ path: `${CAPTURAS}/${nombre}.png`, fullPage: false });
};

async function practica() {
  const psi = await crearPsicologo(e.t.db, { nombre: 'Renata' });
  const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Lucía', apellido_paterno: 'Ramírez' });
  await aceptarVigentes(e.t.db, pac.id_paciente);
  const tokenPsi = sesionPsicologo(e.t.app, psi);
  const c = { psicologo: psi, pacientes: [pac], psi: cliente(e.t, tokenPsi), pac: [cliente(e.t, sesionPaciente(e.t.app, pac))] };
  const idChat = await abrirChat(c);
  return { c, pac, tokenPsi, idChat, nombre: nombreCompleto(pac) };
}

async function enVivoPaciente(pac: Paciente) {
  const { sala } = await import('@miduelo/shared/realtime');
  await expect.poll(() => e.t.app.realtime.haySockets(sala.paciente(pac.id_paciente)), { timeout: 15_000 }).toBe(true);
}

describe.skipIf(omitir)('lenguaje de crisis en el chat', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterEach(() => {
    rechazoDeSockets.activo = false;
  });
  afterAll(async () => {
    for (const x of contextos) await x.close().catch(() => {});
    await e?.cerrar();
  });

  it('la paciente ve las líneas de ayuda al momento; la psicóloga, la alerta en vivo hasta que abre la conversación', async () => {
    const { pac, tokenPsi, idChat, nombre } = await practica();
    // The psychologist is on her agenda, not in the chat.
    const web = await e.contexto(ESCRITORIO);
    contextos.push(web);
    const psi = await e.paginaConSesion(tokenPsi, '/agenda', web);
    await enVivo(psi);

    const tel = await e.contexto(TELEFONO_TACTIL);
    contextos.push(tel);
    const app = await tel.newPage();
    await entrarEnLaApp(app, pac.email);
    await app.getByRole('navigation').getByRole('link', { name: 'Mensajes' }).click();
    await app.waitForURL((u) => u.pathname === `/app/chat/${idChat}`);
    await enVivoPaciente(pac);
    await app.getByLabel('Escribe un mensaje').fill('Ya no quiero vivir sin él.');
    await app.getByRole('button', { name: 'Enviar' }).click();
    const aviso = app.locator('[data-aviso-crisis]');
    await aviso.getByRole('heading', { name: T.pacienteTitulo }).waitFor();
    expect(await aviso.getAttribute('role')).toBe('alert');
    expect(await aviso.getByRole('link', { name: /Línea de la Vida: 800 911 2000/ }).getAttribute('href')).toBe('tel:8009112000');
    expect(await aviso.getByRole('link', { name: /Emergencias: 911/ }).getAttribute('href')).toBe('tel:911');
    // Delivered as always.
    await app.getByTestId('mensajes').locator('li', { hasText: 'Ya no quiero vivir sin él.' }).getByLabel('Enviado').waitFor();
    await captura(app, 'app-aviso-crisis');

    // The psychologist's alert arrives live, naming the patient.
    await alerta(psi).getByText(T.alertaUna(nombre)).waitFor();
    expect(await alerta(psi).getAttribute('role')).toBe('alert');
    await captura(psi, 'web-alerta-agenda');
    // It stays across a reload (the chat list says it again).
    await psi.reload();
    await alerta(psi).getByText(T.alertaUna(nombre)).waitFor();

    // She opens the conversation from the alert: the message is marked, and the alert ends.
    await alerta(psi)
      .getByRole('link', { name: T.abrirCon(nombre) })
      .click();
    await psi.waitForURL((u) => u.pathname === '/chat-pacientes-del-psicologo');
    const marcado = psi.locator('[data-crisis="si"]', { hasText: 'Ya no quiero vivir sin él.' });
    await marcado.getByText(T.marca).waitFor();
    await captura(psi, 'web-mensaje-marcado');
    await alerta(psi).waitFor({ state: 'detached' });
    await psi.reload();
    await marcado.getByText(T.marca).waitFor();
    expect(await alerta(psi).count()).toBe(0);

    // The patient closes her notice when she is ready.
    await aviso.getByRole('button', { name: T.cerrar }).click();
    await aviso.waitFor({ state: 'detached' });
  });

  it('en la lista de chats la conversación queda marcada, en vivo, hasta abrirla', async () => {
    const { c, tokenPsi, idChat, nombre } = await practica();
    const psi = await e.paginaConSesion(tokenPsi, '/chat-pacientes-del-psicologo');
    const item = psi.locator(`[data-chat="${idChat}"]`);
    await item.waitFor();
    await enVivo(psi);
    expect(await item.locator('[data-marca-crisis]').count()).toBe(0);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: idChat, contenido: 'Pienso en quitarme la vida.' });
    await item.locator('[data-marca-crisis]').getByText(T.enLista(1)).waitFor();
    await alerta(psi).getByText(T.alertaUna(nombre)).waitFor();
    await captura(psi, 'web-lista-marcada');
    await item.click();
    await item.locator('[data-marca-crisis]').waitFor({ state: 'detached' });
    await alerta(psi).waitFor({ state: 'detached' });
  });

  it('sin socket, la alerta llega con la consulta de cada 30 s', async () => {
    const { c, tokenPsi, nombre, idChat } = await practica();
    const ctx = await e.contexto();
    contextos.push(ctx);
    await ctx.clock.install();
    // The top bar's unread feeder is mounted after the first paint and loads the chat list once:
    // that first load must be over before the message, or it (not the 30 s poll) brings the alert.
    const primeraLista = ctx.waitForEvent('response', (r) => /\/api\/psicologo\/chats(\?|$)/.test(r.url()));
    const psi = await e.paginaConSesion(tokenPsi, '/agenda', ctx);
    await primeraLista;
    await enVivo(psi);
    rechazoDeSockets.activo = true;
    e.t.app.realtime.io.use((_s, next) => (rechazoDeSockets.activo ? next(new Error('BLOQUEADO')) : next()));
    expect(await cortarSocketsDeSesion(e.t, tokenPsi)).toBeGreaterThan(0);
    await psi.locator('html[data-tiempo-real="conectado"]').waitFor({ state: 'detached' });
    await barreraDePeticiones(psi);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: idChat, contenido: 'Me quiero morir.' });
    await ctx.clock.runFor(20_000);
    await barreraDePeticiones(psi);
    expect(await alerta(psi).count()).toBe(0);
    await ctx.clock.fastForward(10_000);
    await alerta(psi).getByText(T.alertaUna(nombre)).waitFor();
  });
});
