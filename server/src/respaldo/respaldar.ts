// `pnpm backup [archivo.tar]`: ONE archive of a deployment (decision 389) — the database (pg_dump -Fc
// on PostgreSQL, taken hot; the data directory's dump on embedded PGlite, with the server stopped),
// DATA_DIR's evidence and downloads as stored (encrypted), and a manifest with the keys' fingerprints,
// never the keys. Written as `<archivo>.parte` with mode 0600, renamed when complete.
import { createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import { chmod, copyFile, link, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import postgres from 'postgres';
import { ConfigError, leerConfig } from '../config';
import { abrirDb } from '../db/client';
import {
  CARPETAS_DATOS,
  conexionPg,
  DUMP_PG,
  DUMP_PGLITE,
  EXCLUIDOS,
  ejecutar,
  FORMATO,
  huellas,
  llavesConfiguradas,
  MANIFIESTO,
  type Manifiesto,
  programaPg,
  Rechazo,
  versionDelCodigo,
} from './formato';
import { archivosDeDatos, type Consulta, contarFilas, llavesEnUso, muestrasCifradas, nivelDeMigraciones, sha256De } from './inventario';

type Base = Pick<Manifiesto, 'base' | 'migraciones' | 'conteos' | 'muestras'>;

/** Counts, migration level and samples in the same snapshot as the dump: the manifest describes exactly it. */
async function inventarioDe(q: Consulta): Promise<Omit<Base, 'base'>> {
  return { conteos: await contarFilas(q), migraciones: await nivelDeMigraciones(q), muestras: await muestrasCifradas(q) };
}

async function volcarPostgres(databaseUrl: string, destino: string, env: NodeJS.ProcessEnv): Promise<Base> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ servidor }] = await sql<{ servidor: string }[]>`select current_setting('server_version') as servidor`;
    // pg_dump reads the snapshot exported here, so the manifest's counts and samples are the dump's.
    const inventario = await sql.begin('isolation level repeatable read read only', async (tx) => {
      const [{ instantanea }] = await tx<{ instantanea: string }[]>`select pg_export_snapshot() as instantanea`;
      const con = conexionPg(databaseUrl);
      const volcado = ejecutar(programaPg('pg_dump', env), ['-Fc', `--snapshot=${instantanea}`, '-f', destino, '-d', con.url], {
        env: { ...env, ...con.env },
      }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT')
          throw new Rechazo(
            'No se encontró pg_dump: instale el cliente de PostgreSQL (de la versión del servidor o mayor) o indique su ruta en PG_DUMP.',
          );
        throw err;
      });
      const q: Consulta = async (texto) => (await tx.unsafe(texto)) as never;
      const inv = await inventarioDe(q);
      const r = await volcado;
      if (r.codigo !== 0) throw new Rechazo(`pg_dump falló: ${r.errores.trim()}`, 1);
      return inv;
    });
    return { ...inventario, base: await descripcion('postgresql', destino, servidor) };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function volcarPglite(dataDir: string, destino: string): Promise<Base> {
  const dir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Rechazo(`No hay base de datos embebida en ${dir}.`);
  if (existsSync(path.join(dir, 'postmaster.pid')))
    throw new Rechazo(
      `La base embebida (${dir}) está abierta: detenga el servidor antes de respaldar (PGlite admite un solo proceso). ` +
        'Si el servidor ya no corre, el archivo postmaster.pid quedó de una caída: inicie y detenga el servidor una vez. ' +
        'Para respaldar sin detenerlo, use PostgreSQL (DATABASE_URL).',
    );
  const handle = await abrirDb({ databaseUrl: null, dataDir });
  try {
    const pglite = handle.pglite!;
    const q: Consulta = async (texto) => (await pglite.query(texto)).rows as never;
    const inventario = await inventarioDe(q);
    const [{ servidor }] = await q<{ servidor: string }>(`select current_setting('server_version') as servidor`);
    const volcado = await pglite.dumpDataDir('gzip');
    await pipeline(Readable.fromWeb(volcado.stream() as never), createWriteStream(destino, { mode: 0o600 }));
    return { ...inventario, base: await descripcion('pglite', destino, `PGlite ${servidor}`) };
  } finally {
    await handle.close();
  }
}

async function descripcion(tipo: 'postgresql' | 'pglite', archivo: string, servidor: string): Promise<Manifiesto['base']> {
  return { tipo, archivo: path.basename(archivo), bytes: (await stat(archivo)).size, sha256: await sha256De(archivo), servidor };
}

/** Hard links of DATA_DIR's data files into the staging folder (a copy across file systems): a file
 * replaced or deleted afterwards (re-encryption, deletion) leaves the linked one as it was. */
async function enlazarDatos(dataDir: string, destino: string): Promise<void> {
  for (const carpeta of CARPETAS_DATOS) {
    const raiz = path.join(dataDir, carpeta);
    const entradas = await readdir(raiz, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const e of entradas) {
      if (!e.isFile() || e.name.endsWith('.parte')) continue;
      const origen = path.join(e.parentPath, e.name);
      const final = path.join(destino, path.relative(dataDir, origen));
      await mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
      try {
        await link(origen, final);
      } catch (err) {
        const codigo = (err as NodeJS.ErrnoException).code;
        if (codigo === 'ENOENT') continue; // deleted meanwhile: its row is gone too, or goes next
        if (codigo !== 'EXDEV' && codigo !== 'EPERM') throw err;
        await copyFile(origen, final);
      }
    }
  }
}

