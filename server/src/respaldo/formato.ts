// What `pnpm backup` writes and `pnpm restore` reads (decisions 389 and 390): ONE tar archive
//
//   manifiesto.json        what the archive holds, key FINGERPRINTS (never a key), counts, samples
//   base.dump              PostgreSQL: `pg_dump -Fc` of the whole database
//   base-pglite.tar.gz     embedded PGlite: its data directory (dumpDataDir), taken with the server stopped
//   datos/evidencias/…     DATA_DIR's evidence files, as stored (already encrypted, decision 310)
//   datos/descargas/…      the operator's app download, when there is one
//
// Never in it: ENCRYPTION_KEY or DATA_DIR/encryption-key, the JWT secret, the VAPID private key,
// the development mail outbox (live tokens), partial uploads (`.parte`).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Llave, LlavesInvalidas, leerLlaves } from '../comun/cifrado';
import { CARPETA_MIGRACIONES, RAIZ_SERVIDOR } from '../rutas';

export const FORMATO = 'miduelo-respaldo/1';
export const MANIFIESTO = 'manifiesto.json';
export const DUMP_PG = 'base.dump';
export const DUMP_PGLITE = 'base-pglite.tar.gz';
/** DATA_DIR's folders that hold data the application reads back (the rest is cache, secrets or mail). */
export const CARPETAS_DATOS = ['evidencias', 'descargas'] as const;
/** What may already be in a target DATA_DIR: secrets the operator put there before restoring. */
export const SECRETOS_DATA_DIR = ['encryption-key', 'jwt-secret', 'vapid.json'];
/** Left out of every archive, written into the manifest so that an operator knows what to bring. */
export const EXCLUIDOS = [
  'ENCRYPTION_KEY / DATA_DIR/encryption-key (llaves de cifrado: se guardan aparte)',
  'JWT_SECRET / DATA_DIR/jwt-secret',
  'VAPID_PRIVATE_KEY / DATA_DIR/vapid.json',
  'DATA_DIR/outbox (correo de desarrollo)',
  'archivos parciales (*.parte)',
];

/**
 * Encrypted columns sampled into the manifest: one ciphertext per key id found in use, which the
 * restore decrypts with the configured keys before it writes anything (`tabla.columna` is the AAD).
 */
export const COLUMNAS_MUESTRA: Array<{ tabla: string; columna: string }> = [
  { tabla: 'mensaje', columna: 'contenido' },
  { tabla: 'nota', columna: 'contenido' },
  { tabla: 'cita', columna: 'notas' },
  { tabla: 'diario_emocion', columna: 'nota' },
  { tabla: 'respuesta_test', columna: 'respuesta' },
  { tabla: 'foro_mensaje', columna: 'contenido' },
  { tabla: 'paciente', columna: 'persona_perdida' },
  { tabla: 'evidencia', columna: 'nombre_archivo' },
];

export interface HuellaLlave {
  id: string;
  /** First 16 hex digits of SHA-256("miduelo/huella-llave/v1" ‖ key): identifies, never reveals. */
  huella: string;
  /** The key that encrypted new values when the backup was taken. */
  actual: boolean;
}

export interface ArchivoRespaldado {
  /** Relative to DATA_DIR (`evidencias/ab/ab…`). */
  ruta: string;
  bytes: number;
  sha256: string;
  /** Key id of an encrypted evidence file's header; null for a file stored plain. */
  llave: string | null;
}

export interface Manifiesto {
  formato: typeof FORMATO;
  creado: string;
  version: string;
  base: { tipo: 'postgresql' | 'pglite'; archivo: string; bytes: number; sha256: string; servidor: string };
  migraciones: { aplicadas: number; ultima: string | null };
  conteos: Record<string, number>;
  archivos: { total: number; bytes: number; lista: ArchivoRespaldado[] };
  llaves: HuellaLlave[];
  /** Key ids that encrypt at least one sampled value or evidence file. */
  llavesEnUso: string[];
  muestras: Array<{ columna: string; llave: string; valor: string }>;
  excluidos: string[];
}

