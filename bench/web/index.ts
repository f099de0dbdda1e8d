// bench/web: what a person on a phone's mobile data waits for (issue 11): the login page and the agenda
// of a signed-in psychologist, compressed and not (Accept-Encoding: identity), beside a bare static page
// on the same throttled link (bench/comun/carga-limitada.ts). Asserts nothing about timing.
//   pnpm build && pnpm exec tsx bench/web/index.ts
import { DEMO } from '@miduelo/server/db/seed';
import { STORAGE_TOKEN } from '@miduelo/shared/constants';
import type { Browser, Page } from 'playwright-core';
import { correrBenchCarga, ejecutar } from '../comun/carga-limitada';

/** Logs in through the form once (unthrottled) to get a real session token for the agenda loads. */
async function tokenDeSesion(browser: Browser, url: string): Promise<string> {
  const contexto = await browser.newContext();
  try {
    const page = await contexto.newPage();
    await page.goto(`${url}/iniciar-sesion`);
    await page.locator('#correo').fill(DEMO.psicologa);
    await page.locator('#contrasena').fill(DEMO.contrasena);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL(/\/agenda/);
    const token = await page.evaluate((clave) => localStorage.getItem(clave), STORAGE_TOKEN);
    if (!token) throw new Error('el inicio de sesión no guardó el token');
    return token;
  } finally {
    await contexto.close();
  }
}

const login = (p: Page) => p.locator('#correo').waitFor({ timeout: 60_000 });
const agenda = (p: Page) => p.getByRole('heading', { name: /Semana/ }).waitFor({ timeout: 60_000 });

ejecutar(() =>
  correrBenchCarga({
    nombre: 'web',
    issue: 11,
    objetivoJsKb: 150,
    // Issue 51: ≤ 150 kB as a user gets it, every script until the network is idle, real headers
    // included, brotli (docs/decisions/320).
    objetivoConCabecerasKb: 150,
    tituloBase: 'Iniciar sesión',
    claveSesion: STORAGE_TOKEN,
    iniciarSesion: tokenDeSesion,
    escenarios: (url, sesion) => [
      { nombre: 'login', objetivo: true, url: `${url}/iniciar-sesion`, opciones: { listo: login } },
      { nombre: 'agenda con sesión', objetivo: true, url: `${url}/agenda`, opciones: { sesion, listo: agenda } },
      { nombre: 'login sin compresión', url: `${url}/iniciar-sesion`, opciones: { listo: login, sinCompresion: true } },
      { nombre: 'agenda sin compresión', url: `${url}/agenda`, opciones: { sesion, listo: agenda, sinCompresion: true } },
    ],
  }),
);
