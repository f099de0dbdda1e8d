// The only reader of process.env. Invalid configuration stops the start with a message naming
// the variable, so an operator never runs with a half-understood setting.
import { createECDH, createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { DIAS_GRACIA_VALIDACION_DEFECTO, ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';
import { PUBLICACIONES_POR_VENTANA } from '@miduelo/shared/foros';
import { CUOTA_EVIDENCIAS_BYTES, REGISTROS_POR_MINUTO } from '@miduelo/shared/limites-de-volumen';
import { EVIDENCIA_MAX_MB } from '@miduelo/shared/actividades';
import { type Llave, LlavesInvalidas, leerLlaves, nuevaLlaveBase64 } from './comun/cifrado';

/** The default of `refrescoSesionesMs` (decision 239). */
const REFRESCO_SESIONES_MS = 5_000;

export interface Limites {
  /** requests per IP per window on login/registration/recovery/resend */
  porIp: number;
  /** attempts per account (email) per window */
  porCuenta: number;
  ventanaMs: number;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  redisUrl: string | null;
  jwtSecret: string;
  /** ENCRYPTION_KEY parsed: the first key encrypts, every key decrypts (decision 070). */
  llaves: Llave[];
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  adminEmail: string | null;
  adminPassword: string | null;
  seedDemo: boolean | null;
  zonaClinica: string;
  cedulaApiUrl: string | null;
  /** How long the licence registry may take to answer (decision 142). */
  cedulaApiTimeoutMs: number;
  diasGraciaValidacion: number;
  production: boolean;
  /** API_DOCS: `0` stops serving /api/docs, /api/openapi.json and /api/asyncapi.json (decision 385). */
  apiDocs: boolean;
  clientDir: string | null;
  logLevel: string;
  limites: Limites;
  /** Forum posts and topics per account per minute (FORO_PUBLICACIONES_POR_MINUTO; decision 163). */
  publicacionesForoPorMinuto: number;
  /** Namespace of this deployment's keys on a shared Redis (Socket.IO stream, rate limits). */
  redisPrefix: string;
  /** Origins allowed to call the API from another host (CORS); empty: same origin only. */
  corsOrigins: string[];
  /** Fastify's trustProxy: how many proxies in front of us set X-Forwarded-For (0 = none). */
  trustProxy: number;
  /** Web Push (VAPID) keys: from the environment, generated into DATA_DIR outside production;
   * null in production when not configured (push is then off, decision 182). */
  vapid: Vapid | null;
  /** HTTPS agent for the push services (tests: one that trusts their own push service's certificate). */
  agentePush: import('node:https').Agent | null;
  /** PUSH_HOSTS_PERMITIDOS: the only push-service hosts (and their subdomains) a subscription may
   * name; empty: any public host (decision 329). */
  pushHostsPermitidos: string[];
  /** Tests only, never from the environment: their own push service on 127.0.0.1 is allowed. */
  pushLoopbackDePrueba: boolean;
  /** Largest evidence file (decision 121); 25 MB. Not an environment variable: benchmarks override it. */
  evidenciaMaxBytes: number;
  /** Test applications, clinical notes, diary entries and evidence uploads per account and minute,
   * each counted apart (decision 334); 30. Not an environment variable: tests override it. */
  registrosClinicosPorMinuto: number;
  /** Evidence files stored per patient, both sides (decision 334); 500 MB. Tests override it. */
  cuotaEvidenciasBytes: number;
  /** How often a node refreshes its open sockets' session checks before they go stale (decision
   * 239); 0: never (tests that move the clock call `realtime.refrescarSesiones` themselves). Not an
   * environment variable. */
  refrescoSesionesMs: number;
  /** TURN_URLS: the ICE servers of the online sessions (turn:, turns:, stun:; decision 360). */
  turnUrls: string[];
  /** TURN_SECRET: coturn's static-auth-secret; short-lived credentials are minted from it. */
  turnSecret: string | null;
  /** TURN_TTL_S: how long a minted TURN credential lives (seconds); 3600. */
  turnTtlS: number;
  /** ALERTA_CRISIS_MINUTOS: minutes an unopened crisis message of a patient waits before every
   * administrator is alerted (decision 366); 30. */
  alertaCrisisMinutos: number;
  /** MFA_OBLIGATORIA: who must have a second step (decision 382): `admin` (the default),
   * `todos` (every psychologist too) or `ninguna`. Patients may opt in, never must. */
  mfaObligatoria: MfaObligatoria;
  /** METRICS_TOKEN: the bearer token Prometheus sends to `/metrics` (decision 386); null: metrics
   * are neither collected nor served (`/metrics` answers 404). */
  metricsToken: string | null;
  /** Injectable clock: tests move time instead of sleeping. */
  now: () => Date;
}

export type MfaObligatoria = 'ninguna' | 'admin' | 'todos';

export interface Vapid {
  publica: string;
  privada: string;
  sujeto: string;
}

export class ConfigError extends Error {}

function zonaValida(zona: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zona });
    return true;
  } catch {
    return false;
  }
}

