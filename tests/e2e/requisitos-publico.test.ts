// The visitor's side of spec 1 §1, §2, §5 and §8 as a visitor sees it (issue 53): the landing's
// features and app download, the static pages, the public bar, the controls of the login,
// recovery, registration and activation screens, and the login's account notices. One browser, one
// page reused; the login notices go through login itself (they are what login answers).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@miduelo/shared/cuentas';
import { TEXTOS_CUENTA, textoValidacionPendiente } from '@miduelo/shared/cuentas-textos-web';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from '../helpers/e2e';
import { CONTRASENA, crearPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E } from '../helpers/navegador';

const omitir = debeOmitirE2E();
const DIA = 86_400_000;
let e: E2E;
let page: Page;
let dataDir: string;

const toasts = (p: Page) => p.getByRole('region', { name: /Notificaciones/ });
/** A request held until the test lets it go (to see what shows while it is on its way). */
async function retener(p: Page, patron: string) {
  let soltar!: () => void;
  const suelta = new Promise<void>((r) => {
    soltar = r;
  });
  let marcar!: () => void;
  const llego = new Promise<void>((r) => {
    marcar = r;
  });
  const manejador = async (route: Route) => {
    marcar();
    await suelta;
    await route.continue().catch(() => {});
  };
  await p.route(patron, manejador, { times: 1 });
  return { llego, soltar };
}

