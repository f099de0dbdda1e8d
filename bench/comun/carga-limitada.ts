// What bench/web (the psychologists' site, issue 11) and bench/app (the patient's app, issue 17) share:
// Chromium on a throttled link (devtools protocol: 1.6 Mbps down, 750 kbps up, 150 ms round trip,
// cache disabled) loads pages of the real server (built client, embedded database with the demo
// practice) and a bare static page on the same link as the baseline, in the same run; prints the
// medians of BENCH_RONDAS runs (default 3), the goals met or not, and the load average. Asserts nothing
// about timing. BENCH_CLIENT_DIR: another build of the client (e.g. an older commit's) to compare.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { prepararDatos } from '@miduelo/server/arranque';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { mediana } from './percentil';

const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIMITE_MS = 10 * 60_000;
const RED = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const OBJETIVO_LCP_MS = 2000;

export interface Medida {
  jsCrudo: number;
  jsTransferido: number;
  /** JS as the link carried it, response headers included (the devtools protocol's encodedDataLength;
   * Resource Timing's transferSize counts a fixed 300 bytes of headers per file). */
  jsConCabeceras: number;
  /** Content-Encoding of each JS file, counted ('br', 'gzip', 'ninguna'). */
  codificaciones: Record<string, number>;
  jsArchivos: number;
  peticiones: number;
  transferidoTotal: number;
  fcp: number;
  lcp: number;
}

// ---------- the servers ----------

async function iniciarApp(nombre: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `miduelo-bench-${nombre}-`));
  // BENCH_CLIENT_DIR: another build of the client (e.g. an older commit's) to compare against.
  const config = leerConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '1',
    NODE_ENV: 'development',
    ...(process.env.BENCH_CLIENT_DIR ? { CLIENT_DIR: process.env.BENCH_CLIENT_DIR } : {}),
  });
  const handle = await abrirDb({ databaseUrl: null, dataDir });
  await aplicarMigraciones(handle, null);
  const app = await buildApp({ config, db: handle.db, logger: false });
  await prepararDatos({ app, handle, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    async cerrar() {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: one small HTML page with a heading and a paragraph, nothing else to fetch. */
function iniciarPaginaBase(titulo: string): Promise<{ url: string; cerrar: () => void }> {
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Base</title></head>
<body><h1>${titulo}</h1><p>${'Acompañamiento profesional en el proceso de duelo. '.repeat(8)}</p></body></html>`;
  const servidor = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(html);
  });
  return new Promise((resolve) =>
    servidor.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/`, cerrar: () => servidor.close() }),
    ),
  );
}

// ---------- one page load ----------

/** Scripts as the devtools protocol saw them: bytes on the wire (headers included) and encoding. */
type RedJs = Map<string, { bytes: number; codificacion: string }>;

