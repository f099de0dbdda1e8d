// Issue 53, kept closed, in the patient's app (/app): axe-core (WCAG 2.2 AA) on every screen at
// 390×844 and 1366×768 fails on any serious or critical violation; every screen has its own
// document title; and a patient logs in and writes a diary entry by keyboard alone: focus always
// drawn, never under the bottom bar, moved to each new screen's heading, the save announced, and
// "Ayuda ahora" keeping Tab inside while open. A new screen joins PANTALLAS below.
import { chat as chatTabla } from '@miduelo/server/db/schema/chat';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturar, foco, graves, resumen, tabularHasta, tieneFoco, violacionesAxe } from '../helpers/accesibilidad';
import { aceptarVigentes, entrarEnLaApp } from '../helpers/app-paciente';
import type { E2E } from '../helpers/e2e';
import { CONTRASENA, crearPaciente, crearPsicologo, type Paciente, sesionPsicologo } from '../helpers/fabricas';
import { foroConTema, usuario } from '../helpers/foros';
import { debeOmitirE2E, ESCRITORIO, TELEFONO_TACTIL } from '../helpers/navegador';
import { citaEnLineaAhora } from '../helpers/sala-e2e';

const omitir = debeOmitirE2E();
let e: E2E;
let pac: Paciente;
let ids: { chat: number; foro: number; tema: number; sesion: number };
const contextos: BrowserContext[] = [];

const visible = (l: Locator) => l.filter({ visible: true }).first();

interface Pantalla {
  nombre: string;
  ruta: () => string;
  /** The document title it must have. */
  titulo: RegExp;
  listo?: (page: Page) => Promise<unknown>;
  despues?: (page: Page) => Promise<unknown>;
}

const PANTALLAS_PUBLICAS: Pantalla[] = [
  { nombre: 'entrar', ruta: () => '/app/entrar', titulo: /^Entrar · MiDuelo$/ },
  { nombre: 'crear cuenta', ruta: () => '/app/registro', titulo: /^Crear cuenta · MiDuelo$/ },
  { nombre: 'recuperar contraseña', ruta: () => '/app/recuperar', titulo: /^Recuperar contraseña · MiDuelo$/ },
];

const PANTALLAS: Pantalla[] = [
  { nombre: 'inicio', ruta: () => '/app/', titulo: /^Inicio · MiDuelo$/, listo: (p) => p.getByText('Tu próxima cita').waitFor() },
  {
    nombre: 'ayuda ahora',
    ruta: () => '/app/',
    titulo: /^Inicio · MiDuelo$/,
    despues: (p) => p.getByRole('button', { name: 'Ayuda ahora' }).click(),
    listo: (p) => p.getByRole('dialog', { name: /No estás solo/ }).waitFor(),
  },
  { nombre: 'citas', ruta: () => '/app/citas', titulo: /^Citas · MiDuelo$/ },
  { nombre: 'mi proceso', ruta: () => '/app/proceso', titulo: /^Mi proceso · MiDuelo$/ },
  // With her one conversation, Mensajes opens it.
  {
    nombre: 'mensajes',
    ruta: () => '/app/chat',
    titulo: /^(Conversación con Mariana Herrera · )?Mensajes · MiDuelo$/,
    listo: (p) => visible(p.getByText('Mariana')).waitFor(),
  },
  {
    nombre: 'conversación',
    ruta: () => `/app/chat/${ids.chat}`,
    titulo: /^Conversación con Mariana.* · MiDuelo$/,
    listo: (p) => visible(p.getByText('¿Cómo te fue esta semana?')).waitFor(),
  },
  { nombre: 'diario', ruta: () => '/app/diario', titulo: /^Diario · MiDuelo$/ },
  { nombre: 'escribir en el diario', ruta: () => '/app/diario/nueva', titulo: /^Escribir en el diario · MiDuelo$/ },
  {
    nombre: 'foros',
    ruta: () => '/app/foros',
    titulo: /^Foros · MiDuelo$/,
    listo: (p) => visible(p.getByText('Acompañar la pérdida')).waitFor(),
  },
  {
    nombre: 'foro',
    ruta: () => `/app/foros/${ids.foro}`,
    titulo: /^Acompañar la pérdida · Foros · MiDuelo$/,
    listo: (p) => visible(p.getByText('Primer tema')).waitFor(),
  },
  {
    nombre: 'tema del foro',
    ruta: () => `/app/foros/${ids.foro}/temas/${ids.tema}`,
    titulo: /^Primer tema · Foros · MiDuelo$/,
    listo: (p) => visible(p.getByText('Un abrazo')).waitFor(),
  },
  { nombre: 'ajustes', ruta: () => '/app/ajustes', titulo: /^Ajustes · MiDuelo$/ },
  // Issue 56 (decision 378): her rights over her data, with the cancellation form open.
  {
    nombre: 'ajustes: solicitar la cancelación',
    ruta: () => '/app/ajustes',
    titulo: /^Ajustes · MiDuelo$/,
    despues: (p) => visible(p.getByRole('button', { name: 'Solicitar la cancelación de mis datos' })).click(),
    listo: (p) => p.getByLabel(/¿Por qué lo pides\?/).waitFor(),
  },
  // Issue 56 (decision 380): the open sessions, loaded.
  {
    nombre: 'ajustes: dispositivos con sesión abierta',
    ruta: () => '/app/ajustes',
    titulo: /^Ajustes · MiDuelo$/,
    listo: (p) => p.locator('[data-solo-este], [data-sesiones]').first().waitFor(),
  },
  // Issue 56 (decisions 376, 377): "Tus datos", the download and the opposition switches loaded.
  {
    nombre: 'ajustes: tus datos',
    ruta: () => '/app/ajustes',
    titulo: /^Ajustes · MiDuelo$/,
    listo: (p) => p.getByRole('checkbox', { name: 'No mostrar mi nombre en los foros' }).waitFor(),
  },
  // The online session's waiting room (issue 54): her appointment's room, entered before her psychologist.
  {
    nombre: 'sala de espera',
    ruta: () => `/app/sesion/${ids.sesion}`,
    titulo: /^Sesión en línea · MiDuelo$/,
    listo: (p) => p.locator('[data-sala][data-sala-fase="esperando"]').waitFor(),
  },
];

