// Issue 53, kept closed: axe-core (WCAG 2.2 AA) on every screen of the web client at 1366×768 and
// 390×844 fails on any serious or critical violation; and a psychologist goes from login to a new
// appointment to the chat by keyboard alone, with focus always drawn and back on its opener when
// a dialog closes. A new screen joins PANTALLAS_* below.
import { lunesDe, sumarDias } from '@miduelo/shared/agenda-tiempo';
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';
import { fechaEnZona } from '@miduelo/shared/fechas';
import { MSG_MFA } from '@miduelo/shared/mfa';
import { TEXTOS_SUPERVISION } from '@miduelo/shared/supervision-textos';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturar, foco, graves, resumen, tabularHasta, tieneFoco, violacionesAxe } from '../helpers/accesibilidad';
import type { E2E } from '../helpers/e2e';
import { inscribir } from '../helpers/mfa';
import { aceptarVigentes } from '../helpers/app-paciente';
import {
  CONTRASENA,
  crearPaciente,
  crearPsicologo,
  type Paciente,
  type Psicologo,
  sesionPaciente,
  sesionPsicologo,
} from '../helpers/fabricas';
import { foroConTema, usuario } from '../helpers/foros';
import { debeOmitirE2E, ESCRITORIO, TELEFONO } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;
let psi: Psicologo;
let admin: Psicologo;
let pac: Paciente;
let supervisada: Psicologo;
let ids: { foro: number; tema: number; sesion: number };
/** A psychologist with two-step verification (issue 56): her login's second step is checked. */
let conMfa: Psicologo;
const contextos: BrowserContext[] = [];

const proximoLunes = () => sumarDias(lunesDe(fechaEnZona(new Date(), ZONA_CLINICA_DEFECTO)), 7);

const visible = (l: Locator) => l.filter({ visible: true }).first();

interface Pantalla {
  nombre: string;
  ruta: () => string;
  /** What shows once the screen has its data (besides its h1). */
  listo?: (page: Page) => Promise<unknown>;
  /** A state reached from the screen (an open dialog, another tab). */
  despues?: (page: Page) => Promise<unknown>;
}

const PANTALLAS_VISITANTE: Pantalla[] = [
  { nombre: 'inicio', ruta: () => '/' },
  { nombre: 'duelo y pérdida', ruta: () => '/duelo-y-perdida' },
  { nombre: 'contactos de apoyo', ruta: () => '/contactos-de-apoyo' },
  { nombre: 'términos', ruta: () => '/terminos-y-condiciones' },
  { nombre: 'aviso de privacidad', ruta: () => '/aviso-de-privacidad' },
  { nombre: 'iniciar sesión', ruta: () => '/iniciar-sesion' },
  {
    nombre: 'olvidé mi contraseña',
    ruta: () => '/iniciar-sesion',
    despues: (p) => p.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click(),
    listo: (p) => p.getByRole('dialog').waitFor(),
  },
  { nombre: 'registro', ruta: () => '/registro' },
  { nombre: 'restablecer contraseña', ruta: () => '/restablecer-contrasena' },
  // Issue 56 (decision 371): the login's second step, for an account with two-step verification.
  {
    nombre: 'iniciar sesión: segundo paso',
    ruta: () => '/iniciar-sesion',
    despues: async (p) => {
      await p.locator('#correo').fill(conMfa.correo);
      await p.locator('#contrasena').fill(CONTRASENA);
      await p.getByRole('button', { name: 'Iniciar sesión' }).click();
    },
    listo: (p) => p.locator('#codigo-mfa').waitFor(),
  },
];

const pestana = (nombre: string) => (p: Page) => p.getByRole('tab', { name: nombre }).click();

