// bench/auth: login requests per second through the real server (HTTP on loopback, real database)
// against raw argon2id verifications per second, both measured in this same process and run.
// Goal (issue 12): login at 2 concurrent ≥ 85 % of raw hashing (a login is one argon2 verify plus a query and a JWT).
//   pnpm exec tsx bench/auth/index.ts            (embedded PGlite)
//   DATABASE_URL=postgres://… pnpm exec tsx bench/auth/index.ts
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { verify } from '@node-rs/argon2';
import postgres from 'postgres';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { psicologo } from '@miduelo/server/db/schema/cuentas';
import { hashContrasena } from '@miduelo/server/modules/cuentas/hash';

const DURACION_MS = Number(process.env.BENCH_MS ?? 3000);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
// Concurrent workers: one per core (each login's database and HTTP round trips leave its core idle
// meanwhile, so this level also measures latency), then four per core (the server kept busy, as
// under real load: the throughput a login route can sustain). Both are printed.
const CONCURRENCIAS = (process.env.BENCH_CONCURRENCIA ?? `${availableParallelism()},${availableParallelism() * 4}`).split(',').map(Number);
const CONTRASENA = 'Bench#Clave2025';

async function medir(nombre: string, tarea: () => Promise<void>, CONCURRENCIA: number): Promise<number> {
  // Warm-up, then a fixed time window with a fixed number of concurrent workers.
  for (let i = 0; i < CONCURRENCIA; i++) await tarea();
  let hechas = 0;
  const fin = Date.now() + DURACION_MS;
  const inicio = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCIA }, async () => {
      while (Date.now() < fin) {
        await tarea();
        hechas++;
      }
    }),
  );
  const porSegundo = hechas / ((performance.now() - inicio) / 1000);
  console.log(
    `  ${nombre.padEnd(34)} ${porSegundo.toFixed(1).padStart(8)} /s   (${hechas} en ${DURACION_MS} ms, concurrencia ${CONCURRENCIA})`,
  );
  return porSegundo;
}

// A keep-alive HTTP client, as a browser or the app keeps its connection to the server.
const agente = new http.Agent({ keepAlive: true, maxSockets: 64 });
function post(url: string, cuerpo: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent: agente, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(cuerpo) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(cuerpo);
  });
}

async function main() {
  const raiz = process.env.DATABASE_URL ?? null;
  let url: string | null = null;
  let limpiar = async () => {};
  if (raiz) {
    const nombre = `${process.env.BENCH_DB_PREFIJO ?? 'bench_auth'}_${randomBytes(4).toString('hex')}`;
    const a = postgres(raiz, { max: 1, onnotice: () => {} });
    await a.unsafe(`create database ${nombre}`);
    await a.end();
    const u = new URL(raiz);
    u.pathname = `/${nombre}`;
    url = u.toString();
    limpiar = async () => {
      const b = postgres(raiz, { max: 1, onnotice: () => {} });
      await b.unsafe(`drop database if exists ${nombre} with (force)`);
      await b.end();
    };
  }
  const handle = await abrirDb({ databaseUrl: url, dataDir: '', enMemoria: true });
  await aplicarMigraciones(handle, url);
  const hash = await hashContrasena(CONTRASENA);
  await handle.db.insert(psicologo).values({
    nombre: 'Bench',
    apellidoPaterno: 'Prueba',
    fecha_nacimiento: '1980-01-01',
    especialidad: 'Duelo',
    cedula: '1111111',
    telefono: '5500000000',
    correo: 'bench@miduelo.mx',
    contrasenaHash: hash,
    codigo_vinculacion: 'BENCH1',
    cedula_validada: true,
    activadoEn: new Date(),
  });
  const config = leerConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: '/tmp/miduelo-bench' },
    { jwtSecret: randomBytes(32).toString('hex'), limites: { porIp: 1e9, porCuenta: 1e9, ventanaMs: 60_000 } },
  );
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const dir = app.server.address();
  const base = typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '';
  const cuerpo = JSON.stringify({ correo: 'bench@miduelo.mx', contrasena: CONTRASENA });

  console.log(`bench/auth — ${handle.kind}, argon2id m=19456 t=2 p=1, ${RONDAS} rondas alternadas de ${DURACION_MS} ms`);
  const tareaCruda = async () => {
    if (!(await verify(hash, CONTRASENA))) throw new Error('verify falló');
  };
  const tareaLogin = async () => {
    const status = await post(`${base}/api/psicologo/iniciar-sesion`, cuerpo);
    if (status !== 200) throw new Error(`login respondió ${status}`);
  };
  // Alternating rounds, then the median of each: background load hits both sides alike.
  const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const resumen: string[] = [];
  for (const concurrencia of CONCURRENCIAS) {
    const crudas: number[] = [];
    const logins: number[] = [];
    for (let i = 0; i < RONDAS; i++) {
      crudas.push(await medir('referencia: argon2id verify crudo', tareaCruda, concurrencia));
      logins.push(await medir('POST /api/psicologo/iniciar-sesion', tareaLogin, concurrencia));
    }
    const crudo = mediana(crudas);
    const login = mediana(logins);
    const ratio = (login / crudo) * 100;
    resumen.push(
      `  concurrencia ${String(concurrencia).padStart(2)}: hash crudo ${crudo.toFixed(1)} /s · login ${login.toFixed(1)} /s · login / hash crudo ${ratio.toFixed(1)} %   (meta ≥ 85 %: ${ratio >= 85 ? 'cumplida' : 'NO cumplida'})`,
    );
  }
  console.log('  medianas:');
  for (const linea of resumen) console.log(linea);
  await app.close();
  await handle.close();
  await limpiar();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
