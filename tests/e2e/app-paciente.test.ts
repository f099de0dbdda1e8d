// The patient's installable web app (/app, issue 17) in a phone-sized Chromium (390×844): register
// with the psychologist's code → activate from the mail → log in; request an appointment and see it
// confirmed live; chat both ways live; write offline (reloading the app offline from its worker) and
// see each message arrive once, in order, when the connection returns; manifest and worker valid.
// Issue 15's patient endpoints: consent at registration and again when a document changes,
// password recovery from the login screen, and the profile in Ajustes.
import { expect as esperar } from 'vitest';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { MSG, MSG_CUENTA } from '@miduelo/shared/cuentas';
import { MSG_CONSENTIMIENTO } from '@miduelo/shared/cuentas-consentimiento';
import { MSG_PERFIL } from '@miduelo/shared/cuentas-perfil';
import { MSG_AGENDA, NOTAS_CITA_MAX } from '@miduelo/shared/agenda';
import { MENSAJE_MAX, MSG_CHAT } from '@miduelo/shared/chat';
import { SEMANA_DIAS } from '@miduelo/shared/constants';
import { and, asc, eq } from 'drizzle-orm';
import { cita } from '@miduelo/server/db/schema/agenda';
import { chat as chatTabla, mensaje } from '@miduelo/server/db/schema/chat';
import { paciente, psicologo } from '@miduelo/server/db/schema/cuentas';
import { debeOmitirE2E, TELEFONO_TACTIL } from '../helpers/navegador';
import type { E2E } from '../helpers/e2e';
import {
  CONTRASENA,
  crearPaciente,
  crearPsicologo,
  type Paciente,
  type Psicologo,
  sesionPaciente,
  sesionPsicologo,
} from '../helpers/fabricas';
import { aceptacionConsentimiento } from '@miduelo/server/db/schema/consentimiento';
import { aceptarVigentes, entrarEnLaApp } from '../helpers/app-paciente';
import { versionesVigentes } from '../helpers/consentimiento';
import { SIN_CONEXION, SIN_CONEXION_NO_GUARDADO } from '@/app-paciente/lib/api';

const omitir = debeOmitirE2E();
let e: E2E;

async function telefono(): Promise<BrowserContext> {
  const c = await e.contexto(TELEFONO_TACTIL);
  contextos.push(c);
  return c;
}
const contextos: BrowserContext[] = [];

async function api(token: string, method: string, url: string, payload?: object) {
  const { inyectarCon } = await import('../helpers/app');
  const r = await inyectarCon(e.t.app, token, { method: method as 'GET', url, ...(payload ? { payload } : {}) });
  if (r.statusCode >= 400) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
  return r.json();
}

/** The versions in force, accepted by a patient made in the database (as registration would). */
async function practica(): Promise<{ psi: Psicologo; tokenPsi: string; pac: Paciente }> {
  const psi = await crearPsicologo(e.t.db);
  const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Lucía' });
  await aceptarVigentes(e.t.db, pac.id_paciente);
  return { psi, tokenPsi: sesionPsicologo(e.t.app, psi), pac };
}

/** The page's socket is connected and in the patient's room. */
/** The psychologist takes appointments every day, 09:00 to 18:00. */
async function abrirSemana(psi: Psicologo, tokenPsi: string) {
  for (const dia_semana of SEMANA_DIAS) {
    await api(tokenPsi, 'POST', '/api/psicologo/disponibilidad', {
      id_psicologo: psi.id_psicologo,
      dia_semana,
      hora_inicio: '09:00',
      hora_fin: '18:00',
    });
  }
}

async function enVivo(pac: Paciente) {
  const { sala } = await import('@miduelo/shared/realtime');
  await esperar.poll(() => e.t.app.realtime.haySockets(sala.paciente(pac.id_paciente)), { timeout: 15_000 }).toBe(true);
}