export function huellaDeLlave(l: Llave): string {
  return createHash('sha256').update('miduelo/huella-llave/v1').update(l.material).digest('hex').slice(0, 16);
}

export function huellas(llaves: Llave[]): HuellaLlave[] {
  return llaves.map((l, i) => ({ id: l.id, huella: huellaDeLlave(l), actual: i === 0 }));
}

/** An error for the operator: its Spanish message is printed, the process exits with `codigo`. */
export class Rechazo extends Error {
  constructor(
    mensaje: string,
    readonly codigo = 2,
  ) {
    super(mensaje);
  }
}

/**
 * The configured keys, read as the server reads them (config.ts) but without its side effect of
 * generating a development key: ENCRYPTION_KEY, else DATA_DIR/encryption-key; null when neither.
 */
export function llavesConfiguradas(env: NodeJS.ProcessEnv, dataDir: string): Llave[] | null {
  const archivo = path.join(dataDir, 'encryption-key');
  const valor = env.ENCRYPTION_KEY?.trim() || (existsSync(archivo) ? readFileSync(archivo, 'utf8').trim() : '');
  if (!valor) return null;
  try {
    return leerLlaves(valor);
  } catch (err) {
    if (err instanceof LlavesInvalidas) throw new Rechazo(`ENCRYPTION_KEY ${err.message}`);
    throw err;
  }
}

/** The migrations' journal: tag by `when` (drizzle stores `when` as the applied row's created_at). */
export function etiquetaDeMigracion(when: number | null): string | null {
  if (when === null) return null;
  const diario = JSON.parse(readFileSync(path.join(CARPETA_MIGRACIONES, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return diario.entries.find((e) => e.when === when)?.tag ?? `desconocida (${when})`;
}

/** The code's version: the commit when run from a checkout ("sin git" otherwise; the migration
 * level beside it in the manifest says which schema the dump has). */
export async function versionDelCodigo(): Promise<string> {
  const r = await ejecutar('git', ['-C', RAIZ_SERVIDOR, 'rev-parse', '--short=12', 'HEAD']).catch(() => null);
  return r && r.codigo === 0 ? `git ${r.salida.trim()}` : 'sin git';
}

export interface Ejecucion {
  codigo: number;
  salida: string;
  errores: string;
}

/** Runs a program (never through a shell); its output collected. Rejects when it cannot start. */
export function ejecutar(
  programa: string,
  args: string[],
  o: { env?: NodeJS.ProcessEnv; stdout?: NodeJS.WritableStream } = {},
): Promise<Ejecucion> {
  return new Promise((resolve, reject) => {
    const hijo = spawn(programa, args, { env: o.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let salida = '';
    let errores = '';
    if (o.stdout) hijo.stdout.pipe(o.stdout);
    else hijo.stdout.on('data', (d) => (salida += d));
    hijo.stderr.on('data', (d) => (errores += d));
    hijo.on('error', reject);
    hijo.on('close', (codigo) => resolve({ codigo: codigo ?? 1, salida, errores }));
  });
}

/** A PostgreSQL URL split for the client programs: the password goes in PGPASSWORD, never in argv. */
export function conexionPg(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(databaseUrl);
  const clave = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: { ...process.env, ...(clave ? { PGPASSWORD: clave } : {}) } };
}

/** pg_dump / pg_restore: from PG_DUMP / PG_RESTORE, else PATH. */
export function programaPg(nombre: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv): string {
  return (nombre === 'pg_dump' ? env.PG_DUMP : env.PG_RESTORE) || nombre;
}

/** Names an archive member may have: anything else (`..`, absolute paths) is refused, never extracted. */
export function miembroValido(nombre: string): boolean {
  if (nombre === MANIFIESTO || nombre === DUMP_PG || nombre === DUMP_PGLITE || nombre === 'datos/') return true;
  if (nombre.split('/').some((p) => p === '..' || p === '.')) return false;
  return CARPETAS_DATOS.some((c) => nombre === `datos/${c}/` || (nombre.startsWith(`datos/${c}/`) && /^[A-Za-z0-9._/-]+$/.test(nombre)));
}
