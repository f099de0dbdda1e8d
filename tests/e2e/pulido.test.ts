// What a new user tripped over (issue 11), kept fixed in Chromium: long words wrap, logout shows no
// expiry notice, live events and replies merge by id, the recovery dialog keeps to itself.
import { MSG } from '@miduelo/shared/cuentas';
import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { TEXTOS_AGENDA } from '@miduelo/shared/agenda';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from '../helpers/e2e';
import { abrirChat, cliente, crearConsulta } from '../helpers/chat';
import { cortarSocketsDeSesion, socketsDeSesion, enVivo } from '../helpers/e2e-esperas';
import { CONTRASENA, crearPaciente, crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E, ESCRITORIO, TELEFONO } from '../helpers/navegador';
import { inyectarCon } from '../helpers/app';

const omitir = debeOmitirE2E();
let e: E2E;

const PALABRA_LARGA = `https://ejemplo.mx/${'a'.repeat(300)}`;
const conversacion = (page: Page) => page.getByRole('region', { name: 'Conversación' });

async function anchoDePagina(page: Page) {
  return page.evaluate(() => ({ doc: document.documentElement.scrollWidth, vista: window.innerWidth }));
}

describe.skipIf(omitir)('pulido (issue 11) en el navegador', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('una palabra larguísima se parte dentro de la burbuja: la página no se ensancha y Enviar sigue a la vista', async () => {
    const c = await crearConsulta(e.t, 1);
    const id = await abrirChat(c);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: PALABRA_LARGA });
    for (const pantalla of [ESCRITORIO, TELEFONO]) {
      const { width } = pantalla.viewport;
      const ctx = await e.contexto(pantalla);
      const page = await e.paginaConSesion(c.psi.token, `/chat-pacientes-del-psicologo?paciente=${c.pacientes[0].id_paciente}`, ctx);
      const largas = conversacion(page).locator('[data-contenido]').filter({ hasText: 'ejemplo.mx' });
      await largas.first().waitFor();
      const antes = await largas.count();
      const caja = page.getByRole('textbox', { name: 'Mensaje' });
      await caja.fill(PALABRA_LARGA);
      await caja.press('Enter');
      await expect.poll(() => largas.count()).toBe(antes + 1);
      const { doc, vista } = await anchoDePagina(page);
      expect(doc).toBeLessThanOrEqual(vista);
      const enviar = page.getByRole('button', { name: TEXTOS_CHAT.enviar });
      const caja2 = await enviar.boundingBox();
      expect(caja2).not.toBeNull();
      expect((caja2?.x ?? 0) + (caja2?.width ?? 0)).toBeLessThanOrEqual(width);
      await ctx.close();
    }
  });

  it('en admin/chat también se parte', async () => {
    const admin = await crearPsicologo(e.t.db, { rol_admin: true, nombre: 'Andrea' });
    const otra = await crearPsicologo(e.t.db, { nombre: 'Marisol' });
    const ctx = await e.contexto(ESCRITORIO);
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, admin), '/admin/chat', ctx);
    await page.getByRole('button', { name: TEXTOS_CHAT.admin.nuevaConversacion }).first().click();
    const dialogo = page.getByRole('dialog');
    await dialogo.locator('label', { hasText: 'Marisol' }).click();
    await dialogo.getByRole('button', { name: TEXTOS_CHAT.admin.iniciar }).click();
    await dialogo.waitFor({ state: 'detached' });
    await enVivo(page);
    const caja = page.getByRole('textbox', { name: 'Mensaje' });
    await caja.fill(PALABRA_LARGA);
    await caja.press('Enter');
    await conversacion(page).locator('[data-contenido]').filter({ hasText: 'ejemplo.mx' }).waitFor();
    const { doc, vista } = await anchoDePagina(page);
    expect(doc).toBeLessThanOrEqual(vista);
    expect(otra.id_psicologo).toBeGreaterThan(0);
    await ctx.close();
  });

  it('el expediente con datos larguísimos no se ensancha', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, email: `${'b'.repeat(120)}@ejemplo.mx` });
    const ctx = await e.contexto(TELEFONO);
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), `/paciente/${pac.id_paciente}`, ctx);
    await page.getByText('@ejemplo.mx').first().waitFor();
    const { doc, vista } = await anchoDePagina(page);
    expect(doc).toBeLessThanOrEqual(vista);
    await ctx.close();
  });

  it('cerrar sesión cinco veces (psicóloga y administradora) nunca muestra «Sesión Expirada»', async () => {
    const psi = await crearPsicologo(e.t.db);
    const admin = await crearPsicologo(e.t.db, { rol_admin: true });
    for (let i = 0; i < 5; i++) {
      const quien = i % 2 === 0 ? psi : admin;
      // Not paginaConSesion: its init script would put the token back on the logout's reload.
      const page = await (await e.contexto()).newPage();
      await page.goto('/');
      await page.evaluate((t) => localStorage.setItem('token', t), sesionPsicologo(e.t.app, quien));
      await page.goto(i % 2 === 0 ? '/agenda' : '/admin/chat');
      await enVivo(page);
      // A slow answer to the logout (mobile data): the socket's `sesion:revocada` arrives first.
      await page.route('**/api/psicologo/cerrar-sesion', async (route) => {
        const respuesta = await route.fetch();
        await new Promise((r) => setTimeout(r, 700));
        await route.fulfill({ response: respuesta });
      });
      const recargada = page.waitForEvent('load', { timeout: 15_000 });
      if (i % 2 === 0) await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      else {
        await page.getByRole('button', { name: /Administrador/ }).click();
        await page.getByRole('menuitem', { name: /Cerrar sesión/i }).click();
      }
      await recargada;
      await page.waitForURL(/\/iniciar-sesion/);
      await page.locator('#correo').waitFor();
      // Kept toasts come back just after the reload: give the notice time to show, it must not.
      // .first(): shown at all is what fails (the toast and its live region both say it, and
      // two matches would make waitFor throw: read below as "not shown").
      const aviso = await page
        .getByText(MSG_GENERICO.sesionExpiradaTitulo)
        .first()
        .waitFor({ timeout: 1500 })
        .then(() => true)
        .catch(() => false);
      expect(aviso).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await page.context().close();
    }
  }, 90_000);

  it('un horario nuevo se lista una vez aunque el evento llegue antes que la respuesta; Escape cierra a la primera', async () => {
    const psi = await crearPsicologo(e.t.db);
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), '/agenda');
    await enVivo(page);
    await page.route('**/api/psicologo/disponibilidad', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const respuesta = await route.fetch();
      await new Promise((r) => setTimeout(r, 700));
      await route.fulfill({ response: respuesta });
    });
    await page.getByRole('button', { name: TEXTOS_AGENDA.personalizarHorario }).first().click();
    const horario = page.getByRole('dialog', { name: TEXTOS_AGENDA.personalizarHorario });
    await horario.getByLabel('Hora de inicio').fill('07:00');
    await horario.getByLabel('Hora de fin').fill('08:15');
    await horario.getByRole('button', { name: 'Agregar' }).click();
    await page.getByText('Horario agregado').first().waitFor();
    expect(await horario.getByRole('cell', { name: '08:15', exact: true }).count()).toBe(1);
    // One Escape closes the dialog even with the toast open.
    await page.keyboard.press('Escape');
    await horario.waitFor({ state: 'detached', timeout: 3000 });
  });

  it('enviar el diálogo de recuperación no valida el formulario de inicio de sesión de atrás', async () => {
    const page = await (await e.contexto()).newPage();
    await page.goto('/iniciar-sesion');
    await page.getByRole('button', { name: /olvidaste/i }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByLabel('Correo electrónico o teléfono').fill('nadie@ejemplo.mx');
    await dialogo.getByLabel('Correo electrónico o teléfono').press('Enter');
    await page.getByText('Solicitud enviada').first().waitFor();
    await dialogo.waitFor({ state: 'detached' });
    expect(await page.getByText(MSG.loginCamposObligatorios).count()).toBe(0);
  });

  it('la semana mostrada va en la URL (?semana=): Atrás vuelve a la anterior y recargar la conserva', async () => {
    const psi = await crearPsicologo(e.t.db);
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), '/agenda?semana=2027-03-03');
    await page.locator('td[data-fecha="2027-03-01"]').first().waitFor();
    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await page.locator('td[data-fecha="2027-03-08"]').first().waitFor();
    expect(new URL(page.url()).searchParams.get('semana')).toBe('2027-03-08');
    await page.reload();
    await page.locator('td[data-fecha="2027-03-08"]').first().waitFor();
    await page.goBack();
    await page.locator('td[data-fecha="2027-03-01"]').first().waitFor();
    // A date that is not one is dropped: this week is shown.
    await page.goto('/agenda?semana=2027-02-31');
    await page.getByRole('heading', { name: /Semana/ }).waitFor();
    expect(await page.locator('td[data-fecha="2027-03-01"]').count()).toBe(0);
  });

  it('la conversación abierta va en la URL (?chat=): en un teléfono Atrás vuelve a la lista; recargar la conserva', async () => {
    const c = await crearConsulta(e.t, 2);
    const id0 = await abrirChat(c, 0);
    const id1 = await abrirChat(c, 1);
    const ctx = await e.contexto(TELEFONO);
    const page = await e.paginaConSesion(c.psi.token, '/chat-pacientes-del-psicologo', ctx);
    await page.locator(`[data-chat="${id0}"]`).click();
    await conversacion(page)
      .getByRole('heading', { name: /Paciente0/ })
      .waitFor();
    expect(new URL(page.url()).searchParams.get('chat')).toBe(String(id0));
    await page.reload();
    await conversacion(page)
      .getByRole('heading', { name: /Paciente0/ })
      .waitFor();
    await page.goBack();
    await page.locator(`[data-chat="${id1}"]`).waitFor();
    expect(new URL(page.url()).searchParams.get('chat')).toBeNull();
    await page.locator(`[data-chat="${id1}"]`).click();
    await conversacion(page)
      .getByRole('heading', { name: /Paciente1/ })
      .waitFor();
    await page.goBack();
    await page.locator(`[data-chat="${id0}"]`).waitFor();
    await ctx.close();

    const admin = await crearPsicologo(e.t.db, { rol_admin: true });
    const pa = await e.paginaConSesion(sesionPsicologo(e.t.app, admin), '/admin/chat');
    await pa.getByRole('button', { name: TEXTOS_CHAT.admin.nuevaConversacion }).first().click();
    const dialogo = pa.getByRole('dialog');
    await dialogo.locator('label', { hasText: 'Paciente0' }).first().click();
    await dialogo.getByRole('button', { name: TEXTOS_CHAT.admin.iniciar }).click();
    await dialogo.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(pa.url()).searchParams.get('chat')).not.toBeNull();
    await pa.reload();
    await conversacion(pa)
      .getByRole('heading', { name: /Paciente0/ })
      .waitFor();
  });

  it('sin pacientes, Nuevo Chat dice que aún no hay pacientes y cómo vincular uno (no «ya tienen un chat activo»)', async () => {
    const psi = await crearPsicologo(e.t.db);
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), '/chat-pacientes-del-psicologo');
    await page.getByRole('button', { name: TEXTOS_CHAT.nuevoChat }).first().click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByText(TEXTOS_CHAT.sinPacientesTitulo).waitFor();
    await dialogo.getByText(/código de vinculación [A-Z0-9-]+/).waitFor();
    expect(await dialogo.getByText(TEXTOS_CHAT.todosConChat).count()).toBe(0);
  });

  it('los avisos no tapan la barra superior (nombre, Cerrar sesión, ☰) en escritorio ni en teléfono', async () => {
    const psi = await crearPsicologo(e.t.db);
    for (const pantalla of [ESCRITORIO, TELEFONO]) {
      const { width } = pantalla.viewport;
      const ctx = await e.contexto(pantalla);
      const page = await e.paginaConSesion(sesionPsicologo(e.t.app, psi), '/agenda', ctx);
      await page.getByRole('button', { name: TEXTOS_AGENDA.personalizarHorario }).first().waitFor();
      await page.getByRole('button', { name: TEXTOS_AGENDA.personalizarHorario }).first().click();
      const horario = page.getByRole('dialog', { name: TEXTOS_AGENDA.personalizarHorario });
      await horario.getByLabel('Hora de inicio').fill('06:00');
      await horario.getByLabel('Hora de fin').fill(width > 1000 ? '06:30' : '06:45');
      await horario.getByRole('button', { name: 'Agregar' }).click();
      const aviso = page.locator('[data-tipo]').first();
      await aviso.waitFor();
      const barra = await page.locator('header').first().boundingBox();
      const caja = await aviso.boundingBox();
      expect(barra && caja).toBeTruthy();
      if (barra && caja) expect(caja.y).toBeGreaterThanOrEqual(barra.y + barra.height);
      await ctx.close();
    }
  });

  it('un enlace abierto sin sesión (/paciente/ID) se restaura tras iniciar sesión; un destino externo se ignora', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Leonor' });
    const page = await (await e.contexto()).newPage();
    await page.goto(`/paciente/${pac.id_paciente}`);
    await page.waitForURL((u) => u.pathname === '/iniciar-sesion' && u.searchParams.get('redirect') === `/paciente/${pac.id_paciente}`);
    await page.locator('#correo').fill(psi.correo);
    await page.locator('#contrasena').fill(CONTRASENA);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((u) => u.pathname === `/paciente/${pac.id_paciente}`);
    await page.getByRole('heading', { name: /Leonor/ }).waitFor();

    const otra = await (await e.contexto()).newPage();
    await otra.goto('/iniciar-sesion?redirect=//ejemplo.com/robo');
    await otra.locator('#correo').fill(psi.correo);
    await otra.locator('#contrasena').fill(CONTRASENA);
    await otra.getByRole('button', { name: 'Iniciar sesión' }).click();
    await otra.waitForURL((u) => u.pathname === '/agenda');
  });

  it('agenda a 1366 px: el título de una semana entre dos meses cabe en una línea junto a Crear Cita; una cita ocupa su duración', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Ofelia' });
    const token = sesionPsicologo(e.t.app, psi);
    const r = await inyectarCon(e.t.app, token, {
      method: 'POST',
      url: '/api/psicologo/citas',
      payload: { id_paciente: pac.id_paciente, fecha: '2027-03-30', hora_inicio: '09:00', hora_fin: '10:30', modalidad: 'Presencial' },
    });
    expect(r.statusCode).toBe(201);
    const ctx = await e.contexto(ESCRITORIO);
    const page = await e.paginaConSesion(token, '/agenda?semana=2027-03-29', ctx);
    const chip = page.locator('[data-id-cita]', { hasText: 'Ofelia' });
    await chip.waitFor();
    const titulo = await page.getByRole('heading', { level: 1 }).boundingBox();
    const crear = await page.getByRole('button', { name: TEXTOS_AGENDA.crearCita, exact: true }).boundingBox();
    expect(titulo && crear).toBeTruthy();
    if (titulo && crear) {
      expect(titulo.height).toBeLessThan(50);
      expect(crear.y).toBeLessThan(titulo.y + titulo.height);
    }
    const fila = await page.locator('td[data-fecha="2027-03-30"][data-hora="09:00"]').boundingBox();
    const caja = await chip.boundingBox();
    expect(fila && caja).toBeTruthy();
    if (fila && caja) {
      expect(caja.height).toBeGreaterThan(fila.height * 1.35);
      expect(caja.height).toBeLessThan(fila.height * 1.6);
    }
    await ctx.close();
  });

  it('citas de 15 y 30 minutos muestran hora y nombre en una línea sin cortar letras', async () => {
    const psi = await crearPsicologo(e.t.db);
    const token = sesionPsicologo(e.t.app, psi);
    for (const [nombre, inicio, fin] of [
      ['Quintina', '11:00', '11:15'],
      ['Rosendo', '12:00', '12:30'],
    ]) {
      const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre });
      const r = await inyectarCon(e.t.app, token, {
        method: 'POST',
        url: '/api/psicologo/citas',
        payload: { id_paciente: pac.id_paciente, fecha: '2027-03-31', hora_inicio: inicio, hora_fin: fin, modalidad: 'Presencial' },
      });
      expect(r.statusCode).toBe(201);
    }
    const ctx = await e.contexto(ESCRITORIO);
    const page = await e.paginaConSesion(token, '/agenda?semana=2027-03-29', ctx);
    for (const [nombre, hora] of [
      ['Quintina', '11:00'],
      ['Rosendo', '12:00'],
    ]) {
      const chip = page.locator('[data-id-cita]', { hasText: nombre });
      await chip.waitFor();
      expect(await chip.textContent()).toContain(hora);
      // Nothing overflows the block vertically (a second line would be cut off mid-letter).
      const { alto, contenido } = await chip.evaluate((el) => ({ alto: el.clientHeight, contenido: el.scrollHeight }));
      expect(contenido).toBeLessThanOrEqual(alto + 1);
    }
    await ctx.close();
  });

  it('el menú Chat lleva el total de no leídos en vivo y se borra al leer', async () => {
    const c = await crearConsulta(e.t, 1);
    const id = await abrirChat(c);
    const page = await e.paginaConSesion(c.psi.token, '/agenda');
    await enVivo(page);
    const insignia = page.getByRole('navigation').first().locator('[data-no-leidos-total]');
    expect(await insignia.count()).toBe(0);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Hola' });
    await expect
      .poll(() =>
        insignia
          .first()
          .getAttribute('data-no-leidos-total')
          .catch(() => null),
      )
      .toBe('1');
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: '¿Está?' });
    await expect
      .poll(() =>
        insignia
          .first()
          .getAttribute('data-no-leidos-total')
          .catch(() => null),
      )
      .toBe('2');
    await page.goto(`/chat-pacientes-del-psicologo?chat=${id}`);
    await conversacion(page).locator('[data-contenido]').filter({ hasText: '¿Está?' }).waitFor();
    await expect.poll(() => page.locator('[data-no-leidos-total]').count()).toBe(0);
  });

  it('el menú Chat del administrador también lleva el total de no leídos en vivo', async () => {
    const admin = await crearPsicologo(e.t.db, { rol_admin: true, nombre: 'Andrea' });
    const api = cliente(e.t, sesionPsicologo(e.t.app, admin));
    const c = await crearConsulta(e.t, 0);
    const r = await api.post('/api/admin/chats', { destinatario_tipo: 'psicologo', destinatario_id: c.psicologo.id_psicologo });
    const id = r.body.id_chat_admin as number;
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, admin), '/admin/psicologos');
    await enVivo(page);
    const total = () =>
      page
        .getByRole('navigation')
        .first()
        .locator('[data-no-leidos-total]')
        .first()
        .getAttribute('data-no-leidos-total', { timeout: 1000 })
        .catch(() => null);
    expect(await total()).toBeNull();
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Ya subí mi cédula' });
    await expect.poll(total, { timeout: 15_000 }).toBe('1');
    await page.goto(`/admin/chat?chat=${id}`);
    await conversacion(page).locator('[data-contenido]').filter({ hasText: 'Ya subí mi cédula' }).waitFor();
    await expect.poll(() => page.locator('[data-no-leidos-total]').count()).toBe(0);
  });

  it('el total de la barra se pone al día con lo que llegó sin socket, sin abrir el chat', async () => {
    const c = await crearConsulta(e.t, 1);
    const id = await abrirChat(c);
    const ctx = await e.contexto();
    await ctx.clock.install();
    // The bar loads the chat list when it mounts (lazily, after the first paint) and again when its
    // socket connects: the message must come after those answers, or they would already count it.
    let listasRespondidas = 0;
    let listasPendientes = 0;
    const esLista = (r: { url(): string }) => new URL(r.url()).pathname === '/api/psicologo/chats';
    ctx.on('request', (r) => {
      if (esLista(r)) listasPendientes++;
    });
    ctx.on('requestfinished', (r) => {
      if (!esLista(r)) return;
      listasPendientes--;
      listasRespondidas++;
    });
    ctx.on('requestfailed', (r) => {
      if (esLista(r)) listasPendientes--;
    });
    const page = await e.paginaConSesion(c.psi.token, '/agenda', ctx);
    await expect.poll(async () => (await socketsDeSesion(e.t, c.psi.token)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await enVivo(page);
    await expect.poll(() => listasRespondidas > 0 && listasPendientes === 0, { timeout: 15_000 }).toBe(true);
    const insignia = page.getByRole('navigation').first().locator('[data-no-leidos-total]');
    // The socket is cut and every reconnection refused; a message arrives meanwhile.
    let bloqueado = true;
    e.t.app.realtime.io.use((_s, next) => (bloqueado ? next(new Error('BLOQUEADO')) : next()));
    expect(await cortarSocketsDeSesion(e.t, c.psi.token)).toBeGreaterThan(0);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Llegó sin socket' });
    expect(await insignia.count()).toBe(0);
    // The socket comes back (the client retries every 15 s): the bar reloads its total.
    bloqueado = false;
    await ctx.clock.fastForward(15_000);
    await enVivo(page);
    await expect
      .poll(() =>
        insignia
          .first()
          .getAttribute('data-no-leidos-total')
          .catch(() => null),
      )
      .toBe('1');
    await ctx.close();
  });
});
