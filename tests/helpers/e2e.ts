// Browser tests: the real server (in this process, on a real port, serving the built client)
// driven by Debian's Chromium through playwright-core.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { STORAGE_TOKEN } from '@miduelo/shared/constants';
import { type AppDePrueba, crearAppDePrueba } from './app';
import { DIST } from './cliente-construido';
import { abrirNavegador } from './navegador';

export interface E2E {
  t: AppDePrueba;
  url: string;
  browser: Browser;
  /** A new, isolated browser context (another "device"); `opciones` add to or replace the
   * defaults (the server's URL, Mexican Spanish, Mexico City's time zone), e.g. `TELEFONO`. */
  contexto(opciones?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page already signed in with the given token (session created directly, not via login). */
  paginaConSesion(token: string, ruta?: string, contexto?: BrowserContext): Promise<Page>;
  cerrar(): Promise<void>;
}

export async function iniciarE2E(
  o: Parameters<typeof crearAppDePrueba>[0] = {},
  navegador: Parameters<typeof abrirNavegador>[0] = {},
): Promise<E2E> {
  // The global setup builds client/dist only for the files it knows read it (cliente-construido.ts):
  // a browser test elsewhere would otherwise meet a missing or stale client.
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(
      'client/dist no está construido: las pruebas de navegador van en tests/e2e/ (o en LEEN_EL_CLIENTE de tests/helpers/cliente-construido.ts)',
    );
  }
  const t = await crearAppDePrueba(o);
  const url = await t.escuchar();
  const browser = await abrirNavegador(navegador);
  const e2e: E2E = {
    t,
    url,
    browser,
    async contexto(opciones) {
      return browser.newContext({ baseURL: url, locale: 'es-MX', timezoneId: 'America/Mexico_City', ...opciones });
    },
    async paginaConSesion(token, ruta = '/agenda', contexto) {
      const c = contexto ?? (await e2e.contexto());
      await c.addInitScript(
        ([clave, valor]) => {
          if (!window.localStorage.getItem(clave)) window.localStorage.setItem(clave, valor);
        },
        [STORAGE_TOKEN, token] as const,
      );
      const page = await c.newPage();
      await page.goto(ruta);
      return page;
    },
    async cerrar() {
      // Each step bounded: a teardown that hangs (seen once in CI under load, step unknown) must not
      // fail a file whose tests passed; the slow step is named in the output.
      const acotado = async (paso: string, f: () => Promise<unknown>) => {
        let temporizador: NodeJS.Timeout | undefined;
        const limite = new Promise<void>((resolve) => {
          temporizador = setTimeout(() => {
            console.warn(`e2e: «${paso}» no terminó en 30 s al cerrar; se sigue`);
            resolve();
          }, 30_000);
        });
        await Promise.race([f().catch((err) => console.warn(`e2e: «${paso}» falló al cerrar`, err)), limite]);
        clearTimeout(temporizador);
      };
      // Closing the browser closes its contexts: closing each first (as before) once took over 30 s
      // under CI load and served nothing (no traces or videos to flush).
      await acotado('cerrar navegador', () => browser.close());
      await acotado('cerrar servidor y base', () => t.cerrar());
    },
  };
  return e2e;
}
