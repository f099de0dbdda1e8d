// The patient's app (issue 17) at phone size: the daily check-in on Inicio writes today's diary
// entry and the month view shows it; an entry is shared with the psychologist and deleted after a
// confirmation; forum posts written by the psychologist and by another member (which she reports)
// appear live in the patient's open topic, her own post appears, a removal shows live, and a server
// refusal is shown in Spanish without ending the session; a post hidden or shown again by a moderator
// changes on the phone's copy of the topic too (decision 257); a post written without connection is
// published by itself, once, when the connection returns (decision 270).
import { expect as esperar } from 'vitest';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { MSG_FOROS, TEXTOS_FOROS } from '@miduelo/shared/foros';
import { diarioEmocion } from '@miduelo/server/db/schema/actividades';
import { leerEntrada } from '@miduelo/server/modules/actividades/diario-cifrado';
import { salaForo, salaTema } from '@miduelo/server/modules/foros/salas';
import { debeOmitirE2E, TELEFONO_TACTIL } from '../helpers/navegador';
import type { E2E } from '../helpers/e2e';
import { crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { foroConTema, forosNuevos, pacienteForo, temasAntiguos, usuario } from '../helpers/foros';
import { aceptarVigentes, entrarEnLaApp } from '../helpers/app-paciente';

const omitir = debeOmitirE2E();
let e: E2E;
const contextos: BrowserContext[] = [];

async function telefono(): Promise<Page> {
  const c = await e.contexto(TELEFONO_TACTIL);
  contextos.push(c);
  return c.newPage();
}

const hoyClinica = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    e.t.reloj.ahora(),
  );

async function practica() {
  const psi = await crearPsicologo(e.t.db);
  const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Lucía' });
  await aceptarVigentes(e.t.db, pac.id_paciente);
  const tokenPsi = sesionPsicologo(e.t.app, psi);
  return { psi, pac, tokenPsi, psicologa: usuario(e.t, tokenPsi, 'psicologo', psi.id_psicologo, psi.nombre) };
}

/** The patient's diary rows as stored, with what she wrote read back (emotion, intensity and note
 * are stored encrypted: decision 335). */
const entradasDe = async (idPaciente: number) =>
  (await e.t.db.select().from(diarioEmocion).where(eq(diarioEmocion.id_paciente, idPaciente))).map((f) => ({
    ...f,
    ...leerEntrada(e.t.app.ctx.cifrador, f),
    nota: f.nota,
  }));

