// How the patient's app (/app, issue 17) travels: its own start page for /app/ and every deep link
// under it (revalidated, with the clinic's zone), the worker and manifest revalidated on every load,
// the shared hashed assets immutable, and nothing of it answering the psychologists' routes.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';

const ASSET = '/assets/app-Zz98Yy76.js';
const JS = `export const hola = ${JSON.stringify('ánimo '.repeat(500))};\n`;
const SW = `self.addEventListener('install', () => self.skipWaiting());\n${'// relleno\n'.repeat(200)}`;

function clienteConstruido(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'miduelo-dist-app-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'app/iconos'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Sitio</title></head><body>sitio</body></html>\n',
  );
  writeFileSync(
    path.join(dir, 'app/index.html'),
    `<!doctype html><html lang="es"><head><title>App</title><script type="module" src="${ASSET}"></script></head><body>app del paciente</body></html>\n`,
  );
  writeFileSync(path.join(dir, ASSET), JS);
  writeFileSync(path.join(dir, `${ASSET}.br`), brotliCompressSync(JS));
  writeFileSync(path.join(dir, `${ASSET}.gz`), gzipSync(JS));
  writeFileSync(path.join(dir, 'app/sw.js'), SW);
  writeFileSync(path.join(dir, 'app/sw.js.map'), '{}');
  writeFileSync(path.join(dir, 'app/manifest.webmanifest'), JSON.stringify({ name: 'MiDuelo', start_url: '/app/' }));
  writeFileSync(path.join(dir, 'app/iconos/icono-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return dir;
}

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba({ env: { CLIENT_DIR: clienteConstruido(), TZ_CLINICA: 'America/Merida' } });
});
afterAll(async () => {
  await t?.cerrar();
});

describe('la app del paciente en /app', () => {
  it('/app redirige a /app/ (dentro del alcance del worker), conservando la consulta', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/app?desde=correo' });
    expect(r.statusCode).toBe(301);
    expect(r.headers.location).toBe('/app/?desde=correo');
  });

  it('/app/ y sus enlaces profundos cargan la página de la app, revalidada y con la zona de la clínica', async () => {
    for (const url of ['/app/', '/app/index.html', '/app/citas', '/app/chat/3?x=1', '/app/entrar']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body).toContain('app del paciente');
      expect(r.body).toContain('<meta name="miduelo-zona-clinica" content="America/Merida" />');
    }
    // The psychologists' routes keep their own page.
    expect((await t.app.inject({ method: 'GET', url: '/agenda' })).body).toContain('sitio');
    // A missing file under /app is a 404, not the page.
    const falta = await t.app.inject({ method: 'GET', url: '/app/no-existe.js' });
    expect(falta.statusCode).toBe(404);
  });

  it('el worker y el manifiesto se revalidan en cada carga y van comprimidos; los mapas nunca se publican', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/app/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(sw.rawPayload).toString()).toBe(SW);
    const m = await t.app.inject({ method: 'GET', url: '/app/manifest.webmanifest' });
    expect(m.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(m.headers['cache-control']).toBe('no-cache');
    expect(m.json()).toEqual({ name: 'MiDuelo', start_url: '/app/' });
    expect((await t.app.inject({ method: 'GET', url: '/app/iconos/icono-192.png' })).headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: '/app/sw.js.map' })).statusCode).toBe(404);
  });

  it('sus archivos con hash son los de /assets/: precomprimidos e inmutables', async () => {
    const r = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip, br' } });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(JS);
  });
});
