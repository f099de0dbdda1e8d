// What the client reads before its first screen: the operator's app download (the landing's button
// is shown only when the operator published the file) and the clinic's time zone (the agenda and the
// forms judge "today" in it, as the server does).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';

let prueba: AppDePrueba | null = null;
afterEach(async () => {
  await prueba?.cerrar();
  prueba = null;
});

describe('GET /api/config-publica', () => {
  it('sin archivo de la app: no hay descarga, y la zona es la de México por defecto', async () => {
    prueba = await crearAppDePrueba({ env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'miduelo-cfg-')) } });
    const r = await prueba.app.inject({ method: 'GET', url: '/api/config-publica' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ appDescargaUrl: null, zonaClinica: 'America/Mexico_City' });
    expect((await prueba.app.inject({ method: 'GET', url: '/descargas/miduelo.apk' })).statusCode).toBe(404);
  });

  it('con el archivo que publica el operador: la URL de descarga lo sirve tal cual; la zona sigue a TZ_CLINICA', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'miduelo-cfg-'));
    mkdirSync(path.join(dir, 'descargas'));
    const contenido = Buffer.from('PK\u0003\u0004 apk de prueba');
    writeFileSync(path.join(dir, 'descargas', 'miduelo.apk'), contenido);
    prueba = await crearAppDePrueba({ env: { DATA_DIR: dir, TZ_CLINICA: 'America/Tijuana' } });
    const cfg = (await prueba.app.inject({ method: 'GET', url: '/api/config-publica' })).json();
    expect(cfg).toEqual({ appDescargaUrl: '/descargas/miduelo.apk', zonaClinica: 'America/Tijuana' });
    const r = await prueba.app.inject({ method: 'GET', url: cfg.appDescargaUrl });
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(contenido)).toBe(true);
  });
});