const PANTALLAS_PSICOLOGO: Pantalla[] = [
  { nombre: 'agenda', ruta: () => '/agenda', listo: (p) => p.locator('td[data-fecha]').first().waitFor() },
  {
    nombre: 'crear cita',
    ruta: () => '/agenda',
    listo: (p) => p.getByRole('dialog', { name: 'Crear Cita' }).waitFor(),
    despues: (p) => p.getByRole('button', { name: 'Crear Cita' }).first().click(),
  },
  { nombre: 'pacientes', ruta: () => '/lista-pacientes-del-psicologo', listo: (p) => visible(p.getByText('Lucía')).waitFor() },
  { nombre: 'expediente: información', ruta: () => `/paciente/${pac.id_paciente}`, listo: (p) => p.getByRole('tab').first().waitFor() },
  { nombre: 'expediente: gráficas y notas', ruta: () => `/paciente/${pac.id_paciente}`, despues: pestana('Gráficas y Notas') },
  { nombre: 'expediente: módulos', ruta: () => `/paciente/${pac.id_paciente}`, despues: pestana('Módulos de Duelo') },
  { nombre: 'expediente: actividades', ruta: () => `/paciente/${pac.id_paciente}`, despues: pestana('Actividades') },
  {
    nombre: 'chat',
    ruta: () => `/chat-pacientes-del-psicologo?paciente=${pac.id_paciente}`,
    listo: (p) => visible(p.getByText('Gracias por escucharme')).waitFor(),
  },
  // Issue 54: the online room (this browser has no camera: the room says so and stays usable).
  { nombre: 'sesión en línea', ruta: () => `/sesion/${ids.sesion}`, listo: (p) => p.locator('[data-sala]').waitFor() },
  { nombre: 'foros', ruta: () => '/foros', listo: (p) => visible(p.getByText('Acompañar la pérdida')).waitFor() },
  { nombre: 'foro', ruta: () => `/foros/${ids.foro}`, listo: (p) => visible(p.getByText('Primer tema')).waitFor() },
  {
    nombre: 'tema del foro',
    ruta: () => `/foros/${ids.foro}/temas/${ids.tema}`,
    listo: (p) => visible(p.getByText('Un abrazo')).waitFor(),
  },
  { nombre: 'crear foro', ruta: () => '/foros/crear' },
  { nombre: 'actividades', ruta: () => '/actividades-globales' },
  { nombre: 'perfil', ruta: () => '/configuracion-perfil' },
  // Issue 56 (decision 380): the open sessions, loaded.
  {
    nombre: 'perfil: dispositivos con sesión abierta',
    ruta: () => '/configuracion-perfil',
    listo: (p) => p.locator('#dispositivos [data-solo-este], #dispositivos [data-sesiones]').first().waitFor(),
  },
  // Issue 56 (decision 370): enrolling the authenticator app (the QR and the key as text).
  {
    nombre: 'perfil: activar verificación en dos pasos',
    ruta: () => '/configuracion-perfil',
    despues: async (p) => {
      await p.getByRole('button', { name: MSG_MFA.activar }).click();
      await p.locator('#mfa-contrasena').fill(CONTRASENA);
      await p.getByRole('button', { name: 'Continuar' }).click();
    },
    listo: (p) => p.getByRole('img', { name: MSG_MFA.qrAlt }).waitFor(),
  },
];

// Issue 55 (decision 369): a psychologist whose conversation an administrator opened: the shell's
// notice and her profile's list, with a long reason.
const PANTALLAS_SUPERVISADA: Pantalla[] = [
  {
    nombre: 'perfil: supervisiones y aviso',
    ruta: () => '/configuracion-perfil',
    listo: (p) => Promise.all([p.locator('#supervisiones [data-apertura]').waitFor(), p.locator('[data-aviso-supervision]').waitFor()]),
  },
];

