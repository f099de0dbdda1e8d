// Profiling aid for bench/lecturas: starts the app server (MODO app) under `--cpu-prof`, loads one
// endpoint with autocannon and prints the heaviest functions by self time and by file.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm exec tsx bench/lecturas/perfil.ts [lista|semana]
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { leerPerfil, mayores, type Perfil } from '../comun/leer-perfil';
import type { Listo } from './servidor';

const DIR = path.dirname(new URL(import.meta.url).pathname);
const cual = (process.argv[2] ?? 'lista') as 'lista' | 'semana';
const dirPerfil = process.env.BENCH_PERFIL_DIR ?? '/tmp/miduelo-perfil';
mkdirSync(dirPerfil, { recursive: true });

async function main() {
  const raiz = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const nombre = `${process.env.BENCH_DB_PREFIJO ?? 'bench_lecturas'}_${randomBytes(4).toString('hex')}`;
  const a = postgres(raiz, { max: 1, onnotice: () => {} });
  await a.unsafe(`create database ${nombre}`);
  const u = new URL(raiz);
  u.pathname = `/${nombre}`;
  try {
    const app = fork(path.join(DIR, 'servidor.ts'), [], {
      env: { ...process.env, BENCH_DB_URL: u.toString(), MODO: 'app' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const esperarDe = <T>(proc: ChildProcess, tipo: string) =>
      new Promise<T>((r) => proc.on('message', (m: { tipo?: string }) => m?.tipo === tipo && r(m as T)));
    const listo = await esperarDe<Listo>(app, 'listo');
    let url = listo.url + (listo.rutas?.[cual] ?? '');
    let headers: Record<string, string> = { authorization: `Bearer ${listo.token}` };
    // PERFIL_MODO=desnudo: the profile of the bare server running the same SQL, for comparison.
    let perfilado = app;
    if (process.env.PERFIL_MODO === 'desnudo') {
      perfilado = fork(path.join(DIR, 'servidor.ts'), [], {
        env: { ...process.env, BENCH_DB_URL: u.toString(), MODO: 'desnudo', BENCH_CONSULTAS: JSON.stringify(listo.consultas) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      url = `${(await esperarDe<Listo>(perfilado, 'listo')).url}/${cual}`;
      headers = {};
    }
    const esperar = <T>(tipo: string) => esperarDe<T>(perfilado, tipo);
    const muestra = await fetch(url, { headers });
    console.log(`muestra de la respuesta (${muestra.status}): ${(await muestra.text()).slice(0, 400)}`);
    const conexiones = Number(process.env.BENCH_CONEXIONES ?? 10);
    await autocannon({ url, connections: conexiones, duration: 2, headers });
    perfilado.send({ tipo: 'perfil-empezar' });
    await esperar('perfil-empezado');
    const r = await autocannon({ url, connections: conexiones, duration: Number(process.env.BENCH_S ?? 8), headers });
    console.log(
      `${cual} (${process.env.PERFIL_MODO ?? 'app'}): ${r.requests.average} pet/s, errores ${r.errors + r.non2xx}, carga ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' / ')}`,
    );
    const archivo = path.join(dirPerfil, `lecturas-${cual}-${process.env.PERFIL_MODO ?? 'app'}-${Date.now()}.cpuprofile`);
    perfilado.send({ tipo: 'perfil-parar', archivo });
    await esperar('perfil-escrito');
    for (const proc of new Set([perfilado, app])) {
      const fin = new Promise((res) => proc.once('exit', res));
      proc.send({ tipo: 'cerrar' });
      await fin;
    }
    const leido = leerPerfil(JSON.parse(readFileSync(archivo, 'utf8')) as Perfil);
    const top = (m: Map<string, number>, n: number) =>
      mayores(m, n)
        .map(([k, us]) => `${((100 * us) / leido.total).toFixed(1).padStart(5)} %  ${k}`)
        .join('\n');
    const inactivo = (100 * (leido.total - leido.ocupado)) / leido.total;
    console.log(
      `perfil ${archivo} (inactivo ${inactivo.toFixed(1)} %)\n-- por función (propio)\n${top(leido.porFuncion, 45)}\n-- por paquete/carpeta\n${top(leido.porOrigen, 30)}`,
    );
  } finally {
    await a.unsafe(`drop database if exists ${nombre} with (force)`);
    await a.end();
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
