// The forums in Chromium (issue 16): a psychologist in the browser and a patient through the API
// (as the mobile app does) in one topic see each other's posts appear without reload; creating a
// forum and a topic; answering an invitation (the bar's count rises live and falls after answering
// or when its forum is deleted); a topic that arrives live while the list reloads stays (decision
// 240); a post hidden or shown again changes the topic's count and reaches a reader who holds it
// without text (decision 257), also one whose socket was down when it changed (decision 269); an
// invitation received while the socket was down reaches the bar's count when it comes back.
import { cortarSocketsDeSesion, enVivo, retenerLecturas } from '../helpers/e2e-esperas';
import { MENSAJE_FORO_MAX, MSG_FOROS, TEXTOS_FOROS } from '@miduelo/shared/foros';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from '../helpers/e2e';
import { foroConTema, hacerModerador, pacienteForo, psicologoForo, temasAntiguos } from '../helpers/foros';
import { debeOmitirE2E } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;

const mensajes = (page: Page) => page.locator('[data-mensajes]');
const toasts = (page: Page) => page.getByRole('region', { name: /Notificaciones/ });
describe.skipIf(omitir)('foros en el navegador', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('psicóloga (navegador) y paciente (API) en un tema ven aparecer los mensajes del otro sin recargar', async () => {
    const psi = await psicologoForo(e.t);
    const pac = await pacienteForo(e.t);
    const { idForo, idTema } = await foroConTema(psi, { titulo: 'Foro en vivo' });
    await pac.post(`/api/foros/${idForo}/unirse`);
    const page = await e.paginaConSesion(psi.token, `/foros/${idForo}/temas/${idTema}`);
    await mensajes(page).getByText(TEXTOS_FOROS.sinMensajes).waitFor();
    await enVivo(page);

    const r = await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Hoy se cumple un año.\nGracias por estar.' });
    expect(r.status).toBe(201);
    const ajeno = mensajes(page).locator('[data-propio="no"]').filter({ hasText: 'Hoy se cumple un año.' });
    await ajeno.waitFor();
    // Line breaks kept (innerText follows the layout).
    const parrafo = ajeno.locator('p').nth(1);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is asserted
    const texto = await parrafo.evaluate((el) => (el as HTMLElement).innerText);
    expect(texto).toBe('Hoy se cumple un año.\nGracias por estar.');

    const caja = page.getByRole('textbox', { name: TEXTOS_FOROS.escribe });
    await caja.fill('   ');
    expect(await page.getByRole('button', { name: TEXTOS_FOROS.enviar }).isDisabled()).toBe(true);
    await caja.fill('  Te acompañamos.  ');
    await caja.press('Enter');
    await mensajes(page).locator('[data-propio="si"]').filter({ hasText: 'Te acompañamos.' }).waitFor();
    // The patient's app reads it (trimmed) through the API.
    await expect
      .poll(async () => (await pac.get(`/api/foros/temas/${idTema}/mensajes`)).body.data.map((m: { contenido: string }) => m.contenido))
      .toEqual(['Hoy se cumple un año.\nGracias por estar.', 'Te acompañamos.']);
    expect(await caja.inputValue()).toBe('');
  });

  it("un mensaje que no se pudo enviar queda con su texto como 'No enviado': 'Reintentar' lo publica con el mismo id_cliente; un rechazo definitivo dice por qué", async () => {
    const admin = await psicologoForo(e.t);
    const mod = await psicologoForo(e.t);
    const { idForo, idTema } = await foroConTema(admin, { titulo: 'Foro con cortes' });
    await hacerModerador(admin, mod, idForo);
    const page = await e.paginaConSesion(mod.token, `/foros/${idForo}/temas/${idTema}`);
    await mensajes(page).getByText(TEXTOS_FOROS.sinMensajes).waitFor();
    const ruta = `/api/foros/temas/${idTema}/mensajes`;
    const idsEnviados: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === ruta) idsEnviados.push(r.postDataJSON().id_cliente);
    });
    const guardados = async () => (await admin.get(ruta)).body.data.map((m: { contenido: string }) => m.contenido) as string[];
    const caja = page.getByRole('textbox', { name: TEXTOS_FOROS.escribe });

    // The connection drops while posting: the post and its text stay, as 'No enviado'.
    const largo = `Quería contarles cómo fue este año.\n${'Hubo días muy difíciles y otros más tranquilos. '.repeat(8)}`;
    await page.route(`**${ruta}`, (r) => r.abort('internetdisconnected'));
    await caja.fill(largo);
    await caja.press('Enter');
    const fallido = mensajes(page).locator('[data-mensaje="pendiente"]').filter({ hasText: 'Quería contarles cómo fue este año.' });
    await fallido.getByText(TEXTOS_FOROS.noEnviado).waitFor();
    await toasts(page).getByText(TEXTOS_FOROS.errorEnviar).first().waitFor();
    await page.unroute(`**${ruta}`);
    // 'Reintentar' sends it again with the same client id: published once.
    await fallido.getByRole('button', { name: TEXTOS_FOROS.reintentar }).click();
    await mensajes(page)
      .locator('[data-propio="si"][data-mensaje="1"]')
      .filter({ hasText: 'Quería contarles cómo fue este año.' })
      .waitFor();
    expect(await mensajes(page).getByText(TEXTOS_FOROS.noEnviado).count()).toBe(0);
    expect(await guardados()).toEqual([largo.trim()]);
    expect(idsEnviados).toHaveLength(2);
    expect(idsEnviados[1]).toBe(idsEnviados[0]);

    // Removed from the forum with the topic open: the refusal is final, so the post says why
    // instead of offering 'Reintentar'.
    const part = (await admin.get(`/api/foros/${idForo}/participantes`)).body.data as { id_participante: number; rol: string }[];
    const quitar = await admin.del(`/api/foros/${idForo}/participantes/${part.find((p) => p.rol === 'moderador')?.id_participante}`);
    expect(quitar.status).toBe(200);
    await caja.fill('Después de que me quitaran');
    await caja.press('Enter');
    const rechazado = mensajes(page).locator('[data-mensaje="pendiente"]').filter({ hasText: 'Después de que me quitaran' });
    await rechazado.getByText(MSG_FOROS.soloParticipantes).waitFor();
    await rechazado.getByText(TEXTOS_FOROS.noEnviado).waitFor();
    expect(await rechazado.getByRole('button', { name: TEXTOS_FOROS.reintentar }).count()).toBe(0);
    await toasts(page).getByText(MSG_FOROS.soloParticipantes).waitFor();
    expect(await guardados()).toEqual([largo.trim()]);
  });

  it('un mensaje que pasa del límite dice por qué no sale, en caracteres como los cuenta el servidor (un emoji es uno)', async () => {
    const psi = await psicologoForo(e.t);
    const { idForo, idTema } = await foroConTema(psi, { titulo: 'Foro con límite' });
    const page = await e.paginaConSesion(psi.token, `/foros/${idForo}/temas/${idTema}`);
    await mensajes(page).getByText(TEXTOS_FOROS.sinMensajes).waitFor();
    const caja = page.getByRole('textbox', { name: TEXTOS_FOROS.escribe });
    const enviar = page.getByRole('button', { name: TEXTOS_FOROS.enviar });
    // Ten candles (two UTF-16 units each, one character each) and letters up to the limit.
    const justo = `${'🕯'.repeat(10)}${'a'.repeat(MENSAJE_FORO_MAX - 10)}`;

    // One character more: the composer says why, and neither Enviar nor Enter sends it.
    await caja.fill(`${justo}b`);
    await page.getByText(MSG_FOROS.mensajeLargo).waitFor();
    expect(await enviar.isDisabled()).toBe(true);
    expect(await caja.getAttribute('aria-invalid')).toBe('true');
    await caja.press('Enter');
    expect(await caja.inputValue()).toBe(`${justo}b`);

    // Exactly the limit, with spaces around it (trimmed, as sent): it counts 2000/2000 and goes.
    await caja.fill(`  ${justo}  `);
    await page.getByText(`${MENSAJE_FORO_MAX}/${MENSAJE_FORO_MAX}`).waitFor();
    expect(await page.getByText(MSG_FOROS.mensajeLargo).count()).toBe(0);
    await caja.press('Enter');
    await mensajes(page).locator('[data-propio="si"][data-mensaje="1"]').waitFor();
    const guardados = (await psi.get(`/api/foros/temas/${idTema}/mensajes`)).body.data as { contenido: string }[];
    expect(guardados.map((m) => m.contenido)).toEqual([justo]);
  }, 60_000);

  it("con la vista desplazada hacia arriba, un mensaje nuevo muestra 'n nuevos mensajes' en lugar de mover la vista", async () => {
    const psi = await psicologoForo(e.t, {});
    const pac = await pacienteForo(e.t);
    const { idForo, idTema } = await foroConTema(psi, { titulo: 'Foro largo' });
    await pac.post(`/api/foros/${idForo}/unirse`);
    for (let i = 0; i < 6; i++)
      await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: `Mensaje largo ${i}\n${'línea\n'.repeat(4)}` });
    const page = await e.paginaConSesion(psi.token, `/foros/${idForo}/temas/${idTema}`);
    await mensajes(page).getByText('Mensaje largo 5').waitFor();
    await enVivo(page);
    // Scrolled to the bottom after loading.
    await expect.poll(() => mensajes(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(5);
    await mensajes(page).evaluate((el) => {
      el.scrollTop = 0;
    });
    // The patient's rate limit allows two more posts this minute (8 per minute, docs/decisions/163).
    await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Nuevo mientras leía' });
    const pastilla = page.getByRole('button', { name: TEXTOS_FOROS.nuevosMensajes(1) });
    await pastilla.waitFor();
    expect(await mensajes(page).evaluate((el) => el.scrollTop)).toBe(0);
    await pastilla.click();
    await expect.poll(() => mensajes(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(5);
    expect(await pastilla.count()).toBe(0);
  });

  it('un reporte de una paciente aparece en vivo en la pestaña Reportes del moderador, que oculta el mensaje', async () => {
    const psi = await psicologoForo(e.t);
    const pac = await pacienteForo(e.t);
    const otra = await pacienteForo(e.t);
    const { idForo, idTema } = await foroConTema(psi, { titulo: 'Foro moderado' });
    await pac.post(`/api/foros/${idForo}/unirse`);
    await otra.post(`/api/foros/${idForo}/unirse`);
    const m = await otra.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Un comentario hiriente' });
    const page = await e.paginaConSesion(psi.token, `/foros/${idForo}`);
    await page.getByRole('tab', { name: TEXTOS_FOROS.tabReportes }).click();
    await page.getByText(TEXTOS_FOROS.sinReportes).waitFor();
    await enVivo(page);
    await pac.post(`/api/foros/mensajes/${m.body.data.id_mensaje}/reportar`, { motivo: 'No es respetuoso' });
    const reporte = page.locator('[data-reportes] li').filter({ hasText: 'Un comentario hiriente' });
    await reporte.getByText('“No es respetuoso”').waitFor();
    await reporte.getByRole('button', { name: TEXTOS_FOROS.ocultar }).click();
    await reporte.getByRole('button', { name: TEXTOS_FOROS.mostrar }).waitFor();
    expect((await pac.get(`/api/foros/temas/${idTema}/mensajes`)).body.data[0]).toMatchObject({ oculto: true, contenido: '' });
  });

  it('ocultar y mostrar un mensaje: el total del tema cambia en vivo en la página del foro, y quien lo cargó oculto lee su texto al mostrarse', async () => {
    const psi = await psicologoForo(e.t);
    const pac = await pacienteForo(e.t);
    const lectora = await psicologoForo(e.t);
    const { idForo, idTema } = await foroConTema(psi, { titulo: 'Foro revisado' });
    await pac.post(`/api/foros/${idForo}/unirse`);
    expect((await psi.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Bienvenidas.' })).status).toBe(201);
    const m = await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Un comentario en revisión' });
    expect(m.status).toBe(201);
    const moderar = async (oculto: boolean) =>
      expect((await psi.post(`/api/foros/mensajes/${m.body.data.id_mensaje}/ocultar`, { oculto })).status).toBe(200);
    await moderar(true);

    // The moderator reads the forum's page; a psychologist who does not take part reads the topic,
    // where the post arrives hidden (no text).
    const { salaForo, salaTema } = await import('@miduelo/server/modules/foros/salas');
    const foro = await e.paginaConSesion(psi.token, `/foros/${idForo}`);
    const tema = foro.locator(`[data-tema="${idTema}"]`);
    await tema.getByText(`1 ${TEXTOS_FOROS.mensajes}`).waitFor();
    await enVivo(foro);
    const lectura = await e.paginaConSesion(lectora.token, `/foros/${idForo}/temas/${idTema}`);
    await mensajes(lectura).getByText(TEXTOS_FOROS.mensajeOculto).waitFor();
    await enVivo(lectura);
    await expect.poll(() => e.t.app.realtime.hayAqui(salaForo(idForo))).toBe(true);
    await expect.poll(() => e.t.app.realtime.hayAqui(salaTema(idTema))).toBe(true);

    await moderar(false);
    await mensajes(lectura).getByText('Un comentario en revisión').waitFor();
    expect(await mensajes(lectura).getByText(TEXTOS_FOROS.mensajeOculto).count()).toBe(0);
    await tema.getByText(`2 ${TEXTOS_FOROS.mensajes}`).waitFor();

    await moderar(true);
    await mensajes(lectura).getByText(TEXTOS_FOROS.mensajeOculto).waitFor();
    await tema.getByText(`1 ${TEXTOS_FOROS.mensajes}`).waitFor();
  });

  it('un mensaje que la moderación oculta mientras el socket de quien lee el tema está caído se lee oculto cuando el socket vuelve, sin abrir el tema de nuevo', async () => {
    const psi = await psicologoForo(e.t);
    const pac = await pacienteForo(e.t);
    const lectora = await psicologoForo(e.t);
    const { idForo, idTema } = await foroConTema(psi, { titulo: 'Foro sin socket' });
    await pac.post(`/api/foros/${idForo}/unirse`);
    expect((await psi.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Bienvenidas.' })).status).toBe(201);
    const m = await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Ya supérenlo, fue hace meses.' });
    expect(m.status).toBe(201);

    // A psychologist who does not take part reads the topic, the post in full.
    const ctx = await e.contexto();
    await ctx.clock.install();
    const page = await e.paginaConSesion(lectora.token, `/foros/${idForo}/temas/${idTema}`, ctx);
    const suyo = mensajes(page).locator('[data-mensaje="2"]');
    await suyo.getByText('Ya supérenlo, fue hace meses.').waitFor();
    await enVivo(page);

    // Her socket is cut and every reconnection refused; the moderator hides the post meanwhile.
    let bloqueado = true;
    e.t.app.realtime.io.use((_s, next) => (bloqueado ? next(new Error('BLOQUEADO')) : next()));
    expect(await cortarSocketsDeSesion(e.t, lectora.token)).toBeGreaterThan(0);
    await page.getByText(TEXTOS_FOROS.sinConexion).waitFor();
    expect((await psi.post(`/api/foros/mensajes/${m.body.data.id_mensaje}/ocultar`, { oculto: true })).status).toBe(200);

    // The socket comes back (the client retries every 15 s): the topic, still open, reads the
    // moderation's note instead of the text.
    bloqueado = false;
    await ctx.clock.fastForward(15_000);
    await enVivo(page);
    await suyo.getByText(TEXTOS_FOROS.mensajeOculto).waitFor({ timeout: 15_000 });
    expect(await mensajes(page).getByText('Ya supérenlo, fue hace meses.').count()).toBe(0);
    await mensajes(page).getByText('Bienvenidas.').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/foros/${idForo}/temas/${idTema}`);
    await ctx.close();
  });

  it('crear un foro y un tema: validación, "Foro creado exitosamente", el foro nuevo y su tema', async () => {
    const psi = await psicologoForo(e.t);
    const page = await e.paginaConSesion(psi.token, '/foros/crear');
    await page.getByRole('heading', { name: TEXTOS_FOROS.crearTitulo }).waitFor();
    await page.getByRole('button', { name: TEXTOS_FOROS.crear, exact: true }).click();
    await page.getByText('Requerido').waitFor();
    await page.getByLabel('Título').fill('ab');
    await page.getByText('Mínimo 3 caracteres').waitFor();
    await page.getByLabel('Título').fill('Círculo de lectura');
    await page.getByLabel('Descripción').fill('Libros que acompañan el duelo');
    await page.getByText('Solo por invitación').click();
    await page.getByRole('button', { name: TEXTOS_FOROS.crear, exact: true }).click();
    await page.getByText(TEXTOS_FOROS.creado).first().waitFor();
    await page.getByRole('heading', { name: 'Círculo de lectura' }).waitFor();
    await page.getByText('Privado', { exact: true }).waitFor();
    await page.getByText('Administrador').first().waitFor();
    await page.getByText(TEXTOS_FOROS.sinTemas).waitFor();

    await page.getByRole('button', { name: TEXTOS_FOROS.nuevoTema }).click();
    const dialogo = page.getByRole('dialog', { name: TEXTOS_FOROS.nuevoTema });
    await dialogo.getByLabel(TEXTOS_FOROS.promptTema).fill('Recomendaciones de otoño');
    await dialogo.getByRole('button', { name: TEXTOS_FOROS.crearTema }).click();
    await page.getByText(TEXTOS_FOROS.temaCreado).first().waitFor();
    const tema = page.locator('[data-tema]').filter({ hasText: 'Recomendaciones de otoño' });
    await tema.waitFor();
    expect(await tema.textContent()).toContain(`0 ${TEXTOS_FOROS.mensajes}`);
    await tema.click();
    await page.getByRole('heading', { name: TEXTOS_FOROS.conversacion }).waitFor();
    await mensajes(page).getByText(TEXTOS_FOROS.sinMensajes).waitFor();
  });

  it('el contador de invitaciones de la barra se carga al inicio, sube en vivo con una invitación nueva y baja al aceptarla o al eliminarse su foro', async () => {
    const admin = await psicologoForo(e.t);
    const invitado = await psicologoForo(e.t);
    const { idForo } = await foroConTema(admin, { publico: false, titulo: 'Equipo de moderación' });
    const previo = await foroConTema(admin, { publico: false, titulo: 'Guardias de fin de semana' });
    expect((await admin.post(`/api/foros/${previo.idForo}/invitar`, { correo: invitado.fila.correo })).status).toBe(201);
    const page = await e.paginaConSesion(invitado.token, '/foros/invitaciones');
    // Loaded at startup (spec 2 §2 Shell).
    const foros = page.getByRole('navigation', { name: 'Espacio de trabajo' }).getByRole('link', { name: /Foros/ });
    await foros.locator('[data-insignia="1"]').waitFor();
    await page.locator('[data-invitacion]').filter({ hasText: 'Guardias de fin de semana' }).waitFor();
    await enVivo(page);

    const inv = await admin.post(`/api/foros/${idForo}/invitar`, { correo: invitado.fila.correo, mensaje: 'Te esperamos' });
    expect(inv.status).toBe(201);
    await foros.locator('[data-insignia="2"]').waitFor();
    const item = page.locator('[data-invitacion]').filter({ hasText: 'Equipo de moderación' });
    await item.getByText(TEXTOS_FOROS.teInvito).waitFor();
    await item.getByText('Pendiente').waitFor();
    await item.getByRole('button', { name: TEXTOS_FOROS.aceptar }).click();
    await page.getByRole('alertdialog', { name: TEXTOS_FOROS.confirmarResponder(true) }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: TEXTOS_FOROS.aceptar }).click();
    await page.getByText(TEXTOS_FOROS.aceptada).first().waitFor();
    await page.locator('[data-invitacion="aceptada"]').waitFor();
    await foros.locator('[data-insignia="1"]').waitFor();
    expect(await item.getByRole('button', { name: TEXTOS_FOROS.aceptar }).count()).toBe(0);
    expect((await invitado.get(`/api/foros/${idForo}`)).body.data.rol_usuario).toBe('moderador');

    // The other forum is deleted: its pending invitation leaves the list and the count, live.
    expect((await admin.del(`/api/foros/${previo.idForo}`)).status).toBe(200);
    await page.locator('[data-invitacion]').filter({ hasText: 'Guardias de fin de semana' }).waitFor({ state: 'detached' });
    await foros.locator('[data-insignia]').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: TEXTOS_FOROS.aceptar }).count()).toBe(0);
  });

  it('una invitación que llega mientras el socket está caído sube el contador de la barra cuando el socket vuelve, sin recargar la página', async () => {
    const admin = await psicologoForo(e.t);
    const invitado = await psicologoForo(e.t);
    const { idForo } = await foroConTema(admin, { publico: false, titulo: 'Supervisión de casos' });
    const previo = await foroConTema(admin, { publico: false, titulo: 'Lecturas del mes' });
    expect((await admin.post(`/api/foros/${previo.idForo}/invitar`, { correo: invitado.fila.correo })).status).toBe(201);
    const ctx = await e.contexto();
    await ctx.clock.install();
    const page = await e.paginaConSesion(invitado.token, '/agenda', ctx);
    const foros = page.getByRole('navigation', { name: 'Espacio de trabajo' }).getByRole('link', { name: /Foros/ });
    // The count loaded at startup is on screen before the socket goes down.
    await foros.locator('[data-insignia="1"]').waitFor();
    await enVivo(page);

    // Her socket is cut and every reconnection refused; the invitation arrives meanwhile.
    let bloqueado = true;
    e.t.app.realtime.io.use((_s, next) => (bloqueado ? next(new Error('BLOQUEADO')) : next()));
    expect(await cortarSocketsDeSesion(e.t, invitado.token)).toBeGreaterThan(0);
    await page.locator('html[data-tiempo-real="desconectado"]').waitFor({ state: 'attached' });
    expect((await admin.post(`/api/foros/${idForo}/invitar`, { correo: invitado.fila.correo })).status).toBe(201);

    // The socket comes back (the client retries every 15 s): the bar reads the count again.
    bloqueado = false;
    await ctx.clock.fastForward(15_000);
    await enVivo(page);
    await foros.locator('[data-insignia="2"]').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/agenda');
    await ctx.close();
  });

  it('un tema que llega en vivo mientras la lista se recarga al reconectarse no desaparece con la respuesta de esa recarga', async () => {
    const psi = await psicologoForo(e.t);
    const { idForo } = await foroConTema(psi, { titulo: 'Foro que se recarga' });
    const page = await e.paginaConSesion(psi.token, `/foros/${idForo}`);
    await page.getByText('Primer tema').waitFor();
    await enVivo(page);
    const { salaForo } = await import('@miduelo/server/modules/foros/salas');
    const io = e.t.app.realtime.io;
    await expect.poll(() => e.t.app.realtime.hayAqui(salaForo(idForo))).toBe(true);

    // The next load of the topics is read from the server at once and answered only when released.
    const { leida: seLeyo, soltar } = await retenerLecturas(page, `**/api/foros/${idForo}/temas*`);
    // The connection drops and comes back: the page reloads the topics and joins the forum again.
    for (const id of io.sockets.adapter.rooms.get(salaForo(idForo)) ?? []) io.sockets.sockets.get(id)?.conn.close();
    await seLeyo;
    await expect.poll(() => e.t.app.realtime.hayAqui(salaForo(idForo))).toBe(true);

    // A topic created while that reload is on its way arrives live…
    const tema = async (titulo: string) => {
      const r = await psi.post(`/api/foros/${idForo}/temas`, { titulo });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      await page.getByText(titulo).waitFor();
    };
    await tema('Tema que llega durante la recarga');
    // …and the reload's older answer, delivered after it, does not take it back (decision 240).
    const terminada = page.waitForEvent('requestfinished', (r) => new URL(r.url()).pathname === `/api/foros/${idForo}/temas`);
    soltar();
    await terminada;
    // One more live topic: once it shows, every earlier change of the list has been applied.
    await tema('Tema después de la recarga');
    expect(await page.getByText('Tema que llega durante la recarga').count()).toBe(1);
    expect(await page.getByText('Primer tema').count()).toBe(1);
  });

  it('un tema abierto bajo la dirección de otro foro pasa a la de su foro: su nombre, su título, volver a él y sin caja de escribir', async () => {
    // The reader administers her own forum; the topic lives in another psychologist's public forum,
    // where she does not take part.
    const lectora = await psicologoForo(e.t);
    const { idForo: suForo } = await foroConTema(lectora, { titulo: 'Foro de la lectora' });
    const otra = await psicologoForo(e.t);
    const { idForo, idTema } = await foroConTema(otra, { titulo: 'Foro donde vive el tema' });
    expect((await otra.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Bienvenidas.' })).status).toBe(201);

    const page = await e.paginaConSesion(lectora.token, `/foros/${suForo}/temas/${idTema}`);
    await page.waitForURL((u) => u.pathname === `/foros/${idForo}/temas/${idTema}`);
    await mensajes(page).getByText('Bienvenidas.').waitFor();
    const titulos = page.locator('[data-tema-titulo]');
    await titulos.getByText('Foro donde vive el tema').waitFor();
    expect(await titulos.getByText('Primer tema').count()).toBe(1);
    expect(await titulos.getByText('Foro de la lectora').count()).toBe(0);
    await page.getByText(TEXTOS_FOROS.soloLectura).waitFor();
    expect(await page.getByRole('textbox', { name: TEXTOS_FOROS.escribe }).count()).toBe(0);
    expect(await page.getByRole('link', { name: TEXTOS_FOROS.volverAlForo }).getAttribute('href')).toBe(`/foros/${idForo}`);
    // The address was replaced, not added: going back leaves the topic.
    await page.goBack();
    await page.waitForURL((u) => !u.pathname.includes(`/temas/${idTema}`));
  });

  it("los temas llegan de 20 en 20: 'Ver más temas' trae los siguientes hasta el más antiguo y desaparece", async () => {
    const psi = await psicologoForo(e.t);
    const { idForo } = await foroConTema(psi, { titulo: 'Foro con historia' });
    await temasAntiguos(e.t, idForo, psi, 44);
    const page = await e.paginaConSesion(psi.token, `/foros/${idForo}`);
    const lista = page.locator('[data-temas-lista] > li');
    const titulos = () => lista.locator('a > span:first-child').allTextContents();
    await page.getByText('Primer tema').waitFor();
    await page.locator('[data-temas="45"]').waitFor();
    // Most recent activity first: the API's topic, then 'Tema 44' down to 'Tema 26'.
    expect(await titulos()).toEqual(['Primer tema', ...Array.from({ length: 19 }, (_, i) => `Tema ${44 - i}`)]);
    const verMas = page.getByRole('button', { name: TEXTOS_FOROS.verMasTemas });
    await verMas.click();
    await expect.poll(() => lista.count()).toBe(40);
    await verMas.click();
    await expect.poll(() => lista.count()).toBe(45);
    expect(await verMas.count()).toBe(0);
    const todos = await titulos();
    expect(new Set(todos).size).toBe(45);
    expect(todos.slice(-2)).toEqual(['Tema 02', 'Tema 01']);
    // The oldest opens like any other.
    await lista.getByText('Tema 01', { exact: true }).click();
    await page.waitForURL((u) => /\/foros\/\d+\/temas\/\d+$/.test(u.pathname));
    await page.locator('[data-tema-titulo]').getByText('Tema 01').waitFor();
  });
});
