// A list that fails to load says so and offers to retry (decision 256): it never claims there is
// nothing ('No hay notas', 'Todo al día') nor spins for ever. The network to one API path is cut in
// Chromium (the request fails as on a dropped connection), the screen shows the failure, the path
// comes back and 'Reintentar' shows what the server holds. A screen already shown stays when a
// later reload fails (decision 258).
import { TEXTOS_ACTIVIDADES } from '@miduelo/shared/actividades';
import { MSG } from '@miduelo/shared/cuentas';
import { MSG_ADMINISTRACION } from '@miduelo/shared/administracion';
import { TEXTOS_EXPEDIENTE } from '@miduelo/shared/expediente';
import { TEXTOS_FOROS } from '@miduelo/shared/foros';
import { TEXTOS_CUENTA } from '@miduelo/shared/cuentas-textos-web';
import { foro as tablaForo } from '@miduelo/server/db/schema/foros';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inyectarCon } from '../helpers/app';
import { cortarTransportesDeSesion, enVivo } from '../helpers/e2e-esperas';
import type { E2E } from '../helpers/e2e';
import { crearPaciente, crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { foroConTema, psicologoForo } from '../helpers/foros';
import { debeOmitirE2E } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;

/** Opens `ruta` with GETs to the API path `api` (or those it starts, with `prefijo`) failing;
 * returns the page and a way to bring them back. */
async function conLecturaCortada(token: string | null, ruta: string, api: string, prefijo = false) {
  const c = await e.contexto();
  const corta = (u: URL) => (prefijo ? u.pathname.startsWith(api) : u.pathname === api);
  await c.route(corta, (r) => (r.request().method() === 'GET' ? r.abort('failed') : r.fallback()));
  const page = token ? await e.paginaConSesion(token, ruta, c) : await c.newPage();
  if (!token) await page.goto(ruta);
  return { page, restablecer: () => c.unroute(corta) };
}

const fallo = (page: Page) => page.locator('[data-error-carga]');

/** The failure is shown, not an empty claim; after the path is back, 'Reintentar' loads. */
async function reintentar(page: Page, restablecer: () => Promise<void>, texto: string, vacio: string, conSesion = true) {
  await fallo(page).getByText(texto).waitFor();
  expect(await page.getByText(vacio).count()).toBe(0);
  // The socket's first connection reloads the screen's lists: let it happen (and fail) while the
  // path is still cut, so that only 'Reintentar' can bring the content after it is restored.
  if (conSesion) {
    await enVivo(page);
    await fallo(page).getByText(texto).waitFor();
  }
  await restablecer();
  await fallo(page).getByRole('button', { name: 'Reintentar' }).click();
  await fallo(page).waitFor({ state: 'detached' });
}

describe.skipIf(omitir)('una lista que no carga lo dice y ofrece reintentar', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('notas, historial de tests y actividades asignadas del expediente', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo });
    const token = sesionPsicologo(e.t.app, psi);
    const nota = await inyectarCon(e.t.app, token, {
      method: 'POST',
      url: '/api/psicologo/notas',
      payload: { id_paciente: pac.id_paciente, titulo: 'Primera sesión', contenido: 'Llegó puntual.' },
    });
    expect(nota.statusCode).toBe(201);

    const notas = await conLecturaCortada(token, `/paciente/${pac.id_paciente}`, `/api/psicologo/pacientes/${pac.id_paciente}/notas`);
    await notas.page.getByRole('tab', { name: 'Gráficas y Notas' }).click();
    await notas.page.getByRole('tab', { name: TEXTOS_EXPEDIENTE.subtabs.notas }).click();
    await fallo(notas.page).getByText(TEXTOS_EXPEDIENTE.errorCargarNotas).waitFor();
    // Nor does the filter count them: 'Todas', not 'Todas (0)'.
    await notas.page.getByRole('button', { name: 'Todas', exact: true }).waitFor();
    await reintentar(notas.page, notas.restablecer, TEXTOS_EXPEDIENTE.errorCargarNotas, TEXTOS_EXPEDIENTE.crearPrimera);
    await notas.page.getByText('Primera sesión').waitFor();
    await notas.page.getByRole('button', { name: 'Todas (1)' }).waitFor();

    const tests = await conLecturaCortada(token, `/paciente/${pac.id_paciente}`, `/api/psicologo/pacientes/${pac.id_paciente}/tests`);
    await tests.page.getByRole('tab', { name: 'Gráficas y Notas' }).click();
    await tests.page.getByRole('tab', { name: TEXTOS_EXPEDIENTE.subtabs.historial }).click();
    await reintentar(tests.page, tests.restablecer, TEXTOS_EXPEDIENTE.errorHistorial, TEXTOS_EXPEDIENTE.sinAplicados);
    await tests.page.getByText(TEXTOS_EXPEDIENTE.sinAplicados).waitFor();

    const act = await conLecturaCortada(token, `/paciente/${pac.id_paciente}`, `/api/psicologo/paciente/${pac.id_paciente}/actividades`);
    await act.page.getByRole('tab', { name: 'Actividades' }).click();
    await fallo(act.page).getByText(TEXTOS_ACTIVIDADES.errorCargarActividades).waitFor();
    // The four figures are unknown, not 0.
    expect(await act.page.getByText('—', { exact: true }).count()).toBe(4);
    await reintentar(act.page, act.restablecer, TEXTOS_ACTIVIDADES.errorCargarActividades, TEXTOS_ACTIVIDADES.sinActividades);
    await act.page.getByText(TEXTOS_ACTIVIDADES.sinActividades).waitFor();
    expect(await act.page.getByText('—', { exact: true }).count()).toBe(0);
  });

  it('los temas de un foro y el catálogo de actividades', async () => {
    const psi = await psicologoForo(e.t);
    const { idForo } = await foroConTema(psi, { titulo: 'Foro que no carga' });
    const foro = await conLecturaCortada(psi.token, `/foros/${idForo}`, `/api/foros/${idForo}/temas`);
    await reintentar(foro.page, foro.restablecer, TEXTOS_FOROS.errorCargarTemas, TEXTOS_FOROS.sinTemas);
    await foro.page.getByText('Primer tema').waitFor();

    const catalogo = await conLecturaCortada(psi.token, '/actividades-globales', '/api/psicologo/actividades');
    await reintentar(catalogo.page, catalogo.restablecer, TEXTOS_ACTIVIDADES.errorCargarCatalogo, 'No se encontraron actividades');
    expect(await catalogo.page.getByText(/\d+ actividad\(es\)/).count()).toBe(1);
  });

  it('con el foro en pantalla, una recarga que falla no saca de él; un foro que ya no existe sí lleva a la lista', async () => {
    const psi = await psicologoForo(e.t);
    const { idForo } = await foroConTema(psi, { titulo: 'Foro que se queda' });
    const page = await e.paginaConSesion(psi.token, `/foros/${idForo}`);
    await page.getByRole('heading', { name: 'Foro que se queda' }).waitFor();
    await enVivo(page);
    const api = `/api/foros/${idForo}`;
    const delForo = (u: URL) => u.pathname === api;

    // The connection drops and comes back: the page reads the forum again, and that read fails.
    await page.route(delForo, (r) => (r.request().method() === 'GET' ? r.abort('failed') : r.fallback()));
    const fallida = page.waitForEvent('requestfailed', (r) => delForo(new URL(r.url())));
    expect(await cortarTransportesDeSesion(e.t, psi.token)).toBeGreaterThan(0);
    await fallida;
    await page.unroute(delForo);
    // Another blip: the page reads again what it shows — the forum, had it stayed; the list of
    // forums, had that failure sent the reader to it.
    await enVivo(page);
    const releida = page.waitForEvent('requestfinished', (r) => [api, '/api/foros'].includes(new URL(r.url()).pathname));
    expect(await cortarTransportesDeSesion(e.t, psi.token)).toBeGreaterThan(0);
    await releida;
    expect(new URL(page.url()).pathname).toBe(`/foros/${idForo}`);
    await page.getByRole('heading', { name: 'Foro que se queda' }).waitFor();
    await page.getByText('Primer tema').waitFor();

    // Deleted (straight in the database, so that no live 'foro:cambio' tells the page): the next
    // reload finds it gone, and the reader goes to the list.
    await e.t.db.delete(tablaForo).where(eq(tablaForo.id_foro, idForo));
    await enVivo(page);
    expect(await cortarTransportesDeSesion(e.t, psi.token)).toBeGreaterThan(0);
    await page.waitForURL((u) => u.pathname === '/foros');
  });

  it('el panel del administrador no dice «Todo al día» si no pudo leer las cédulas pendientes', async () => {
    const admin = await crearPsicologo(e.t.db, { rol_admin: true });
    const pendiente = await crearPsicologo(e.t.db, { nombre: 'Renata', cedula_validada: false });
    const panel = await conLecturaCortada(sesionPsicologo(e.t.app, admin), '/admin/dashboard', '/api/admin/psicologos');
    await reintentar(panel.page, panel.restablecer, MSG_ADMINISTRACION.errorCargarPsicologos, 'Todo al día');
    await panel.page
      .getByText(new RegExp(`^${pendiente.nombre} `))
      .first()
      .waitFor();
  });

  it('un enlace de recuperación que no se pudo comprobar no se declara inválido; al reintentar, el servidor decide', async () => {
    const enlace = await conLecturaCortada(null, `/restablecer-contrasena/${'a'.repeat(64)}`, '/api/psicologo/verificar-token/', true);
    await reintentar(enlace.page, enlace.restablecer, TEXTOS_CUENTA.enlaceSinComprobar, MSG.tokenRestablecerInvalido, false);
    // A made-up token: the server's answer is the one that says it is not valid.
    await enlace.page.getByText(MSG.tokenRestablecerInvalido).waitFor();
  });
});
