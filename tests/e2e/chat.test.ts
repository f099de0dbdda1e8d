// The chat screens in Chromium: live exchange with a patient (who uses the API and a socket, as the
// mobile app does), unread badges, 'Nuevo Chat', ?paciente=, the administrator's screen, and the
// 30-second polling that takes over while the socket is down and stops when it is back.
import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from '../helpers/e2e';
import { barreraDePeticiones, cortarSocketsDeSesion, enVivo } from '../helpers/e2e-esperas';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E } from '../helpers/navegador';
import { conectar, esperarConexion, type SocketCliente } from '../helpers/socket';
import { abrirChat, cliente, crearConsulta, filasDe, noLeidosGuardados } from '../helpers/chat';

const omitir = debeOmitirE2E();
let e: E2E;
const sockets: SocketCliente[] = [];

const RUTA = '/chat-pacientes-del-psicologo';
const conversacion = (page: Page) => page.getByRole('region', { name: 'Conversación' });
const burbujas = (page: Page) => conversacion(page).locator('[data-contenido]');
const itemChat = (page: Page, id: number) => page.locator(`[data-chat="${id}"]`);
const toasts = (page: Page) => page.getByRole('region', { name: /Notificaciones/ });

// Sockets refused by a test (the server's connection middleware): never left on for the next test,
// even when that test fails halfway.
const rechazoDeSockets = { activo: false };