describe.skipIf(omitir)('app del paciente: diario de emociones y foros', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    for (const c of contextos) await c.close().catch(() => {});
    await e?.cerrar();
  });

  it('el registro del día en Inicio escribe la entrada de hoy y el mes la muestra; compartirla y eliminarla', async () => {
    const { pac, psicologa } = await practica();
    const page = await telefono();
    await entrarEnLaApp(page, pac.email);
    const hoy = hoyClinica();

    const registro = page.locator('section', { hasText: '¿Cómo te sientes hoy?' });
    await registro.getByRole('button', { name: 'Calma', exact: true }).click();
    await registro.getByLabel(/Si quieres, escribe algo más/).fill('Fui al panteón y le llevé flores.\nMe sentí en paz.');
    await registro.getByRole('button', { name: 'Guardar en mi diario' }).click();
    await registro.getByText('Guardamos en tu diario').waitFor();

    const [fila] = await entradasDe(pac.id_paciente);
    esperar({ fecha: fila.fecha, emocion: fila.emocion, intensidad: fila.intensidad, compartida: fila.compartida }).toEqual({
      fecha: hoy,
      emocion: 'Calma',
      intensidad: 5,
      compartida: false,
    });

    // Once done today, Inicio says so (also after reloading the app).
    await page.reload();
    await page.getByTestId('registro-hecho').getByText('Hoy ya escribiste en tu diario').waitFor();

    // The month view: today's cell carries the emotion, the list the entry.
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Diario' }).click();
    await page.waitForURL((u) => u.pathname === '/app/diario');
    esperar(await page.locator(`[data-fecha="${hoy}"]`).getAttribute('aria-label')).toMatch(/: Calma$/);
    const tarjeta = page.getByTestId(`entrada-${fila.id_entrada}`);
    await tarjeta.getByText('Solo para ti').waitFor();
    await tarjeta.getByText('Fui al panteón y le llevé flores.').waitFor();

    // Share it: the psychologist can read it now; unshared it was not there.
    const mes = hoy.slice(0, 7);
    const antes = await psicologa.get(`/api/psicologo/pacientes/${pac.id_paciente}/diario?mes=${mes}`);
    esperar(antes.body).toEqual([]);
    await tarjeta.click();
    await page.getByTestId('nota-entrada').getByText('Me sentí en paz.').waitFor();
    await page.getByRole('button', { name: 'Compartir con mi psicóloga o psicólogo' }).click();
    await page.getByText('Listo. Tu psicóloga o psicólogo ya puede leer esta entrada.').waitFor();
    const despues = await psicologa.get(`/api/psicologo/pacientes/${pac.id_paciente}/diario?mes=${mes}`);
    esperar(despues.body.map((x: { id_entrada: number; nota: string }) => [x.id_entrada, x.nota])).toEqual([
      [fila.id_entrada, 'Fui al panteón y le llevé flores.\nMe sentí en paz.'],
    ]);

    // Delete, after a confirmation that can be declined.
    await page.getByRole('button', { name: 'Eliminar entrada' }).click();
    await page.getByRole('button', { name: 'Conservarla' }).click();
    esperar(await entradasDe(pac.id_paciente)).toHaveLength(1);
    await page.getByRole('button', { name: 'Eliminar entrada' }).click();
    await page.getByRole('button', { name: 'Sí, eliminar' }).click();
    await page.getByText('La entrada se eliminó.').waitFor();
    esperar(page.url()).toMatch(/\/app\/diario$/);
    await page.getByText(/No hay entradas en/).waitFor();
    esperar(await entradasDe(pac.id_paciente)).toEqual([]);
  });

  it('una entrada del diario escrita sin conexión no se pierde: dice que no se guardó, sigue ahí al reabrir la app y se guarda con conexión', async () => {
    const { pac } = await practica();
    const c = await e.contexto(TELEFONO_TACTIL);
    contextos.push(c);
    const page = await c.newPage();
    await entrarEnLaApp(page, pac.email);
    // The worker controls the page (the app reopens offline from it).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
    await c.setOffline(true);
    await page.getByText(/Sin conexión/).waitFor();

    const registro = page.locator('section', { hasText: '¿Cómo te sientes hoy?' });
    const nota = registro.getByLabel(/Si quieres, escribe algo más/);
    await registro.getByRole('button', { name: 'Nostalgia', exact: true }).click();
    await nota.fill('Encontré su bufanda en el clóset.');
    await registro.getByRole('button', { name: 'Guardar en mi diario' }).click();
    // Said as it is: not saved yet (nothing retries it by itself), kept here.
    await registro.getByRole('alert').getByText('tu entrada aún no se guardó', { exact: false }).waitFor();

    // She closes the app and opens it again, still offline: what she wrote is there, unsaved.
    await page.reload();
    esperar(await nota.inputValue()).toBe('Encontré su bufanda en el clóset.');
    esperar(await registro.getByRole('button', { name: 'Nostalgia', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await registro.getByText('Esta entrada no se guardó porque no había conexión.', { exact: false }).waitFor();
    esperar(await entradasDe(pac.id_paciente)).toEqual([]);

    await c.setOffline(false);
    await registro.getByRole('button', { name: 'Guardar en mi diario' }).click();
    await registro.getByText('Guardamos en tu diario').waitFor();
    const filas = await entradasDe(pac.id_paciente);
    esperar(filas.map((f) => [f.emocion, e.t.app.ctx.cifrador.descifrar(f.nota ?? '', 'diario_emocion.nota')])).toEqual([
      ['Nostalgia', 'Encontré su bufanda en el clóset.'],
    ]);
    // Saved once: nothing is offered again.
    await page.reload();
    await page.getByTestId('registro-hecho').getByText('Hoy ya escribiste en tu diario').waitFor();
  }, 60_000);

  it('una entrada guardada cuya respuesta se perdió se guarda una vez al volver a guardarla (decisión 313)', async () => {
    const { pac } = await practica();
    const c = await e.contexto(TELEFONO_TACTIL);
    contextos.push(c);
    const page = await c.newPage();
    await entrarEnLaApp(page, pac.email);
    const registro = page.locator('section', { hasText: '¿Cómo te sientes hoy?' });
    await registro.getByRole('button', { name: 'Esperanza', exact: true }).click();
    await registro.getByLabel(/Si quieres, escribe algo más/).fill('Hoy pude ver sus fotos.');
    // The entry reaches the server and is stored; its answer never reaches the phone.
    const guardar = (u: URL) => u.pathname === '/api/paciente/diario';
    const ids: unknown[] = [];
    await page.route(guardar, async (r) => {
      if (r.request().method() !== 'POST') return r.fallback();
      ids.push((r.request().postDataJSON() as { id_cliente?: unknown }).id_cliente);
      await r.fetch();
      await r.abort('failed');
    });
    await registro.getByRole('button', { name: 'Guardar en mi diario' }).click();
    await registro.getByRole('alert').getByText('tu entrada aún no se guardó', { exact: false }).waitFor();
    esperar(await entradasDe(pac.id_paciente)).toHaveLength(1);
    await page.unroute(guardar);
    await page.route(guardar, (r) => {
      if (r.request().method() === 'POST') ids.push((r.request().postDataJSON() as { id_cliente?: unknown }).id_cliente);
      return r.fallback();
    });

    // She saves it again from the same form: same id, so the stored entry is the answer.
    await registro.getByRole('button', { name: 'Guardar en mi diario' }).click();
    await registro.getByText('Guardamos en tu diario').waitFor();
    esperar(ids).toHaveLength(2);
    esperar(ids[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    esperar(ids[1]).toBe(ids[0]);
    const filas = await entradasDe(pac.id_paciente);
    esperar(filas.map((f) => f.emocion)).toEqual(['Esperanza']);
  }, 60_000);

  it('una entrada guardada cuya respuesta se perdió y que ella cambia antes de volver a guardar: se guardan las dos, nada se pierde (decisión 313)', async () => {
    const { pac } = await practica();
    const c = await e.contexto(TELEFONO_TACTIL);
    contextos.push(c);
    const page = await c.newPage();
    await entrarEnLaApp(page, pac.email);
    const registro = page.locator('section', { hasText: '¿Cómo te sientes hoy?' });
    await registro.getByRole('button', { name: 'Nostalgia', exact: true }).click();
    const nota = registro.getByLabel(/Si quieres, escribe algo más/);
    await nota.fill('Hoy encontré su bufanda.');
    // The entry reaches the server and is stored; its answer never reaches the phone.
    const guardar = (u: URL) => u.pathname === '/api/paciente/diario';
    const enviados: Array<{ id_cliente?: unknown; nota?: unknown }> = [];
    const respuestas: number[] = [];
    await page.route(guardar, async (r) => {
      if (r.request().method() !== 'POST') return r.fallback();
      enviados.push(r.request().postDataJSON());
      await r.fetch();
      await r.abort('failed');
    });
    await registro.getByRole('button', { name: 'Guardar en mi diario' }).click();
    await registro.getByRole('alert').getByText('tu entrada aún no se guardó', { exact: false }).waitFor();
    esperar(await entradasDe(pac.id_paciente)).toHaveLength(1);
    await page.unroute(guardar);
    await page.route(guardar, async (r) => {
      if (r.request().method() !== 'POST') return r.fallback();
      enviados.push(r.request().postDataJSON());
      const f = await r.fetch();
      respuestas.push(f.status());
      await r.fulfill({ response: f });
    });

    // She does not know it was stored: she adds to what she wrote and saves again.
    await nota.fill('Hoy encontré su bufanda. Todavía huele a él.');
    await registro.getByRole('button', { name: 'Guardar en mi diario' }).click();
    await registro.getByText('Guardamos en tu diario').waitFor();
    esperar(enviados.map((x) => x.nota)).toEqual(['Hoy encontré su bufanda.', 'Hoy encontré su bufanda. Todavía huele a él.']);
    // Another content is another request: a new id, so the server stores it instead of answering
    // the first entry as if the change had been saved.
    esperar(enviados[1].id_cliente).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    esperar(enviados[1].id_cliente).not.toBe(enviados[0].id_cliente);
    esperar(respuestas).toEqual([201]);
    const filas = await entradasDe(pac.id_paciente);
    esperar(
      filas
        .sort((x, y) => x.id_entrada - y.id_entrada)
        .map((f) => [f.emocion, e.t.app.ctx.cifrador.descifrar(f.nota ?? '', 'diario_emocion.nota')]),
    ).toEqual([
      ['Nostalgia', 'Hoy encontré su bufanda.'],
      ['Nostalgia', 'Hoy encontré su bufanda. Todavía huele a él.'],
    ]);
  }, 60_000);

  it('foros: unirse, los mensajes de otros llegan en vivo al tema abierto, el propio aparece, reportar uno, y un rechazo se lee en español', async () => {
    const { psi, pac, psicologa } = await practica();
    const { idForo, idTema } = await foroConTema(psicologa, { titulo: 'Duelo por la pérdida de un padre' });
    const page = await telefono();
    await entrarEnLaApp(page, pac.email);

    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Foros' }).click();
    const otros = page.getByRole('region', { name: 'Puedes unirte' });
    await otros.getByRole('link', { name: /Duelo por la pérdida de un padre/ }).click();
    await page.getByRole('button', { name: 'Unirme al foro' }).click();
    await page.getByText('Te uniste al foro. Ya puedes escribir en sus temas.').waitFor();
    await page.getByRole('link', { name: /Primer tema/ }).click();
    await page.getByText('Todavía no hay mensajes en este tema.').waitFor();
    // The topic's room holds the page's socket before the psychologist writes.
    await esperar.poll(() => e.t.app.realtime.haySockets(salaTema(idTema)), { timeout: 15_000 }).toBe(true);

    const r = await psicologa.post(`/api/foros/temas/${idTema}/mensajes`, {
      contenido: 'Bienvenida, Lucía. Aquí puedes escribir cuando quieras.',
    });
    esperar(r.status).toBe(201);
    const posts = page.getByTestId('posts');
    await posts.getByText('Bienvenida, Lucía. Aquí puedes escribir cuando quieras.').waitFor();

    await page.getByLabel('Escribe tu mensaje para el foro').fill('Gracias. Hoy extraño mucho a mi papá.');
    await page.getByRole('button', { name: 'Publicar en el foro' }).click();
    await posts.locator('li').filter({ hasText: 'Gracias. Hoy extraño mucho a mi papá.' }).getByText('Tú').waitFor();
    const lista = await psicologa.get(`/api/foros/temas/${idTema}/mensajes`);
    esperar(lista.body.data.map((m: { contenido: string; autor: { tipo: string } }) => [m.autor.tipo, m.contenido])).toEqual([
      ['psicologo', 'Bienvenida, Lucía. Aquí puedes escribir cuando quieras.'],
      ['paciente', 'Gracias. Hoy extraño mucho a mi papá.'],
    ]);
    esperar(await posts.locator('li').count()).toBe(2);

    // Another member's post arrives live too; she reports it to the moderators with a reason.
    const otro = await pacienteForo(e.t, { nombre: 'Ramiro', id_psicologo: psi.id_psicologo });
    esperar((await otro.post(`/api/foros/${idForo}/unirse`)).status).toBe(200);
    esperar((await otro.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Ya supérenlo, fue hace meses.' })).status).toBe(201);
    const ajeno = posts.locator('li').filter({ hasText: 'Ya supérenlo, fue hace meses.' });
    await ajeno.getByRole('button', { name: 'Reportar' }).click();
    await ajeno.getByLabel(/Por qué quieres reportar/).fill('Es hiriente');
    await ajeno.getByRole('button', { name: 'Enviar reporte' }).click();
    await ajeno.getByText(MSG_FOROS.reporteEnviado).waitFor();
    const reportes = await psicologa.get(`/api/foros/${idForo}/reportes`);
    esperar(reportes.body.data.map((x: { motivo: string; mensaje: { contenido: string } }) => [x.motivo, x.mensaje.contenido])).toEqual([
      ['Es hiriente', 'Ya supérenlo, fue hace meses.'],
    ]);
    // Her own posts carry no report button.
    esperar(
      await posts
        .locator('li')
        .filter({ hasText: 'Gracias. Hoy extraño mucho a mi papá.' })
        .getByRole('button', { name: 'Reportar' })
        .count(),
    ).toBe(0);

    // A moderator removes her: the open topic swaps its composer for the join prompt, live; joining
    // again is refused and the server's words are shown, and she stays signed in.
    const participantes = await psicologa.get(`/api/foros/${idForo}/participantes`);
    const suyo = participantes.body.data.find(
      (p: { usuario: { id: number }; tipo_usuario: string }) => p.tipo_usuario === 'paciente' && p.usuario.id === pac.id_paciente,
    );
    esperar((await psicologa.del(`/api/foros/${idForo}/participantes/${suyo.id_participante}`)).status).toBe(200);
    await page.getByText('Para escribir en este tema, únete al foro.').waitFor();
    esperar(await page.getByLabel('Escribe tu mensaje para el foro').count()).toBe(0);
    await page.getByRole('link', { name: 'Ir al foro' }).click();
    await page.getByRole('button', { name: 'Unirme al foro' }).click();
    await page.getByRole('alert').getByText(MSG_FOROS.removidoDelForo).waitFor();
    esperar(new URL(page.url()).pathname).toBe(`/app/foros/${idForo}`);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Inicio' }).click();
    await page.getByText('Tu próxima cita').waitFor();
  });

  it('un mensaje que la moderación oculta o vuelve a mostrar cambia también en el tema guardado en el teléfono y en el total de su foro', async () => {
    const { psi, pac, psicologa } = await practica();
    const { idForo, idTema } = await foroConTema(psicologa, { titulo: 'Foro moderado' });
    const paciente = usuario(e.t, sesionPaciente(e.t.app, pac), 'paciente', pac.id_paciente, pac.nombre);
    esperar((await paciente.post(`/api/foros/${idForo}/unirse`)).status).toBe(200);
    const otro = await pacienteForo(e.t, { nombre: 'Ramiro', id_psicologo: psi.id_psicologo });
    esperar((await otro.post(`/api/foros/${idForo}/unirse`)).status).toBe(200);
    esperar((await psicologa.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Bienvenidas.' })).status).toBe(201);
    const hiriente = await otro.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Ya supérenlo, fue hace meses.' });
    esperar(hiriente.status).toBe(201);
    const moderar = async (oculto: boolean) =>
      esperar((await psicologa.post(`/api/foros/mensajes/${hiriente.body.data.id_mensaje}/ocultar`, { oculto })).status).toBe(200);

    const page = await telefono();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Foros' }).click();
    await page
      .getByRole('region', { name: 'Tus foros' })
      .getByRole('link', { name: /Foro moderado/ })
      .click();
    const tarjeta = page.getByTestId('temas-foro').locator('li').filter({ hasText: 'Primer tema' });
    const posts = page.getByTestId('posts');
    const suyo = posts.locator('li').nth(1);
    const abrirTema = async () => {
      await tarjeta.getByRole('link').click();
      await posts.getByText('Bienvenidas.').waitFor();
    };
    const volverAlForo = async () => {
      await page.getByRole('link', { name: 'Volver a Foro moderado' }).click();
      await tarjeta.waitFor();
      await esperar.poll(() => e.t.app.realtime.haySockets(salaForo(idForo)), { timeout: 15_000 }).toBe(true);
    };
    await tarjeta.getByText(/^2 mensajes ·/).waitFor();
    await abrirTema();
    await suyo.getByText('Ya supérenlo, fue hace meses.').waitFor();
    await suyo.getByRole('button', { name: TEXTOS_FOROS.reportar }).waitFor();

    // Hidden while she reads the forum's page: the topic's count falls live; reopened, the topic
    // (shown first from the phone's copy) reads the moderation's note, with no text and no 'Reportar'.
    await volverAlForo();
    await moderar(true);
    await tarjeta.getByText(/^1 mensaje ·/).waitFor();
    await abrirTema();
    await suyo.getByText(TEXTOS_FOROS.mensajeOculto).waitFor();
    esperar(await posts.getByText('Ya supérenlo, fue hace meses.').count()).toBe(0);
    esperar(await suyo.getByRole('button', { name: TEXTOS_FOROS.reportar }).count()).toBe(0);

    // Shown again while the topic is open: its text arrives with the event.
    await esperar.poll(() => e.t.app.realtime.haySockets(salaTema(idTema)), { timeout: 15_000 }).toBe(true);
    await moderar(false);
    await suyo.getByText('Ya supérenlo, fue hace meses.').waitFor();
    await suyo.getByRole('button', { name: TEXTOS_FOROS.reportar }).waitFor();

    // Hidden again while it is open: the phone's copy is hidden too — reopened with the server out
    // of reach, the topic (from that copy) does not show the text.
    await moderar(true);
    await suyo.getByText(TEXTOS_FOROS.mensajeOculto).waitFor();
    await volverAlForo();
    const mensajesDelTema = (u: URL) => u.pathname === `/api/foros/temas/${idTema}/mensajes`;
    await page.route(mensajesDelTema, (r) => (r.request().method() === 'GET' ? r.abort('failed') : r.fallback()));
    const fallida = page.waitForEvent('requestfailed', (r) => mensajesDelTema(new URL(r.url())));
    await abrirTema();
    await fallida;
    await suyo.getByText(TEXTOS_FOROS.mensajeOculto).waitFor();
    esperar(await posts.getByText('Ya supérenlo, fue hace meses.').count()).toBe(0);
    await page.unroute(mensajesDelTema);

    // Shown again while she is away from the topic: reopened, the server's copy wins over the
    // phone's hidden one.
    await volverAlForo();
    await moderar(false);
    await tarjeta.getByText(/^2 mensajes ·/).waitFor();
    await abrirTema();
    await suyo.getByText('Ya supérenlo, fue hace meses.').waitFor();
    esperar(await posts.getByText(TEXTOS_FOROS.mensajeOculto).count()).toBe(0);
  });

  it('un mensaje escrito sin conexión se publica solo, una vez, cuando vuelve la conexión; también si salió del tema y volvió a abrirlo', async () => {
    const { pac, psicologa } = await practica();
    const { idForo, idTema } = await foroConTema(psicologa, { titulo: 'Foro sin cobertura' });
    const paciente = usuario(e.t, sesionPaciente(e.t.app, pac), 'paciente', pac.id_paciente, pac.nombre);
    esperar((await paciente.post(`/api/foros/${idForo}/unirse`)).status).toBe(200);
    esperar((await psicologa.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Bienvenidas.' })).status).toBe(201);
    const page = await telefono();
    const ctx = page.context();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Foros' }).click();
    await page
      .getByRole('region', { name: 'Tus foros' })
      .getByRole('link', { name: /Foro sin cobertura/ })
      .click();
    const tema = page.getByTestId('temas-foro').getByRole('link', { name: /Primer tema/ });
    await tema.click();
    const posts = page.getByTestId('posts');
    await posts.getByText('Bienvenidas.').waitFor();
    const ruta = `/api/foros/temas/${idTema}/mensajes`;
    const guardados = async () => (await psicologa.get(ruta)).body.data.map((m: { contenido: string }) => m.contenido) as string[];
    const caja = page.getByLabel('Escribe tu mensaje para el foro');
    const sinConexion = page.getByTestId('escribir').getByText('No hay conexión a internet. Lo intentaremos de nuevo en cuanto vuelva.');
    const propio = (texto: string) => posts.locator('li').filter({ hasText: texto }).getByText('Tú');

    // Written and sent with no connection: the composer says it will try again, and nothing is stored.
    await ctx.setOffline(true);
    await page.getByText(/Sin conexión/).waitFor();
    await caja.fill('Hoy escribo desde el panteón, sin señal.');
    await page.getByRole('button', { name: 'Publicar en el foro' }).click();
    await sinConexion.waitFor();
    esperar(await guardados()).toEqual(['Bienvenidas.']);

    // The connection returns with the topic open: the post leaves by itself, once.
    await ctx.setOffline(false);
    await propio('Hoy escribo desde el panteón, sin señal.').waitFor({ timeout: 15_000 });
    await sinConexion.waitFor({ state: 'detached' });
    esperar(await caja.inputValue()).toBe('');
    esperar(await guardados()).toEqual(['Bienvenidas.', 'Hoy escribo desde el panteón, sin señal.']);

    // Another one without connection; she leaves the topic and opens it again, still offline: the
    // post waits in the box (kept on the phone) and leaves when the connection returns.
    await ctx.setOffline(true);
    await page.getByText(/Sin conexión/).waitFor();
    await caja.fill('Mañana vuelvo a escribir.');
    await page.getByRole('button', { name: 'Publicar en el foro' }).click();
    await sinConexion.waitFor();
    await page.getByRole('link', { name: 'Volver a Foro sin cobertura' }).click();
    await tema.click();
    await posts.getByText('Bienvenidas.').waitFor();
    esperar(await caja.inputValue()).toBe('Mañana vuelvo a escribir.');
    await sinConexion.waitFor();
    await ctx.setOffline(false);
    await propio('Mañana vuelvo a escribir.').waitFor();
    esperar(await caja.inputValue()).toBe('');
    esperar(await guardados()).toEqual(['Bienvenidas.', 'Hoy escribo desde el panteón, sin señal.', 'Mañana vuelvo a escribir.']);
  });

  it('un tema abierto bajo la dirección de otro foro pasa a la de su foro: su título, volver a él y la invitación a unirse', async () => {
    const { pac, psicologa } = await practica();
    const { idForo, idTema } = await foroConTema(psicologa, { titulo: 'Foro donde vive el tema' });
    esperar((await psicologa.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Bienvenidas.' })).status).toBe(201);
    // She takes part in another forum, not in the topic's.
    const { idForo: otroForo } = await foroConTema(psicologa, { titulo: 'Foro al que se unió' });
    const page = await telefono();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Foros' }).click();
    await page
      .getByRole('region', { name: 'Puedes unirte' })
      .getByRole('link', { name: /Foro al que se unió/ })
      .click();
    await page.getByRole('button', { name: 'Unirme al foro' }).click();
    await page.getByText('Te uniste al foro. Ya puedes escribir en sus temas.').waitFor();

    // A link that names the wrong forum (hand-typed, or an old one): the app moves to the topic's own.
    await page.evaluate((ruta) => {
      history.pushState(null, '', ruta);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/app/foros/${otroForo}/temas/${idTema}`);
    await page.waitForURL((u) => u.pathname === `/app/foros/${idForo}/temas/${idTema}`);
    await page.getByTestId('posts').getByText('Bienvenidas.').waitFor();
    await page.getByRole('heading', { name: 'Primer tema' }).waitFor();
    await page.getByRole('link', { name: 'Volver a Foro donde vive el tema' }).waitFor();
    await page.getByText('Para escribir en este tema, únete al foro.').waitFor();
    esperar(await page.getByLabel('Escribe tu mensaje para el foro').count()).toBe(0);
  });

  it("los temas de un foro llegan de 20 en 20: 'Ver más temas' trae el resto, hasta el más antiguo", async () => {
    const { pac, psicologa } = await practica();
    const { idForo } = await foroConTema(psicologa, { titulo: 'Foro con muchos temas' });
    await temasAntiguos(e.t, idForo, psicologa, 24);
    const page = await telefono();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Foros' }).click();
    await page
      .getByRole('region', { name: 'Puedes unirte' })
      .getByRole('link', { name: /Foro con muchos temas/ })
      .click();
    const temas = page.getByTestId('temas-foro').locator('li');
    await temas.first().getByText('Primer tema').waitFor();
    esperar(await temas.count()).toBe(20);
    const verMas = page.getByRole('button', { name: 'Ver más temas' });
    await verMas.click();
    await esperar.poll(() => temas.count()).toBe(25);
    esperar(await verMas.count()).toBe(0);
    esperar(await temas.last().locator('h3').textContent()).toBe('Tema 01');
  });

  it("'Tus foros' lleva el foro al que se unió aunque después se abran más de 100 foros públicos", async () => {
    const { pac, psicologa } = await practica();
    const { idForo } = await foroConTema(psicologa, { titulo: 'Foro de los primeros días' });
    const paciente = usuario(e.t, sesionPaciente(e.t.app, pac), 'paciente', pac.id_paciente, pac.nombre);
    esperar((await paciente.post(`/api/foros/${idForo}/unirse`)).status).toBe(200);
    await forosNuevos(e.t, psicologa, 101);
    const page = await telefono();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Foros' }).click();
    const mios = page.getByRole('region', { name: 'Tus foros' });
    await mios.getByRole('link', { name: /Foro de los primeros días/ }).waitFor();
    // Every public forum is listed, the newest and the oldest of the new ones too.
    const otros = page.getByRole('region', { name: 'Puedes unirte' });
    await otros.getByRole('link', { name: /Foro nuevo 101/ }).waitFor();
    esperar(await otros.getByRole('link', { name: /Foro nuevo 001/ }).count()).toBe(1);
  });
});
