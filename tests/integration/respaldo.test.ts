// Backups that are known to restore (issue 57, decisions 389–390): `pnpm backup` of a RUNNING
// instance on PostgreSQL (messages arriving while it runs), `pnpm restore` into a new database and a
// new DATA_DIR, and a new server process reads the same messages, notes and evidence back through the
// API. A restore never overwrites (non-empty database or folder) and refuses keys that cannot read the
// archive, leaving the target as it was; the archive carries no key and no clinical plain text.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Manifiesto } from '@miduelo/server/respaldo/formato';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asignarA, PNG, subir } from '../helpers/actividades';
import { crearPractica, type Practica } from '../helpers/agenda';
import { type AppDePrueba, crearAppDePrueba, SECRETO_PRUEBAS } from '../helpers/app';
import { urlConBase } from '../helpers/base-datos';
import { detener, llamar, type Nodo } from '../helpers/nodos';
import { iniciarServidor, script, sqlDelRespaldo } from '../helpers/respaldo';

const PG = process.env.DATABASE_URL;
if (!PG) {
  if (process.env.REQUIRE_E2E === '1') throw new Error('REQUIRE_E2E=1 pero DATABASE_URL no está definida (respaldo en PostgreSQL)');
  console.warn('Respaldo en PostgreSQL omitido: DATABASE_URL no está definida (el de PGlite está en respaldo-pglite.test.ts)');
}

const NOTA = 'Sueña con su madre cada martes; trabajamos la carta de despedida en San Andrés Mixquic.';
const MENSAJE = 'Hoy encendí una vela por Valeria y pude llorar sin culpa.';
const ARCHIVO = Buffer.concat([PNG, Buffer.from(NOTA), randomBytes(150_000)]);
const LLAVE = randomBytes(32);

/** An empty database of its own on the test's PostgreSQL. */
async function baseVacia(): Promise<string> {
  const nombre = `miduelo_r_${randomBytes(6).toString('hex')}`;
  const a = postgres(PG!, { max: 1, onnotice: () => {} });
  await a.unsafe(`create database ${nombre} template template0`);
  await a.end();
  bases.push(nombre);
  return urlConBase(PG!, nombre);
}
const bases: string[] = [];

async function relaciones(url: string): Promise<number> {
  const s = postgres(url, { max: 1, onnotice: () => {} });
  const [r] = await s`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
                       where n.nspname = 'public' and c.relkind in ('r', 'S')`;
  await s.end();
  return r.n;
}

