// `pnpm restore <archivo.tar>`: brings a backup (decision 390) into an EMPTY database and an empty
// DATA_DIR. Everything is checked before anything is written: the archive's members and hashes, the
// target's emptiness (never overwrite), and that the configured keys read it (fingerprints, then a
// sample of encrypted values and one evidence file per key decrypted). Then pg_restore in one
// transaction (or PGlite's data directory), the files moved in, and the row counts compared.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { type Config, ConfigError, leerConfig } from '../config';
import { abrirDb } from '../db/client';
import {
  CARPETAS_DATOS,
  conexionPg,
  DUMP_PG,
  DUMP_PGLITE,
  ejecutar,
  FORMATO,
  llavesConfiguradas,
  MANIFIESTO,
  type Manifiesto,
  miembroValido,
  programaPg,
  Rechazo,
  SECRETOS_DATA_DIR,
} from './formato';
import { comprobarArchivos, comprobarLlaves, type Consulta, contarFilas, sha256De } from './inventario';

async function leerManifiesto(archivo: string): Promise<Manifiesto> {
  if (!existsSync(archivo)) throw new Rechazo(`No existe el archivo ${archivo}.`);
  const lista = await ejecutar('tar', ['-tf', archivo]);
  const miembros = lista.salida.split('\n').filter(Boolean);
  if (lista.codigo !== 0 || !miembros.includes(MANIFIESTO))
    throw new Rechazo(`${archivo} no es un respaldo de MiDuelo (no tiene ${MANIFIESTO}).`);
  const extrano = miembros.find((n) => !miembroValido(n));
  if (extrano) throw new Rechazo(`${archivo} contiene una entrada que un respaldo no tiene (${extrano}): no se restaura.`);
  const m = JSON.parse((await ejecutar('tar', ['-xOf', archivo, MANIFIESTO])).salida) as Manifiesto;
  if (m.formato !== FORMATO) throw new Rechazo(`Formato de respaldo no reconocido: ${String(m.formato)} (se espera ${FORMATO}).`);
  return m;
}