describe.skipIf(omitir)('chat en el navegador', () => {
  afterEach(() => {
    rechazoDeSockets.activo = false;
  });
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await e?.cerrar();
  });

  it('psicóloga y paciente intercambian mensajes y cada una ve el del otro aparecer sin recargar', async () => {
    const c = await crearConsulta(e.t, 1);
    const id = await abrirChat(c);
    const page = await e.paginaConSesion(c.psi.token, `${RUTA}?paciente=${c.pacientes[0].id_paciente}`);
    await conversacion(page).getByText(TEXTOS_CHAT.iniciaConversacion).waitFor();
    await conversacion(page)
      .getByRole('heading', { name: /Paciente0/ })
      .waitFor();
    await enVivo(page);

    // The patient's app: a socket of its own and the API.
    const app = conectar(e.url, c.pac[0].token);
    sockets.push(app);
    await esperarConexion(app);
    const recibidos: Mensaje[] = [];
    app.on('chat:mensaje', (p) => recibidos.push(p.mensaje));

    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Hoy fue un día difícil' });
    await burbujas(page).filter({ hasText: 'Hoy fue un día difícil' }).waitFor();

    // Enter sends, Shift+Enter breaks the line; the text is trimmed.
    const caja = page.getByRole('textbox', { name: 'Mensaje' });
    await caja.fill('  Gracias por contarme.');
    await caja.press('Shift+Enter');
    await caja.pressSequentially('Aquí estoy.  ');
    await caja.press('Enter');
    await expect.poll(() => recibidos.map((m) => m.contenido)).toEqual(['Hoy fue un día difícil', 'Gracias por contarme.\nAquí estoy.']);
    await expect.poll(() => caja.inputValue()).toBe('');
    const propia = burbujas(page).filter({ hasText: 'Gracias por contarme.' });
    // Rendered with its line break (innerText follows the layout, textContent would not show it).
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is asserted
    expect(await propia.evaluate((el) => (el as HTMLElement).innerText)).toBe('Gracias por contarme.\nAquí estoy.');
    expect((await filasDe(e.t, id)).map((m) => [m.remitente, m.contenido])).toEqual([
      ['paciente', 'Hoy fue un día difícil'],
      ['psicologo', 'Gracias por contarme.\nAquí estoy.'],
    ]);
    // A message of spaces is not sent.
    await caja.fill('   ');
    await expect.poll(() => page.getByRole('button', { name: TEXTOS_CHAT.enviar }).isDisabled()).toBe(true);
    await caja.press('Enter');

    // The list shows the own last message with 'Tú:'.
    await expect.poll(() => itemChat(page, id).locator('[data-vista-previa]').textContent()).toBe('Tú: Gracias por contarme. Aquí estoy.');

    // Read receipt: the patient opens the chat, the psychologist's message shows it was read.
    await c.pac[0].put(`/api/paciente/chats/${id}/leer`);
    await conversacion(page).locator('[data-remitente="psicologo"] [data-recibo="leido"]').waitFor();

    // Text is shown as text, never as HTML.
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: '<img src=x onerror="window.__xss=1"><b>negrita</b>' });
    await burbujas(page).filter({ hasText: '<b>negrita</b>' }).waitFor();
    expect(await conversacion(page).locator('img, b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await filasDe(e.t, id)).toHaveLength(3);

    // The limit counts the trimmed text: 1,000 characters plus a final line break are sent.
    await caja.fill(`${'a'.repeat(1000)}\n`);
    await expect.poll(() => page.getByRole('button', { name: TEXTOS_CHAT.enviar }).isDisabled()).toBe(false);
    await caja.press('Enter');
    await expect.poll(async () => (await filasDe(e.t, id)).filter((m) => m.contenido === 'a'.repeat(1000)).length).toBe(1);
    await caja.fill('a'.repeat(1001));
    await expect.poll(() => page.getByRole('button', { name: TEXTOS_CHAT.enviar }).isDisabled()).toBe(true);
  });

  it('el contador de no leídos sube con cada mensaje y se borra al abrir el chat', async () => {
    const c = await crearConsulta(e.t, 2);
    const a = await abrirChat(c, 0);
    await abrirChat(c, 1);
    const page = await e.paginaConSesion(c.psi.token, RUTA);
    await page.getByText(TEXTOS_CHAT.seleccionaChat).waitFor();
    await enVivo(page);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: a, contenido: 'primero' });
    await itemChat(page, a).locator('[data-no-leidos="1"]').waitFor();
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: a, contenido: 'segundo' });
    await itemChat(page, a).locator('[data-no-leidos="2"]').waitFor();
    expect(await itemChat(page, a).locator('[data-vista-previa]').textContent()).toBe('segundo');
    // The chat with news moved first.
    expect(await page.locator('[data-chat]').first().getAttribute('data-chat')).toBe(String(a));

    await itemChat(page, a).click();
    await burbujas(page).filter({ hasText: 'segundo' }).waitFor();
    await itemChat(page, a).locator('[data-no-leidos]').waitFor({ state: 'detached' });
    await expect.poll(() => noLeidosGuardados(e.t, a, 'psicologo')).toBe(0);
    // While the chat is open, a new message is read at once: no badge appears.
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: a, contenido: 'tercero' });
    await burbujas(page).filter({ hasText: 'tercero' }).waitFor();
    await expect.poll(() => noLeidosGuardados(e.t, a, 'psicologo')).toBe(0);
    expect(await itemChat(page, a).locator('[data-no-leidos]').count()).toBe(0);
    expect(page.url()).toContain(`paciente=${c.pacientes[0].id_paciente}`);
  });

  it('"Nuevo Chat": sin chats muestra el estado vacío; crea el chat, lo pone primero y lo abre; luego no quedan pacientes', async () => {
    const c = await crearConsulta(e.t, 1);
    const page = await e.paginaConSesion(c.psi.token, RUTA);
    await page.getByText(TEXTOS_CHAT.sinChats).waitFor();
    await page.getByRole('button', { name: TEXTOS_CHAT.crearPrimerChat }).click();
    const dialogo = page.getByRole('dialog', { name: TEXTOS_CHAT.nuevoChat });
    await dialogo.waitFor();
    const crear = dialogo.getByRole('button', { name: TEXTOS_CHAT.crearChat });
    expect(await crear.isDisabled()).toBe(true);
    await dialogo.getByRole('combobox').click();
    await page.getByRole('option', { name: /Paciente0/ }).click();
    expect(await crear.isDisabled()).toBe(false);
    await crear.click();
    await dialogo.waitFor({ state: 'detached' });
    await conversacion(page)
      .getByRole('heading', { name: /Paciente0/ })
      .waitFor();
    await conversacion(page).getByText(TEXTOS_CHAT.iniciaConversacion).waitFor();
    await itemChat(page, (await c.psi.get('/api/psicologo/chats')).body[0].id_chat).waitFor();
    expect(await page.locator('[data-chat]').first().textContent()).toContain(TEXTOS_CHAT.sinMensajes);

    await page.getByRole('button', { name: TEXTOS_CHAT.nuevoChat }).click();
    await page.getByRole('dialog').getByText(TEXTOS_CHAT.todosConChat).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: TEXTOS_CHAT.cancelar }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('?paciente= abre el chat de ese paciente, y lo crea si aún no existe (botón Crear Chat del expediente)', async () => {
    const c = await crearConsulta(e.t, 1);
    const page = await e.paginaConSesion(c.psi.token, `${RUTA}?paciente=${c.pacientes[0].id_paciente}`);
    await conversacion(page)
      .getByRole('heading', { name: /Paciente0/ })
      .waitFor();
    await conversacion(page).getByText(c.pacientes[0].email).waitFor();
    const chats = (await c.psi.get('/api/psicologo/chats')).body;
    expect(chats).toHaveLength(1);
    expect(chats[0].id_paciente).toBe(c.pacientes[0].id_paciente);
  });

  it('la búsqueda filtra por nombre o por mensaje y, vacía, vuelve a mostrar todos', async () => {
    const c = await crearConsulta(e.t, 2);
    const a = await abrirChat(c, 0);
    const b = await abrirChat(c, 1);
    await c.pac[1].post('/api/paciente/mensajes', { id_chat: b, contenido: 'Soñé con mi abuela' });
    const page = await e.paginaConSesion(c.psi.token, RUTA);
    await itemChat(page, a).waitFor();
    const buscar = page.getByRole('searchbox', { name: TEXTOS_CHAT.buscar });
    await buscar.fill('abuela');
    await itemChat(page, a).waitFor({ state: 'detached' });
    expect(await page.locator('[data-chat]').count()).toBe(1);
    await buscar.fill('Paciente0');
    await itemChat(page, a).waitFor();
    await itemChat(page, b).waitFor({ state: 'detached' });
    await buscar.fill('nadie así');
    await page.getByText(TEXTOS_CHAT.sinResultados).waitFor();
    await buscar.fill('');
    await itemChat(page, b).waitFor();
    expect(await page.locator('[data-chat]').count()).toBe(2);
  });

  it('sin socket la pantalla sondea cada 30 s y deja de hacerlo cuando el socket vuelve', async () => {
    const c = await crearConsulta(e.t, 1);
    const id = await abrirChat(c);
    const ctx = await e.contexto();
    await ctx.clock.install();
    // The chat list is loaded at start by the screen (the top bar's unread total leaves it to an open
    // chat screen), and again when the socket connects if the screen was first.
    let cargasDeLista = 0;
    ctx.on('requestfinished', (r) => {
      if (new URL(r.url()).pathname === '/api/psicologo/chats') cargasDeLista++;
    });
    const page = await e.paginaConSesion(c.psi.token, `${RUTA}?paciente=${c.pacientes[0].id_paciente}`, ctx);
    await conversacion(page).getByText(TEXTOS_CHAT.iniciaConversacion).waitFor();
    await enVivo(page);
    await expect.poll(() => cargasDeLista, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    // The socket is cut and every reconnection refused. From the moment the page shows it (and
    // whatever it asked before has been reported), every request it makes is recorded.
    rechazoDeSockets.activo = true;
    e.t.app.realtime.io.use((_s, next) => (rechazoDeSockets.activo ? next(new Error('BLOQUEADO')) : next()));
    expect(await cortarSocketsDeSesion(e.t, c.psi.token)).toBeGreaterThan(0);
    await page.getByText(TEXTOS_CHAT.sinConexion).waitFor();
    await barreraDePeticiones(page);
    const consultas: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/psicologo/chats' || u.pathname.endsWith('/mensajes')) consultas.push(u.pathname + u.search);
    });
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Llegó mientras no había socket' });
    // For the next 20 s nothing asks the server and the message does not show.
    await ctx.clock.runFor(20_000);
    await barreraDePeticiones(page);
    expect(await burbujas(page).count()).toBe(0);
    expect(consultas).toEqual([]);

    // At 30 s the poll brings the list and the open conversation's new messages.
    await ctx.clock.fastForward(10_000);
    await burbujas(page).filter({ hasText: 'Llegó mientras no había socket' }).waitFor();
    expect(consultas).toContain('/api/psicologo/chats');
    expect(consultas).toContain(`/api/psicologo/chats/${id}/mensajes?despues_de=0&limite=500`);
    expect(await page.getByText(TEXTOS_CHAT.sinConexion).count()).toBe(1);

    // Without socket a send goes over HTTP; if that fails too, the message stays on screen as
    // 'No enviado' and 'Reintentar' sends it again with the same client id: stored once.
    await page.route('**/api/psicologo/mensajes', (r) => r.abort('internetdisconnected'));
    const caja = page.getByRole('textbox', { name: 'Mensaje' });
    await caja.fill('Escrito sin conexión');
    await caja.press('Enter');
    await conversacion(page).getByText(TEXTOS_CHAT.noEnviado).waitFor();
    await toasts(page).getByText(TEXTOS_CHAT.errorEnviar).waitFor();
    await page.unroute('**/api/psicologo/mensajes');
    await conversacion(page).getByRole('button', { name: TEXTOS_CHAT.reintentar }).click();
    await conversacion(page).getByText(TEXTOS_CHAT.noEnviado).waitFor({ state: 'detached' });
    await expect.poll(async () => (await filasDe(e.t, id)).filter((m) => m.contenido === 'Escrito sin conexión').length).toBe(1);
    const consultasAntes = consultas.length;

    // The socket comes back (the client retries every 15 s): one resync, then no more polling.
    // (Fake time jumps stay below the 45 s after which engine.io would declare a connection dead.)
    expect(consultas.length).toBe(consultasAntes);
    rechazoDeSockets.activo = false;
    const antesDeVolver = consultas.length;
    await ctx.clock.fastForward(15_000);
    await enVivo(page);
    // The resync: the list and what came after the open conversation's last message.
    await expect
      .poll(() => consultas.slice(antesDeVolver).map((q) => q.replace(/despues_de=\d+/, 'despues_de=N')))
      .toEqual(expect.arrayContaining(['/api/psicologo/chats', `/api/psicologo/chats/${id}/mensajes?despues_de=N&limite=500`]));
    await barreraDePeticiones(page);
    expect(consultas.slice(antesDeVolver).filter((q) => q === '/api/psicologo/chats')).toHaveLength(1);
    const alVolver = consultas.length;
    // The next 30-second tick (due at 60 s) passes without a request.
    await ctx.clock.fastForward(20_000);
    await barreraDePeticiones(page);
    expect(consultas.slice(alVolver)).toEqual([]);
    // And live delivery works again, with no request for it.
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'De nuevo en vivo' });
    await burbujas(page).filter({ hasText: 'De nuevo en vivo' }).waitFor();
    expect(consultas.slice(alVolver)).toEqual([]);
  });

  it('el total de no leídos de la barra es el de todos los chats: ni una búsqueda ni borrarla antes de que recargue lo cambian', async () => {
    const c = await crearConsulta(e.t, 2);
    const a = await abrirChat(c, 0);
    const b = await abrirChat(c, 1);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: a, contenido: 'uno' });
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: a, contenido: 'dos' });
    await c.pac[1].post('/api/paciente/mensajes', { id_chat: b, contenido: 'Soñé con mi abuela' });
    const ctx = await e.contexto();
    const page = await e.paginaConSesion(c.psi.token, RUTA, ctx);
    const total = page.locator('header [data-no-leidos-total]').first();
    await itemChat(page, a).locator('[data-no-leidos="2"]').waitFor();
    await expect.poll(() => total.getAttribute('data-no-leidos-total')).toBe('3');
    await enVivo(page);

    const buscar = page.getByRole('searchbox', { name: TEXTOS_CHAT.buscar });
    await buscar.fill('abuela');
    await itemChat(page, a).waitFor({ state: 'detached' });
    // The whole list's reload fails (a dropped connection): the box is empty, the list still the
    // search's subset — the bar keeps the total of every chat, not the subset's 1.
    const cortar = (r: { abort(motivo: string): Promise<void> }) => r.abort('failed');
    const recarga = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/psicologo/chats'));
    await ctx.route('**/api/psicologo/chats', cortar);
    await buscar.fill('');
    await recarga;
    await barreraDePeticiones(page);
    expect(await total.getAttribute('data-no-leidos-total')).toBe('3');
    await ctx.unroute('**/api/psicologo/chats', cortar);
  });

  it('una carga fallida se dice como tal (no como lista vacía), no marca nada leído y se puede reintentar', async () => {
    const c = await crearConsulta(e.t, 2);
    const id = await abrirChat(c, 0);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Me cuesta dormir' });
    const ctx = await e.contexto();
    const cortar = (r: { abort(motivo: string): Promise<void> }) => r.abort('failed');
    await ctx.route('**/api/psicologo/chats', cortar);
    const page = await e.paginaConSesion(c.psi.token, RUTA, ctx);

    // The list: an error and a retry, never 'No hay chats disponibles'. Once the socket is up, the
    // reload its connection triggers has been made (and refused too): only the button loads it now.
    await page.getByText(TEXTOS_CHAT.errorCargarChats).waitFor();
    await enVivo(page);
    await barreraDePeticiones(page);
    await page.getByText(TEXTOS_CHAT.errorCargarChats).waitFor();
    expect(await page.getByText(TEXTOS_CHAT.sinChats).count()).toBe(0);
    await ctx.unroute('**/api/psicologo/chats', cortar);
    await page.getByRole('button', { name: TEXTOS_CHAT.reintentar }).click();
    await itemChat(page, id).locator('[data-no-leidos="1"]').waitFor();

    // The conversation: not 'Inicia la conversación…', and its unread message stays unread.
    await ctx.route('**/api/psicologo/chats/*/mensajes*', cortar);
    const lecturas: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/leer')) lecturas.push(r.url());
    });
    await itemChat(page, id).click();
    await conversacion(page).getByText(TEXTOS_CHAT.errorCargarMensajes).waitFor();
    expect(await conversacion(page).getByText(TEXTOS_CHAT.iniciaConversacion).count()).toBe(0);
    await barreraDePeticiones(page);
    expect(lecturas).toEqual([]);
    expect(await noLeidosGuardados(e.t, id, 'psicologo')).toBe(1);
    await ctx.unroute('**/api/psicologo/chats/*/mensajes*', cortar);
    await conversacion(page).getByRole('button', { name: TEXTOS_CHAT.reintentar }).click();
    await burbujas(page).filter({ hasText: 'Me cuesta dormir' }).waitFor();
    await expect.poll(() => noLeidosGuardados(e.t, id, 'psicologo')).toBe(0);

    // 'Nuevo Chat': not 'Todos tus pacientes ya tienen un chat activo.'
    await ctx.route('**/api/psicologo/chats/pacientes-disponibles', cortar);
    await page.getByRole('button', { name: TEXTOS_CHAT.nuevoChat }).click();
    const dialogo = page.getByRole('dialog', { name: TEXTOS_CHAT.nuevoChat });
    await dialogo.getByText(TEXTOS_CHAT.errorCargarPacientes).waitFor();
    expect(await dialogo.getByText(TEXTOS_CHAT.todosConChat).count()).toBe(0);
    await ctx.unroute('**/api/psicologo/chats/pacientes-disponibles', cortar);
    await dialogo.getByRole('button', { name: TEXTOS_CHAT.reintentar }).click();
    await dialogo.getByRole('combobox').waitFor();
  });

  it('admin/chat: una carga fallida de conversaciones o de usuarios disponibles no se muestra como vacía', async () => {
    const admin = await crearPsicologo(e.t.db, { rol_admin: true });
    await crearConsulta(e.t, 0, { nombre: 'Rosario' });
    const ctx = await e.contexto();
    const cortar = (r: { abort(motivo: string): Promise<void> }) => r.abort('failed');
    await ctx.route('**/api/admin/chats', cortar);
    await ctx.route('**/api/admin/usuarios-disponibles', cortar);
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, admin), '/admin/chat', ctx);
    await page.getByText(TEXTOS_CHAT.admin.errorCargarConversaciones).waitFor();
    expect(await page.getByText(TEXTOS_CHAT.admin.sinConversaciones).count()).toBe(0);
    await page.getByRole('button', { name: TEXTOS_CHAT.admin.nuevaConversacion }).first().click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByText(TEXTOS_CHAT.admin.errorCargarUsuarios).waitFor();
    expect(await dialogo.getByText(TEXTOS_CHAT.admin.sinUsuarios).count()).toBe(0);
    await ctx.unroute('**/api/admin/usuarios-disponibles', cortar);
    await dialogo.getByRole('button', { name: TEXTOS_CHAT.reintentar }).click();
    await dialogo.getByRole('radio', { name: /Rosario/ }).waitFor({ state: 'attached' });
  });

  it('la administradora escribe desde admin/chat y la psicóloga lo ve al momento, marcado como Administración', async () => {
    const admin = await crearPsicologo(e.t.db, { rol_admin: true, nombre: 'Andrea' });
    const c = await crearConsulta(e.t, 0, { nombre: 'Mariana' });
    const psi = await e.paginaConSesion(c.psi.token, RUTA);
    await psi.getByText(TEXTOS_CHAT.sinChats).waitFor();
    await enVivo(psi);

    const pagAdmin = await e.paginaConSesion(sesionPsicologo(e.t.app, admin), '/admin/chat');
    await pagAdmin.getByText(TEXTOS_CHAT.admin.sinConversaciones).waitFor();
    await pagAdmin.getByRole('button', { name: TEXTOS_CHAT.admin.nuevaConversacion }).first().click();
    const dialogo = pagAdmin.getByRole('dialog');
    // Radio inputs behind their labels: the type filter, then the list of users.
    await dialogo.locator('label', { hasText: TEXTOS_CHAT.admin.filtroPacientes }).click();
    await expect.poll(() => dialogo.getByRole('radio', { name: TEXTOS_CHAT.admin.filtroPacientes }).isChecked()).toBe(true);
    // Once the patients' list has loaded (no loading text; the previous filter's list may show for a
    // frame after the click), the psychologist is not in it.
    await expect
      .poll(
        async () =>
          (await dialogo.getByText('Cargando usuarios...').count()) === 0 &&
          (await dialogo.getByRole('radio', { name: /Mariana/ }).count()) === 0,
      )
      .toBe(true);
    await dialogo.locator('label', { hasText: TEXTOS_CHAT.admin.filtroPsicologos }).click();
    await dialogo.getByRole('radio', { name: /Mariana/ }).waitFor({ state: 'attached' });
    await dialogo.getByRole('button', { name: TEXTOS_CHAT.admin.iniciar }).click();
    await dialogo.getByText(TEXTOS_CHAT.admin.seleccionaUsuario).waitFor();
    await dialogo.locator('label', { hasText: 'Mariana' }).click();
    expect(await dialogo.getByRole('radio', { name: /Mariana/ }).isChecked()).toBe(true);
    await dialogo.getByRole('button', { name: TEXTOS_CHAT.admin.iniciar }).click();
    await dialogo.waitFor({ state: 'detached' });
    await conversacion(pagAdmin).getByText(TEXTOS_CHAT.admin.iniciaConversacion).waitFor();
    await conversacion(pagAdmin).getByText(TEXTOS_CHAT.admin.psicologo, { exact: true }).waitFor();
    await enVivo(pagAdmin);
    const caja = pagAdmin.getByRole('textbox', { name: 'Mensaje' });
    await caja.fill('Tu cédula quedó validada');
    await caja.press('Enter');
    await expect.poll(() => pagAdmin.locator('[data-vista-previa]').first().textContent()).toBe('You: Tu cédula quedó validada');

    // The psychologist's list gains the administration's conversation, live, with its badge.
    const item = psi.locator('[data-chat]').first();
    await item.getByText(TEXTOS_CHAT.administracion).waitFor();
    await item.locator('[data-no-leidos="1"]').waitFor();
    await item.click();
    await burbujas(psi).filter({ hasText: 'Tu cédula quedó validada' }).waitFor();
    const respuesta = psi.getByRole('textbox', { name: 'Mensaje' });
    await respuesta.fill('¡Gracias!');
    await respuesta.press('Enter');
    await burbujas(pagAdmin).filter({ hasText: '¡Gracias!' }).waitFor();
    await conversacion(pagAdmin).locator('[data-remitente="admin"] [data-recibo="leido"]').waitFor();
    expect(await toasts(pagAdmin).getByText('Error').count()).toBe(0);
    // The administrator has the conversation open: the reply is read at once.
    const api = cliente(e.t, sesionPsicologo(e.t.app, admin));
    await expect.poll(async () => (await api.get('/api/admin/chats')).body[0].mensajes_no_leidos).toBe(0);
  });
});