// Issue 55 (decision 368): Supervisión with an open crisis alert, a conversation to open, one the
// administrator already opened (long names), and each of its dialogs.
const SV = { paciente: 'Maximiliana Guadalupe Fernández de la Concepción', psicologa: 'Ana Sofía Villaseñor Montemayor' };
const botonSupervision = (nombre: string | RegExp) => (p: Page) => visible(p.getByRole('button', { name: nombre })).click();
const PANTALLAS_SUPERVISION: Pantalla[] = [
  { nombre: 'admin: supervisión', ruta: () => '/admin/supervision', listo: (p) => visible(p.locator('[data-alerta-admin]')).waitFor() },
  {
    nombre: 'admin: supervisión, abrir con motivo y razón',
    ruta: () => '/admin/supervision',
    despues: botonSupervision(new RegExp(`^${TEXTOS_SUPERVISION.abrir}: Lucía Campos`)),
    listo: (p) => p.getByRole('dialog').getByRole('radio').first().waitFor(),
  },
  {
    nombre: 'admin: supervisión, lectura',
    ruta: () => '/admin/supervision',
    despues: botonSupervision(`${TEXTOS_SUPERVISION.verAbierta}: ${TEXTOS_SUPERVISION.aperturaDe(SV.paciente, SV.psicologa)}`),
    listo: (p) => p.getByRole('dialog').locator('[data-mensaje-supervisado]').first().waitFor(),
  },
  {
    nombre: 'admin: supervisión, atender alerta',
    ruta: () => '/admin/supervision',
    despues: botonSupervision(TEXTOS_SUPERVISION.atenderCon(SV.paciente)),
    listo: (p) => p.getByRole('dialog').getByLabel(TEXTOS_SUPERVISION.accionEtiqueta).waitFor(),
  },
];

/** A conversation of SV's names with a crisis message left unopened past the alert's time, which
 * the administrator opened with a reason. */
async function supervisionConAlerta() {
  const ps = await crearPsicologo(e.t.db, { nombre: 'Ana Sofía', apellidoPaterno: 'Villaseñor', apellidoMaterno: 'Montemayor' });
  const pa = await crearPaciente(e.t.db, {
    id_psicologo: ps.id_psicologo,
    nombre: 'Maximiliana Guadalupe',
    apellido_paterno: 'Fernández',
    apellido_materno: 'de la Concepción',
  });
  await aceptarVigentes(e.t.db, pa.id_paciente);
  const ella = usuario(e.t, sesionPsicologo(e.t.app, ps), 'psicologo', ps.id_psicologo, ps.nombre);
  const chat = await ella.post('/api/psicologo/chats', { id_paciente: pa.id_paciente });
  await ella.post('/api/psicologo/mensajes', { id_chat: chat.body.id_chat, contenido: '¿Cómo pasaste el fin de semana?' });
  const paciente = usuario(e.t, sesionPaciente(e.t.app, pa), 'paciente', pa.id_paciente, pa.nombre);
  await paciente.post('/api/paciente/mensajes', { id_chat: chat.body.id_chat, contenido: 'Muy mal. Ya no quiero vivir así.' });
  const { alertarCrisisVencidas } = await import('@miduelo/server/modules/supervision/jobs');
  await alertarCrisisVencidas(e.t.app.ctx, new Date(e.t.reloj.ahora().getTime() + 31 * 60_000));
  await usuario(e.t, sesionPsicologo(e.t.app, admin), 'psicologo', admin.id_psicologo, admin.nombre).post(
    `/api/admin/supervision/chats/${chat.body.id_chat}/aperturas`,
    { motivo: 'crisis', razon: 'Alerta de crisis sin abrir: confirmar que alguien la atienda hoy.' },
  );
}

const PANTALLAS_ADMIN: Pantalla[] = [
  { nombre: 'admin: psicólogos', ruta: () => '/admin/psicologos', listo: (p) => visible(p.locator('[data-fila-psicologo]')).waitFor() },
  {
    nombre: 'admin: detalle de psicólogo',
    ruta: () => '/admin/psicologos',
    listo: (p) => p.getByRole('dialog').waitFor(),
    despues: (p) => visible(p.getByRole('button', { name: /Ver detalle de Mariana/ })).click(),
  },
  { nombre: 'admin: pacientes', ruta: () => '/admin/pacientes' },
  { nombre: 'admin: auditoría', ruta: () => '/admin/auditoria' },
  { nombre: 'admin: chat', ruta: () => '/admin/chat' },
  ...PANTALLAS_SUPERVISION,
  // Issue 56 (decision 378): the ARCO queue with a long request, and its cancellation dialog.
  { nombre: 'admin: derechos ARCO', ruta: () => '/admin/derechos', listo: (p) => visible(p.getByText('Quedan 20 días hábiles')).waitFor() },
  {
    nombre: 'admin: derechos ARCO, resolver la cancelación',
    ruta: () => '/admin/derechos',
    despues: (p) => visible(p.getByRole('button', { name: 'Resolver la cancelación' })).click(),
    listo: (p) => p.getByRole('dialog').getByText('NOM-004-SSA3', { exact: false }).waitFor(),
  },
];

