// Issue 52, findings 5, 6 and 9: a stored file's name carries the extension of its detected type
// (a PNG named poly.html downloads as poly.png), every inline evidence response — PDF included —
// is sandboxed by its CSP, and a client that cuts its upload is not logged as a database outage
// (a real outage still is, and still answers 503).
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { COLUMNA_NOMBRE_ARCHIVO } from '@miduelo/server/modules/actividades/dto';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { archivosGuardados, asignarA, llamar, PNG, subir } from '../helpers/actividades';
import { crearPractica, INSTANTE_LUNES_9, type Practica } from '../helpers/agenda';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { hasta } from '../helpers/fallos';

let t: AppDePrueba;
let p: Practica;
let dataDir: string;
let log = '';
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'miduelo-evidencias-'));
  const stream = new Writable({
    write(chunk, _enc, cb) {
      log += chunk.toString();
      cb();
    },
  });
  t = await crearAppDePrueba({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' }, log: stream });
  await t.escuchar();
});
afterAll(async () => {
  await t?.cerrar();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  t.reloj.fijar(INSTANTE_LUNES_9);
  p = await crearPractica(t, 1);
});

const P = '/api/psicologo';
const A = '/api/paciente';
const pac = () => llamar(t, p.tokensPacientes[0]);
const psi = () => llamar(t, p.token);

/** PNG bytes with an HTML page after them: a PNG by its signature, a page by its chosen name. */
const POLIGLOTA = Buffer.concat([PNG, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
/** A PDF that carries JavaScript (an OpenAction), as the probe uploaded. */
const PDF_CON_JS = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    '3 0 obj << /S /JavaScript /JS (app.alert\\(1\\)) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

const nombreDescargado = (cd: string | undefined) => /filename="([^"]*)"/.exec(cd ?? '')?.[1];

describe('el nombre guardado lleva la extensión del tipo detectado', () => {
  const rutas = [
    { lado: 'paciente', url: (id: number) => `${A}/actividades/${id}/evidencias`, token: () => p.tokensPacientes[0] },
    { lado: 'psicólogo', url: (id: number) => `${P}/actividades/asignadas/${id}/evidencia`, token: () => p.token },
  ];
  for (const ruta of rutas) {
    it(`${ruta.lado}: PNG subido como poly.html → guardado y descargado como poly.png`, async () => {
      const [a] = await asignarA(t, p);
      const r = await subir(t, ruta.token(), ruta.url(a.id_asignacion), [
        { campo: 'visible_para_psicologo', valor: 'true' },
        { campo: 'archivo', archivo: POLIGLOTA, nombre: 'poly.html', tipo: 'text/html' },
      ]);
      expect(r.statusCode, r.body).toBe(201);
      const ev = r.json() as { id_evidencia: number; nombre_archivo: string; mime: string };
      expect(ev).toMatchObject({ mime: 'image/png', nombre_archivo: 'poly.png' });
      for (const [api, base] of [
        [pac(), A],
        [psi(), P],
      ] as const) {
        const d = await api.get(`${base}/evidencias/${ev.id_evidencia}/archivo?descargar=1`);
        expect(d.statusCode).toBe(200);
        expect(d.headers['content-type']).toBe('image/png');
        expect(nombreDescargado(d.headers['content-disposition'])).toBe('poly.png');
        expect(d.headers['content-disposition']).toContain("filename*=UTF-8''poly.png");
      }
    });
  }

  it.each([
    ['carta', 'carta.png'],
    ['dibujo.PNG', 'dibujo.PNG'],
    ['foto.jpeg.exe', 'foto.jpeg.png'],
    ['Carta para mamá. Marzo', 'Carta para mamá. Marzo.png'],
    ['..', 'evidencia.png'],
  ])('%j → %j', async (nombre, esperado) => {
    const [a] = await asignarA(t, p);
    const r = await subir(t, p.tokensPacientes[0], `${A}/actividades/${a.id_asignacion}/evidencias`, [
      { campo: 'archivo', archivo: PNG, nombre, tipo: 'image/png' },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ nombre_archivo: esperado });
  });

  it('un reintento con id_cliente de poly.html es la misma subida (200), no otra', async () => {
    const [a] = await asignarA(t, p);
    const partes = [
      { campo: 'id_cliente', valor: `poly-${a.id_asignacion}-abcdef` },
      { campo: 'archivo', archivo: POLIGLOTA, nombre: 'poly.html', tipo: 'text/html' },
    ];
    const url = `${A}/actividades/${a.id_asignacion}/evidencias`;
    const r1 = await subir(t, p.tokensPacientes[0], url, partes);
    expect(r1.statusCode, r1.body).toBe(201);
    const r2 = await subir(t, p.tokensPacientes[0], url, partes);
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json()).toEqual(r1.json());
  });

  it('una evidencia guardada antes con otro nombre (poly.html) se descarga con la extensión de su tipo', async () => {
    const [a] = await asignarA(t, p);
    const r = await subir(t, p.tokensPacientes[0], `${A}/actividades/${a.id_asignacion}/evidencias`, [
      { campo: 'archivo', archivo: POLIGLOTA, nombre: 'poly.png', tipo: 'image/png' },
    ]);
    const id = (r.json() as { id_evidencia: number }).id_evidencia;
    const viejo = t.app.ctx.cifrador.cifrar('poly.html', COLUMNA_NOMBRE_ARCHIVO);
    await t.db.execute(sql`update evidencia set nombre_archivo = ${viejo} where id_evidencia = ${id}`);
    for (const q of ['', '?descargar=1']) {
      const d = await pac().get(`${A}/evidencias/${id}/archivo${q}`);
      expect(d.statusCode).toBe(200);
      expect(nombreDescargado(d.headers['content-disposition'])).toBe('poly.png');
    }
  });
});