describe.skipIf(omitir)('app del paciente en un teléfono', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    for (const c of contextos) await c.close().catch(() => {});
    await e?.cerrar();
  });

  it('registro con el código del psicólogo → correo de activación → activar → iniciar sesión', async () => {
    const psi = await crearPsicologo(e.t.db);
    const page = await (await telefono()).newPage();
    await page.goto('/app');
    await page.waitForURL((u) => u.pathname === '/app/entrar');
    await page.getByRole('link', { name: /Regístrate/ }).click();
    await page.getByLabel('Código de vinculación').fill(psi.codigo_vinculacion.toLowerCase());
    await page.getByLabel('Nombre', { exact: true }).fill('Marina');
    await page.getByLabel('Apellido paterno').fill('Ríos');
    await page.getByLabel('Fecha de nacimiento').fill('1990-04-12');
    await page.getByLabel('Teléfono').fill('5512348765');
    await page.getByLabel('Correo electrónico').fill('marina.rios@correo.mx');
    await page.getByLabel('Contraseña', { exact: true }).fill('Duelo#Segura1');
    await page.getByLabel('Confirma tu contraseña').fill('Duelo#Segura1');
    // Both documents in force, each whole and with its own checkbox; no account without both.
    const aviso = page.getByRole('region', { name: 'Texto: Aviso de privacidad' });
    const carta = page.getByRole('region', { name: 'Texto: Carta de consentimiento informado' });
    await aviso.getByText(/MiDuelo trata tus datos personales/).waitFor();
    await carta.getByText(/Acepto recibir acompañamiento psicológico/).waitFor();
    await carta.getByText(/Supervisión\. Entiendo que/).waitFor();
    const desde = e.t.buzon.correos.length;
    await page.getByLabel('He leído y acepto el aviso de privacidad').check();
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await page.getByText(MSG_CONSENTIMIENTO.obligatorio).waitFor();
    esperar(await e.t.db.select().from(paciente).where(eq(paciente.email, 'marina.rios@correo.mx'))).toEqual([]);
    await page.getByLabel('He leído y acepto la carta de consentimiento informado').check();
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await page.getByRole('heading', { name: 'Revisa tu correo' }).waitFor();
    // The versions shown (those in force) were recorded with the account.
    const vigentes = await versionesVigentes(e.t.app);
    const [nueva] = await e.t.db.select().from(paciente).where(eq(paciente.email, 'marina.rios@correo.mx'));
    const aceptadas = await e.t.db
      .select({ tipo: aceptacionConsentimiento.tipo, version: aceptacionConsentimiento.version })
      .from(aceptacionConsentimiento)
      .where(eq(aceptacionConsentimiento.id_paciente, nueva.id_paciente))
      .orderBy(asc(aceptacionConsentimiento.tipo));
    esperar(aceptadas).toEqual([
      { tipo: 'aviso_privacidad', version: vigentes.aviso_privacidad },
      { tipo: 'consentimiento_informado', version: vigentes.consentimiento_informado },
    ]);

    const correo = await e.t.buzon.esperar('marina.rios@correo.mx', { desde });
    const enlace = new URL(e.t.buzon.enlace(correo));
    esperar(enlace.pathname).toMatch(/^\/api\/paciente\/activar\//);
    await page.goto(enlace.pathname);
    await page.getByText(MSG_CUENTA.paginaActivacionExito).waitFor();
    await page.getByRole('link', { name: 'Iniciar sesión en MiDuelo' }).click();
    await page.waitForURL((u) => u.pathname === '/app/entrar');

    await entrarEnLaApp(page, 'marina.rios@correo.mx', 'Duelo#Segura1');
    await page.getByRole('heading', { name: /Marina/ }).waitFor();
    // Crisis lines, one tap away on Home and from the header.
    esperar(await page.getByRole('link', { name: /Línea de la Vida: 800 911 2000/ }).getAttribute('href')).toBe('tel:8009112000');
    await page.getByRole('button', { name: 'Ayuda ahora' }).click();
    esperar(
      await page
        .getByRole('dialog')
        .getByRole('link', { name: /Emergencias: 911/ })
        .getAttribute('href'),
    ).toBe('tel:911');
    await page.getByRole('button', { name: 'Cerrar', exact: true }).click();

    // Logging out ends the session here and on the server, without a "your session ended" notice.
    const token = JSON.parse((await page.evaluate(() => localStorage.getItem('miduelo-app:sesion'))) ?? '{}').token as string;
    await page.getByRole('banner').getByRole('link', { name: 'Ajustes' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL((u) => u.pathname === '/app/entrar');
    const citas = () => e.t.app.inject({ method: 'GET', url: '/api/paciente/citas', headers: { authorization: `Bearer ${token}` } });
    await esperar.poll(async () => (await citas()).statusCode).toBe(401);
    esperar(await page.getByText('Tu sesión terminó').count()).toBe(0);
    esperar(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('miduelo-app:')))).toEqual([]);
  });

  it('quien aceptó la versión 1 de la carta y del aviso lee las vigentes, con la supervisión, al iniciar sesión y luego va al inicio', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Lucía' });
    // She registered before decision 367: version 1 of both documents.
    await e.t.db.insert(aceptacionConsentimiento).values(
      (['aviso_privacidad', 'consentimiento_informado'] as const).map((tipo) => ({
        id_paciente: pac.id_paciente,
        tipo,
        version: 1,
        aceptadoEn: new Date(),
        ip: null,
      })),
    );
    const vigentes = await versionesVigentes(e.t.app);
    const page = await (await telefono()).newPage();
    await page.goto('/app');
    await page.waitForURL((u) => u.pathname === '/app/entrar');
    await page.getByLabel('Correo electrónico').fill(pac.email);
    await page.getByLabel('Contraseña').fill(CONTRASENA);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Actualizamos unos documentos' }).waitFor();
    // Each in the version in force, whole: the letter with its supervision paragraph, the notice
    // no longer saying that administration sees only contact data.
    const documento = (titulo: string) => page.getByRole('region', { name: titulo, exact: true });
    await documento('Carta de consentimiento informado').getByText(`Versión ${vigentes.consentimiento_informado}`).waitFor();
    await documento('Aviso de privacidad').getByText(`Versión ${vigentes.aviso_privacidad}`).waitFor();
    await page
      .getByRole('region', { name: 'Texto: Carta de consentimiento informado' })
      .getByText(/Supervisión\. Entiendo que.*puede leer mi conversación de chat con mi psicólogo solo cuando exista un motivo/)
      .waitFor();
    const aviso = page.getByRole('region', { name: 'Texto: Aviso de privacidad' });
    await aviso.getByText(/Solo puede leer una conversación en una supervisión/).waitFor();
    esperar(await aviso.textContent()).not.toContain('únicamente tus datos de contacto');
    // On a phone the notice does not fit its box: the box says there is more, until she reaches
    // its end (a paragraph ending at the box's edge once made it look complete).
    const mas = documento('Aviso de privacidad').getByText('Hay más texto: desliza para leerlo todo.');
    await mas.waitFor();
    await aviso.evaluate((c) => c.scrollTo({ top: c.scrollHeight }));
    await mas.waitFor({ state: 'detached' });
    // Both are asked: one alone does not let her in.
    await page.getByLabel('He leído y acepto el aviso de privacidad').check();
    await page.getByRole('button', { name: 'Aceptar y continuar' }).click();
    await page.getByText(MSG_CONSENTIMIENTO.obligatorio).waitFor();
    // Still asked after a reload (the session remembers what is pending).
    await page.reload();
    await page.getByRole('heading', { name: 'Actualizamos unos documentos' }).waitFor();
    await page.getByLabel('He leído y acepto el aviso de privacidad').check();
    await page.getByLabel('He leído y acepto la carta de consentimiento informado').check();
    await page.getByRole('button', { name: 'Aceptar y continuar' }).click();
    await page.getByText('Tu próxima cita').waitFor();
    const filas = await e.t.db
      .select({ tipo: aceptacionConsentimiento.tipo, version: aceptacionConsentimiento.version })
      .from(aceptacionConsentimiento)
      .where(eq(aceptacionConsentimiento.id_paciente, pac.id_paciente));
    esperar(filas).toContainEqual({ tipo: 'aviso_privacidad', version: vigentes.aviso_privacidad });
    esperar(filas).toContainEqual({ tipo: 'consentimiento_informado', version: vigentes.consentimiento_informado });
    const estado = await api(sesionPaciente(e.t.app, pac), 'GET', '/api/paciente/consentimientos');
    esperar(estado.every((x: { al_dia: boolean }) => x.al_dia)).toBe(true);
  });

  it('ajustes: cambia su teléfono (con el mensaje del servidor) y una contraseña actual equivocada se explica', async () => {
    const { pac } = await practica();
    const page = await (await telefono()).newPage();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('banner').getByRole('link', { name: 'Ajustes' }).click();
    const tel = page.getByLabel('Teléfono');
    await esperar.poll(() => tel.inputValue()).toBe(pac.telefono);
    await tel.fill('55 12');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(MSG.telefonoInvalido).waitFor();
    await tel.fill('5598761234');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(MSG_PERFIL.perfilActualizado).waitFor();
    const [guardado] = await e.t.db.select().from(paciente).where(eq(paciente.id_paciente, pac.id_paciente));
    esperar(guardado.telefono).toBe('5598761234');

    await page.getByLabel('Contraseña actual').fill('NoEsLaMia#123');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Otra#Segura45');
    await page.getByLabel('Confirma la nueva contraseña').fill('Otra#Segura45');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText(MSG_PERFIL.contrasenaActualIncorrecta).waitFor();
  });

  it('¿Olvidaste tu contraseña?: la misma respuesta para una cuenta desconocida; el enlace del correo restablece y se entra a la app', async () => {
    const { pac } = await practica();
    const page = await (await telefono()).newPage();
    await page.goto('/app/entrar');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL((u) => u.pathname === '/app/recuperar');
    await page.getByLabel('Correo electrónico').fill('nadie.aqui@correo.mx');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByText(MSG.recuperacionCorreo).waitFor();

    await page.goto('/app/recuperar');
    const desde = e.t.buzon.correos.length;
    await page.getByLabel('Correo electrónico').fill(pac.email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByText(MSG.recuperacionCorreo).waitFor();
    const correo = await e.t.buzon.esperar(pac.email, { desde });
    const enlace = new URL(e.t.buzon.enlace(correo));
    esperar(enlace.pathname).toMatch(/^\/restablecer-contrasena\//);
    esperar(enlace.searchParams.get('cuenta')).toBe('paciente');
    await page.goto(`${enlace.pathname}${enlace.search}`);
    await page.getByLabel('Nueva contraseña').fill('Nueva#Clave2026');
    await page.getByLabel('Confirmar contraseña').fill('Nueva#Clave2026');
    await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
    await page.getByText(MSG.restablecerExitoso).first().waitFor();
    await page.getByRole('link', { name: 'Iniciar sesión en MiDuelo' }).click();
    await page.waitForURL((u) => u.pathname === '/app/entrar');
    await page.getByLabel('Correo electrónico').fill(pac.email);
    await page.getByLabel('Contraseña').fill('Nueva#Clave2026');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('Tu próxima cita').waitFor();
  });

  it('solicita una cita y la ve confirmada en vivo cuando el psicólogo la confirma', async () => {
    const { psi, tokenPsi, pac } = await practica();
    await abrirSemana(psi, tokenPsi);
    const page = await (await telefono()).newPage();
    await entrarEnLaApp(page, pac.email);
    await enVivo(pac);
    await page.getByRole('navigation').getByRole('link', { name: 'Citas' }).click();
    await page.getByRole('button', { name: 'Día siguiente' }).click();
    const horarios = page.getByRole('list', { name: 'Horarios libres' });
    await horarios.getByRole('button', { name: '10:00' }).click();
    await page.getByRole('button', { name: 'Solicitar cita a las 10:00' }).click();
    await page.getByText('Enviamos tu solicitud').waitFor();

    const [solicitada] = await e.t.db.select().from(cita).where(eq(cita.id_paciente, pac.id_paciente));
    esperar(solicitada).toMatchObject({ estado: 'pendiente', origen: 'paciente' });
    const tarjeta = page.getByTestId(`cita-${solicitada.id_cita}`);
    await tarjeta.getByText('Pendiente').waitFor();

    await api(tokenPsi, 'PUT', `/api/psicologo/citas/${solicitada.id_cita}`, { estado: 'confirmada' });
    await tarjeta.getByText('Confirmada').waitFor();
    await page.getByText('Tu cita fue confirmada.').waitFor();
  });

  it('una solicitud que su psicólogo no puede recibir ahora (403) se explica y la sesión sigue abierta', async () => {
    const { psi, tokenPsi, pac } = await practica();
    await abrirSemana(psi, tokenPsi);
    const page = await (await telefono()).newPage();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation').getByRole('link', { name: 'Citas' }).click();
    await page.getByRole('button', { name: 'Día siguiente' }).click();
    await page.getByRole('list', { name: 'Horarios libres' }).getByRole('button', { name: '10:00' }).click();
    const nota = page.getByLabel('Algo que quieras comentar (opcional)');
    await nota.fill('Quisiera hablar de la fecha de aniversario.');
    // Her psychologist's account is disabled meanwhile: the server refuses new requests with 403.
    await e.t.db.update(psicologo).set({ status: 'inactivo' }).where(eq(psicologo.id_psicologo, psi.id_psicologo));
    await page.getByRole('button', { name: 'Solicitar cita a las 10:00' }).click();
    await page.getByText(MSG_AGENDA.psicologoLimitado).waitFor();
    esperar(new URL(page.url()).pathname).toBe('/app/citas');
    esperar(await nota.inputValue()).toBe('Quisiera hablar de la fecha de aniversario.');
    esperar(await e.t.db.select().from(cita).where(eq(cita.id_paciente, pac.id_paciente))).toEqual([]);
    // Still signed in: the other screens answer as before.
    await page.getByRole('navigation').getByRole('link', { name: 'Inicio' }).click();
    await page.getByText('Tu próxima cita').waitFor();
  }, 60_000);

  it('los horarios libres que no cargan se pueden pedir otra vez con Reintentar', async () => {
    const { psi, tokenPsi, pac } = await practica();
    await abrirSemana(psi, tokenPsi);
    const c = await telefono();
    const corta = (u: URL) => u.pathname === '/api/paciente/horarios-disponibles';
    await c.route(corta, (r) => r.abort('failed'));
    const page = await c.newPage();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation').getByRole('link', { name: 'Citas' }).click();
    await page.getByRole('button', { name: 'Día siguiente' }).click();
    await page.getByText(SIN_CONEXION).waitFor();
    await c.unroute(corta);
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('list', { name: 'Horarios libres' }).getByRole('button', { name: '10:00' }).waitFor();
    esperar(await page.getByText(SIN_CONEXION).count()).toBe(0);
  });

  it('chat en vivo en ambos sentidos: mensajes, «escribiendo» y acuse de lectura', async () => {
    const { psi, tokenPsi, pac } = await practica();
    const { id_chat } = await api(tokenPsi, 'POST', '/api/psicologo/chats', { id_paciente: pac.id_paciente });
    const page = await (await telefono()).newPage();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation').getByRole('link', { name: 'Mensajes' }).click();
    await page.waitForURL((u) => u.pathname === `/app/chat/${id_chat}`);
    await page.getByRole('heading', { name: `${psi.nombre} ${psi.apellidoPaterno}` }).waitFor();
    await enVivo(pac);

    // The psychologist's side: a socket like the web client's.
    const { conectar, esperarConexion, esperarEvento } = await import('../helpers/socket');
    const s = conectar(e.url, tokenPsi);
    try {
      await esperarConexion(s);
      const r = await s.emitWithAck('chat:unirse', { id_chat });
      esperar(r.ok).toBe(true);
      s.emit('chat:escribiendo', { id_chat, escribiendo: true });
      await page.getByText('Escribiendo…').waitFor();
      await api(tokenPsi, 'POST', '/api/psicologo/mensajes', { id_chat, contenido: 'Hola Lucía, ¿cómo amaneciste hoy?' });
      await page.getByTestId('mensajes').getByText('Hola Lucía, ¿cómo amaneciste hoy?').waitFor();
      await page.getByText('Escribiendo…').waitFor({ state: 'hidden' });

      const llega = esperarEvento<{ mensaje: { contenido: string; remitente: string } }>(s, 'chat:mensaje');
      await page.getByLabel('Escribe un mensaje').fill('Un poco mejor, gracias.');
      await page.getByRole('button', { name: 'Enviar' }).click();
      esperar((await llega).mensaje).toMatchObject({ contenido: 'Un poco mejor, gracias.', remitente: 'paciente' });
      const propio = page.getByTestId('mensajes').locator('li', { hasText: 'Un poco mejor, gracias.' });
      await propio.getByLabel('Enviado').waitFor();
      await api(tokenPsi, 'PUT', `/api/psicologo/chats/${id_chat}/leer`);
      await propio.getByLabel('Leído').waitFor();
    } finally {
      s.disconnect();
    }
  });

  it('sin conexión: la app abre desde su worker con lo último que vio; dos mensajes escritos se envían una vez y en orden al volver', async () => {
    const { tokenPsi, pac } = await practica();
    const { id_chat } = await api(tokenPsi, 'POST', '/api/psicologo/chats', { id_paciente: pac.id_paciente });
    await api(tokenPsi, 'POST', '/api/psicologo/mensajes', { id_chat, contenido: 'Aquí estoy cuando lo necesites.' });
    const ctx = await telefono();
    const page = await ctx.newPage();
    await entrarEnLaApp(page, pac.email);
    // The worker controls the page (precached shell) before the connection goes.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
    await page.getByRole('navigation').getByRole('link', { name: 'Mensajes' }).click();
    await page.getByTestId('mensajes').getByText('Aquí estoy cuando lo necesites.').waitFor();
    await enVivo(pac);

    await ctx.setOffline(true);
    await page.getByText(/Sin conexión/).waitFor();
    for (const texto of ['Primero: hoy fue un día difícil.', 'Segundo: pero salí a caminar.']) {
      await page.getByLabel('Escribe un mensaje').fill(texto);
      await page.getByRole('button', { name: 'Enviar' }).click();
    }
    await esperar.poll(() => page.getByText('Pendiente de envío').count()).toBe(2);

    // Reopened offline: the shell comes from the worker, the conversation and the outbox from the phone.
    await page.reload();
    await page.getByText(/Sin conexión/).waitFor();
    await page.getByTestId('mensajes').getByText('Aquí estoy cuando lo necesites.').waitFor();
    await esperar.poll(() => page.getByText('Pendiente de envío').count()).toBe(2);
    const delPaciente = () =>
      e.t.db
        .select()
        .from(mensaje)
        .where(and(eq(mensaje.id_chat, id_chat), eq(mensaje.remitente, 'paciente')))
        .orderBy(asc(mensaje.seq));
    esperar(await delPaciente()).toEqual([]);

    await ctx.setOffline(false);
    await esperar.poll(async () => (await delPaciente()).length, { timeout: 20_000 }).toBe(2);
    await esperar.poll(() => page.getByText('Pendiente de envío').count(), { timeout: 10_000 }).toBe(0);
    const guardados = await delPaciente();
    const textos = guardados.map((m) => e.t.app.ctx.cifrador.descifrar(m.contenido, 'mensaje.contenido'));
    esperar(textos).toEqual(['Primero: hoy fue un día difícil.', 'Segundo: pero salí a caminar.']);
    esperar(guardados[0].seq).toBeLessThan(guardados[1].seq);
    esperar(new Set(guardados.map((m) => m.id_cliente)).size).toBe(2);
    // Each shows once in the conversation.
    esperar(await page.getByTestId('mensajes').getByText('Segundo: pero salí a caminar.').count()).toBe(1);
  }, 60_000);

  it('un mensaje escrito sin conexión no se pierde si la sesión terminó mientras tanto: sale al volver a iniciar sesión', async () => {
    const { tokenPsi, pac } = await practica();
    const { id_chat } = await api(tokenPsi, 'POST', '/api/psicologo/chats', { id_paciente: pac.id_paciente });
    const ctx = await telefono();
    const page = await ctx.newPage();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation').getByRole('link', { name: 'Mensajes' }).click();
    await page.getByLabel('Escribe un mensaje').waitFor();

    await ctx.setOffline(true);
    await page.getByText(/Sin conexión/).waitFor();
    await page.getByLabel('Escribe un mensaje').fill('Te escribo desde el camión, sin señal.');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Pendiente de envío').waitFor();
    // Meanwhile she changed her password on her other phone: this session was revoked.
    await api(sesionPaciente(e.t.app, pac), 'PUT', '/api/paciente/cambiar-contrasena', {
      contrasenaActual: CONTRASENA,
      nuevaContrasena: 'Otra#Clave2026',
    });
    const delPaciente = () =>
      e.t.db
        .select()
        .from(mensaje)
        .where(and(eq(mensaje.id_chat, id_chat), eq(mensaje.remitente, 'paciente')));

    await ctx.setOffline(false);
    await page.waitForURL((u) => u.pathname === '/app/entrar');
    await page.getByText('Tu sesión terminó').waitFor();
    esperar(await delPaciente()).toEqual([]);
    await page.getByLabel('Correo electrónico').fill(pac.email);
    await page.getByLabel('Contraseña').fill('Otra#Clave2026');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('Tu próxima cita').waitFor();
    await esperar.poll(async () => (await delPaciente()).length, { timeout: 20_000 }).toBe(1);
    const [m] = await delPaciente();
    esperar(e.t.app.ctx.cifrador.descifrar(m.contenido, 'mensaje.contenido')).toBe('Te escribo desde el camión, sin señal.');
  }, 60_000);

  it('un texto pegado por encima del límite queda entero y dice por qué no sale: el mensaje del chat (un emoji cuenta uno) y la nota de una cita', async () => {
    const { psi, tokenPsi, pac } = await practica();
    await abrirSemana(psi, tokenPsi);
    const { id_chat } = await api(tokenPsi, 'POST', '/api/psicologo/chats', { id_paciente: pac.id_paciente });
    const page = await (await telefono()).newPage();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation').getByRole('link', { name: 'Mensajes' }).click();
    const caja = page.getByLabel('Escribe un mensaje');
    const enviar = page.getByRole('button', { name: 'Enviar' });

    // A letter written elsewhere, pasted (1,140 characters): nothing is cut, the box says why it
    // cannot go yet, and Enviar waits.
    const carta = 'Hoy volví a pensar en ti. '.repeat(44);
    await caja.focus();
    await page.keyboard.insertText(carta);
    esperar(await caja.inputValue()).toBe(carta);
    await page.getByText(MSG_CHAT.mensajeLargo).waitFor();
    await page.getByText(`${carta.trim().length}/${MENSAJE_MAX}`).waitFor();
    esperar(await enviar.isDisabled()).toBe(true);

    // 600 sunflowers are 600 characters for the server (1,200 for the browser's maxLength, which cut
    // them at 500): the whole message goes, as typed.
    const flores = '🌻'.repeat(600);
    await caja.fill('');
    await caja.focus();
    await page.keyboard.insertText(flores);
    esperar(await caja.inputValue()).toBe(flores);
    esperar(await page.getByText(MSG_CHAT.mensajeLargo).count()).toBe(0);
    await enviar.click();
    await esperar
      .poll(async () => {
        const [m] = await e.t.db
          .select()
          .from(mensaje)
          .where(and(eq(mensaje.id_chat, id_chat), eq(mensaje.remitente, 'paciente')));
        return m ? e.t.app.ctx.cifrador.descifrar(m.contenido, 'mensaje.contenido') : null;
      })
      .toBe(flores);

    // The note of an appointment request, pasted past its 500 characters: whole, said, not sent.
    await page.getByRole('navigation').getByRole('link', { name: 'Citas' }).click();
    await page.getByRole('button', { name: 'Día siguiente' }).click();
    await page.getByRole('list', { name: 'Horarios libres' }).getByRole('button', { name: '10:00' }).click();
    const nota = page.getByLabel('Algo que quieras comentar (opcional)');
    const larga = 'Quisiera hablar del aniversario y de cómo lo pasaré. '.repeat(11);
    await nota.focus();
    await page.keyboard.insertText(larga);
    esperar(await nota.inputValue()).toBe(larga);
    await page.getByText(MSG_AGENDA.notasLargas).waitFor();
    const solicitar = page.getByRole('button', { name: 'Solicitar cita a las 10:00' });
    esperar(await solicitar.isDisabled()).toBe(true);
    // Shortened by her: the request goes with the note whole.
    await nota.fill(larga.slice(0, NOTAS_CITA_MAX));
    await solicitar.click();
    await page.getByText('Enviamos tu solicitud').waitFor();
    const [c] = await e.t.db.select().from(cita).where(eq(cita.id_paciente, pac.id_paciente));
    esperar(e.t.app.ctx.cifrador.descifrar(c.notas as string, 'cita.notas')).toBe(larga.slice(0, NOTAS_CITA_MAX).trim());
  }, 90_000);

  it('una conversación larga abre en sus últimos 200 mensajes, sin huecos, y «Ver mensajes anteriores» trae los demás sin mover lo que lee; con una sola conversación no hay flecha que la reabra', async () => {
    const { tokenPsi, pac } = await practica();
    const { id_chat } = await api(tokenPsi, 'POST', '/api/psicologo/chats', { id_paciente: pac.id_paciente });
    // 900 messages of months of accompaniment, stored as the send path stores them (encrypted, seq 1…900).
    const cif = e.t.app.ctx.cifrador;
    await e.t.db.insert(mensaje).values(
      Array.from({ length: 900 }, (_, i) => ({
        id_chat,
        seq: i + 1,
        remitente: i % 2 ? 'paciente' : 'psicologo',
        contenido: cif.cifrar(`Mensaje ${i + 1}`, 'mensaje.contenido'),
        huellas: [],
        leido: true,
      })),
    );
    await e.t.db.update(chatTabla).set({ ultimo_seq: 900 }).where(eq(chatTabla.id_chat, id_chat));

    const page = await (await telefono()).newPage();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation').getByRole('link', { name: 'Mensajes' }).click();
    await page.waitForURL((u) => u.pathname === `/app/chat/${id_chat}`);
    const lista = page.getByTestId('mensajes');
    await lista.getByText('Mensaje 900', { exact: true }).waitFor();
    await enVivo(pac);
    // The latest 200, contiguous (the socket's answer from the start of the conversation, its oldest
    // 500, once sat above them with 200 missing in between).
    const seqs = async () => await lista.locator('li').evaluateAll((li) => li.map((x) => Number(x.getAttribute('data-seq'))));
    const desde = (n: number) => Array.from({ length: 901 - n }, (_, i) => n + i);
    esperar(await seqs()).toEqual(desde(701));
    esperar(await page.getByRole('link', { name: 'Volver a mensajes' }).count()).toBe(0);

    const leia = lista.getByText('Mensaje 701', { exact: true });
    const anteriores = page.getByRole('button', { name: 'Ver mensajes anteriores' });
    await anteriores.click();
    await lista.getByText('Mensaje 501', { exact: true }).waitFor({ state: 'attached' });
    esperar(await seqs()).toEqual(desde(501));
    // What she was reading (the oldest of the first page) is still on screen, not pushed away.
    const caja = await leia.boundingBox();
    esperar(caja !== null && caja.y >= 0 && caja.y + caja.height <= 844).toBe(true);
    for (const primero of [301, 101, 1]) {
      await anteriores.click();
      await lista.getByText(`Mensaje ${primero}`, { exact: true }).waitFor({ state: 'attached' });
    }
    esperar(await seqs()).toEqual(desde(1));
    esperar(await anteriores.count()).toBe(0);

    // A second conversation (an administrator writes to her): the arrow back to the list is there.
    const admin = await crearPsicologo(e.t.db, { rol_admin: true });
    const tokenAdmin = sesionPsicologo(e.t.app, admin);
    const { id_chat_admin } = await api(tokenAdmin, 'POST', '/api/admin/chats', {
      destinatario_tipo: 'paciente',
      destinatario_id: pac.id_paciente,
    });
    await api(tokenAdmin, 'POST', '/api/admin/mensajes', { id_chat_admin, contenido: 'Hola, soy del equipo de MiDuelo.' });
    await page.reload();
    await page.getByRole('link', { name: 'Volver a mensajes' }).click();
    await page.waitForURL((u) => u.pathname === '/app/chat');
    await page.getByRole('heading', { name: 'Mensajes' }).waitFor();
  }, 90_000);

  it('sin conexión, un cambio que nada reintenta (sus datos en Ajustes) pide intentarlo de nuevo, sin prometer que la app lo hará', async () => {
    const { pac } = await practica();
    const ctx = await telefono();
    const page = await ctx.newPage();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('banner').getByRole('link', { name: 'Ajustes' }).click();
    const tel = page.getByLabel('Teléfono');
    await esperar.poll(() => tel.inputValue()).toBe(pac.telefono);
    await ctx.setOffline(true);
    await tel.fill('5598761234');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(SIN_CONEXION_NO_GUARDADO).waitFor();
    esperar(await page.getByText(SIN_CONEXION).count()).toBe(0);
    // And indeed nothing sends it when the connection returns: she saves it herself.
    await ctx.setOffline(false);
    await page.getByText(/Sin conexión/).waitFor({ state: 'hidden' });
    const [sigue] = await e.t.db.select().from(paciente).where(eq(paciente.id_paciente, pac.id_paciente));
    esperar(sigue.telefono).toBe(pac.telefono);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(MSG_PERFIL.perfilActualizado).waitFor();
  });

  it('instalable: manifiesto con sus campos e íconos, worker que controla la página, sin errores de instalación', async () => {
    const ctx = await telefono();
    const page = await ctx.newPage();
    await page.goto('/app/entrar');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    esperar(href).toBe('/app/manifest.webmanifest');
    const r = await page.request.get(href as string);
    esperar(r.headers()['content-type']).toContain('application/manifest+json');
    const m = await r.json();
    esperar(m).toMatchObject({
      name: esperar.any(String),
      short_name: 'MiDuelo',
      start_url: '/app/',
      scope: '/app/',
      display: 'standalone',
      lang: 'es-MX',
    });
    for (const [tam, proposito] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]) {
      const icono = m.icons.find((i: { sizes: string; purpose: string }) => i.sizes === tam && i.purpose === proposito);
      esperar(icono, `${tam} ${proposito}`).toBeTruthy();
      const png = await (await page.request.get(icono.src)).body();
      // PNG header: width and height as declared.
      esperar(png.subarray(1, 4).toString()).toBe('PNG');
      esperar(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(tam);
    }
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
    const alcance = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { scope: reg.scope, controla: navigator.serviceWorker.controller?.scriptURL ?? null };
    });
    esperar(alcance).toEqual({ scope: `${e.url}/app/`, controla: `${e.url}/app/sw.js` });
    // Chromium's own installability check (the install prompt's criteria).
    const cdp = await ctx.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // Playwright's contexts are incognito profiles, where Chromium never offers installing; nothing else is missing.
    esperar(installabilityErrors.filter((x) => x.errorId !== 'in-incognito')).toEqual([]);
  });
});