async function iniciarSesionCon(correo: string) {
  await page.goto('/iniciar-sesion');
  await page.locator('#correo').fill(correo);
  await page.locator('#contrasena').fill(CONTRASENA);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function cerrarSesionLocal() {
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/');
}

describe.skipIf(omitir)('requisitos del visitante (spec 1 §1, §2, §5, §8)', () => {
  beforeAll(async () => {
    // The operator published the Android app (spec 1 §1: an apk among the static assets).
    dataDir = mkdtempSync(path.join(tmpdir(), 'miduelo-requisitos-'));
    mkdirSync(path.join(dataDir, 'descargas'));
    writeFileSync(path.join(dataDir, 'descargas', 'miduelo.apk'), Buffer.from('PK\u0003\u0004 apk'));
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E({ env: { DATA_DIR: dataDir } });
    page = await (await e.contexto()).newPage();
  });
  afterAll(async () => {
    await e?.cerrar();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('la portada anuncia las seis funciones y ofrece la app de Android; la barra pública lleva sus cinco enlaces', async () => {
    await page.goto('/');
    const funciones = page.locator('section[aria-labelledby="funciones"]');
    for (const f of [
      'Diario emocional',
      'Actividades para el ánimo',
      'Módulo de emergencia',
      'Foro de la comunidad',
      'Estadísticas de progreso',
      'Acceso compartido',
    ])
      await funciones.getByRole('heading', { name: f }).waitFor();
    const descarga = page.getByRole('link', { name: 'Descargar app para Android' });
    await descarga.waitFor();
    expect(await descarga.getAttribute('href')).toBe('/descargas/miduelo.apk');
    const r = await page.request.get('/descargas/miduelo.apk');
    expect(r.status()).toBe(200);

    const barra = page.getByRole('navigation', { name: 'Principal' }).first();
    for (const [nombre, ruta] of [
      ['¿Qué es MiDuelo?', '/'],
      ['Duelo y pérdida', '/duelo-y-perdida'],
      ['Contactos de apoyo', '/contactos-de-apoyo'],
    ])
      expect(await barra.getByRole('link', { name: nombre, exact: true }).getAttribute('href')).toBe(ruta);
    const cabecera = page.getByRole('banner');
    expect(await cabecera.getByRole('link', { name: 'Iniciar sesión', exact: true }).getAttribute('href')).toBe('/iniciar-sesion');
    expect(await cabecera.getByRole('link', { name: 'Registrarse', exact: true }).getAttribute('href')).toBe('/registro');
  });

  it('las páginas de contenido: el artículo sobre el duelo y los contactos de apoyo por grupo', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Duelo y pérdida', exact: true }).first().click();
    await page.waitForURL('**/duelo-y-perdida');
    await page.getByRole('heading', { level: 1, name: 'Duelo y pérdida' }).waitFor();
    expect(await page.locator('main h2').count()).toBeGreaterThanOrEqual(3);

    await page.goto('/contactos-de-apoyo');
    await page.getByRole('heading', { level: 1, name: 'Contactos de apoyo' }).waitFor();
    // Recommended psychologists, national and Mexico City helplines, public mental-health centres.
    for (const grupo of ['Psicólogos recomendados', 'Si necesitas ayuda ahora', 'Ciudad de México', 'Centros públicos de salud mental'])
      await page.getByRole('heading', { level: 2, name: grupo }).waitFor();
  });

  it('el aviso de privacidad público dice, como el vigente que acepta la paciente, quién ve sus datos y cómo se supervisa', async () => {
    await page.goto('/aviso-de-privacidad');
    await page.getByRole('heading', { level: 2, name: 'Quién ve tus datos' }).waitFor();
    const r = await e.t.app.inject({ method: 'GET', url: '/api/paciente/consentimientos/vigentes' });
    const vigente = (r.json() as Array<{ tipo: string; texto: string }>).find((d) => d.tipo === 'aviso_privacidad');
    const parrafo = /Solo puede leer una conversación en una supervisión[\s\S]*?para asegurarse de que alguien te atienda\./;
    const enLaPagina = parrafo.exec((await page.locator('main').textContent())?.replace(/\s+/g, ' ') ?? '')?.[0];
    expect(enLaPagina).toBeDefined();
    expect(vigente?.texto.replace(/\s+/g, ' ')).toContain(enLaPagina);
    expect(await page.locator('main').textContent()).not.toContain('únicamente tus datos de contacto');
  });

  it('iniciar sesión: mostrar/ocultar la contraseña, botón inactivo con un campo vacío, spinner al entrar, enlace al registro', async () => {
    await page.goto('/iniciar-sesion');
    const entrar = page.getByRole('button', { name: 'Iniciar sesión' });
    expect(await entrar.isDisabled()).toBe(true);
    await page.locator('#correo').fill('alguien@consultorio.mx');
    expect(await entrar.isDisabled()).toBe(true);
    await page.locator('#contrasena').fill('Clave#1234');
    expect(await entrar.isEnabled()).toBe(true);
    await page.locator('#correo').fill('');
    expect(await entrar.isDisabled()).toBe(true);

    expect(await page.locator('#contrasena').getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar' }).click();
    expect(await page.locator('#contrasena').getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Ocultar' }).click();
    expect(await page.locator('#contrasena').getAttribute('type')).toBe('password');

    // While the answer is on its way: a spinner, and the button cannot be pressed again.
    await page.locator('#correo').fill('alguien@consultorio.mx');
    const login = await retener(page, '**/api/psicologo/iniciar-sesion');
    await entrar.click();
    await login.llego;
    const enviando = page.getByRole('button', { name: 'Iniciando sesión...' });
    await enviando.waitFor();
    expect(await enviando.getAttribute('aria-busy')).toBe('true');
    expect(await enviando.isDisabled()).toBe(true);
    expect(await enviando.locator('svg.animate-spin').count()).toBe(1);
    login.soltar();
    await toasts(page).getByText(MSG.credencialesInvalidas).first().waitFor();

    const registro = page.getByRole('link', { name: 'Regístrate como psicólogo' });
    expect(await registro.getAttribute('href')).toBe('/registro');
  });

  it('¿Olvidaste tu contraseña?: Cancelar y Enviar, «Enviando...» mientras envía, el campo vacío al abrir de nuevo', async () => {
    await page.goto('/iniciar-sesion');
    const enlace = page.getByRole('button', { name: /Olvidaste tu contraseña/ });
    await enlace.click();
    const modal = page.getByRole('dialog', { name: 'Recuperar contraseña' });
    const campo = modal.getByLabel('Correo electrónico o teléfono');
    await campo.fill('escrito@antes.mx');
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await modal.waitFor({ state: 'hidden' });
    await enlace.click();
    expect(await campo.inputValue()).toBe('');

    // Empty: the spec's message, nothing sent.
    await modal.getByRole('button', { name: 'Enviar' }).click();
    await modal.getByText(MSG.recuperacionObligatorio).waitFor();

    await campo.fill('5512345678');
    const envio = await retener(page, '**/api/psicologo/recuperar-contrasena');
    await modal.getByRole('button', { name: 'Enviar' }).click();
    await envio.llego;
    await modal.getByRole('button', { name: 'Enviando...' }).waitFor();
    envio.soltar();
    // By phone: the phone text of spec 1 §8.
    await toasts(page).getByText(MSG.recuperacionTelefono).first().waitFor();
    await modal.waitFor({ state: 'hidden' });
    await enlace.click();
    expect(await campo.inputValue()).toBe('');
    await page.keyboard.press('Escape');
  });

  it('registro: mostrar/ocultar en las dos contraseñas, solo dígitos y tope de 10 en cédula y teléfono, términos en otra pestaña, enlace a iniciar sesión', async () => {
    await page.goto('/registro');
    for (const id of ['#contrasena', '#confirmarContrasena']) {
      const campo = page.locator(id);
      const alternar = page.locator(`button[aria-controls="${id.slice(1)}"]`);
      expect(await campo.getAttribute('type')).toBe('password');
      await alternar.click();
      expect(await campo.getAttribute('type'), id).toBe('text');
      await alternar.click();
      expect(await campo.getAttribute('type'), id).toBe('password');
    }
    await page.locator('#numTelefonico').pressSequentially('55-12 ab 345678901');
    expect(await page.locator('#numTelefonico').inputValue()).toBe('5512345678');
    await page.locator('#cedulaProfesional').pressSequentially('1234567890123');
    expect(await page.locator('#cedulaProfesional').inputValue()).toBe('1234567890');
    await page.locator('#numTelefonico').fill('551234');
    await page.locator('#numTelefonico').blur();
    await page.locator('#numTelefonico-error').getByText(MSG.telefonoInvalido).waitFor();

    const terminos = page.getByRole('link', { name: 'términos y condiciones' }).first();
    expect(await terminos.getAttribute('target')).toBe('_blank');
    const [pestana] = await Promise.all([page.context().waitForEvent('page'), terminos.click()]);
    await pestana.waitForURL('**/terminos-y-condiciones');
    await pestana.getByRole('heading', { level: 1 }).waitFor();
    await pestana.close();
    expect(await page.getByRole('main').getByRole('link', { name: 'Inicia sesión', exact: true }).getAttribute('href')).toBe(
      '/iniciar-sesion',
    );
  });

  it('activación: sin token «Token de activación no válido»; un enlace que no sirve, el mensaje del servidor', async () => {
    await page.goto('/activar-cuenta');
    await page.getByText(TEXTOS_CUENTA.activacionSinToken).waitFor();
    await page.goto(`/activar-cuenta/${'b'.repeat(64)}`);
    await page.getByText(MSG.tokenActivacionInvalido).first().waitFor();
  });

  it('al entrar: «Bienvenido»; con la cédula sin validar y 3 días o menos, «Validación Pendiente» con los días que quedan', async () => {
    const p = await crearPsicologo(e.t.db, { cedula_validada: false, createdAt: new Date(e.t.reloj.ahora().getTime() - 5 * DIA) });
    await iniciarSesionCon(p.correo);
    await page.waitForURL('**/agenda');
    await toasts(page).getByText(TEXTOS_CUENTA.bienvenidoTitulo).first().waitFor();
    await toasts(page).getByText(TEXTOS_CUENTA.validacionPendienteTitulo).first().waitFor();
    await toasts(page).getByText(textoValidacionPendiente(2)).first().waitFor();
    expect(textoValidacionPendiente(2)).toBe('Tu cédula aún no ha sido validada. Te quedan 2 días de acceso completo.');
    await cerrarSesionLocal();

    // Four days left: above the threshold, no notice.
    const q = await crearPsicologo(e.t.db, { cedula_validada: false, createdAt: new Date(e.t.reloj.ahora().getTime() - 3 * DIA) });
    await iniciarSesionCon(q.correo);
    await page.waitForURL('**/agenda');
    await toasts(page).getByText(TEXTOS_CUENTA.bienvenidoTitulo).first().waitFor();
    expect(await toasts(page).getByText(TEXTOS_CUENTA.validacionPendienteTitulo).count()).toBe(0);
    await cerrarSesionLocal();
  });

  it('una cuenta limitada ve «Acceso Limitado» con la advertencia del servidor', async () => {
    const p = await crearPsicologo(e.t.db, { cedula_validada: false, createdAt: new Date(e.t.reloj.ahora().getTime() - 30 * DIA) });
    await iniciarSesionCon(p.correo);
    await page.waitForURL('**/agenda');
    await toasts(page).getByText(TEXTOS_CUENTA.accesoLimitadoTitulo).first().waitFor();
    await toasts(page).getByText(MSG.advertenciaLimitada).first().waitFor();
    await cerrarSesionLocal();
  });

  it('una cuenta sin activar: «Cuenta No Activada» y, 2 s después, la pregunta de reenviar el correo, que lo reenvía', async () => {
    const p = await crearPsicologo(e.t.db, { activadoEn: null });
    await iniciarSesionCon(p.correo);
    await toasts(page).getByText(TEXTOS_CUENTA.cuentaNoActivadaTitulo).first().waitFor();
    await toasts(page).getByText(MSG.cuentaNoActivada).first().waitFor();
    const pregunta = page.getByRole('alertdialog', { name: TEXTOS_CUENTA.reenviarActivacionPregunta });
    await pregunta.waitFor({ timeout: 10_000 });
    const desde = e.t.buzon.correos.length;
    await pregunta.getByRole('button', { name: 'Sí, reenviar' }).click();
    await page.locator('[data-tipo]', { hasText: TEXTOS_CUENTA.correoEnviadoTitulo }).first().waitFor();
    const correo = await e.t.buzon.esperar(p.correo, { desde });
    expect(new URL(e.t.buzon.enlace(correo)).pathname).toMatch(/^\/activar-cuenta\//);
    expect(new URL(page.url()).pathname).toBe('/iniciar-sesion');
  });
});
