// The patient's app (/app, issue 17) with their grief activities, in a phone-sized Chromium
// (390×844): a photo uploaded from the app appears live in the psychologist's open Actividades tab
// (a second browser context) once the patient shares it, and leaves it when deleted; the type and
// size limits are explained with the server's words; an activity the psychologist assigns appears
// live on Home and in Mi proceso, a reminder shows, and a module activity is started and finished;
// an activity that arrives live while a reload is on its way stays (decision 240).
import { MSG_ACTIVIDADES } from '@miduelo/shared/actividades';
import { actividadAsignada, evidencia } from '@miduelo/server/db/schema/actividades';
import { aceptacionConsentimiento, documentoConsentimiento } from '@miduelo/server/db/schema/consentimiento';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asignarA, llamar, PNG, primeraDeModulo } from '../helpers/actividades';
import { crearPractica, type Practica } from '../helpers/agenda';
import type { E2E } from '../helpers/e2e';
import { debeOmitirE2E, TELEFONO_TACTIL } from '../helpers/navegador';
import { entrarEnLaApp } from '../helpers/app-paciente';
import { retenerLecturas } from '../helpers/e2e-esperas';

const omitir = debeOmitirE2E();
let e: E2E;
const contextos: BrowserContext[] = [];

async function telefono(): Promise<Page> {
  const c = await e.contexto(TELEFONO_TACTIL);
  contextos.push(c);
  return c.newPage();
}

/** A practice whose patient accepted the documents in force (as registration records them). */
async function practica(): Promise<Practica> {
  const p = await crearPractica(e.t, 1);
  const docs = await e.t.db.select().from(documentoConsentimiento);
  const vigente = new Map<string, number>();
  for (const d of docs) vigente.set(d.tipo, Math.max(vigente.get(d.tipo) ?? 0, d.version));
  await e.t.db
    .insert(aceptacionConsentimiento)
    .values(
      [...vigente].map(([tipo, version]) => ({ id_paciente: p.pacientes[0].id_paciente, tipo, version, aceptadoEn: new Date(), ip: null })),
    );
  return p;
}

/** The patient's socket is in their room: live events reach the page from now on. */
async function enVivo(p: Practica) {
  const { sala } = await import('@miduelo/shared/realtime');
  await expect.poll(() => e.t.app.realtime.haySockets(sala.paciente(p.pacientes[0].id_paciente)), { timeout: 15_000 }).toBe(true);
}

/** The patient of a new practice signed in on a phone, on Home with nothing due, live. */
async function enInicioSinPendientes() {
  const p = await practica();
  const page = await telefono();
  await entrarEnLaApp(page, p.pacientes[0].email);
  const deHoy = page.getByRole('region', { name: 'Tus actividades de hoy' });
  await deHoy.getByText('Nada pendiente para hoy.').waitFor();
  await enVivo(p);
  return { p, page, deHoy };
}

/** Today in the clinic's zone (the app's "today"). */
const hoy = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

