// bench/sesiones: how long an online session (issue 54) takes from both parties present to the first
// decoded remote frame, direct and relayed through a real coturn, beside a bare baseline run in the
// same process (two minimal pages exchanging offer, answer and ICE through a minimal Socket.IO
// relay); and the server CPU each session costs, both servers in their own processes.
//   pnpm build && pnpm exec tsx bench/sesiones/index.ts
import { createHmac } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { STORAGE_TOKEN } from '@miduelo/shared/constants';
import { TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { iniciarCoturn } from '../../tests/helpers/coturn';
import { mediana, percentil } from '../comun/percentil';
import type { ChildProcess } from 'node:child_process';
import { arrancarHijo, detenerHijo } from '../comun/procesos';
import { CONTRASENA, type Par } from './servidor';

const SESIONES = Number(process.env.BENCH_SESIONES ?? 20);
/** BENCH_SOLO_BASE=1: only the baseline (what this machine and browser give, without the app). */
const SOLO_BASE = process.env.BENCH_SOLO_BASE === '1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIMITE_MS = 15 * 60_000;
const OBJETIVO_RAZON = 1.2;
const OBJETIVO_CPU_MS = 5;
const ESCRITORIO = { viewport: { width: 1366, height: 768 } };
const TELEFONO = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * In every page, before its scripts: each RTCPeerConnection is captured (forced to relay when asked)
 * and polled every 5 ms until it has decoded a video frame: `__primerCuadro` is that instant; a click
 * on a button or a link records its label's instant in `__clics` (both as epoch ms, one clock for both pages).
 * A string, not a function: tsx's transform would name the inner functions with a helper the page
 * does not have.
 */
const INSTRUMENTAR = `(relay) => {
  const ahora = () => performance.timeOrigin + performance.now();
  window.__clics = {};
  document.addEventListener('click', (ev) => {
    const b = ev.target && ev.target.closest ? ev.target.closest('button, a') : null;
    if (b) window.__clics[(b.textContent || '').trim()] = ahora();
  }, true);
  const Original = window.RTCPeerConnection;
  const forzar = (c) => (relay ? { ...(c || {}), iceTransportPolicy: 'relay' } : c);
  window.RTCPeerConnection = class extends Original {
    constructor(config) {
      super(forzar(config));
      const vigilar = async () => {
        if (window.__primerCuadro || this.connectionState === 'closed') return;
        const s = await this.getStats();
        let cuadros = 0;
        s.forEach((x) => { if (x.type === 'inbound-rtp' && x.kind === 'video') cuadros += x.framesDecoded || 0; });
        if (cuadros > 0) window.__primerCuadro = window.__primerCuadro || ahora();
        else setTimeout(vigilar, 5);
      };
      vigilar();
    }
    setConfiguration(config) { super.setConfiguration(forzar(config)); }
  };
}`;

/** The server process's CPU time so far (process.cpuUsage() in it, user + system, ms). */
function cpuDe(hijo: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const leer = (m: { tipo?: string; us?: number }) => {
      if (m?.tipo !== 'cpu') return;
      hijo.off('message', leer);
      resolve((m.us ?? Number.NaN) / 1000);
    };
    hijo.on('message', leer);
    hijo.send({ tipo: 'cpu' });
  });
}

const primerCuadro = (p: Page) =>
  p
    .waitForFunction(() => (window as unknown as { __primerCuadro?: number }).__primerCuadro, undefined, { polling: 50, timeout: 60_000 })
    .then((h) => h.jsonValue() as Promise<number>);
const clic = (p: Page, etiqueta: string) =>
  p.evaluate((e) => (window as unknown as { __clics: Record<string, number> }).__clics[e], etiqueta);

interface Corrida {
  ms: number[];
  cpuMs: number[];
  /** HTTP requests both pages made inside the window, per session, and those of the first one. */
  peticiones: number[];
  ejemplo: string[];
  /** MiDuelo only: the server's CPU from the psychologist's "Admitir" to both first frames (her
   * entry into the room, the admission and the signalling; the patient already waiting). */
  cpuAdmitirMs: number[];
}
const nueva = (): Corrida => ({ ms: [], cpuMs: [], peticiones: [], ejemplo: [], cpuAdmitirMs: [] });

