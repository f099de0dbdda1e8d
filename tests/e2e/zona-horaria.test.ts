// A psychologist whose computer is in another time zone (travelling, or a machine left on UTC) reads
// every instant in the clinic's zone, as the agenda, the patient's app and the patient file's notes
// already show them (decisions 011 and 252): a chat message, a forum post and a patient's evidence
// sent at 23:30 in Mexico City read 23:30 of that day, not the next afternoon of the browser's zone;
// the admin tables likewise, while a birth date (a calendar date, not an instant) reads as stored.
import { eq } from 'drizzle-orm';
import { actividadAsignada, evidencia } from '@miduelo/server/db/schema/actividades';
import { mensaje } from '@miduelo/server/db/schema/chat';
import { foroMensaje } from '@miduelo/server/db/schema/foros';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asignarA, PNG, subir } from '../helpers/actividades';
import { crearPractica, psicologoApi, refirmar } from '../helpers/agenda';
import { abrirChat, crearConsulta } from '../helpers/chat';
import type { E2E } from '../helpers/e2e';
import { foroConTema, pacienteForo, psicologoForo } from '../helpers/foros';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { barreraDePeticiones, enVivo } from '../helpers/e2e-esperas';
import { debeOmitirE2E } from '../helpers/navegador';
import { TEXTOS_PACIENTES } from '@miduelo/shared/pacientes';

const omitir = debeOmitirE2E();
let e: E2E;

// 05:30 UTC on 10 March 2026: 23:30 of Monday 9 March in Mexico City (UTC−6), 14:30 of Tuesday 10
// March in Tokyo (UTC+9) — the hour and the day both differ.
const INSTANTE = new Date('2026-03-10T05:30:00Z');
const EN_LA_CLINICA = '09/03/2026 23:30';
const EN_TOKIO = '10/03/2026 14:30';
const TOKIO = { timezoneId: 'Asia/Tokyo' } as const;
/** A signed-in page in a browser whose computer is in Tokyo. */
const paginaEnTokio = async (token: string, ruta: string) => e.paginaConSesion(token, ruta, await e.contexto(TOKIO));