const ORIGEN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

const opcional = v.optional(v.pipe(v.string(), v.trim()));
const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'debe ser un número de puerto'))),
  HOST: opcional,
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres://'))),
  DATA_DIR: opcional,
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\//, 'debe empezar con redis://'))),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'debe tener al menos 32 caracteres'))),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'debe empezar con smtp:// o smtps://'))),
  MAIL_FROM: opcional,
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('debe ser una URL'))),
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.email('debe ser un correo válido'))),
  ADMIN_PASSWORD: opcional,
  SEED_DEMO: v.optional(v.picklist(['0', '1'], 'debe ser 0 o 1')),
  TZ_CLINICA: v.optional(v.pipe(v.string(), v.check(zonaValida, 'no es una zona horaria IANA válida'))),
  CEDULA_API_URL: v.optional(v.pipe(v.string(), v.url('debe ser una URL'))),
  DIAS_GRACIA_VALIDACION: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'debe ser un número de días'))),
  NODE_ENV: opcional,
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  CLIENT_DIR: opcional,
  ENCRYPTION_KEY: opcional,
  VAPID_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{80,100}$/, 'debe ser una llave pública VAPID (base64url)'))),
  VAPID_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{40,50}$/, 'debe ser una llave privada VAPID (base64url)'))),
  VAPID_SUBJECT: v.optional(v.pipe(v.string(), v.regex(/^(mailto:|https:\/\/)\S+$/, 'debe empezar con mailto: o https://'))),
  REDIS_PREFIX: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'debe tener de 1 a 64 letras, dígitos o _ . : -'))),
  FORO_PUBLICACIONES_POR_MINUTO: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'debe ser un número entero de 1 a 999999'))),
  TRUST_PROXY: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'debe ser el número de proxies delante del servidor (0 a 99)'))),
  API_DOCS: v.optional(v.picklist(['0', '1'], 'debe ser 0 o 1')),
  PUSH_HOSTS_PERMITIDOS: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (s) =>
          s.split(',').every((h) => /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(h.trim())),
        'debe ser una lista de nombres de host separados por comas (fcm.googleapis.com,…)',
      ),
    ),
  ),
  TURN_URLS: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (s) => s.split(',').every((u) => /^(turns?|stuns?):[^\s,]+$/.test(u.trim())),
        'debe ser una lista de URL turn:, turns: o stun: separadas por comas (turn:turn.ejemplo.mx:3478?transport=udp,…)',
      ),
    ),
  ),
  TURN_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'debe tener al menos 16 caracteres'))),
  TURN_TTL_S: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{1,5}$/, 'debe ser un número de segundos (de 10 a 999999)'))),
  MFA_OBLIGATORIA: v.optional(v.picklist(['ninguna', 'admin', 'todos'], 'debe ser admin, todos o ninguna')),
  METRICS_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(32, 'debe tener al menos 32 caracteres'), v.maxLength(512, 'debe tener como máximo 512 caracteres')),
  ),
  ALERTA_CRISIS_MINUTOS: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/, 'debe ser un número de minutos (de 1 a 9999)'))),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (s) => s.split(',').every((o) => ORIGEN.test(o.trim())),
        'debe ser una lista de orígenes separados por comas (https://host[:puerto], sin ruta)',
      ),
    ),
  ),
});