/** Writes the staging folder as one tar at `archivo` (0600, through `.parte`). */
async function empaquetar(staging: string, miembros: string[], archivo: string): Promise<void> {
  const parcial = `${archivo}.parte`;
  const salida = createWriteStream(parcial, { flags: 'wx', mode: 0o600 });
  try {
    const r = await ejecutar('tar', ['-cf', '-', '--owner=0', '--group=0', '--numeric-owner', '-C', staging, ...miembros], {
      stdout: salida,
    });
    // The pipe ends the file when tar's output ends; wait until it is flushed and closed.
    if (!salida.closed) await once(salida, 'close');
    if (r.codigo !== 0) throw new Rechazo(`tar falló: ${r.errores.trim()}`, 1);
    await rename(parcial, archivo);
  } catch (err) {
    salida.destroy();
    await rm(parcial, { force: true });
    throw err;
  }
}

export function nombrePorDefecto(ahora: Date): string {
  const f = ahora.toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z').replace('T', '-');
  return path.join('respaldos', `miduelo-${f}.tar`);
}

export interface Resultado {
  archivo: string;
  bytes: number;
  ms: number;
  manifiesto: Manifiesto;
}

export async function respaldar(env: NodeJS.ProcessEnv, destino?: string): Promise<Resultado> {
  const inicio = Date.now();
  const config = leerConfig(env, { jwtSecret: 'respaldo: el secreto JWT no se usa aquí ni se guarda', vapid: null, llaves: [] });
  const llaves = llavesConfiguradas(env, config.dataDir) ?? [];
  const archivo = path.resolve(destino ?? nombrePorDefecto(new Date()));
  if (existsSync(archivo)) throw new Rechazo(`${archivo} ya existe: un respaldo nunca se sobrescribe.`);
  await mkdir(path.dirname(archivo), { recursive: true, mode: 0o700 });
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  // Staged inside DATA_DIR: same file system as the evidence (hard links), same protection.
  const staging = await mkdtemp(path.join(config.dataDir, '.respaldo-'));
  try {
    const dump = path.join(staging, config.databaseUrl ? DUMP_PG : DUMP_PGLITE);
    const base = config.databaseUrl ? await volcarPostgres(config.databaseUrl, dump, env) : await volcarPglite(config.dataDir, dump);
    await chmod(dump, 0o600);
    // After the dump: a file deleted in between is missing (its evidence row answers 404); a file
    // uploaded in between travels without a row (the start-up sweep removes such files).
    const datos = path.join(staging, 'datos');
    await mkdir(datos, { mode: 0o700 });
    await enlazarDatos(config.dataDir, datos);
    const lista = await archivosDeDatos(datos);
    const manifiesto: Manifiesto = {
      formato: FORMATO,
      creado: new Date().toISOString(),
      version: await versionDelCodigo(),
      ...base,
      archivos: { total: lista.length, bytes: lista.reduce((s, a) => s + a.bytes, 0), lista },
      llaves: huellas(llaves),
      llavesEnUso: llavesEnUso(base.muestras, lista),
      excluidos: EXCLUIDOS,
    };
    await writeFile(path.join(staging, MANIFIESTO), `${JSON.stringify(manifiesto, null, 2)}\n`, { mode: 0o600 });
    await empaquetar(staging, [MANIFIESTO, path.basename(dump), 'datos'], archivo);
    return { archivo, bytes: (await stat(archivo)).size, ms: Date.now() - inicio, manifiesto };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export function resumen(r: Resultado): string {
  const m = r.manifiesto;
  const filas = Object.values(m.conteos).reduce((s, n) => s + n, 0);
  const sinLlave = m.llavesEnUso.filter((id) => !m.llaves.some((l) => l.id === id));
  return [
    `Respaldo escrito: ${r.archivo} (${(r.bytes / 1024).toFixed(1)} KiB en ${(r.ms / 1000).toFixed(1)} s, modo 0600)`,
    `  Base: ${m.base.tipo} (${m.base.servidor}), ${filas} filas en ${Object.keys(m.conteos).length} tablas, migraciones: ${m.migraciones.aplicadas} (${m.migraciones.ultima ?? 'ninguna'})`,
    `  Archivos de DATA_DIR: ${m.archivos.total} (${(m.archivos.bytes / 1024).toFixed(1)} KiB, cifrados como están guardados)`,
    `  Llaves (solo huellas): ${m.llaves.map((l) => `${l.id}=${l.huella}${l.actual ? ' (actual)' : ''}`).join(', ') || 'ninguna'}; en uso: ${m.llavesEnUso.join(', ') || 'ninguna'}`,
    ...(sinLlave.length ? [`  AVISO: hay datos cifrados con llaves que no están configuradas (${sinLlave.join(', ')}).`] : []),
    '  Las llaves NO van en el respaldo: guárdelas aparte (sin ellas no se puede restaurar).',
  ].join('\n');
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  respaldar(
    process.env,
    process.argv.slice(2).find((a) => a !== '--'),
  )
    .then((r) => console.log(resumen(r)))
    .catch((err) => {
      if (err instanceof Rechazo || err instanceof ConfigError) {
        console.error(`No se hizo el respaldo: ${err.message}`);
        process.exit(err instanceof Rechazo ? err.codigo : 1);
      }
      console.error('No se hizo el respaldo:', err);
      process.exit(1);
    });
}