async function contextos(browser: Browser, relay: boolean): Promise<[BrowserContext, BrowserContext]> {
  const a = await browser.newContext({ ...ESCRITORIO, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  const b = await browser.newContext({ ...TELEFONO, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  await a.addInitScript({ content: `(${INSTRUMENTAR})(${relay})` });
  await b.addInitScript({ content: `(${INSTRUMENTAR})(${relay})` });
  return [a, b];
}

/** MiDuelo: the psychologist on her agenda, the patient signed in on the app's Home; the patient
 * presses "Entrar a la sesión" and waits; the psychologist presses "Admitir" (both present); until
 * each side has decoded a frame of the other. */
async function sesionMiDuelo(browser: Browser, url: string, par: Par, relay: boolean, hijo: ChildProcess, c: Corrida) {
  const [web, tel] = await contextos(browser, relay);
  try {
    await web.addInitScript(([k, v]) => localStorage.setItem(k, v), [STORAGE_TOKEN, par.tokenPsi] as const);
    const psi = await web.newPage();
    await psi.goto(`${url}/agenda`);
    await psi.locator('html[data-tiempo-real="conectado"]').waitFor({ state: 'attached', timeout: 60_000 });
    const app = await tel.newPage();
    await app.goto(`${url}/app/entrar`);
    await app.getByLabel('Correo electrónico').fill(par.correoPaciente);
    await app.getByLabel('Contraseña').fill(CONTRASENA);
    await app.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    const entrar = app.getByRole('button', { name: TEXTOS_SALA.entrar });
    await entrar.waitFor({ timeout: 60_000 });
    // Both screens settled (Home's and the agenda's loads over), so the window holds the session only.
    await Promise.all([psi.waitForLoadState('networkidle'), app.waitForLoadState('networkidle')]);
    const cpu0 = await cpuDe(hijo);
    const pedidas: string[] = [];
    const anotar = (r: { url(): string; method(): string }) => pedidas.push(`${r.method()} ${new URL(r.url()).pathname}`);
    psi.on('request', anotar);
    app.on('request', anotar);
    await entrar.click();
    const admitir = psi.locator('[data-sala-espera]').getByText(TEXTOS_SALA.admitir, { exact: true });
    await admitir.waitFor({ timeout: 60_000 });
    const cpuAdmitir = await cpuDe(hijo);
    await admitir.click();
    const [a, b] = await Promise.all([primerCuadro(psi), primerCuadro(app)]);
    const fin = await cpuDe(hijo);
    const cpu = fin - cpu0;
    c.cpuAdmitirMs.push(fin - cpuAdmitir);
    const t0 = Math.max((await clic(psi, TEXTOS_SALA.admitir)) ?? Number.NaN, (await clic(app, TEXTOS_SALA.entrar)) ?? Number.NaN);
    c.ms.push(Math.max(a, b) - t0);
    c.cpuMs.push(cpu);
    c.peticiones.push(pedidas.length);
    if (c.ejemplo.length === 0) c.ejemplo = pedidas;
  } finally {
    await web.close();
    await tel.close();
  }
}

/** The baseline: both pages with their self-view, "Entrar" pressed on both at once; until each side
 * has decoded a frame of the other. */
async function sesionBase(
  browser: Browser,
  url: string,
  sala: string,
  ice: RTCIceServer[],
  relay: boolean,
  hijo: ChildProcess,
  c: Corrida,
) {
  const [web, tel] = await contextos(browser, relay);
  try {
    const q = (rol: string) => `${url}/base?sala=${sala}&rol=${rol}&ice=${encodeURIComponent(JSON.stringify(ice))}&relay=${relay ? 1 : 0}`;
    const psi = await web.newPage();
    const app = await tel.newPage();
    await Promise.all([psi.goto(q('psicologo')), app.goto(q('paciente'))]);
    const botones = [psi, app].map((p) => p.locator('#entrar:enabled'));
    await Promise.all(botones.map((b) => b.waitFor()));
    await Promise.all([psi.waitForLoadState('networkidle'), app.waitForLoadState('networkidle')]);
    const cpu0 = await cpuDe(hijo);
    await Promise.all(botones.map((b) => b.click()));
    const [a, b] = await Promise.all([primerCuadro(psi), primerCuadro(app)]);
    const cpu = (await cpuDe(hijo)) - cpu0;
    const t0 = Math.max((await clic(psi, 'Entrar')) ?? Number.NaN, (await clic(app, 'Entrar')) ?? Number.NaN);
    c.ms.push(Math.max(a, b) - t0);
    c.cpuMs.push(cpu);
  } finally {
    await web.close();
    await tel.close();
  }
}

/** TURN REST API credentials (what the app mints per session, decision 360), for the baseline. */
function credenciales(urls: string[], secreto: string): RTCIceServer[] {
  const username = `${Math.floor(Date.now() / 1000) + 3600}:base`;
  return [{ urls, username, credential: createHmac('sha1', secreto).update(username).digest('base64') }];
}

const f = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : 'n/d');
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'n/d');

async function main() {
  let turn: Awaited<ReturnType<typeof iniciarCoturn>> | undefined;
  const parar = setTimeout(() => {
    console.error(`bench/sesiones: más de ${LIMITE_MS / 60_000} minutos; se detiene`);
    // detener() sends coturn its SIGTERM at once: no turnserver outlives the bench.
    void turn?.detener();
    process.exit(2);
  }, LIMITE_MS);
  parar.unref();
  console.log(
    `bench/sesiones — ${SESIONES} sesiones por escenario; carga al inicio ${os.loadavg()[0].toFixed(1)}, ${os.cpus().length} CPU`,
  );
  turn = await iniciarCoturn();
  const ruta = path.join(import.meta.dirname, 'servidor.ts');
  const env = { TURN_URLS: turn.urls.join(','), TURN_SECRET: turn.secret, BENCH_PARES: String(2 * SESIONES) };
  const [app, base] = await Promise.all([
    arrancarHijo<{ url: string; pares: Par[] }>(ruta, { ...env, MODO: 'app' }),
    arrancarHijo<{ url: string; pares: Par[] }>(ruta, { ...env, MODO: 'base' }),
  ]).catch(async (err) => {
    await turn?.detener();
    throw err;
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  const r = { midueloDirecta: nueva(), baseDirecta: nueva(), midueloRelay: nueva(), baseRelay: nueva() };
  const ice = credenciales(turn.urls, turn.secret);
  try {
    // Interleaved: each round runs every scenario once, so a slower minute of the machine falls on all.
    // A session that fails is counted and named; the others go on. Each round's figures are printed
    // as it ends (a run cut short still says what it measured).
    const fallos: string[] = [];
    const intentar = async (nombre: string, f: () => Promise<void>) => {
      try {
        await f();
      } catch (err) {
        fallos.push(`${nombre}: ${String(err).split('\n')[0]}`);
      }
    };
    const ultimo = (c: Corrida) => `${f(c.ms.at(-1) ?? Number.NaN)} ms/${f1(c.cpuMs.at(-1) ?? Number.NaN)} ms CPU`;
    for (let i = 0; i < SESIONES; i++) {
      if (!SOLO_BASE)
        await intentar(`MiDuelo directa ${i + 1}`, () =>
          sesionMiDuelo(browser, app.datos.url, app.datos.pares[2 * i], false, app.proceso, r.midueloDirecta),
        );
      await intentar(`base directa ${i + 1}`, () => sesionBase(browser, base.datos.url, `d${i}`, ice, false, base.proceso, r.baseDirecta));
      if (!SOLO_BASE)
        await intentar(`MiDuelo por TURN ${i + 1}`, () =>
          sesionMiDuelo(browser, app.datos.url, app.datos.pares[2 * i + 1], true, app.proceso, r.midueloRelay),
        );
      await intentar(`base por TURN ${i + 1}`, () => sesionBase(browser, base.datos.url, `r${i}`, ice, true, base.proceso, r.baseRelay));
      console.log(
        `ronda ${i + 1}: MiDuelo directa ${ultimo(r.midueloDirecta)}; base directa ${ultimo(r.baseDirecta)}; MiDuelo por TURN ${ultimo(r.midueloRelay)}; base por TURN ${ultimo(r.baseRelay)}`,
      );
    }
    if (fallos.length) console.log(`sesiones fallidas (${fallos.length}):\n  ${fallos.join('\n  ')}`);
  } finally {
    await browser.close();
    await Promise.all([detenerHijo(app.proceso), detenerHijo(base.proceso)]);
    await turn.detener();
  }

  const resumen = (c: Corrida) => {
    const o = [...c.ms].sort((a, b) => a - b);
    const media = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    return { p50: mediana(o), p95: percentil(o, 95), cpu: media(c.cpuMs), cpuAdmitir: media(c.cpuAdmitirMs), n: o.length };
  };
  const filas: Array<[string, Corrida]> = [
    ['MiDuelo directa', r.midueloDirecta],
    ['base directa', r.baseDirecta],
    ['MiDuelo por TURN', r.midueloRelay],
    ['base por TURN', r.baseRelay],
  ];
  console.log('\n| escenario | n | mediana ms | p95 ms | CPU servidor / sesión, ms | de ella, desde «Admitir», ms |');
  console.log('| --- | --: | --: | --: | --: | --: |');
  for (const [nombre, c] of filas) {
    const s = resumen(c);
    console.log(`| ${nombre} | ${s.n} | ${f(s.p50)} | ${f(s.p95)} | ${f1(s.cpu)} | ${f1(s.cpuAdmitir)} |`);
  }
  for (const [nombre, nuestro, suyo] of [
    ['directa', r.midueloDirecta, r.baseDirecta],
    ['por TURN', r.midueloRelay, r.baseRelay],
  ] as const) {
    const a = resumen(nuestro);
    const b = resumen(suyo);
    const razon = a.p50 / b.p50;
    const razon95 = a.p95 / b.p95;
    console.log(
      `${nombre}: MiDuelo ${f(a.p50)} ms (p95 ${f(a.p95)}) / base ${f(b.p50)} ms (p95 ${f(b.p95)}) = ${razon.toFixed(2)}× (p95 ${razon95.toFixed(2)}×) — objetivo ≤ ${OBJETIVO_RAZON}×: ${razon <= OBJETIVO_RAZON ? 'cumple' : 'NO cumple'}; CPU ${f1(a.cpu)} ms/sesión (base ${f1(b.cpu)}) — objetivo ≤ ${OBJETIVO_CPU_MS} ms: ${a.cpu <= OBJETIVO_CPU_MS ? 'cumple' : 'NO cumple'}`,
    );
  }
  if (!SOLO_BASE) {
    console.log(
      `peticiones HTTP de las dos páginas dentro de la ventana (mediana): ${mediana(r.midueloDirecta.peticiones)}; las de la primera sesión:`,
    );
    console.log(`  ${r.midueloDirecta.ejemplo.join('\n  ')}`);
  }
  console.log(`carga al final ${os.loadavg()[0].toFixed(1)}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
