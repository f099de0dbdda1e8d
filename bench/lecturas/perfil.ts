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
    const p = JSON.parse(readFileSync(archivo, 'utf8')) as {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
      samples: number[];
    };
    const porId = new Map(p.nodes.map((n) => [n.id, n]));
    const propio = new Map<string, number>();
    const porArchivo = new Map<string, number>();
    for (const s of p.samples) {
      const n = porId.get(s);
      if (!n) continue;
      const cf = n.callFrame;
      const archivo = cf.url.replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/.*wt-rendimiento\//, '');
      const k = `${cf.functionName || '(anon)'} ${archivo}:${cf.lineNumber}`;
      propio.set(k, (propio.get(k) ?? 0) + 1);
      const a2 = archivo.split('/').slice(0, 2).join('/') || cf.functionName;
      porArchivo.set(a2, (porArchivo.get(a2) ?? 0) + 1);
    }
    const total = p.samples.length;
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((x, y) => y[1] - x[1])
        .slice(0, n)
        .map(([k, c]) => `${((100 * c) / total).toFixed(1).padStart(5)} %  ${k}`)
        .join('\n');
    console.log(`perfil ${archivo}\n-- por función (propio)\n${top(propio, 45)}\n-- por paquete/carpeta\n${top(porArchivo, 30)}`);
  } finally {
    await a.unsafe(`drop database if exists ${nombre} with (force)`);
    await a.end();
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