/** Files already in the target DATA_DIR (the secrets an operator may have placed there excepted). */
async function archivosPresentes(dataDir: string): Promise<string[]> {
  const entradas = await readdir(dataDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entradas
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
    .filter((r) => !SECRETOS_DATA_DIR.includes(r) && !r.startsWith(`lost+found${path.sep}`));
}

async function relacionesEn(databaseUrl: string): Promise<number> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const [r] = await sql<{ n: string }[]>`
      select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
         and s.nspname not in ('pg_catalog', 'information_schema')
         and s.nspname not like 'pg_toast%' and s.nspname not like 'pg_temp%'`;
    return Number(r.n);
  } catch (err) {
    throw new Rechazo(`No se pudo consultar la base de destino (DATABASE_URL): ${(err as Error).message}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Refuses unless the database and DATA_DIR the configuration names are empty and of the archive's kind. */
async function comprobarDestino(m: Manifiesto, config: Config): Promise<void> {
  if (m.base.tipo === 'postgresql' && !config.databaseUrl)
    throw new Rechazo('Este respaldo es de PostgreSQL: defina DATABASE_URL con una base de datos vacía (createdb) para restaurarlo.');
  if (m.base.tipo === 'pglite' && config.databaseUrl)
    throw new Rechazo('Este respaldo es de la base embebida (PGlite): restáurelo sin DATABASE_URL, en un DATA_DIR vacío.');
  const presentes = await archivosPresentes(config.dataDir);
  if (presentes.length > 0)
    throw new Rechazo(
      `La carpeta de datos de destino (${config.dataDir}) no está vacía (${presentes.length} archivos, p. ej. ${presentes[0]}): ` +
        'la restauración nunca sobrescribe. Use una carpeta nueva en DATA_DIR.',
    );
  if (config.databaseUrl) {
    const n = await relacionesEn(config.databaseUrl);
    if (n > 0)
      throw new Rechazo(
        `La base de datos de destino no está vacía (${n} tablas, vistas o secuencias): la restauración nunca sobrescribe. ` +
          'Cree una base nueva (createdb) y apunte DATABASE_URL a ella.',
      );
  }
}

async function cargarPostgres(databaseUrl: string, dump: string, env: NodeJS.ProcessEnv): Promise<Record<string, number>> {
  const con = conexionPg(databaseUrl);
  const args = ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', '-d', con.url, dump];
  const r = await ejecutar(programaPg('pg_restore', env), args, { env: { ...env, ...con.env } }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT')
      throw new Rechazo(
        'No se encontró pg_restore: instale el cliente de PostgreSQL (de la versión del respaldo o mayor) o indique su ruta en PG_RESTORE.',
      );
    throw err;
  });
  // One transaction: on failure nothing stays in the target.
  if (r.codigo !== 0) throw new Rechazo(`pg_restore falló (la base de destino quedó como estaba): ${r.errores.trim()}`, 1);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await contarFilas(async (texto) => (await sql.unsafe(texto)) as never);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function cargarPglite(dataDir: string, dump: string): Promise<Record<string, number>> {
  const desde = new Blob([new Uint8Array(await readFile(dump))], { type: 'application/x-gzip' });
  const handle = await abrirDb({ databaseUrl: null, dataDir, desde });
  try {
    const q: Consulta = async (texto) => (await handle.pglite!.query(texto)).rows as never;
    return await contarFilas(q);
  } finally {
    await handle.close();
  }
}

/** Moves the extracted data folders into DATA_DIR (a copy when it is on another file system). */
async function moverDatos(origen: string, dataDir: string): Promise<void> {
  for (const carpeta of CARPETAS_DATOS) {
    const de = path.join(origen, carpeta);
    if (!existsSync(de)) continue;
    const a = path.join(dataDir, carpeta);
    try {
      await rename(de, a);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await cp(de, a, { recursive: true, errorOnExist: true, force: false });
    }
  }
}

export interface Restauracion {
  ms: number;
  manifiesto: Manifiesto;
  config: Config;
}

export async function restaurar(env: NodeJS.ProcessEnv, archivo: string | undefined): Promise<Restauracion> {
  const inicio = Date.now();
  if (!archivo) throw new Rechazo('Indique el archivo del respaldo: pnpm restore respaldos/miduelo-….tar');
  const config = leerConfig(env, { jwtSecret: 'restauración: el secreto JWT no se usa aquí', vapid: null, llaves: [] });
  const m = await leerManifiesto(path.resolve(archivo));
  await comprobarDestino(m, config);
  const llaves = llavesConfiguradas(env, config.dataDir);
  if (!llaves)
    throw new Rechazo(
      `No hay llaves configuradas: defina ENCRYPTION_KEY con las llaves del servidor respaldado (huellas del respaldo: ${m.llaves.map((l) => `${l.id}=${l.huella}`).join(', ') || 'ninguna'}).`,
    );
  // Extracted beside DATA_DIR (not in it: a refusal leaves the target exactly as it was).
  await mkdir(path.dirname(config.dataDir), { recursive: true });
  const tmp = await mkdtemp(`${config.dataDir}.restaurando-`);
  try {
    const x = await ejecutar('tar', ['-xf', path.resolve(archivo), '-C', tmp, '--no-same-owner']);
    if (x.codigo !== 0) throw new Rechazo(`No se pudo leer el archivo: ${x.errores.trim()}`);
    const dump = path.join(tmp, m.base.tipo === 'postgresql' ? DUMP_PG : DUMP_PGLITE);
    const s = await stat(dump).catch(() => null);
    if (!s || s.size !== m.base.bytes || (await sha256De(dump)) !== m.base.sha256)
      throw new Rechazo('El respaldo está dañado: el volcado de la base no coincide con el manifiesto.');
    const datos = path.join(tmp, 'datos');
    await comprobarArchivos(m, datos);
    await comprobarLlaves(m, llaves, datos);

    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    const conteos = config.databaseUrl ? await cargarPostgres(config.databaseUrl, dump, env) : await cargarPglite(config.dataDir, dump);
    await moverDatos(datos, config.dataDir);
    const distintas = Object.keys({ ...m.conteos, ...conteos }).filter((t) => m.conteos[t] !== conteos[t]);
    if (distintas.length > 0)
      throw new Error(
        `la base restaurada no coincide con el manifiesto en ${distintas.map((t) => `${t} (${conteos[t] ?? 0} filas, respaldo ${m.conteos[t] ?? 0})`).join(', ')}`,
      );
    return { ms: Date.now() - inicio, manifiesto: m, config };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

export function resumen(r: Restauracion): string {
  const m = r.manifiesto;
  const filas = Object.values(m.conteos).reduce((s, n) => s + n, 0);
  return [
    `Respaldo del ${m.creado} restaurado en ${(r.ms / 1000).toFixed(1)} s:`,
    `  Base: ${r.config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite embebida (${r.config.dataDir}/db)`}, ${filas} filas en ${Object.keys(m.conteos).length} tablas (coinciden con el manifiesto), migraciones: ${m.migraciones.aplicadas} (${m.migraciones.ultima ?? 'ninguna'})`,
    `  Archivos: ${m.archivos.total} en ${r.config.dataDir} (verificados por SHA-256)`,
    `  Llaves comprobadas: ${m.llavesEnUso.join(', ') || 'ninguna en uso'}`,
    '  Inicie el servidor con las mismas ENCRYPTION_KEY, DATABASE_URL y DATA_DIR. Con otro JWT_SECRET todos vuelven a iniciar sesión.',
  ].join('\n');
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  restaurar(
    process.env,
    process.argv.slice(2).find((a) => a !== '--'),
  )
    .then((r) => console.log(resumen(r)))
    .catch((err) => {
      if (err instanceof Rechazo || err instanceof ConfigError) {
        console.error(`No se restauró: ${err.message}`);
        process.exit(err instanceof Rechazo ? err.codigo : 1);
      }
      console.error('La restauración falló:', err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