describe('toda respuesta en línea de una evidencia va en sandbox', () => {
  it.each([
    ['documento.pdf', 'application/pdf', PDF_CON_JS],
    ['dibujo.png', 'image/png', PNG],
  ])('%s (%s): inline con CSP sandbox para el paciente y el psicólogo', async (nombre, mime, archivo) => {
    const [a] = await asignarA(t, p);
    const r = await subir(t, p.tokensPacientes[0], `${A}/actividades/${a.id_asignacion}/evidencias`, [
      { campo: 'visible_para_psicologo', valor: 'true' },
      { campo: 'archivo', archivo, nombre, tipo: mime },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    const id = (r.json() as { id_evidencia: number }).id_evidencia;
    for (const [api, base] of [
      [pac(), A],
      [psi(), P],
    ] as const) {
      for (const q of ['', '?descargar=1']) {
        const f = await api.get(`${base}/evidencias/${id}/archivo${q}`);
        expect(f.statusCode).toBe(200);
        expect(f.headers['content-type']).toBe(mime);
        expect(f.headers['content-disposition']).toMatch(q ? /^attachment;/ : /^inline;/);
        const csp = String(f.headers['content-security-policy'])
          .split(';')
          .map((d) => d.trim());
        expect(csp).toContain('sandbox');
        expect(csp).toContain("default-src 'none'");
        expect(Buffer.compare(f.rawPayload, archivo)).toBe(0);
      }
    }
  });
});

describe('un cliente que corta su subida no es una caída de la base', () => {
  /** Log lines (JSON) written since `desde`. */
  const lineas = (desde: number) =>
    log
      .slice(desde)
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { code?: string } });

  it('subida cortada a la mitad: sin error "base de datos no disponible" en el registro, nada guardado', async () => {
    const [a] = await asignarA(t, p);
    const url = `${A}/actividades/${a.id_asignacion}/evidencias`;
    const antes = { log: log.length, archivos: archivosGuardados(dataDir) };
    const limite = '----corte';
    const cabeza = Buffer.from(
      `--${limite}\r\nContent-Disposition: form-data; name="archivo"; filename="largo.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const contenido = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 7)]);
    const { port } = new URL(t.url);
    const s = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((r) => s.once('connect', () => r()));
    s.write(
      `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${p.tokensPacientes[0]}\r\nContent-Type: multipart/form-data; boundary=${limite}\r\nContent-Length: ${cabeza.length + contenido.length + 100}\r\n\r\n`,
    );
    s.write(cabeza);
    s.write(contenido.subarray(0, 1024 * 1024));
    // The server is writing the file (a partial file appears); then the client goes away.
    await hasta(() => archivosGuardados(dataDir).some((x) => x.endsWith('.parte')), 10_000, 'el archivo parcial');
    s.destroy();
    // The request is over when the server has logged what became of it.
    await hasta(
      () => lineas(antes.log).some((l) => l.msg === 'el cliente cortó la petición' || l.msg === 'base de datos no disponible'),
      10_000,
      'el registro de la petición cortada',
    );
    await hasta(() => archivosGuardados(dataDir).length === antes.archivos.length, 10_000, 'el parcial borrado');
    const nuevas = lineas(antes.log);
    expect(nuevas.filter((l) => l.msg === 'base de datos no disponible')).toEqual([]);
    expect(nuevas.filter((l) => l.level >= 50)).toEqual([]);
    expect(nuevas.some((l) => l.msg === 'el cliente cortó la petición')).toBe(true);
    expect(archivosGuardados(dataDir)).toEqual(antes.archivos);
    expect((await pac().get(`${url}`)).json()).toEqual([]);
  });

  it.skipIf(!!process.env.DATABASE_URL)(
    'la base caída de verdad: 503 en español y "base de datos no disponible" en el registro',
    async () => {
      const [a] = await asignarA(t, p);
      const desde = log.length;
      const pg = t.base.handle.pglite!;
      const original = { query: pg.query, exec: pg.exec };
      const caida = async () => {
        throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
      };
      Object.assign(pg, { query: caida, exec: caida });
      let r: Awaited<ReturnType<ReturnType<typeof pac>['get']>>;
      try {
        r = await pac().get(`${A}/actividades/${a.id_asignacion}/evidencias`);
      } finally {
        Object.assign(pg, original);
      }
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ msg: MSG_GENERICO.baseDatos, code: 'SERVICIO_NO_DISPONIBLE' });
      const errores = lineas(desde).filter((l) => l.msg === 'base de datos no disponible');
      expect(errores).toHaveLength(1);
      expect(errores[0].level).toBe(50);
    },
  );
});