/** Waits for the screen's heading and data, with nothing still loading. */
async function esperarPantalla(page: Page, p: Pantalla) {
  await page.locator('h1').first().waitFor();
  if (p.despues) {
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await p.despues(page);
  }
  await p.listo?.(page);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && !/Cargando/.test(document.body.innerText));
}

/** Every screen of the list, in one page of one context: the serious and critical violations by
 * screen (a screen that did not show is reported too, and the others are still checked). */
async function revisar(contexto: BrowserContext, pantallas: Pantalla[]): Promise<Record<string, string[]>> {
  const page = await contexto.newPage();
  page.setDefaultTimeout(10_000);
  const encontradas: Record<string, string[]> = {};
  for (const p of pantallas) {
    try {
      await page.goto(p.ruta());
      await esperarPantalla(page, p);
      await capturar(page, p.nombre);
      const v = graves(await violacionesAxe(page));
      if (v.length) encontradas[p.nombre] = resumen(v);
    } catch (err) {
      await capturar(page, `fallo ${p.nombre}`);
      encontradas[p.nombre] = [`no se pudo revisar: ${String(err).split('\n')[0]}`];
    }
  }
  await page.close();
  return encontradas;
}

async function contextoCon(tamano: typeof ESCRITORIO | typeof TELEFONO, token?: string) {
  const c = await e.contexto(tamano);
  contextos.push(c);
  if (token) {
    const { STORAGE_TOKEN } = await import('@miduelo/shared/constants');
    await c.addInitScript(([clave, valor]) => window.localStorage.setItem(clave, valor), [STORAGE_TOKEN, token] as const);
  }
  return c;
}

