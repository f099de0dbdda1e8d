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

/** Asks the child to close (`cerrar`, bench/comun/hijo.ts) and waits for its exit; after 10 s it is killed. */
export async function detenerHijo(proceso: ChildProcess): Promise<void> {
  // The start-up listener (a reject) goes first; removing it after would also remove this wait.
  proceso.removeAllListeners('exit');
  const fin = new Promise((r) => proceso.once('exit', r));
  proceso.send({ tipo: 'cerrar' });
  await Promise.race([fin, new Promise((r) => setTimeout(r, 10_000))]);
  if (proceso.exitCode === null) proceso.kill('SIGKILL');
}

/** The child's event-loop delay (p99 and max, ms) since the previous ask (it resets its histogram). */
export function pedirRetraso(proceso: ChildProcess): Promise<{ p99: number; max: number }> {
  return new Promise((resolve) => {
    const oir = (m: { tipo?: string; p99: number; max: number }) => {
      if (m?.tipo !== 'retraso') return;
      proceso.off('message', oir);
      resolve({ p99: m.p99, max: m.max });
    };
    proceso.on('message', oir);
    proceso.send({ tipo: 'retraso' });
  });
}