function vacioComoAusente(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(env)) if (val !== undefined && val !== '') out[k] = val;
  return out;
}

/** Reads and validates the environment. Throws ConfigError naming the offending variable. */
export function leerConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const r = v.safeParse(EnvSchema, vacioComoAusente(env));
  if (!r.success) {
    const issue = r.issues[0];
    const nombre = issue.path?.[0]?.key ?? 'desconocida';
    throw new ConfigError(`Configuración inválida: ${String(nombre)} ${issue.message}`);
  }
  const e = r.output;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  if (production && !e.JWT_SECRET) throw new ConfigError('Configuración inválida: JWT_SECRET es obligatorio en producción');
  if (production && !e.ENCRYPTION_KEY) throw new ConfigError('Configuración inválida: ENCRYPTION_KEY es obligatorio en producción');
  // Without SMTP the activation and reset links (live tokens) would be printed to the log.
  if (production && !e.SMTP_URL) throw new ConfigError('Configuración inválida: SMTP_URL es obligatorio en producción');
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD)
    throw new ConfigError('Configuración inválida: ADMIN_PASSWORD es obligatorio cuando ADMIN_EMAIL está definido');
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL)
    throw new ConfigError('Configuración inválida: ADMIN_EMAIL es obligatorio cuando ADMIN_PASSWORD está definido');
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError('Configuración inválida: VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas');
  const turnUrls = e.TURN_URLS ? e.TURN_URLS.split(',').map((u) => u.trim()) : [];
  if (e.TURN_SECRET && turnUrls.length === 0) throw new ConfigError('Configuración inválida: TURN_SECRET requiere TURN_URLS');
  if (!e.TURN_SECRET && turnUrls.some((u) => /^turns?:/.test(u)))
    throw new ConfigError('Configuración inválida: TURN_URLS con servidores turn: requiere TURN_SECRET');
  const port = Number(e.PORT ?? 3000);
  if (port > 65535) throw new ConfigError('Configuración inválida: PORT debe ser un número de puerto');
  return {
    port,
    host: e.HOST ?? '127.0.0.1',
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir,
    redisUrl: e.REDIS_URL ?? null,
    jwtSecret: overrides.jwtSecret ?? e.JWT_SECRET ?? secretoDesarrollo(dataDir),
    llaves: overrides.llaves ?? llavesDe(e.ENCRYPTION_KEY ?? llaveDesarrollo(dataDir)),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'MiDuelo <no-responder@miduelo.local>',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase() ?? null,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    seedDemo: e.SEED_DEMO === undefined ? null : e.SEED_DEMO === '1',
    zonaClinica: e.TZ_CLINICA ?? ZONA_CLINICA_DEFECTO,
    cedulaApiUrl: e.CEDULA_API_URL ?? null,
    cedulaApiTimeoutMs: 8000,
    diasGraciaValidacion: Number(e.DIAS_GRACIA_VALIDACION ?? DIAS_GRACIA_VALIDACION_DEFECTO),
    production,
    apiDocs: e.API_DOCS !== '0',
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : null,
    logLevel: e.LOG_LEVEL ?? 'info',
    limites: { porIp: 30, porCuenta: 10, ventanaMs: 15 * 60_000 },
    publicacionesForoPorMinuto: Number(e.FORO_PUBLICACIONES_POR_MINUTO ?? PUBLICACIONES_POR_VENTANA),
    redisPrefix: e.REDIS_PREFIX ?? prefijoDeBase(e.DATABASE_URL ?? null, dataDir),
    trustProxy: Number(e.TRUST_PROXY ?? 0),
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((o) => o.trim().toLowerCase()) : [],
    vapid:
      overrides.vapid !== undefined
        ? overrides.vapid
        : vapidDe(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT, production, dataDir, e.ADMIN_EMAIL),
    agentePush: null,
    pushHostsPermitidos: e.PUSH_HOSTS_PERMITIDOS ? e.PUSH_HOSTS_PERMITIDOS.split(',').map((h) => h.trim().toLowerCase()) : [],
    pushLoopbackDePrueba: false,
    evidenciaMaxBytes: EVIDENCIA_MAX_MB * 1024 * 1024,
    registrosClinicosPorMinuto: REGISTROS_POR_MINUTO,
    cuotaEvidenciasBytes: CUOTA_EVIDENCIAS_BYTES,
    refrescoSesionesMs: REFRESCO_SESIONES_MS,
    turnUrls,
    turnSecret: e.TURN_SECRET ?? null,
    turnTtlS: Number(e.TURN_TTL_S ?? 3600),
    alertaCrisisMinutos: Number(e.ALERTA_CRISIS_MINUTOS ?? 30),
    mfaObligatoria: e.MFA_OBLIGATORIA ?? 'admin',
    metricsToken: e.METRICS_TOKEN ?? null,
    now: () => new Date(),
    ...overrides,
  };
}

