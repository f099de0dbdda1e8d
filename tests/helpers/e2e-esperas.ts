// Waits of the browser tests that are not tied to a screen: cutting one browser's sockets and a
// barrier for "the page made no request". Type-only imports, so a skipped e2e file loads no server.
import type { Page } from 'playwright-core';
import type { AppDePrueba } from './app';

/**
 * Cuts the server side of every socket opened with this token's session (a restart or a network
 * cut as that browser sees it), whatever rooms they are in. Returns how many were cut, so a test
 * can insist that it cut something.
 */
export async function cortarSocketsDeSesion(t: AppDePrueba, token: string): Promise<number> {
  const sockets = await socketsDeSesion(t, token);
  for (const s of sockets) s.disconnect(true);
  return sockets.length;
}

/**
 * Closes the connection under every socket opened with this token's session (a network blip as that
 * browser sees it): unlike a server-side disconnect, socket.io reconnects by itself at once, and the
 * page's reconnection reloads its screen. Returns how many were closed.
 */
export async function cortarTransportesDeSesion(t: AppDePrueba, token: string): Promise<number> {
  const sockets = await socketsDeSesion(t, token);
  for (const s of sockets) t.app.realtime.io.sockets.sockets.get(s.id)?.conn.close();
  return sockets.length;
}

/**
 * Barrier for "the page made no request": the page fetches a harmless URL and the test waits until
 * Playwright reports that request. A page's requests are reported in the order it makes them, so
 * any request it made before (a timer that just fired, an event handler) has been reported by then.
 */
export async function barreraDePeticiones(page: Page): Promise<void> {
  const marca = `barrera=${Math.random().toString(36).slice(2)}`;
  const vista = page.waitForRequest((r) => r.url().includes(marca));
  await page.evaluate((m) => void fetch(`/api/config-publica?${m}`).catch(() => {}), marca);
  await vista;
}

/** The server side of the sockets opened with this token's session (to wait until a page is live). */
export async function socketsDeSesion(t: AppDePrueba, token: string) {
  const { jti } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { jti: string };
  return (await t.app.realtime.io.fetchSockets()).filter((s) => (s.data.sesion as { jti?: string } | undefined)?.jti === jti);
}

/**
 * The page's socket is connected (its client mirrors the state on <html data-tiempo-real>): live
 * events from now on reach it, and the reload a (re)connection triggers has been started.
 */
export async function enVivo(page: Page, timeout = 30_000): Promise<void> {
  await page.locator('html[data-tiempo-real="conectado"]').waitFor({ state: 'attached', timeout });
}

/**
 * Holds the page's next GET requests matching `patron` (a Playwright URL glob): each is read from
 * the server at once and delivered to the page only after `soltar()`. `leida` resolves once the
 * first one was read, so a test can change the server's data after that read and before the page
 * sees its (by then older) answer.
 */
export async function retenerLecturas(page: Page, patron: string): Promise<{ leida: Promise<void>; soltar: () => void }> {
  let marcarLeida!: () => void;
  const leida = new Promise<void>((r) => {
    marcarLeida = r;
  });
  let soltar!: () => void;
  const suelta = new Promise<void>((r) => {
    soltar = r;
  });
  await page.route(patron, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const respuesta = await route.fetch();
    marcarLeida();
    await suelta;
    await route.fulfill({ response: respuesta });
  });
  return { leida, soltar };
}
