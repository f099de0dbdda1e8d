// Spec 2 §2 items that had no test (issue 53): the forum list's spinner, error, empty state and
// pagination; the empty invitations; the profile's digit-only phone and role badge; the
// administrator's bar and profile menu. One browser; one page per account, moved between screens.
import { ROL_CUENTA } from '@miduelo/shared/cuentas-perfil-textos';
import { TEXTOS_FOROS } from '@miduelo/shared/foros';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from '../helpers/e2e';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { forosNuevos, psicologoForo } from '../helpers/foros';
import { debeOmitirE2E } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;
let page: Page;
let psicologa: Awaited<ReturnType<typeof psicologoForo>>;

const LISTA = '**/api/foros?*';
const tarjetas = () => page.locator('[data-foros] > li');
const paginas = () => page.getByRole('navigation', { name: 'Páginas' });

describe.skipIf(omitir)('requisitos de foros, perfil y barra de administración (spec 2 §2)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
    psicologa = await psicologoForo(e.t, { nombre: 'Inés', apellidoPaterno: 'Navarro' });
    page = await e.paginaConSesion(psicologa.token, '/agenda');
    await page.getByRole('heading', { name: /Semana/ }).waitFor();
  });
  afterAll(() => e?.cerrar());

  it('lista de foros: spinner mientras carga, luego «No hay foros disponibles» sin paginación', async () => {
    let soltar!: () => void;
    const suelta = new Promise<void>((r) => {
      soltar = r;
    });
    await page.route(
      LISTA,
      async (route: Route) => {
        await suelta;
        await route.continue();
      },
      { times: 1 },
    );
    await page
      .getByRole('link', { name: /^Foros/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Foros de la Comunidad' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Cargando foros' }).waitFor();
    expect(await page.getByText(TEXTOS_FOROS.sinForos).count()).toBe(0);
    soltar();
    await page.getByText(TEXTOS_FOROS.sinForos).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Cargando foros' }).count()).toBe(0);
    expect(await paginas().count()).toBe(0);
  });

  it('un error al cargar la lista se dice en su recuadro y no muestra resultados', async () => {
    await forosNuevos(e.t, psicologa, 3);
    await page.route(LISTA, (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{"msg":"x","code":"X"}' }));
    await page.reload();
    await page.getByRole('alert').filter({ hasText: TEXTOS_FOROS.errorCargar }).waitFor();
    expect(TEXTOS_FOROS.errorCargar).toBe('No se pudieron cargar los foros');
    expect(await tarjetas().count()).toBe(0);
    expect(await page.getByText(TEXTOS_FOROS.sinForos).count()).toBe(0);
    await page.unroute(LISTA);
    await page.reload();
    await tarjetas().nth(2).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: TEXTOS_FOROS.errorCargar }).count()).toBe(0);
  });

  it('la paginación aparece solo con más de una página (12 por página) y lleva a la siguiente', async () => {
    await forosNuevos(e.t, psicologa, 9); // 12 in all: one page.
    await page.reload();
    await tarjetas().nth(11).waitFor();
    expect(await paginas().count()).toBe(0);

    await forosNuevos(e.t, psicologa, 1); // 13: two pages.
    await page.reload();
    await paginas().waitFor();
    expect(await tarjetas().count()).toBe(12);
    expect(await paginas().getByRole('button', { name: TEXTOS_FOROS.anterior }).isDisabled()).toBe(true);
    await paginas().getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => tarjetas().count()).toBe(1);
    expect(await paginas().getByRole('button', { name: '2', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await paginas().getByRole('button', { name: TEXTOS_FOROS.siguiente }).isDisabled()).toBe(true);
  });

  it('Crear Nuevo Foro: el botón del psicólogo en la lista; «Creando...» mientras guarda; luego el foro nuevo', async () => {
    await page.goto('/foros');
    await page
      .getByRole('link', { name: /Crear foro|Crear Foro|Nuevo foro/ })
      .first()
      .click();
    await page.waitForURL('**/foros/crear');
    await page.getByLabel(/^Título/).fill('Duelo por mascotas');
    let soltar!: () => void;
    const suelta = new Promise<void>((r) => {
      soltar = r;
    });
    await page.route(
      '**/api/foros',
      async (route: Route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await suelta;
        await route.continue();
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: TEXTOS_FOROS.crear, exact: true }).click();
    const creando = page.getByRole('button', { name: TEXTOS_FOROS.creando });
    await creando.waitFor();
    expect(await creando.isDisabled()).toBe(true);
    soltar();
    await page.getByText(TEXTOS_FOROS.creado).first().waitFor();
    await page.waitForURL(/\/foros\/\d+$/);
    await page.getByRole('heading', { name: 'Duelo por mascotas' }).waitFor();
  });

  it('Mis Invitaciones sin ninguna: «No tienes invitaciones»', async () => {
    await page.goto('/foros/invitaciones');
    await page.getByText(TEXTOS_FOROS.sinInvitaciones).waitFor();
    expect(TEXTOS_FOROS.sinInvitaciones).toBe('No tienes invitaciones');
  });

  it('perfil: insignia del rol; el teléfono solo admite dígitos y a lo más 10', async () => {
    await page.goto('/configuracion-perfil');
    await page.getByText(ROL_CUENTA.psicologo, { exact: true }).first().waitFor();
    const telefono = page.locator('#perfil-telefono');
    await telefono.fill('');
    await telefono.pressSequentially('55 a-12b3456789012');
    expect(await telefono.inputValue()).toBe('5512345678');
    expect(await telefono.getAttribute('maxlength')).toBe('10');
  });

  it('administrador: su barra lleva Panel, Psicólogos, Pacientes, Chat y Bitácora; su menú, iniciales, «Administrador», «Panel Administrativo» y Cerrar Sesión', async () => {
    const admin = await crearPsicologo(e.t.db, { rol_admin: true, nombre: 'Marta', apellidoPaterno: 'Lozano' });
    const adm = await e.paginaConSesion(sesionPsicologo(e.t.app, admin), '/admin/psicologos');
    const barra = adm.getByRole('navigation', { name: 'Administración' }).first();
    for (const [nombre, ruta] of [
      ['Panel', '/admin/dashboard'],
      ['Psicólogos', '/admin/psicologos'],
      ['Pacientes', '/admin/pacientes'],
      ['Chat', '/admin/chat'],
      ['Bitácora', '/admin/auditoria'],
    ])
      expect(await barra.getByRole('link', { name: new RegExp(`^${nombre}`) }).getAttribute('href')).toBe(ruta);
    const menu = adm.getByRole('button', { name: /Marta Lozano.*Administrador/ });
    await menu.waitFor();
    expect(await menu.textContent()).toContain('ML');
    await menu.click();
    const contenido = adm.getByRole('menu');
    await contenido.getByText('Panel Administrativo').waitFor();
    // One profile entry (decision 350), to the profile screen every signed-in user has.
    expect(await contenido.getByRole('menuitem', { name: 'Mi Perfil' }).getAttribute('href')).toBe('/configuracion-perfil');
    await contenido.getByRole('menuitem', { name: 'Cerrar Sesión' }).waitFor();
    await adm.keyboard.press('Escape');
    await adm.context().close();
  });
});
