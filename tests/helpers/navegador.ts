import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumDisponible(): boolean {
  return existsSync(CHROMIUM);
}

/** Browser tests skip (with a message) where Chromium is absent, except under REQUIRE_E2E=1. */
export function debeOmitirE2E(): boolean {
  if (chromiumDisponible()) return false;
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 pero no hay Chromium en ${CHROMIUM}`);
  console.warn(`Pruebas de navegador omitidas: no se encontró Chromium en ${CHROMIUM}`);
  return true;
}

/** `cacheAtrasAdelante`: keep Chromium's back/forward cache on, as every user's browser has it
 * (playwright-core turns it off by default, so the back button would always load pages anew).
 * `mediosFalsos`: a fake camera and microphone, granted without a prompt (the online-session tests). */
export function abrirNavegador(o: { cacheAtrasAdelante?: boolean; mediosFalsos?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    ...(o.cacheAtrasAdelante ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      ...(o.mediosFalsos ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : []),
    ],
  });
}

/** A phone's screen (the width the screens are checked at), for `E2E.contexto`. */
export const TELEFONO = { viewport: { width: 390, height: 844 } } as const;

/** The same phone as the patient's app meets it: touch, a phone's user agent flags, a 2× screen. */
export const TELEFONO_TACTIL = { ...TELEFONO, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

/** A desktop screen (the other width the screens are checked at). */
export const ESCRITORIO = { viewport: { width: 1366, height: 768 } } as const;
