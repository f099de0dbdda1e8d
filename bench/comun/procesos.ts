// What the benchmarks that run servers apart share: a throw-away PostgreSQL database, and a child
// process (a server) started with this process's loader that reports `{ tipo: 'listo', … }` over IPC.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** Creates `<prefijo>_<random>` next to `raiz`; `borrar` drops it (forcing its connections). */
export async function baseDesechable(raiz: string, prefijo: string): Promise<{ url: string; borrar(): Promise<void> }> {
  const nombre = `${prefijo}_${randomBytes(4).toString('hex')}`;
  const a = postgres(raiz, { max: 1, onnotice: () => {} });
  await a.unsafe(`create database ${nombre}`);
  await a.end();
  const u = new URL(raiz);
  u.pathname = `/${nombre}`;
  return {
    url: u.toString(),
    async borrar() {
      const b = postgres(raiz, { max: 1, onnotice: () => {} });
      await b.unsafe(`drop database if exists ${nombre} with (force)`);
      await b.end();
    },
  };
}

export interface Hijo<T> {
  proceso: ChildProcess;
  datos: T;
}

/** Forks `ruta` (same loader, plus `execArgv`) and resolves with its `listo` message. */
export function arrancarHijo<T>(ruta: string, env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<Hijo<T>> {
  const proceso = fork(ruta, [], {
    env: { ...process.env, ...env },
    execArgv: [...process.execArgv, ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proceso.once('exit', (code) => reject(new Error(`${ruta} terminó con código ${code}`)));
    proceso.on('message', (m: { tipo?: string } & T) => {
      if (m?.tipo === 'listo') resolve({ proceso, datos: m });
    });
  });
}