/** The default REDIS_PREFIX: two deployments with different databases never share keys on one
 * Redis, and the nodes of one deployment (same database) agree without configuration. Only the
 * host, port and database name are hashed (never the password), so rotating it changes nothing. */
export function prefijoDeBase(databaseUrl: string | null, dataDir: string): string {
  let fuente = `pglite:${dataDir}`;
  if (databaseUrl) {
    const u = new URL(databaseUrl);
    fuente = `pg:${u.hostname}:${u.port || '5432'}${u.pathname}`;
  }
  return `miduelo-${createHash('sha256').update(fuente).digest('hex').slice(0, 10)}`;
}

/** Development only: a random secret generated once and kept in DATA_DIR. */
function secretoDesarrollo(dataDir: string): string {
  const archivo = path.join(dataDir, 'jwt-secret');
  if (existsSync(archivo)) return readFileSync(archivo, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secreto = randomBytes(48).toString('base64url');
  writeFileSync(archivo, secreto, { mode: 0o600 });
  return secreto;
}

/** The VAPID keys: configured, or (outside production) generated once into DATA_DIR like the JWT
 * secret. The subject defaults to the administrator's address or the project's. */
function vapidDe(
  publica: string | undefined,
  privada: string | undefined,
  sujeto: string | undefined,
  production: boolean,
  dataDir: string,
  admin: string | undefined,
): Vapid | null {
  const s = sujeto ?? `mailto:${admin ?? 'soporte@miduelo.mx'}`;
  if (publica && privada) return { publica, privada, sujeto: s };
  if (production) return null;
  const archivo = path.join(dataDir, 'vapid.json');
  if (!existsSync(archivo)) {
    mkdirSync(dataDir, { recursive: true });
    const temporal = `${archivo}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporal, JSON.stringify(generarVapid()), { mode: 0o600 });
    try {
      linkSync(temporal, archivo);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(temporal, { force: true });
    }
  }
  const k = JSON.parse(readFileSync(archivo, 'utf8')) as { publica: string; privada: string };
  return { publica: k.publica, privada: k.privada, sujeto: s };
}

/** A P-256 key pair in the form VAPID uses (raw, base64url). */
function generarVapid(): { publica: string; privada: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // The private key may come shorter than 32 bytes (leading zeros): VAPID wants exactly 32.
  const privada = Buffer.alloc(32);
  const k = ecdh.getPrivateKey();
  k.copy(privada, 32 - k.length);
  return { publica: ecdh.getPublicKey().toString('base64url'), privada: privada.toString('base64url') };
}

function llavesDe(valor: string): Llave[] {
  try {
    return leerLlaves(valor);
  } catch (err) {
    if (err instanceof LlavesInvalidas) throw new ConfigError(`Configuración inválida: ENCRYPTION_KEY ${err.message}`);
    throw err;
  }
}

/** Development only: an encryption key generated once into DATA_DIR (mode 0600). Two processes
 * starting together agree on one key: the file appears whole (hard link) or not at all. */
function llaveDesarrollo(dataDir: string): string {
  const archivo = path.join(dataDir, 'encryption-key');
  if (existsSync(archivo)) return readFileSync(archivo, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const temporal = `${archivo}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporal, nuevaLlaveBase64(), { mode: 0o600 });
  try {
    linkSync(temporal, archivo);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temporal, { force: true });
  }
  return readFileSync(archivo, 'utf8').trim();
}
