// Evidence files at rest (decision 310): what a patient uploads (a letter, a voice note, a photo) is
// stored encrypted under ENCRYPTION_KEY — a copy of DATA_DIR shows none of it — and served back byte
// for byte to whom may see it; files stored before are encrypted at start, a new key re-encrypts
// them, and a plain file no evidence references (a failed deletion's residue) does not stay.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '@miduelo/server/app';
import type { Config } from '@miduelo/server/config';
import { MAGIA } from '@miduelo/server/comun/cifrado-archivo';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { archivosGuardados, asignarA, llamar, PNG, subir, usarAppDeActividades } from '../helpers/actividades';
import { inyectarCon } from '../helpers/app';

const c = usarAppDeActividades();
const P = '/api/psicologo';
const A = '/api/paciente';
const CARTA = 'Querida mamá: hoy llevé cempasúchil a tu tumba en San Andrés y te conté de Valeria.';
/** A PNG (its type is read from the first bytes) carrying a letter, larger than several chunks. */
const ARCHIVO = Buffer.concat([PNG, Buffer.from(CARTA), randomBytes(150_000), Buffer.from(CARTA)]);

let otras: FastifyInstance[] = [];
afterEach(async () => {
  for (const a of otras) await a.close();
  otras = [];
});

/** Another server process starting on the same database and DATA_DIR (its onReady runs the step). */
async function arrancarOtra(config: Partial<Config> = {}) {
  const app = await buildApp({ config: { ...c.t.config, ...config }, db: c.t.db, logger: false });
  otras.push(app);
  await app.ready();
  return app;
}

const rutaDe = (relativa: string) => path.join(c.dataDir, 'evidencias', relativa);

async function subirCarta() {
  const [a] = await asignarA(c.t, c.p);
  const antes = archivosGuardados(c.dataDir);
  const r = await subir(c.t, c.p.tokensPacientes[0], `${A}/actividades/${a.id_asignacion}/evidencias`, [
    { campo: 'visible_para_psicologo', valor: 'true' },
    { campo: 'archivo', archivo: ARCHIVO, nombre: 'carta-a-mama.png', tipo: 'image/png' },
  ]);
  expect(r.statusCode, r.body).toBe(201);
  const [nuevo] = archivosGuardados(c.dataDir).filter((x) => !antes.includes(x));
  return { id: (r.json() as { id_evidencia: number }).id_evidencia, archivo: rutaDe(nuevo) };
}

async function servido(app: FastifyInstance, token: string, url: string) {
  const r = await inyectarCon(app, token, { method: 'GET', url });
  expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
  expect(Number(r.headers['content-length'])).toBe(ARCHIVO.length);
  return r.rawPayload;
}

/** The evidence as stored before decision 310: its file plain, its row without a key id. */
async function comoAntes(id: number, archivo: string) {
  writeFileSync(archivo, ARCHIVO, { mode: 0o600 });
  await c.t.db.execute(sql`update evidencia set llave_archivo = null where id_evidencia = ${id}`);
}

async function llaveDeFila(id: number): Promise<string | null> {
  const r = await c.t.db.execute(sql`select llave_archivo from evidencia where id_evidencia = ${id}`);
  const filas = (Array.isArray(r) ? r : (r as unknown as { rows: { llave_archivo: string | null }[] }).rows) as {
    llave_archivo: string | null;
  }[];
  return filas[0].llave_archivo;
}

function enClaro(guardado: Buffer) {
  return guardado.includes(Buffer.from('cempas')) || guardado.includes(PNG.subarray(0, 16));
}