describe.skipIf(!PG)('respaldo de un servidor en marcha sobre PostgreSQL', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'miduelo-respaldo-'));
  const env = { ENCRYPTION_KEY: LLAVE.toString('base64'), JWT_SECRET: SECRETO_PRUEBAS };
  let t: AppDePrueba;
  let p: Practica;
  let archivo: string;
  let idChat: number;
  let idNota: number;
  let idEvidencia: number;
  let antes: Array<{ seq: number; contenido: string }>;
  let nodo: Nodo | undefined;
  const psi = () => ({ authorization: `Bearer ${p.token}` });

  beforeAll(async () => {
    const origen = path.join(tmp, 'origen');
    t = await crearAppDePrueba({ env: { DATA_DIR: origen, ENCRYPTION_KEY: env.ENCRYPTION_KEY } });
    await t.escuchar();
    p = await crearPractica(t, 1);
    idChat = (await llamar(t.url, 'POST', '/api/psicologo/chats', p.token, { id_paciente: p.pacientes[0].id_paciente })).body.id_chat;
    expect(
      (await llamar(t.url, 'POST', '/api/paciente/mensajes', p.tokensPacientes[0], { id_chat: idChat, contenido: MENSAJE })).status,
    ).toBe(201);
    expect(
      (await llamar(t.url, 'POST', '/api/psicologo/mensajes', p.token, { id_chat: idChat, contenido: 'Gracias por contarme.' })).status,
    ).toBe(201);
    const nota = await llamar(t.url, 'POST', '/api/psicologo/notas', p.token, {
      id_paciente: p.pacientes[0].id_paciente,
      titulo: 'Sesión 4',
      contenido: NOTA,
      tipo: 'general',
    });
    expect(nota.status).toBe(201);
    idNota = nota.body.id_nota;
    const [a] = await asignarA(t, p, { fecha_limite: null });
    const ev = await subir(t, p.tokensPacientes[0], `/api/paciente/actividades/${a.id_asignacion}/evidencias`, [
      { campo: 'visible_para_psicologo', valor: 'true' },
      { campo: 'archivo', archivo: ARCHIVO, nombre: 'carta.png', tipo: 'image/png' },
    ]);
    expect(ev.statusCode, ev.body).toBe(201);
    idEvidencia = ev.json().id_evidencia;
    antes = (await llamar(t.url, 'GET', `/api/psicologo/chats/${idChat}/mensajes`, p.token)).body;

    // The backup runs while the server keeps taking messages.
    archivo = path.join(tmp, 'respaldos', 'miduelo.tar');
    let termino = false;
    const escribiendo = (async () => {
      for (let i = 0; !termino && i < 200; i++)
        await llamar(t.url, 'POST', '/api/paciente/mensajes', p.tokensPacientes[0], { id_chat: idChat, contenido: `durante ${i}` });
    })();
    const r = await script('backup', [archivo], { ...env, DATABASE_URL: t.base.url!, DATA_DIR: origen });
    termino = true;
    await escribiendo;
    expect(r.codigo, r.errores).toBe(0);
    console.log(r.salida);
  }, 120_000);

  afterAll(async () => {
    await detener(nodo);
    await t?.cerrar();
    const a = postgres(PG!, { max: 1, onnotice: () => {} });
    for (const b of bases) await a.unsafe(`drop database if exists ${b} with (force)`);
    await a.end();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('un nodo nuevo sobre la base y la carpeta restauradas lee los mismos mensajes, notas y evidencias', async () => {
    const url = await baseVacia();
    const dataDir = path.join(tmp, 'restaurada');
    const r = await script('restore', [archivo], { ...env, DATABASE_URL: url, DATA_DIR: dataDir });
    expect(r.codigo, r.errores).toBe(0);
    expect(r.salida).toContain('coinciden con el manifiesto');

    nodo = await iniciarServidor({ ...env, DATABASE_URL: url, DATA_DIR: dataDir });
    const mensajes = (await llamar(nodo.url, 'GET', `/api/psicologo/chats/${idChat}/mensajes?limite=500`, p.token)).body as typeof antes;
    expect(mensajes.slice(0, antes.length).map((m) => [m.seq, m.contenido])).toEqual(antes.map((m) => [m.seq, m.contenido]));
    expect(mensajes.map((m) => m.contenido)).toContain(MENSAJE);
    const nota = await llamar(nodo.url, 'GET', `/api/psicologo/notas/${idNota}`, p.token);
    expect(nota.body).toMatchObject({ titulo: 'Sesión 4', contenido: NOTA });
    const ev = await fetch(`${nodo.url}/api/psicologo/evidencias/${idEvidencia}/archivo`, { headers: psi() });
    expect(ev.status).toBe(200);
    expect(Buffer.from(await ev.arrayBuffer()).equals(ARCHIVO)).toBe(true);
    // The restored node takes new messages after the last restored one.
    const nuevo = await llamar(nodo.url, 'POST', '/api/psicologo/mensajes', p.token, { id_chat: idChat, contenido: 'De vuelta.' });
    expect(nuevo.status).toBe(201);
    expect(nuevo.body.seq).toBe(mensajes.at(-1)!.seq + 1);
  }, 120_000);

  it('el archivo es 0600 y no contiene la llave ni el texto clínico en claro', async () => {
    expect(statSync(archivo).mode & 0o777).toBe(0o600);
    const bytes = readFileSync(archivo);
    for (const forma of [
      LLAVE,
      Buffer.from(LLAVE.toString('base64')),
      Buffer.from(LLAVE.toString('base64url')),
      Buffer.from(LLAVE.toString('hex')),
    ])
      expect(bytes.includes(forma)).toBe(false);
    // The dump is compressed: read it as the SQL it restores to.
    const sqlPlano = await sqlDelRespaldo(archivo);
    expect(sqlPlano.codigo, sqlPlano.errores).toBe(0);
    expect(sqlPlano.salida).toContain(p.psicologo.correo); // what is not health text is there, readable
    for (const claro of [NOTA.slice(0, 30), MENSAJE.slice(0, 30), LLAVE.toString('base64')]) expect(sqlPlano.salida).not.toContain(claro);
    expect(bytes.includes(Buffer.from(NOTA.slice(0, 30)))).toBe(false);
  });

  it('se niega a restaurar sobre una base que no está vacía, y la deja igual', async () => {
    const n = await relaciones(t.base.url!);
    const dataDir = path.join(tmp, 'otra-carpeta');
    const r = await script('restore', [archivo], { ...env, DATABASE_URL: t.base.url!, DATA_DIR: dataDir });
    expect(r.codigo).toBe(2);
    expect(r.errores).toContain('La base de datos de destino no está vacía');
    expect(r.errores).toContain('nunca sobrescribe');
    expect(await relaciones(t.base.url!)).toBe(n);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('se niega a restaurar en una carpeta de datos con archivos', async () => {
    const url = await baseVacia();
    const dataDir = path.join(tmp, 'con-archivos');
    const previo = path.join(dataDir, 'evidencias', 'ab', 'algo');
    mkdirSync(path.dirname(previo), { recursive: true });
    writeFileSync(previo, 'de antes');
    const r = await script('restore', [archivo], { ...env, DATABASE_URL: url, DATA_DIR: dataDir });
    expect(r.codigo).toBe(2);
    expect(r.errores).toContain('La carpeta de datos de destino');
    expect(readFileSync(previo, 'utf8')).toBe('de antes');
    expect(await relaciones(url)).toBe(0);
  });

  it('con las llaves correctas, un valor o un archivo cifrado que no abre detiene la restauración antes de escribir', async () => {
    /** The archive with its manifest (and files) changed by `cambiar`, written apart. */
    const alterado = (nombre: string, cambiar: (dir: string, m: Manifiesto) => void) => {
      const dir = mkdtempSync(path.join(tmp, 'alterado-'));
      execFileSync('tar', ['-xf', archivo, '-C', dir]);
      const m = JSON.parse(readFileSync(path.join(dir, 'manifiesto.json'), 'utf8')) as Manifiesto;
      cambiar(dir, m);
      writeFileSync(path.join(dir, 'manifiesto.json'), JSON.stringify(m));
      const salida = path.join(tmp, nombre);
      execFileSync('tar', ['-cf', salida, '-C', dir, 'manifiesto.json', 'base.dump', 'datos']);
      return salida;
    };
    const voltear = (b: Buffer, i: number) => {
      b[i] ^= 1;
      return b;
    };
    const muestra = alterado('muestra.tar', (_, m) => {
      const v = m.muestras[0].valor;
      m.muestras[0].valor = `${v.slice(0, -3)}${v.at(-3) === 'A' ? 'B' : 'A'}${v.slice(-2)}`;
    });
    const evidencia = alterado('evidencia.tar', (dir, m) => {
      const a = m.archivos.lista.find((x) => x.llave)!;
      const ruta = path.join(dir, 'datos', a.ruta);
      const bytes = voltear(readFileSync(ruta), 100);
      writeFileSync(ruta, bytes);
      a.sha256 = createHash('sha256').update(bytes).digest('hex');
    });
    const url = await baseVacia();
    const dataDir = path.join(tmp, 'alterada');
    for (const [a, motivo] of [
      [muestra, 'no se descifra'],
      [evidencia, 'no se descifra'],
    ]) {
      const r = await script('restore', [a], { ...env, DATABASE_URL: url, DATA_DIR: dataDir });
      expect(r.codigo).toBe(2);
      expect(r.errores).toContain('Las llaves configuradas no pueden leer este respaldo');
      expect(r.errores).toContain(motivo);
    }
    // A file changed without its hash: the archive is damaged.
    const danado = alterado('danado.tar', (dir, m) => {
      const ruta = path.join(dir, 'datos', m.archivos.lista[0].ruta);
      writeFileSync(ruta, voltear(readFileSync(ruta), 100));
    });
    const r = await script('restore', [danado], { ...env, DATABASE_URL: url, DATA_DIR: dataDir });
    expect(r.codigo).toBe(2);
    expect(r.errores).toContain('El respaldo está dañado');
    expect(await relaciones(url)).toBe(0);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('se niega con llaves que no leen el respaldo, sin tocar la base ni la carpeta', async () => {
    const url = await baseVacia();
    const dataDir = path.join(tmp, 'sin-llave');
    const otra = randomBytes(32).toString('base64');
    const casos: Array<[string, string]> = [
      [otra, 'no es la del respaldo'],
      [`k2:${otra}`, 'que no está en ENCRYPTION_KEY'],
    ];
    for (const [llave, motivo] of casos) {
      const r = await script('restore', [archivo], { ...env, ENCRYPTION_KEY: llave, DATABASE_URL: url, DATA_DIR: dataDir });
      expect(r.codigo).toBe(2);
      expect(r.errores).toContain('Las llaves configuradas no pueden leer este respaldo');
      expect(r.errores).toContain(motivo);
    }
    expect(await relaciones(url)).toBe(0);
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
    expect(readdirSync(tmp).filter((n) => n.includes('.restaurando-'))).toEqual([]);
  });
});
