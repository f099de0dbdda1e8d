// bench/app: the patient's app (/app, issue 17) on a phone's mobile data: its login screen and the Home
// of the signed-in demo patient, first visits (service workers blocked), beside a bare static page on
// the same throttled link (bench/comun/carga-limitada.ts). Asserts nothing about timing.
//   pnpm build && pnpm exec tsx bench/app/index.ts
import { DEMO } from '@miduelo/server/db/seed';
import type { Browser, Page } from 'playwright-core';
import { correrBenchCarga, ejecutar } from '../comun/carga-limitada';

/** Where the app keeps its session (client/src/app-paciente/lib/sesion.ts). */
const CLAVE_SESION = 'miduelo-app:sesion';

/** Logs in through the app's form once (unthrottled) to get a real patient session for the Home loads. */
async function tokenDeSesion(browser: Browser, url: string): Promise<string> {
  const contexto = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await contexto.newPage();
    await page.goto(`${url}/app/entrar`);
    await page.getByLabel('Correo electrónico').fill(DEMO.paciente);
    await page.getByLabel('Contraseña').fill(DEMO.contrasena);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.getByText('Tu próxima cita').waitFor();
    const sesion = await page.evaluate((clave) => localStorage.getItem(clave), CLAVE_SESION);
    if (!sesion) throw new Error('el inicio de sesión no guardó la sesión');
    return sesion;
  } finally {
    await contexto.close();
  }
}

const entrar = (p: Page) => p.getByLabel('Correo electrónico').waitFor({ timeout: 60_000 });
// Home with its data: the next appointment (or its empty state) and the unread count.
const inicio = (p: Page) => p.getByTestId('no-leidos').waitFor({ timeout: 60_000 });

ejecutar(() =>
  correrBenchCarga({
    nombre: 'app',
    issue: 17,
    objetivoJsKb: 120,
    tituloBase: 'Qué bueno verte',
    claveSesion: CLAVE_SESION,
    sinWorkers: true,
    iniciarSesion: tokenDeSesion,
    escenarios: (url, sesion) => [
      { nombre: 'app: entrar', objetivo: true, url: `${url}/app/entrar`, opciones: { listo: entrar } },
      { nombre: 'app: inicio con sesión', objetivo: true, url: `${url}/app/`, opciones: { sesion, listo: inicio } },
    ],
  }),
);