async function esperarPantalla(page: Page, p: Pantalla) {
  await page.locator('h1').first().waitFor();
  if (p.despues) await p.despues(page);
  await p.listo?.(page);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && !/Cargando…/.test(document.body.innerText));
}

/** Every screen of the list in one page: serious and critical violations, and a wrong title, by screen. */
async function revisar(page: Page, pantallas: Pantalla[]): Promise<Record<string, string[]>> {
  const encontradas: Record<string, string[]> = {};
  for (const p of pantallas) {
    try {
      await page.goto(p.ruta());
      await esperarPantalla(page, p);
      await capturar(page, p.nombre);
      const problemas = resumen(graves(await violacionesAxe(page)));
      const titulo = await page.title();
      if (!p.titulo.test(titulo)) problemas.push(`título «${titulo}»`);
      if (problemas.length) encontradas[p.nombre] = problemas;
    } catch (err) {
      await capturar(page, `fallo ${p.nombre}`);
      encontradas[p.nombre] = [`no se pudo revisar: ${String(err).split('\n')[0]}`];
    }
  }
  return encontradas;
}

async function nuevoContexto(tamano: typeof ESCRITORIO | typeof TELEFONO_TACTIL) {
  const c = await e.contexto(tamano);
  contextos.push(c);
  const page = await c.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

describe.skipIf(omitir)('accesibilidad de la app del paciente (issue 53)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    // A fake camera and microphone, for the online session's waiting room.
    e = await iniciarE2E({}, { mediosFalsos: true });
    const psi = await crearPsicologo(e.t.db, { nombre: 'Mariana', apellidoPaterno: 'Herrera' });
    pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Lucía', apellido_paterno: 'Campos' });
    await aceptarVigentes(e.t.db, pac.id_paciente);
    const yo = usuario(e.t, sesionPsicologo(e.t.app, psi), 'psicologo', psi.id_psicologo, psi.nombre);
    const f = await foroConTema(yo, { titulo: 'Acompañar la pérdida' });
    await yo.post(`/api/foros/temas/${f.idTema}/mensajes`, { contenido: 'Un abrazo a quien llega hoy.' });
    const chat = await yo.post('/api/psicologo/chats', { id_paciente: pac.id_paciente });
    await yo.post('/api/psicologo/mensajes', { id_chat: chat.body.id_chat, contenido: 'Hola, Lucía. ¿Cómo te fue esta semana?' });
    // An "En línea" appointment starting now, its room entered once by her (as "Entrar a la sesión" does).
    const idCita = await citaEnLineaAhora(e.t, yo.token, psi.id_psicologo, pac.id_paciente);
    const { sesionPaciente } = await import('../helpers/fabricas');
    const suya = usuario(e.t, sesionPaciente(e.t.app, pac), 'paciente', pac.id_paciente, pac.nombre);
    const sala = await suya.post(`/api/paciente/citas/${idCita}/sesion`);
    expect(sala.status).toBe(200);
    ids = { chat: chat.body.id_chat, foro: f.idForo, tema: f.idTema, sesion: sala.body.sesion.id_sesion };
    expect(await e.t.db.select().from(chatTabla)).toHaveLength(1);
    // She is a member of the forum, as after joining it in the app.
    await suya.post(`/api/foros/${f.idForo}/unirse`);
  });
  afterAll(async () => {
    for (const c of contextos) await c.close().catch(() => {});
    await e?.cerrar();
  });

  for (const [tamano, nombre] of [
    [TELEFONO_TACTIL, '390×844'],
    [ESCRITORIO, '1366×768'],
  ] as const) {
    it(`ninguna pantalla tiene violaciones graves o críticas y cada una tiene su título, a ${nombre}`, async () => {
      const page = await nuevoContexto(tamano);
      const publicas = await revisar(page, PANTALLAS_PUBLICAS);
      await entrarEnLaApp(page, pac.email);
      expect({ ...publicas, ...(await revisar(page, PANTALLAS)) }).toEqual({});
    }, 180_000);
  }

  it('con el teclado: entrar → escribir en el diario; foco visible, nunca bajo la barra, en cada título nuevo, y el guardado anunciado', async () => {
    const page = await nuevoContexto(TELEFONO_TACTIL);
    await page.goto('/app/entrar');
    await page.getByRole('heading', { name: 'Qué bueno verte' }).waitFor();
    await tabularHasta(page, page.getByLabel('Correo electrónico'));
    await page.keyboard.type(pac.email);
    await tabularHasta(page, page.getByLabel('Contraseña'));
    await page.keyboard.type(CONTRASENA);
    await page.keyboard.press('Enter');
    const inicio = page.getByRole('heading', { level: 1 });
    await page.getByText('Tu próxima cita').waitFor();
    await expect.poll(() => tieneFoco(inicio)).toBe(true);
    expect(await page.title()).toBe('Inicio · MiDuelo');

    // "Ayuda ahora": Tab stays inside while it is open; Escape returns to the button.
    const ayuda = page.getByRole('button', { name: 'Ayuda ahora' });
    // In the header, above the heading that has focus: back with Shift+Tab.
    await tabularHasta(page, ayuda, 10, 'Shift+Tab');
    await page.keyboard.press('Enter');
    const crisis = page.getByRole('dialog', { name: /No estás solo/ });
    await crisis.waitFor();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const f = await foco(page);
      expect(f.enDialogo, `Tab ${i + 1}: ${f.descripcion}`).toBe(true);
      expect(f.visible, f.descripcion).toBe(true);
    }
    await page.keyboard.press('Escape');
    await crisis.waitFor({ state: 'hidden' });
    expect(await tieneFoco(ayuda)).toBe(true);

    // To Diario through the bottom bar: every control on the way is above the bar when focused.
    const barra = page.getByRole('navigation', { name: 'Secciones' });
    const diario = barra.getByRole('link', { name: 'Diario' });
    for (let i = 0; i < 60 && !(await tieneFoco(diario)); i++) {
      await page.keyboard.press('Tab');
      const tapado = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const nav = document.querySelector('nav[aria-label="Secciones"]');
        if (!el || !nav || nav.contains(el) || el.closest('header')) return null;
        const r = el.getBoundingClientRect();
        return r.bottom > nav.getBoundingClientRect().top ? (el.textContent ?? el.tagName).trim().slice(0, 40) : null;
      });
      expect(tapado, 'un control con foco quedó bajo la barra inferior').toBeNull();
      expect((await foco(page)).visible).toBe(true);
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/app/diario');
    await expect.poll(() => page.title()).toBe('Diario · MiDuelo');
    await expect.poll(() => tieneFoco(page.getByRole('heading', { level: 1 }))).toBe(true);

    // A new entry: the emotion, a note, save — by keyboard.
    await tabularHasta(page, page.getByRole('link', { name: /Escribir/ }).first());
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/app/diario/nueva');
    await expect.poll(() => tieneFoco(page.getByRole('heading', { level: 1 }))).toBe(true);
    await tabularHasta(page, page.getByRole('button', { name: 'Calma', exact: true }));
    await page.keyboard.press('Enter');
    await tabularHasta(page, page.getByLabel(/escribe algo más/i));
    await page.keyboard.type('Hoy prendí una vela por ella.');
    await tabularHasta(page, page.getByRole('button', { name: /Guardar/ }));
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/app\/diario\/\d+$/.test(u.pathname));
    await expect.poll(() => tieneFoco(page.getByRole('heading', { level: 1 }))).toBe(true);
    await page
      .getByRole('status')
      .filter({ hasText: /guardada|Guardamos/ })
      .first()
      .waitFor({ state: 'attached' });
    await page.getByText('Hoy prendí una vela por ella.').waitFor();
  }, 90_000);
});
