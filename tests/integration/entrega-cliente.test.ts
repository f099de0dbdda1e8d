// How the web client and the API travel: compressed as the browser asks (brotli or gzip), hashed
// assets cached for a year, the start page revalidated on every load, source maps never public.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { crearPaciente, crearPsicologo, sesionPsicologo } from '../helpers/fabricas';

const JS = `export const saludo = ${JSON.stringify('hola '.repeat(600))};\n`;
const ASSET = '/assets/index-Ab12Cd34.js';

/** A built client as Vite leaves it: hashed assets with their .br/.gz, a hidden source map. */
function clienteConstruido(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'miduelo-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="es"><head><title>MiDuelo</title><script type="module" src="${ASSET}"></script></head><body><div id="app"></div></body></html>\n`,
  );
  const js = path.join(dir, ASSET);
  writeFileSync(js, JS);
  writeFileSync(`${js}.br`, brotliCompressSync(JS));
  writeFileSync(`${js}.gz`, gzipSync(JS));
  writeFileSync(`${js}.map`, '{"version":3,"sources":["../../src/main.tsx"],"mappings":""}');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Vite's manifest: each route's split parts and what they import (the entry is already in the page).
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: ASSET.slice(1), isEntry: true, imports: ['_comun-Cc11.js'] },
      '_comun-Cc11.js': { file: 'assets/comun-Cc11.js' },
      '_formulario-Ff22.js': { file: 'assets/formulario-Ff22.js', imports: ['_comun-Cc11.js'] },
      'src/routes/iniciar-sesion.tsx?tsr-split=component': { file: 'assets/login-Ll33.js', imports: ['index.html', '_formulario-Ff22.js'] },
      'src/routes/agenda.tsx?tsr-split=component': { file: 'assets/agenda-Aa44.js', imports: ['index.html'] },
      'src/features/agenda/modal.tsx': { file: 'assets/modal-Mm55.js', isDynamicEntry: true },
    }),
  );
  return dir;
}

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba({ env: { CLIENT_DIR: clienteConstruido(), TZ_CLINICA: 'America/Tijuana' } });
});
afterAll(async () => {
  await t?.cerrar();
});

describe('archivos del cliente', () => {
  it('un asset con hash va comprimido con brotli o gzip según Accept-Encoding, y se guarda un año como inmutable', async () => {
    const br = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plano = await t.app.inject({ method: 'GET', url: ASSET });
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(plano.body).toBe(JS);
  });

  it('un script de /assets/ lleva solo las cabeceras que aplican a un script; la página las lleva todas (decisión 320)', async () => {
    for (const encoding of ['br', '']) {
      const js = await t.app.inject({ method: 'GET', url: ASSET, headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(js.statusCode).toBe(200);
      expect(js.headers['x-content-type-options'], encoding).toBe('nosniff');
      expect(js.headers['cross-origin-resource-policy'], encoding).toBe('same-origin');
      expect(js.headers['referrer-policy'], encoding).toBeDefined();
      for (const c of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'etag', 'last-modified']) {
        expect(js.headers[c], `${c} ${encoding}`).toBeUndefined();
      }
    }
    const pagina = await t.app.inject({ method: 'GET', url: '/agenda' });
    expect(pagina.headers['content-security-policy']).toContain("default-src 'self'");
    expect(pagina.headers['x-frame-options']).toBeDefined();
  });

  it('index.html y los enlaces profundos se revalidan (no-cache) y llevan la zona de la clínica', async () => {
    for (const url of ['/', '/index.html', '/agenda', '/paciente/7?x=1']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.body, url).toContain('<meta name="miduelo-zona-clinica" content="America/Tijuana" />');
      expect(r.body, url).toContain(ASSET);
    }
    const primera = await t.app.inject({ method: 'GET', url: '/agenda' });
    const revalidada = await t.app.inject({ method: 'GET', url: '/agenda', headers: { 'if-none-match': String(primera.headers.etag) } });
    expect(revalidada.statusCode).toBe(304);
    // Other files without a hash in their name are revalidated too.
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('la página de una ruta precarga los trozos de esa ruta (y no los de otras), sin repetir los que ya carga la página', async () => {
    const precargas = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]).sort();
    const login = await t.app.inject({ method: 'GET', url: '/iniciar-sesion?redirect=%2Fagenda' });
    expect(precargas(login.body)).toEqual(['/assets/formulario-Ff22.js', '/assets/login-Ll33.js']);
    const agenda = await t.app.inject({ method: 'GET', url: '/agenda' });
    expect(precargas(agenda.body)).toEqual(['/assets/agenda-Aa44.js']);
    for (const url of ['/', '/index.html', '/paciente/7', '/no-existe']) {
      expect(precargas((await t.app.inject({ method: 'GET', url })).body), url).toEqual([]);
    }
    // Each page has its own validator: one route's copy never answers 304 for another's.
    expect(login.headers.etag).not.toBe(agenda.headers.etag);
    const cruzada = await t.app.inject({ method: 'GET', url: '/agenda', headers: { 'if-none-match': String(login.headers.etag) } });
    expect(cruzada.statusCode).toBe(200);
    expect(precargas(cruzada.body)).toEqual(['/assets/agenda-Aa44.js']);
  });

  it('los mapas de código no se sirven', async () => {
    const r = await t.app.inject({ method: 'GET', url: `${ASSET}.map` });
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain('mappings');
    expect((await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});

describe('respuestas de la API', () => {
  it('un JSON grande va comprimido según Accept-Encoding; sin Accept-Encoding, tal cual', async () => {
    const psicologo = await crearPsicologo(t.db);
    for (let i = 0; i < 12; i++) await crearPaciente(t.db, { id_psicologo: psicologo.id_psicologo, nombre: `Paciente ${i}` });
    const authorization = `Bearer ${sesionPsicologo(t.app, psicologo)}`;
    const url = '/api/psicologo/lista-pacientes';

    const plano = await t.app.inject({ method: 'GET', url, headers: { authorization } });
    expect(plano.statusCode).toBe(200);
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(plano.body.length).toBeGreaterThan(1024);
    const lista = plano.json();
    expect(lista).toHaveLength(12);

    const br = await t.app.inject({ method: 'GET', url, headers: { authorization, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(lista);

    const gz = await t.app.inject({ method: 'GET', url, headers: { authorization, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(lista);
  });

  it('una respuesta pequeña no se comprime', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/salud', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toEqual({ ok: true });
  });
});