describe('evidencias guardadas cifradas', () => {
  it('el archivo en disco no contiene nada de lo subido; el psicólogo y la paciente lo reciben idéntico', async () => {
    const { id, archivo } = await subirCarta();
    const guardado = readFileSync(archivo);
    expect(guardado.subarray(0, MAGIA.length).equals(MAGIA)).toBe(true);
    expect(enClaro(guardado)).toBe(false);
    expect(await llaveDeFila(id)).toBe('k1');
    expect((await servido(c.t.app, c.p.token, `${P}/evidencias/${id}/archivo`)).equals(ARCHIVO)).toBe(true);
    expect((await servido(c.t.app, c.p.tokensPacientes[0], `${A}/evidencias/${id}/archivo?descargar=1`)).equals(ARCHIVO)).toBe(true);
  });

  it('un archivo guardado antes (en claro) se sirve igual y el siguiente arranque lo cifra', async () => {
    const { id, archivo } = await subirCarta();
    await comoAntes(id, archivo);
    expect((await servido(c.t.app, c.p.token, `${P}/evidencias/${id}/archivo`)).equals(ARCHIVO)).toBe(true);

    await arrancarOtra();
    expect(await llaveDeFila(id)).toBe('k1');
    const guardado = readFileSync(archivo);
    expect(guardado.subarray(0, MAGIA.length).equals(MAGIA)).toBe(true);
    expect(enClaro(guardado)).toBe(false);
    expect((await servido(c.t.app, c.p.token, `${P}/evidencias/${id}/archivo`)).equals(ARCHIVO)).toBe(true);
    // A second start finds nothing to do: the file is left as it is.
    await arrancarOtra();
    expect(readFileSync(archivo).equals(guardado)).toBe(true);
  });

  it('una llave nueva primero en ENCRYPTION_KEY vuelve a cifrar los archivos; después basta la nueva', async () => {
    const { id, archivo } = await subirCarta();
    const k2 = { id: 'k2', material: randomBytes(32) };
    await arrancarOtra({ llaves: [k2, ...c.t.config.llaves] });
    expect(await llaveDeFila(id)).toBe('k2');
    const guardado = readFileSync(archivo);
    expect(guardado.subarray(MAGIA.length + 1, MAGIA.length + 3).toString('latin1')).toBe('k2');
    expect(enClaro(guardado)).toBe(false);
    const soloNueva = await arrancarOtra({ llaves: [k2] });
    expect((await servido(soloNueva, c.p.token, `${P}/evidencias/${id}/archivo`)).equals(ARCHIVO)).toBe(true);
    // Its name (encrypted in its row, decision 311) was re-encrypted too.
    const r = await inyectarCon(soloNueva, c.p.token, { method: 'GET', url: `${P}/evidencias/${id}/archivo?descargar=1` });
    expect(r.headers['content-disposition']).toBe(`attachment; filename="carta-a-mama.png"; filename*=UTF-8''carta-a-mama.png`);
    // Back under k1 (first again) for the tests that follow, which start with k1 alone.
    await arrancarOtra({ llaves: [...c.t.config.llaves, k2] });
  });

  it('dos nodos que arrancan juntos cifran el archivo una sola vez y queda legible', async () => {
    const { id, archivo } = await subirCarta();
    await comoAntes(id, archivo);
    const a = await buildApp({ config: c.t.config, db: c.t.db, logger: false });
    const b = await buildApp({ config: c.t.config, db: c.t.db, logger: false });
    otras.push(a, b);
    await Promise.all([a.ready(), b.ready()]);
    expect(enClaro(readFileSync(archivo))).toBe(false);
    expect((await servido(c.t.app, c.p.token, `${P}/evidencias/${id}/archivo`)).equals(ARCHIVO)).toBe(true);
    expect(archivosGuardados(c.dataDir).some((x) => x.endsWith('.parte'))).toBe(false);
  });

  it('el primer arranque con evidencias de antes elimina los archivos en claro sin evidencia de más de una hora; uno reciente se deja', async () => {
    const { id, archivo } = await subirCarta();
    await comoAntes(id, archivo);
    const viejo = randomUUID();
    const reciente = randomUUID();
    for (const clave of [viejo, reciente]) {
      mkdirSync(rutaDe(clave.slice(0, 2)), { recursive: true });
      writeFileSync(rutaDe(path.join(clave.slice(0, 2), clave)), ARCHIVO);
    }
    const haceDos = new Date(Date.now() - 2 * 3600_000);
    utimesSync(rutaDe(path.join(viejo.slice(0, 2), viejo)), haceDos, haceDos);
    await arrancarOtra();
    expect(existsSync(rutaDe(path.join(viejo.slice(0, 2), viejo)))).toBe(false);
    expect(existsSync(rutaDe(path.join(reciente.slice(0, 2), reciente)))).toBe(true);
    expect(enClaro(readFileSync(archivo))).toBe(false);
  });

  it('la paciente borra la evidencia: su archivo cifrado desaparece', async () => {
    const { id, archivo } = await subirCarta();
    expect(existsSync(archivo)).toBe(true);
    expect((await llamar(c.t, c.p.tokensPacientes[0]).del(`${A}/evidencias/${id}`)).statusCode).toBe(200);
    expect(existsSync(archivo)).toBe(false);
  });
});
