import { expect as esperar } from 'vitest';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@miduelo/shared/cuentas';
import { debeOmitirE2E } from '../helpers/navegador';
import type { E2E } from '../helpers/e2e';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { crearPsicologo, CONTRASENA, sesionPsicologo } from '../helpers/fabricas';

const omitir = debeOmitirE2E();
let e: E2E;

async function esperarRuta(page: Page, ruta: string) {
  await page.waitForURL((u) => u.pathname === ruta, { timeout: 15_000 });
}
const toasts = (page: Page) => page.getByRole('region', { name: /Notificaciones/ });

describe.skipIf(omitir)('cuentas en el navegador', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(() => e?.cerrar());

  it('registro → correo de activación → activar → iniciar sesión → /agenda → cerrar sesión', async () => {
    const ctx = await e.contexto();
    const page = await ctx.newPage();
    await page.goto('/registro');
    await page.locator('#nombre').fill('Inés');
    await page.locator('#apellidoPaterno').fill('Navarro');
    await page.locator('#fecha_nacimiento').fill('1988-05-20');
    await page.locator('#especialidad').fill('Psicoterapia del duelo');
    await page.locator('#cedulaProfesional').fill('98765432');
    await page.locator('#numTelefonico').fill('5587654321');
    await page.locator('#correo').fill('ines@consultorio.mx');
    await page.locator('#contrasena').fill('Duelo#Segura1');
    await page.locator('#confirmarContrasena').fill('Duelo#Segura1');
    await page.locator('#aceptaTerminos').check();
    const desde = e.t.buzon.correos.length;
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await toasts(page).getByText('Registro exitoso').waitFor();
    await esperarRuta(page, '/iniciar-sesion');

    const correo = await e.t.buzon.esperar('ines@consultorio.mx', { desde });
    const enlace = new URL(e.t.buzon.enlace(correo));
    await page.goto(enlace.pathname);
    await page.getByText(MSG.activacionExitosa).first().waitFor();
    await esperarRuta(page, '/iniciar-sesion');

    await page.locator('#correo').fill('ines@consultorio.mx');
    await page.locator('#contrasena').fill('Duelo#Segura1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await esperarRuta(page, '/agenda');
    await toasts(page).getByText('Bienvenido').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    esperar(token).toBeTruthy();

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await esperarRuta(page, '/iniciar-sesion');
    esperar(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The server revoked that token too.
    const r = await e.t.app.inject({ method: 'POST', url: '/api/psicologo/cerrar-sesion', headers: { authorization: `Bearer ${token}` } });
    esperar(r.statusCode).toBe(401);
  });

  it('las guardas redirigen como dice la especificación', async () => {
    const anon = await (await e.contexto()).newPage();
    await anon.goto('/agenda');
    await esperarRuta(anon, '/iniciar-sesion');
    await anon.goto('/admin/psicologos');
    await esperarRuta(anon, '/iniciar-sesion');
    await anon.goto('/una/ruta/que/no/existe');
    await esperarRuta(anon, '/');

    const p = await crearPsicologo(e.t.db);
    const page = await (await e.contexto()).newPage();
    await page.goto('/iniciar-sesion');
    await page.locator('#correo').fill(p.correo);
    await page.locator('#contrasena').fill(CONTRASENA);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await esperarRuta(page, '/agenda');
    await page.goto('/admin/psicologos');
    await esperarRuta(page, '/agenda');
    await page.goto('/iniciar-sesion');
    await esperarRuta(page, '/agenda');

    const a = await crearPsicologo(e.t.db, { rol_admin: true });
    const adm = await (await e.contexto()).newPage();
    await adm.goto('/iniciar-sesion');
    await adm.locator('#correo').fill(a.correo);
    await adm.locator('#contrasena').fill(CONTRASENA);
    await adm.getByRole('button', { name: 'Iniciar sesión' }).click();
    await esperarRuta(adm, '/admin/psicologos');
  });

  it('el pie de visitantes, psicólogos y administradores lleva sus enlaces y el copyright 2025 de la especificación', async () => {
    const p = await crearPsicologo(e.t.db);
    const a = await crearPsicologo(e.t.db, { rol_admin: true });
    const paginas = [
      ['/', await (await e.contexto()).newPage()],
      ['/agenda', await e.paginaConSesion(sesionPsicologo(e.t.app, p), '/agenda')],
      ['/admin/psicologos', await e.paginaConSesion(sesionPsicologo(e.t.app, a), '/admin/psicologos')],
    ] as const;
    for (const [ruta, page] of paginas) {
      if (ruta === '/') await page.goto('/');
      await esperarRuta(page, ruta);
      const pie = page.getByRole('contentinfo');
      await pie.getByText(/^© \d{4} MiDuelo$/).waitFor();
      esperar(await pie.getByText(/^© \d{4} MiDuelo$/).textContent(), ruta).toBe('© 2025 MiDuelo');
      for (const enlace of ['Aviso de privacidad', 'Términos y condiciones'])
        esperar(await pie.getByRole('link', { name: enlace }).count(), `${ruta}: ${enlace}`).toBe(1);
    }
  });

  it('una sesión revocada muestra «Sesión Expirada» y el aviso sigue en /iniciar-sesion tras recargar', async () => {
    const p = await crearPsicologo(e.t.db);
    const admin = await crearPsicologo(e.t.db, { rol_admin: true });
    const page = await (await e.contexto()).newPage();
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), sesionPsicologo(e.t.app, p));
    await page.goto('/agenda');
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    // The logout ends with a full reload of /iniciar-sesion (the only 'load' from here on).
    const recargada = page.waitForEvent('load', { timeout: 15_000 });
    const r = await e.t.app.inject({
      method: 'PUT',
      url: `/api/admin/psicologos/${p.id_psicologo}/status`,
      headers: { authorization: `Bearer ${sesionPsicologo(e.t.app, admin)}` },
      payload: { status: 'inactivo' },
    });
    esperar(r.statusCode).toBe(200);
    // A call made with the now revoked token. The socket may have reported it first and the page
    // already be reloading to /iniciar-sesion, where there is no such link: the click then gives up
    // quickly instead of waiting out Playwright's 30 s (which timed the test out in a CI run).
    await page
      .getByRole('link', { name: 'Pacientes' })
      .first()
      .click({ timeout: 3_000 })
      .catch(() => {});
    await recargada;
    await esperarRuta(page, '/iniciar-sesion');
    await toasts(page).getByText(MSG_GENERICO.sesionExpirada).waitFor({ timeout: 2000 });
    await toasts(page).getByText(MSG_GENERICO.sesionExpiradaTitulo).waitFor({ timeout: 500 });
    esperar(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  }, 90_000);

  it('el formulario de registro muestra los mensajes de la especificación', async () => {
    const page = await (await e.contexto()).newPage();
    await page.goto('/registro');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await toasts(page).getByText(MSG.formularioInvalido).first().waitFor();
    esperar(await page.locator('#nombre-error').textContent()).toBe(MSG.nombreObligatorio);
    esperar(await page.locator('#cedulaProfesional-error').textContent()).toBe(MSG.cedulaObligatoria);
    esperar(await page.locator('#aceptaTerminos-error').textContent()).toBe(MSG.aceptaTerminos);

    await page.locator('#nombre').fill('A');
    await page.locator('#nombre').blur();
    await page.locator('#nombre-error').getByText(MSG.nombreCorto).waitFor();
    await page.locator('#cedulaProfesional').pressSequentially('12ab34');
    esperar(await page.locator('#cedulaProfesional').inputValue()).toBe('1234');
    await page.locator('#cedulaProfesional').blur();
    await page.locator('#cedulaProfesional-error').getByText(MSG.cedulaInvalida).waitFor();
    await page.locator('#contrasena').fill('abc');
    await page.locator('#contrasena').blur();
    await page
      .locator('#contrasena-error')
      .getByText('La contraseña debe contener: Al menos 8 caracteres, Una letra mayúscula, Un número, Un carácter especial')
      .waitFor();
    await page.getByRole('button', { name: 'Generar contraseña segura' }).click();
    const generada = await page.locator('#contrasena').inputValue();
    esperar(generada).toHaveLength(12);
    esperar(await page.locator('#confirmarContrasena').inputValue()).toBe(generada);
    await toasts(page).getByText(MSG.contrasenaGenerada).first().waitFor();
  });

  it('¿Olvidaste tu contraseña?: el modal pide el correo, envía el enlace sin iniciar sesión y devuelve el foco al enlace', async () => {
    const p = await crearPsicologo(e.t.db);
    const page = await (await e.contexto()).newPage();
    await page.goto('/iniciar-sesion');
    const enlace = page.getByRole('button', { name: /Olvidaste tu contraseña/ });
    await enlace.click();
    const modal = page.getByRole('dialog', { name: 'Recuperar contraseña' });
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    esperar(await enlace.evaluate((el) => el === document.activeElement)).toBe(true);

    await enlace.click();
    await modal.getByLabel('Correo electrónico o teléfono').fill(p.correo);
    const desde = e.t.buzon.correos.length;
    await modal.getByRole('button', { name: 'Enviar' }).click();
    await toasts(page).getByText(MSG.recuperacionCorreo).first().waitFor();
    await modal.waitFor({ state: 'hidden' });
    esperar(await enlace.evaluate((el) => el === document.activeElement)).toBe(true);
    const correo = await e.t.buzon.esperar(p.correo, { desde });
    esperar(new URL(e.t.buzon.enlace(correo)).pathname).toMatch(/^\/restablecer-contrasena\//);
    // The modal's submit did not reach the login form around it.
    esperar(new URL(page.url()).pathname).toBe('/iniciar-sesion');
    esperar((await page.locator('#correo-error').textContent())?.trim() ?? '').toBe('');
  });
});
