// What a backup says about itself and what a restore checks against it: row counts, the migration
// level, samples of encrypted values, the files of DATA_DIR with their hashes and key ids, and the
// proof that the configured keys open them — on PostgreSQL (postgres.js) and PGlite alike.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { CABECERA_MAX, descifrarFlujo, leerCabecera } from '../comun/cifrado-archivo';
import { crearCifrador, type Llave } from '../comun/cifrado';
import {
  type ArchivoRespaldado,
  CARPETAS_DATOS,
  COLUMNAS_MUESTRA,
  etiquetaDeMigracion,
  huellaDeLlave,
  type Manifiesto,
  Rechazo,
} from './formato';

/** One raw query answering rows: postgres.js's `unsafe` or PGlite's `query`. */
export type Consulta = <T = Record<string, unknown>>(texto: string) => Promise<T[]>;

const id = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Every table of the public schema with its exact row count. */
export async function contarFilas(q: Consulta): Promise<Record<string, number>> {
  const tablas = await q<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`);
  const conteos: Record<string, number> = {};
  for (const { t } of tablas) {
    const [r] = await q<{ n: string | number }>(`select count(*) as n from public.${id(t)}`);
    conteos[t] = Number(r.n);
  }
  return conteos;
}

/** How many migrations drizzle applied and the tag of the last one. */
export async function nivelDeMigraciones(q: Consulta): Promise<Manifiesto['migraciones']> {
  const [hay] = await q<{ ok: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!hay.ok) return { aplicadas: 0, ultima: null };
  const [r] = await q<{ n: string | number; ultima: string | number | null }>(
    'select count(*) as n, max(created_at) as ultima from drizzle.__drizzle_migrations',
  );
  return { aplicadas: Number(r.n), ultima: etiquetaDeMigracion(r.ultima === null ? null : Number(r.ultima)) };
}

/** One ciphertext per (column, key id) of the sampled columns that exist. */
export async function muestrasCifradas(q: Consulta): Promise<Manifiesto['muestras']> {
  const fuera: Manifiesto['muestras'] = [];
  for (const { tabla, columna } of COLUMNAS_MUESTRA) {
    const [existe] = await q<{ n: string | number }>(
      `select count(*) as n from information_schema.columns where table_schema = 'public' and table_name = '${tabla}' and column_name = '${columna}'`,
    );
    if (Number(existe.n) === 0) continue;
    const filas = await q<{ llave: string; valor: string }>(
      `select distinct on (llave) llave, valor from (
         select substring(${id(columna)} from '^e1\\.([A-Za-z0-9_-]{1,32})\\.') as llave, ${id(columna)} as valor
           from public.${id(tabla)} where ${id(columna)} like 'e1.%') s
        where llave is not null order by llave`,
    );
    for (const f of filas) fuera.push({ columna: `${tabla}.${columna}`, llave: f.llave, valor: f.valor });
  }
  return fuera;
}

async function sha256De(archivo: string): Promise<string> {
  const h = createHash('sha256');
  for await (const c of createReadStream(archivo)) h.update(c as Buffer);
  return h.digest('hex');
}

async function llaveDeCabecera(archivo: string): Promise<string | null> {
  const fd = await open(archivo, 'r');
  try {
    const inicio = Buffer.alloc(CABECERA_MAX);
    const { bytesRead } = await fd.read(inicio, 0, CABECERA_MAX, 0);
    return leerCabecera(inicio.subarray(0, bytesRead))?.llave ?? null;
  } finally {
    await fd.close();
  }
}

/** The files of DATA_DIR's data folders (complete ones: `.parte` is an upload still under way). */
export async function archivosDeDatos(dataDir: string): Promise<ArchivoRespaldado[]> {
  const fuera: ArchivoRespaldado[] = [];
  for (const carpeta of CARPETAS_DATOS) {
    const raiz = path.join(dataDir, carpeta);
    const entradas = await readdir(raiz, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const e of entradas) {
      if (!e.isFile() || e.name.endsWith('.parte')) continue;
      const absoluta = path.join(e.parentPath, e.name);
      const s = await stat(absoluta).catch(() => null);
      if (!s) continue; // deleted while we walked
      fuera.push({
        ruta: path.relative(dataDir, absoluta).split(path.sep).join('/'),
        bytes: s.size,
        sha256: await sha256De(absoluta),
        llave: carpeta === 'evidencias' ? await llaveDeCabecera(absoluta) : null,
      });
    }
  }
  return fuera.sort((a, b) => a.ruta.localeCompare(b.ruta));
}

export function llavesEnUso(muestras: Manifiesto['muestras'], archivos: ArchivoRespaldado[]): string[] {
  return [...new Set([...muestras.map((m) => m.llave), ...archivos.flatMap((a) => (a.llave ? [a.llave] : []))])].sort();
}

/**
 * Refuses (Rechazo) unless the configured keys read the backup: every key id in use must be
 * configured with the backup's fingerprint, every sampled value must decrypt, and per key id the
 * smallest evidence file (extracted under `dirDatos`) must decrypt whole. Writes nothing.
 */
export async function comprobarLlaves(m: Manifiesto, llaves: Llave[], dirDatos: string): Promise<void> {
  const configuradas = new Map(llaves.map((l) => [l.id, huellaDeLlave(l)]));
  const delRespaldo = new Map(m.llaves.map((l) => [l.id, l.huella]));
  for (const enUso of m.llavesEnUso) {
    const esperada = delRespaldo.get(enUso) ?? 'desconocida';
    const tengo = configuradas.get(enUso);
    if (!tengo)
      throw new Rechazo(
        `Las llaves configuradas no pueden leer este respaldo: tiene datos cifrados con la llave «${enUso}» (huella ${esperada}), que no está en ENCRYPTION_KEY.`,
      );
    if (esperada !== 'desconocida' && tengo !== esperada)
      throw new Rechazo(
        `Las llaves configuradas no pueden leer este respaldo: la llave «${enUso}» configurada (huella ${tengo}) no es la del respaldo (huella ${esperada}).`,
      );
  }
  const cif = crearCifrador(llaves);
  for (const s of m.muestras) {
    try {
      cif.descifrar(s.valor, s.columna);
    } catch {
      throw new Rechazo(
        `Las llaves configuradas no pueden leer este respaldo: un valor de ${s.columna} (llave «${s.llave}») no se descifra.`,
      );
    }
  }
  const porLlave = new Map<string, ArchivoRespaldado>();
  for (const a of m.archivos.lista) {
    if (!a.llave) continue;
    const previo = porLlave.get(a.llave);
    if (!previo || a.bytes < previo.bytes) porLlave.set(a.llave, a);
  }
  for (const a of porLlave.values()) await descifrarArchivo(cif, path.join(dirDatos, a.ruta));
}

async function descifrarArchivo(cif: ReturnType<typeof crearCifrador>, archivo: string): Promise<void> {
  const fd = await open(archivo, 'r');
  const inicio = Buffer.alloc(CABECERA_MAX);
  const { bytesRead } = await fd.read(inicio, 0, CABECERA_MAX, 0);
  await fd.close();
  const cabecera = leerCabecera(inicio.subarray(0, bytesRead));
  if (!cabecera) return;
  // The AAD context of a stored evidence file is its key (modules/actividades/almacen.ts).
  const contexto = `evidencia:${path.basename(archivo)}`;
  try {
    for await (const _ of descifrarFlujo(cif, contexto, cabecera, createReadStream(archivo, { start: cabecera.bytes.length }))) {
      // each chunk authenticated; the plain bytes are dropped
    }
  } catch (err) {
    throw new Rechazo(
      `Las llaves configuradas no pueden leer este respaldo: el archivo ${path.basename(archivo)} no se descifra (${(err as Error).message}).`,
    );
  }
}

/** Checks the extracted files against the manifest (sizes and SHA-256): a damaged archive stops here. */
export async function comprobarArchivos(m: Manifiesto, dirDatos: string): Promise<void> {
  for (const a of m.archivos.lista) {
    const absoluta = path.join(dirDatos, a.ruta);
    const s = await stat(absoluta).catch(() => null);
    if (!s || s.size !== a.bytes || (await sha256De(absoluta)) !== a.sha256)
      throw new Rechazo(`El respaldo está dañado: ${a.ruta} falta o no coincide con el manifiesto.`);
  }
}

export { sha256De };