describe.skipIf(omitir)('actividades en la app del paciente', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    for (const c of contextos) await c.close().catch(() => {});
    await e?.cerrar();
  });

  it('la foto que sube el paciente aparece en vivo en la pestaña Actividades abierta del psicólogo, y se va al borrarla', async () => {
    const p = await practica();
    const [a] = await asignarA(e.t, p, { instrucciones_personalizadas: 'Escríbela con calma, sin corregir nada.' });

    // The psychologist has the patient's file open on the Actividades tab.
    const psi = await e.paginaConSesion(p.token, `/paciente/${p.pacientes[0].id_paciente}`);
    await psi.getByRole('tab', { name: 'Actividades' }).click();
    await psi.getByRole('heading', { name: /Actividades Asignadas/ }).waitFor();
    await psi.waitForFunction(() => !document.body.textContent?.includes('Sin conexión en tiempo real'), null, { timeout: 15_000 });
    const fila = psi.locator(`[data-asignacion="${a.id_asignacion}"]`);
    await fila.getByText('0 evidencia(s)').waitFor();

    const page = await telefono();
    await entrarEnLaApp(page, p.pacientes[0].email);
    await page.getByRole('navigation').getByRole('link', { name: 'Mi proceso' }).click();
    await page.getByRole('list', { name: 'Actividades en curso' }).locator(`[data-asignacion="${a.id_asignacion}"]`).click();
    await page.waitForURL((u) => u.pathname === `/app/proceso/actividad/${a.id_asignacion}`);
    await page.getByText('Escríbela con calma, sin corregir nada.').waitFor();

    // Limits, in the server's words: a text file is refused by the server (its bytes), a file over
    // 25 MB by the phone before spending the patient's data.
    await page.getByLabel('Elegir un archivo').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    await page.getByRole('button', { name: 'Subir evidencia' }).click();
    await page.getByText(MSG_ACTIVIDADES.evidenciaTipoNoPermitido).waitFor();
    await page
      .getByLabel('Elegir un archivo')
      .setInputFiles({ name: 'video.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(25 * 1024 * 1024 + 1) });
    await page.getByText(MSG_ACTIVIDADES.evidenciaDemasiadoGrande(25)).waitFor();
    expect(await page.getByTestId('archivo-elegido').count()).toBe(0);
    expect(await e.t.db.select().from(actividadAsignada).where(eq(actividadAsignada.id_asignacion, a.id_asignacion))).toMatchObject([
      { visible_para_psicologo: false },
    ]);

    // Shared with the psychologist, then a photo "from the camera" with a few words.
    await page.getByRole('switch', { name: /Compartir con mi psicóloga o psicólogo/ }).click();
    await page.getByText('Puede ver lo que subas en esta actividad.').waitFor();
    await page.getByLabel('Tomar una foto').setInputFiles({ name: 'arbol.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('archivo-elegido').getByText('arbol.png').waitFor();
    await page.getByLabel('Unas palabras (opcional)').fill('El árbol donde nos sentábamos');
    await page.getByRole('button', { name: 'Subir evidencia' }).click();
    await page.getByText('Listo. Tu psicóloga o psicólogo ya puede verla.').waitFor();
    // The app shows it, fetched with the session through the authorized route (the 1×1 PNG decoded).
    await page.waitForFunction(() =>
      Array.from(document.images).some((i) => i.alt === 'Evidencia: El árbol donde nos sentábamos' && i.naturalWidth === 1),
    );

    // …and the psychologist's open tab, without reloading.
    await fila.getByText('1 evidencia(s)').waitFor();

    // The patient deletes it: gone from both.
    const evidencias = page.getByRole('list', { name: 'Evidencias subidas' });
    await evidencias.getByRole('button', { name: 'Eliminar' }).click();
    await evidencias.getByRole('button', { name: 'Sí, eliminarla' }).click();
    await page.getByText('Todavía no has subido evidencias en esta actividad.').waitFor();
    await fila.getByText('0 evidencia(s)').waitFor();
  }, 120_000);

  it('en un teléfono con la cookie anti-falsificación del sitio (abrió alguna vez la web de MiDuelo), la evidencia se sube igual', async () => {
    const p = await practica();
    const [a] = await asignarA(e.t, p);
    const page = await telefono();
    // The psychologists' site sets this cookie on the same origin (its login form asks for it first).
    await page.request.get('/api/xsrf');
    expect((await page.context().cookies()).map((c) => c.name)).toContain('XSRF-TOKEN');
    await entrarEnLaApp(page, p.pacientes[0].email);
    await page.getByRole('navigation').getByRole('link', { name: 'Mi proceso' }).click();
    await page.getByRole('list', { name: 'Actividades en curso' }).locator(`[data-asignacion="${a.id_asignacion}"]`).click();
    await page.getByLabel('Tomar una foto').setInputFiles({ name: 'vela.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Unas palabras (opcional)').fill('La vela de su aniversario');
    await page.getByRole('button', { name: 'Subir evidencia' }).click();
    await page.getByText('Listo. Se guardó solo para ti.').waitFor();
    expect(await e.t.db.select().from(evidencia).where(eq(evidencia.id_asignacion, a.id_asignacion))).toHaveLength(1);
  }, 60_000);

  it('una evidencia guardada cuya respuesta se perdió: sin cambios se guarda una vez; con otro comentario, otra evidencia con él (decisión 313)', async () => {
    const p = await practica();
    const [a] = await asignarA(e.t, p);
    const page = await telefono();
    await entrarEnLaApp(page, p.pacientes[0].email);
    await page.getByRole('navigation').getByRole('link', { name: 'Mi proceso' }).click();
    await page.getByRole('list', { name: 'Actividades en curso' }).locator(`[data-asignacion="${a.id_asignacion}"]`).click();
    const subir = (u: URL) => u.pathname === `/api/paciente/actividades/${a.id_asignacion}/evidencias`;
    const ids: string[] = [];
    const idDe = (cuerpo: Buffer | null) => /name="id_cliente"\r\n\r\n([A-Za-z0-9_-]+)/.exec(cuerpo?.toString('latin1') ?? '')?.[1] ?? '';
    // Every upload reaches the server and is stored; the answers of the first two never reach the phone.
    let cortar = 2;
    let hechas = 0;
    await page.route(subir, async (r) => {
      if (r.request().method() !== 'POST') return r.fallback();
      ids.push(idDe(r.request().postDataBuffer()));
      const f = await r.fetch();
      hechas++;
      if (cortar-- > 0) return r.abort('failed');
      return r.fulfill({ response: f });
    });
    const guardadas = async () =>
      (await e.t.db.select().from(evidencia).where(eq(evidencia.id_asignacion, a.id_asignacion)))
        .sort((x, y) => x.id_evidencia - y.id_evidencia)
        .map((f) => (f.comentario === null ? null : e.t.app.ctx.cifrador.descifrar(f.comentario, 'evidencia.comentario')));

    await page.getByLabel('Tomar una foto').setInputFiles({ name: 'banco.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Unas palabras (opcional)').fill('El banco del parque');
    await page.getByRole('button', { name: 'Subir evidencia' }).click();
    await page.getByText('No hay conexión a internet', { exact: false }).waitFor();
    expect(await guardadas()).toEqual(['El banco del parque']);
    // Unchanged, it is a retry: the same id, still one evidence.
    await page.getByRole('button', { name: 'Subir evidencia' }).click();
    await page.getByText('No hay conexión a internet', { exact: false }).waitFor();
    await expect.poll(() => hechas).toBe(2);
    expect(ids[1]).toBe(ids[0]);
    expect(await guardadas()).toEqual(['El banco del parque']);
    // She changes her words and uploads again: another request, stored with what she wrote now.
    await page.getByLabel('Unas palabras (opcional)').fill('El banco del parque, donde me pidió matrimonio');
    await page.getByRole('button', { name: 'Subir evidencia' }).click();
    await page.getByText('Listo. Se guardó solo para ti.').waitFor();
    expect(ids).toHaveLength(3);
    expect(ids[2]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(ids[2]).not.toBe(ids[0]);
    expect(await guardadas()).toEqual(['El banco del parque', 'El banco del parque, donde me pidió matrimonio']);
  }, 60_000);

  it('una actividad asignada aparece en vivo en Inicio y en Mi proceso; el recordatorio se ve; empezar y terminar una de módulo', async () => {
    const { p, page, deHoy } = await enInicioSinPendientes();

    // Due today: it appears on Home live.
    const modulo = await primeraDeModulo(e.t, p);
    const propia = await llamar(e.t, p.token).post('/api/psicologo/actividades', {
      titulo: 'Una caminata lenta por el parque donde paseábamos juntos cada domingo por la tarde',
      descripcion: 'Camina sin prisa y fíjate en tres cosas que te hagan sentir en calma.',
      tipo: 'Ejercicio físico',
    });
    expect(propia.statusCode, propia.body).toBe(201);
    const idPropia = (propia.json() as { id_actividad: number }).id_actividad;
    const [hoyA] = await asignarA(e.t, p, { id_actividad: idPropia, fecha_limite: hoy() });
    await deHoy.getByRole('link', { name: /Una caminata lenta.*Para hoy/ }).waitFor();

    // In Mi proceso, the next one the psychologist assigns arrives with a gentle notice.
    await page.getByRole('navigation').getByRole('link', { name: 'Mi proceso' }).click();
    const enCurso = page.getByRole('list', { name: 'Actividades en curso' });
    await enCurso.locator(`[data-asignacion="${hoyA.id_asignacion}"]`).waitFor();
    const [segunda] = await asignarA(e.t, p, { id_actividad: modulo, fecha_limite: null });
    await enCurso.locator(`[data-asignacion="${segunda.id_asignacion}"]`).waitFor();
    await page.getByText(/Tu psicóloga o psicólogo te asignó «/).waitFor();
    expect(await enCurso.locator('[data-asignacion]').count()).toBe(2);

    const recordatorio = await llamar(e.t, p.token).post(`/api/psicologo/actividades/asignadas/${hoyA.id_asignacion}/recordatorio`, {});
    expect(recordatorio.statusCode, recordatorio.body).toBe(200);
    await page.getByText(/te recuerda «Una caminata lenta/).waitFor();

    // A module activity the patient starts by themself, then finishes.
    const etapa = page.locator('details[data-modulo="Ira"]');
    await etapa.locator('summary').click();
    const empezar = etapa.getByRole('button', { name: /^Empezar/ }).first();
    const titulo = (await empezar.getAttribute('aria-label'))?.replace(/^Empezar «|»$/g, '') ?? '';
    await empezar.click();
    await page.waitForURL((u) => /^\/app\/proceso\/actividad\/\d+$/.test(u.pathname));
    await page.getByRole('heading', { name: titulo }).waitFor();
    await page.getByRole('button', { name: 'Marcar como terminada' }).click();
    await page.getByTestId('estado-actividad').getByText('Terminada').waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const [fila] = await e.t.db.select().from(actividadAsignada).where(eq(actividadAsignada.id_asignacion, id));
    expect(fila).toMatchObject({ id_paciente: p.pacientes[0].id_paciente, estado: 'finalizada', asignada_por: 'paciente' });

    // Back in Mi proceso the stage shows one done.
    await page.getByRole('link', { name: 'Mi proceso' }).first().click();
    await page.locator('details[data-modulo="Ira"]').getByText('1 de 4 terminadas').waitFor();
  }, 120_000);

  it('una actividad que llega en vivo mientras la app recarga la lista al reconectarse no desaparece con la respuesta de esa recarga', async () => {
    const { p, page, deHoy } = await enInicioSinPendientes();
    const api = llamar(e.t, p.token);
    async function asignarHoy(titulo: string) {
      const r = await api.post('/api/psicologo/actividades', {
        titulo,
        descripcion: 'Con calma, a tu ritmo.',
        tipo: 'Escritura terapéutica',
      });
      expect(r.statusCode, r.body).toBe(201);
      await asignarA(e.t, p, { id_actividad: (r.json() as { id_actividad: number }).id_actividad, fecha_limite: hoy() });
      await deHoy.getByRole('link', { name: new RegExp(titulo) }).waitFor();
    }
    await asignarHoy('Escribir una carta');

    // The next reload of the list is read from the server at once and answered only when released:
    // it answers what the server had before the next assignment.
    const { leida: seLeyo, soltar } = await retenerLecturas(page, '**/api/paciente/actividades');
    // The connection drops and comes back (the server closes it): the app reloads the list once
    // connected again, so the new socket is already in the patient's room when that read is done.
    const { sala } = await import('@miduelo/shared/realtime');
    const io = e.t.app.realtime.io;
    for (const id of io.sockets.adapter.rooms.get(sala.paciente(p.pacientes[0].id_paciente)) ?? [])
      io.sockets.sockets.get(id)?.conn.close();
    await seLeyo;

    // Assigned while that reload is on its way: it arrives live…
    await asignarHoy('Mirar fotos de cuando éramos niños');
    // …and the reload's older answer, arriving after it, does not take it back.
    const terminada = page.waitForEvent('requestfinished', (r) => new URL(r.url()).pathname === '/api/paciente/actividades');
    soltar();
    await terminada;
    // One more live assignment: once it shows, every earlier change of the list has been applied.
    await asignarHoy('Regar las plantas que sembramos');
    const titulos = await deHoy.getByRole('list', { name: 'Actividades de hoy' }).getByRole('listitem').allTextContents();
    expect(titulos).toHaveLength(3);
    expect(titulos.join(' | ')).toMatch(/Escribir una carta/);
    expect(titulos.join(' | ')).toMatch(/Mirar fotos de cuando éramos niños/);
  }, 120_000);
});