describe.skipIf(omitir)('accesibilidad del sitio (issue 53)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
    psi = await crearPsicologo(e.t.db, { nombre: 'Mariana', apellidoPaterno: 'Herrera', correo: 'mariana@prueba.mx' });
    admin = await crearPsicologo(e.t.db, { rol_admin: true, nombre: 'Alba', apellidoPaterno: 'Directora' });
    pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Lucía', apellido_paterno: 'Campos' });
    await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Tomás', apellido_paterno: 'Quintero' });
    const yo = usuario(e.t, sesionPsicologo(e.t.app, psi), 'psicologo', psi.id_psicologo, psi.nombre);
    const f = await foroConTema(yo, { titulo: 'Acompañar la pérdida' });
    const sala = await yo.post(`/api/psicologo/pacientes/${pac.id_paciente}/sesion`, {});
    ids = { foro: f.idForo, tema: f.idTema, sesion: sala.body.sesion.id_sesion };
    await yo.post(`/api/foros/temas/${f.idTema}/mensajes`, { contenido: 'Un abrazo a quien llega hoy.' });
    const chat = await yo.post('/api/psicologo/chats', { id_paciente: pac.id_paciente });
    await yo.post('/api/psicologo/mensajes', { id_chat: chat.body.id_chat, contenido: 'Hola, Lucía. ¿Cómo te fue esta semana?' });
    await yo.post('/api/psicologo/mensajes', { id_chat: chat.body.id_chat, contenido: 'Gracias por escucharme el martes.' });
    await yo.post('/api/psicologo/citas', { id_paciente: pac.id_paciente, fecha: sumarDias(proximoLunes(), 2), hora_inicio: '10:00' });
    supervisada = await crearPsicologo(e.t.db, { nombre: 'Sofía', apellidoPaterno: 'Rangel' });
    const suya = await crearPaciente(e.t.db, { id_psicologo: supervisada.id_psicologo, nombre: 'Inés', apellido_paterno: 'Lara' });
    const ella = usuario(e.t, sesionPsicologo(e.t.app, supervisada), 'psicologo', supervisada.id_psicologo, supervisada.nombre);
    const suChat = await ella.post('/api/psicologo/chats', { id_paciente: suya.id_paciente });
    await usuario(e.t, sesionPsicologo(e.t.app, admin), 'psicologo', admin.id_psicologo, admin.nombre).post(
      `/api/admin/supervision/chats/${suChat.body.id_chat}/aperturas`,
      {
        motivo: 'solicitud_psicologo',
        razon: 'La psicóloga pidió una segunda lectura del seguimiento de las últimas dos semanas. '.repeat(5).trim(),
      },
    );
  });
  beforeAll(supervisionConAlerta);
  beforeAll(async () => {
    const ella = usuario(e.t, sesionPaciente(e.t.app, pac), 'paciente', pac.id_paciente, pac.nombre);
    const motivo = 'Ya terminé mi proceso y prefiero que no se conserven mis datos personales en la plataforma. '.repeat(4).trim();
    await ella.post('/api/paciente/derechos/solicitudes', { tipo: 'cancelacion', motivo });
  });
  beforeAll(async () => {
    conMfa = await crearPsicologo(e.t.db, { nombre: 'Renata', apellidoPaterno: 'Dos Pasos' });
    await inscribir(e.t, sesionPsicologo(e.t.app, conMfa));
  });
  afterAll(async () => {
    for (const c of contextos) await c.close().catch(() => {});
    await e?.cerrar();
  });

  for (const [tamano, nombre] of [
    [ESCRITORIO, '1366×768'],
    [TELEFONO, '390×844'],
  ] as const) {
    it(`ninguna pantalla tiene violaciones graves o críticas a ${nombre}`, async () => {
      const encontradas = {
        ...(await revisar(await contextoCon(tamano), PANTALLAS_VISITANTE)),
        ...(await revisar(await contextoCon(tamano, sesionPsicologo(e.t.app, psi)), PANTALLAS_PSICOLOGO)),
        ...(await revisar(await contextoCon(tamano, sesionPsicologo(e.t.app, supervisada)), PANTALLAS_SUPERVISADA)),
        ...(await revisar(await contextoCon(tamano, sesionPsicologo(e.t.app, admin)), PANTALLAS_ADMIN)),
      };
      expect(encontradas).toEqual({});
      // Every screen of four accounts at one size: 222 s seen at 1366 under a loaded machine (2026-12-07).
    }, 420_000);
  }

  it('con el teclado: iniciar sesión → crear una cita → el chat, con el foco visible y de vuelta en quien abrió cada diálogo', async () => {
    const page = await (await contextoCon(ESCRITORIO)).newPage();
    await page.goto('/iniciar-sesion');
    const correo = page.getByLabel('Correo electrónico');
    await correo.waitFor();
    await tabularHasta(page, correo);
    await page.keyboard.type(psi.correo);
    await page.keyboard.press('Tab');
    await page.keyboard.type(CONTRASENA);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Semana/ }).waitFor();

    // Next week, Tuesday 11:00, by the grid's arrows: few key presses, not ~40 Tabs.
    await tabularHasta(page, page.getByRole('button', { name: 'Semana siguiente' }));
    await page.keyboard.press('Enter');
    const lunes = proximoLunes();
    const martes = sumarDias(lunes, 1);
    await page.locator(`td[data-fecha="${lunes}"]`).first().waitFor();
    const celda = page.locator(`td[data-fecha="${martes}"][data-hora="11:00"] button`);
    const tabs = await tabularHasta(page, page.locator('table [tabindex="0"]'), 15);
    expect(tabs).toBeLessThanOrEqual(12);
    for (let i = 0; i < 20 && !(await tieneFoco(celda)); i++) {
      const donde = await page.evaluate(() => {
        const td = document.activeElement?.closest('td');
        return { fecha: td?.getAttribute('data-fecha') ?? '', hora: td?.getAttribute('data-hora') ?? '' };
      });
      const tecla =
        donde.fecha < martes ? 'ArrowRight' : donde.fecha > martes ? 'ArrowLeft' : donde.hora < '11:00' ? 'ArrowDown' : 'ArrowUp';
      await page.keyboard.press(tecla);
      expect((await foco(page)).visible).toBe(true);
    }
    expect(await tieneFoco(celda)).toBe(true);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Crear Cita' });
    await modal.waitFor();
    expect((await foco(page)).enDialogo).toBe(true);
    // The patient: Tab to the select, open it with the keyboard, choose Lucía.
    await tabularHasta(page, modal.locator('#cita-paciente'));
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: /Lucía/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabularHasta(page, modal.getByRole('button', { name: 'Crear Cita' }));
    await page.keyboard.press('Enter');
    await modal.waitFor({ state: 'detached' });
    const nueva = page.locator(`td[data-fecha="${martes}"][data-hora="11:00"] [data-id-cita]`);
    await nueva.waitFor();
    // Focus goes to the new appointment (its cell's button was replaced by it).
    await expect.poll(() => tieneFoco(nueva)).toBe(true);

    // Its detail opens with Enter and returns focus to it on Escape; it opens on no destructive button.
    await page.keyboard.press('Enter');
    const detalle = page.getByRole('dialog', { name: /Cita de Lucía/ });
    await detalle.waitFor();
    expect((await foco(page)).descripcion).not.toMatch(/Eliminar/);
    await page.keyboard.press('Escape');
    await detalle.waitFor({ state: 'detached' });
    await expect.poll(() => tieneFoco(nueva)).toBe(true);

    // Personalizar Horario: opens on no destructive button, focus back on its button.
    const horario = page.getByRole('button', { name: 'Personalizar Horario' });
    await horario.focus();
    await page.keyboard.press('Enter');
    const dialogoHorario = page.getByRole('dialog', { name: 'Personalizar Horario' });
    await dialogoHorario.waitFor();
    expect((await foco(page)).descripcion).not.toMatch(/Eliminar/);
    await page.keyboard.press('Escape');
    await dialogoHorario.waitFor({ state: 'detached' });
    expect(await tieneFoco(horario)).toBe(true);

    // To the chat through the navigation, by keyboard.
    // Up in the top bar, above the agenda's buttons: back with Shift+Tab.
    await tabularHasta(page, page.getByRole('link', { name: /^Chat/ }).first(), 15, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/chat-pacientes-del-psicologo/);
    const conversacion = page.locator('button[data-chat]', { hasText: 'Lucía' }).first();
    await conversacion.waitFor();
    await tabularHasta(page, conversacion, 40);
    await page.keyboard.press('Enter');
    const caja = page.getByRole('textbox', { name: 'Mensaje' });
    await tabularHasta(page, caja, 40);
    await page.keyboard.type('Nos vemos el martes a las 11.');
    await page.keyboard.press('Enter');
    await page.getByText('Nos vemos el martes a las 11.').first().waitFor();
  }, 90_000);
  it('el detalle de un psicólogo (administración) y la vista de una actividad del catálogo devuelven el foco a su botón', async () => {
    const contexto = await contextoCon(ESCRITORIO, sesionPsicologo(e.t.app, admin));
    const page = await contexto.newPage();
    for (const [ruta, boton] of [
      ['/admin/psicologos', /^Ver detalle de Mariana/],
      ['/actividades-globales', /^Ver Escribir lo que sucedió/],
    ] as const) {
      await page.goto(ruta);
      const abrir = visible(page.getByRole('button', { name: boton }));
      await abrir.focus();
      await page.keyboard.press('Enter');
      const dialogo = page.getByRole('dialog');
      await dialogo.waitFor();
      expect((await foco(page)).enDialogo, ruta).toBe(true);
      expect((await foco(page)).descripcion, ruta).not.toMatch(/Eliminar|Deshabilitar/);
      await page.keyboard.press('Escape');
      await dialogo.waitFor({ state: 'detached' });
      await expect.poll(() => tieneFoco(abrir), { message: ruta }).toBe(true);
    }
  }, 60_000);
});