describe.skipIf(omitir)('horas de la clínica en una computadora de otra zona', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('el chat muestra la hora, el día y la fecha de la lista en la zona de la clínica', async () => {
    const c = await crearConsulta(e.t, 1);
    const id = await abrirChat(c);
    const r = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'No pude dormir' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    await e.t.db.update(mensaje).set({ fecha_envio: INSTANTE }).where(eq(mensaje.id_chat, id));

    const page = await paginaEnTokio(c.psi.token, `/chat-pacientes-del-psicologo?paciente=${c.pacientes[0].id_paciente}`);
    const conversacion = page.getByRole('region', { name: 'Conversación' });
    const burbuja = conversacion.locator('li[data-remitente]').filter({ hasText: 'No pude dormir' });
    await burbuja.waitFor();
    expect(await burbuja.locator('time').textContent()).toBe('23:30');
    // The day separator above it names the clinic's day (Monday 9), not Tokyo's (Tuesday 10).
    const separador = conversacion.locator('li[data-separador-dia]').first();
    expect(await separador.textContent()).toMatch(/^(lunes )?9 de marzo/);
    // The list's relative time, older than a week: the clinic's day and month.
    expect(await page.locator(`[data-chat="${id}"]`).textContent()).toContain('09/03');
  }, 60_000);

  it('el foro y las evidencias del expediente muestran la fecha y hora de la clínica', async () => {
    const psi = await psicologoForo(e.t);
    const pac = await pacienteForo(e.t);
    const { idForo, idTema } = await foroConTema(psi);
    expect((await pac.post(`/api/foros/${idForo}/unirse`)).status).toBe(200);
    const post = await pac.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Hoy se cumple un año' });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    await e.t.db.update(foroMensaje).set({ fecha_envio: INSTANTE }).where(eq(foroMensaje.id_tema, idTema));

    const foro = await paginaEnTokio(psi.token, `/foros/${idForo}/temas/${idTema}`);
    const mensajeForo = foro.locator('li').filter({ hasText: 'Hoy se cumple un año' });
    await mensajeForo.waitFor();
    const textoForo = await mensajeForo.textContent();
    expect(textoForo).toContain(EN_LA_CLINICA);
    expect(textoForo).not.toContain(EN_TOKIO);

    const p = await crearPractica(e.t, 1);
    const [a] = await asignarA(e.t, p);
    const r = await subir(e.t, p.tokensPacientes[0], `/api/paciente/actividades/${a.id_asignacion}/evidencias`, [
      { campo: 'comentario', valor: 'El árbol donde nos sentábamos' },
      { campo: 'visible_para_psicologo', valor: 'true' },
      { campo: 'archivo', archivo: PNG, nombre: 'arbol.png', tipo: 'image/png' },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    await e.t.db.update(evidencia).set({ fecha_subida: INSTANTE }).where(eq(evidencia.id_asignacion, a.id_asignacion));
    await e.t.db.update(actividadAsignada).set({ fecha_asignacion: INSTANTE }).where(eq(actividadAsignada.id_asignacion, a.id_asignacion));

    const page = await paginaEnTokio(p.token, `/paciente/${p.pacientes[0].id_paciente}`);
    await page.getByRole('tab', { name: 'Actividades' }).click();
    await page.locator(`[data-asignacion="${a.id_asignacion}"]`).getByRole('button').first().click();
    const panel = page.getByRole('dialog');
    await panel.getByText('El árbol donde nos sentábamos').waitFor();
    const textoPanel = await panel.textContent();
    expect(textoPanel).toContain(EN_LA_CLINICA);
    expect(textoPanel).toMatch(/Asignada\s*09\/03\/2026/);
    expect(textoPanel).not.toContain('10/03/2026');
  }, 60_000);

  it('la administración ve el registro en la zona de la clínica y la fecha de nacimiento tal cual', async () => {
    const admin = await crearPsicologo(e.t.db, { rol_admin: true, nombre: 'Alba' });
    const psi = await crearPsicologo(e.t.db, { nombre: 'Registrada', createdAt: INSTANTE, fecha_nacimiento: '1990-05-21' });
    const page = await paginaEnTokio(sesionPsicologo(e.t.app, admin), '/admin/psicologos');
    const fila = page.locator(`tr[data-fila-psicologo="${psi.id_psicologo}"]`);
    await fila.waitFor();
    expect(await fila.textContent()).toContain('09/03/2026');
    await fila.getByRole('button', { name: /Ver detalle/ }).click();
    const detalle = page.getByRole('dialog');
    await detalle.getByText('Fecha de nacimiento').waitFor();
    const texto = await detalle.textContent();
    // A calendar date is not an instant: 21 May stays 21 May (read as midnight UTC it would be the 20th in Mexico City).
    expect(texto).toMatch(/Fecha de nacimiento\s*21\/05\/1990/);
    expect(texto).toMatch(/Registro\s*09\/03\/2026/);
  }, 60_000);

  it('la tarjeta Próxima Cita pasa a la siguiente cuando termina la que muestra, sin recargar', async () => {
    // The server's clock and the browser's both near the end of Monday's 10:00–11:00 session, in the clinic.
    e.t.reloj.fijar('2027-03-01T09:00:00-06:00');
    try {
      const p = await crearPractica(e.t, 1);
      const api = psicologoApi(e.t, p);
      const id_paciente = p.pacientes[0].id_paciente;
      for (const fecha of ['2027-03-01', '2027-03-02']) {
        const r = await api.crearCita({ id_paciente, fecha, hora_inicio: '10:00', estado: 'confirmada' });
        expect(r.statusCode, r.body).toBe(201);
      }
      e.t.reloj.fijar('2027-03-01T10:59:50-06:00');
      refirmar(e.t, p);
      const ctx = await e.contexto();
      await ctx.clock.install({ time: new Date('2027-03-01T10:59:50-06:00') });
      let lecturasEnCurso = 0;
      const esLectura = (r: { url(): string }) => r.url().endsWith('/proxima-cita');
      ctx.on('request', (r) => {
        if (esLectura(r)) lecturasEnCurso++;
      });
      const terminada = (r: { url(): string }) => {
        if (esLectura(r)) lecturasEnCurso--;
      };
      ctx.on('requestfinished', terminada);
      ctx.on('requestfailed', terminada);
      const page = await e.paginaConSesion(p.token, `/paciente/${id_paciente}`, ctx);
      const tarjeta = page
        .locator('div')
        .filter({ has: page.getByRole('heading', { name: TEXTOS_PACIENTES.proximaCita }) })
        .last();
      await tarjeta.getByText('lunes, 1 de marzo de 2027').waitFor();

      // The reload the socket's connection triggers has been answered (before 11:00 too).
      await enVivo(page);
      await barreraDePeticiones(page);
      await expect.poll(() => lecturasEnCurso).toBe(0);
      // 11:00 passes in the clinic: the card shows Tuesday's session — no event, no reload, the
      // socket still up (a jump shorter than its ping deadline, which would reconnect and reload).
      e.t.reloj.fijar('2027-03-01T11:00:05-06:00');
      await ctx.clock.fastForward(12_000);
      await tarjeta.getByText('martes, 2 de marzo de 2027').waitFor();
      expect(await tarjeta.getByText('lunes, 1 de marzo de 2027').count()).toBe(0);
      expect(await page.locator('html[data-tiempo-real="conectado"]').count()).toBe(1);
    } finally {
      e.t.reloj.fijar(new Date());
    }
  }, 60_000);
});