async function paginaLimitada(contexto: BrowserContext, sinCompresion: boolean): Promise<{ page: Page; redJs: RedJs }> {
  const page = await contexto.newPage();
  const cdp = await contexto.newCDPSession(page);
  const redJs: RedJs = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type !== 'Script' || e.response.url.includes('/socket.io/')) return;
    const cabeceras = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    redJs.set(e.requestId, { bytes: 0, codificacion: String(cabeceras['content-encoding'] ?? 'ninguna') });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = redJs.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', RED);
  if (sinCompresion) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  // LCP and FCP entries are buffered by the browser; the observer only has to exist before we read.
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((lista) => {
      for (const e of lista.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  return { page, redJs };
}

/** Waits until no new resource has started for `quietoMs` (the socket's long poll stays open, so
 * Playwright's 'networkidle' would wait for it). */
async function esperarQuietud(page: Page, quietoMs = 1500, maxMs = 30_000): Promise<void> {
  const inicio = Date.now();
  let previo = -1;
  let desde = Date.now();
  while (Date.now() - inicio < maxMs) {
    const n = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (n !== previo) {
      previo = n;
      desde = Date.now();
    } else if (Date.now() - desde >= quietoMs) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function medir(page: Page, redJs: RedJs): Promise<Medida> {
  const codificaciones: Record<string, number> = {};
  for (const r of redJs.values()) codificaciones[r.codificacion] = (codificaciones[r.codificacion] ?? 0) + 1;
  const jsConCabeceras = [...redJs.values()].reduce((s, r) => s + r.bytes, 0);
  const deLaPagina = await page.evaluate(() => {
    const recursos = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    // The socket's long polls are live traffic, not the page load.
    const carga = recursos.filter((r) => !r.name.includes('/socket.io/'));
    const js = carga.filter((r) => r.initiatorType === 'script' || /\.m?js(\?|$)/.test(r.name));
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return {
      jsCrudo: js.reduce((s, r) => s + r.decodedBodySize, 0),
      jsTransferido: js.reduce((s, r) => s + r.transferSize, 0),
      jsArchivos: js.length,
      peticiones: carga.length + 1,
      transferidoTotal: carga.reduce((s, r) => s + r.transferSize, 0) + nav.transferSize,
      fcp,
      lcp: (window as unknown as { __lcp: number }).__lcp,
    };
  });
  return { ...deLaPagina, jsConCabeceras, codificaciones };
}

/** Options of one load: `sesion` is put in localStorage under the bench's key before the page runs. */
export interface OpcionesCarga {
  sinCompresion?: boolean;
  sesion?: string;
  listo: (p: Page) => Promise<unknown>;
}

async function cargar(browser: Browser, url: string, o: OpcionesCarga, b: { claveSesion: string; sinWorkers: boolean }): Promise<Medida> {
  const contexto = await browser.newContext({
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    viewport: { width: 390, height: 844 },
    // A first visit: a worker (installed after the load) would otherwise fetch its precache meanwhile.
    ...(b.sinWorkers ? { serviceWorkers: 'block' as const } : {}),
  });
  try {
    if (o.sesion) {
      await contexto.addInitScript(([clave, valor]) => window.localStorage.setItem(clave, valor), [b.claveSesion, o.sesion] as const);
    }
    const { page, redJs } = await paginaLimitada(contexto, o.sinCompresion ?? false);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await o.listo(page);
    await esperarQuietud(page);
    return await medir(page, redJs);
  } finally {
    await contexto.close();
  }
}

// ---------- output ----------

const kb = (n: number) => (n / 1000).toFixed(1);
const carga = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

export interface Escenario {
  nombre: string;
  url: string;
  opciones: OpcionesCarga;
  /** Held to the goals (the baseline and the uncompressed variants are not). */
  objetivo?: boolean;
}

export async function correrBenchCarga(b: {
  nombre: string;
  issue: number;
  objetivoJsKb: number;
  /** Goal for the JS as the link carries it, real headers included (issue 51); printed when given. */
  objetivoConCabecerasKb?: number;
  /** The baseline page's heading (what the measured page's largest text is like). */
  tituloBase: string;
  claveSesion: string;
  sinWorkers?: boolean;
  /** Logs in once, unthrottled, and answers what the app keeps in localStorage under claveSesion. */
  iniciarSesion: (browser: Browser, url: string) => Promise<string>;
  escenarios: (url: string, sesion: string) => Escenario[];
}): Promise<void> {
  setTimeout(() => {
    console.error(`bench/${b.nombre}: se alcanzó el límite de 10 minutos; se detiene.`);
    process.exit(2);
  }, LIMITE_MS).unref();
  console.log(`bench/${b.nombre} — ${RONDAS} rondas, red limitada: 1.6 Mbps bajada / 750 kbps subida / 150 ms RTT, sin caché`);
  console.log(`carga media al inicio: ${carga()}  (${os.cpus().length} CPU)`);
  console.log(`cliente: ${process.env.BENCH_CLIENT_DIR ?? 'client/dist'}\n`);
  const app = await iniciarApp(b.nombre);
  const base = await iniciarPaginaBase(b.tituloBase);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const opcionesBench = { claveSesion: b.claveSesion, sinWorkers: b.sinWorkers ?? false };
  try {
    const sesion = await b.iniciarSesion(browser, app.url);
    const escenarios: Escenario[] = [
      { nombre: 'base: HTML estático mínimo', url: base.url, opciones: { listo: (p) => p.locator('h1').waitFor() } },
      ...b.escenarios(app.url, sesion),
    ];
    const resultados = new Map<string, Medida[]>(escenarios.map((e) => [e.nombre, []]));
    for (let r = 0; r < RONDAS; r++) {
      for (const e of escenarios) resultados.get(e.nombre)?.push(await cargar(browser, e.url, e.opciones, opcionesBench));
    }

    console.log(
      `${'escenario (mediana)'.padEnd(28)}${'JS kB'.padStart(8)}${'JS transf.'.padStart(12)}${'JS+cabec.'.padStart(11)}${'archivos JS'.padStart(13)}${'peticiones'.padStart(12)}${'total transf.'.padStart(15)}${'FCP ms'.padStart(9)}${'LCP ms'.padStart(9)}`,
    );
    for (const e of escenarios) {
      const ms = resultados.get(e.nombre) ?? [];
      const m = (f: (x: Medida) => number) => mediana(ms.map(f));
      const fila = [
        kb(m((x) => x.jsCrudo)).padStart(8),
        kb(m((x) => x.jsTransferido)).padStart(12),
        kb(m((x) => x.jsConCabeceras)).padStart(11),
        String(m((x) => x.jsArchivos)).padStart(13),
        String(m((x) => x.peticiones)).padStart(12),
        kb(m((x) => x.transferidoTotal)).padStart(15),
        m((x) => x.fcp)
          .toFixed(0)
          .padStart(9),
        m((x) => x.lcp)
          .toFixed(0)
          .padStart(9),
      ];
      console.log(`${e.nombre.padEnd(28)}${fila.join('')}`);
    }
    console.log(`\nobjetivos (issue ${b.issue}): JS transferido ≤ ${b.objetivoJsKb} kB y LCP ≤ 2.0 s en esta red`);
    for (const e of escenarios.filter((x) => x.objetivo)) {
      const ms = resultados.get(e.nombre) ?? [];
      const js = mediana(ms.map((x) => x.jsTransferido));
      const lcp = mediana(ms.map((x) => x.lcp));
      const ok = (c: boolean) => (c ? 'cumple' : 'NO cumple');
      console.log(
        `  ${e.nombre.padEnd(26)} JS ${kb(js)} kB ${ok(js <= b.objetivoJsKb * 1000)} · LCP ${lcp.toFixed(0)} ms ${ok(lcp <= OBJETIVO_LCP_MS)}  (LCP por ronda: ${ms.map((x) => x.lcp.toFixed(0)).join(', ')})`,
      );
      if (b.objetivoConCabecerasKb) {
        const real = mediana(ms.map((x) => x.jsConCabeceras));
        const cods = Object.entries(ms[ms.length - 1]?.codificaciones ?? {})
          .map(([c, n]) => `${c} ×${n}`)
          .join(', ');
        console.log(
          `  ${''.padEnd(26)} JS con cabeceras ${kb(real)} kB de ≤ ${b.objetivoConCabecerasKb} kB (${((real / (b.objetivoConCabecerasKb * 1000)) * 100).toFixed(0)} % del objetivo) ${ok(real <= b.objetivoConCabecerasKb * 1000)}  (codificación: ${cods})`,
        );
      }
    }
    console.log(`\ncarga media al final: ${carga()}`);
  } finally {
    await browser.close();
    base.cerrar();
    await app.cerrar();
  }
}

/** Runs a bench's main and exits with its outcome. */
export function ejecutar(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
