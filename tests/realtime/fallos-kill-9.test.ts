// Fault test (issue 10): the server process killed (SIGKILL, no shutdown) in the middle of a chat
// stream and started again on the same port, the way a supervisor restarts it. The clients'
// sockets reconnect by themselves and resync after their last seq; unanswered sends are retried
// with the same id_cliente. Every acknowledged message is stored once, both clients show exactly
// the stored conversation within 15 s of the new process listening, and the figures are printed.
// Needs real PostgreSQL (a killed PGlite process would take its database with it): runs whenever
// DATABASE_URL is set, skips with a message otherwise.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { abrirDb, type DbHandle } from '@miduelo/server/db/client';
import { puertoLibre } from '../helpers/socket';
import { argumentosDelServidor } from '../../scripts/start.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRASENA, crearPaciente, crearPsicologo } from '../helpers/fabricas';
import {
  basePrivada,
  type ClienteChat,
  carril,
  cifrar,
  filasGuardadas,
  hasta,
  nuevoRegistro,
  resumirIntentos,
  conversacionEnVivo,
} from '../helpers/fallos';

const RAIZ_BD = process.env.DATABASE_URL;
if (!RAIZ_BD) console.warn('Prueba de kill -9 omitida: DATABASE_URL no está definido (necesita PostgreSQL real)');

const RAIZ = path.resolve(import.meta.dirname, '../..');
const SECRETO = 'secreto-de-la-prueba-de-kill-9-con-32-caracteres!';
const SINCRONIA_MS = 15_000;

interface Proceso {
  hijo: ChildProcess;
  salida: string[];
  fin: Promise<void>;
}

/** The compiled server (`pnpm start`'s command line), as an operator starts it; resolves once it answers. */
async function arrancar(env: Record<string, string>, url: string): Promise<Proceso> {
  const salida: string[] = [];
  const hijo = spawn(process.execPath, argumentosDelServidor, {
    cwd: RAIZ,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  hijo.stdout?.on('data', (d) => salida.push(String(d)));
  hijo.stderr?.on('data', (d) => salida.push(String(d)));
  const fin = new Promise<void>((resolve) => hijo.once('exit', () => resolve()));
  await hasta(
    async () => {
      if (hijo.exitCode !== null) throw new Error(`el servidor terminó al iniciar: ${salida.join('')}`);
      return fetch(`${url}/api/salud`).then(
        (r) => r.ok,
        () => false,
      );
    },
    90_000,
    'el servidor respondió en /api/salud',
  );
  return { hijo, salida, fin };
}

async function iniciarSesion(url: string, ruta: string, cuerpo: object): Promise<string> {
  const r = await fetch(`${url}${ruta}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(cuerpo) });
  if (r.status !== 200) throw new Error(`inicio de sesión ${ruta}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { token: string }).token;
}

describe.skipIf(!RAIZ_BD)('kill -9 del servidor durante el chat y nuevo arranque', () => {
  let base: Awaited<ReturnType<typeof basePrivada>>;
  let directo: DbHandle;
  let env: Record<string, string>;
  let url: string;
  let proceso: Proceso | undefined;
  const clientes: ClienteChat[] = [];

  beforeAll(async () => {
    base = await basePrivada(RAIZ_BD as string);
    const puerto = await puertoLibre();
    url = `http://127.0.0.1:${puerto}`;
    env = {
      DATABASE_URL: base.url,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      JWT_SECRET: SECRETO,
      // Kept across the restart, as a real deployment keeps its volume (generated secrets live here).
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'miduelo-kill9-')),
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      NODE_ENV: 'test',
    };
    proceso = await arrancar(env, url); // applies the migrations to the empty database
    directo = await abrirDb({ databaseUrl: base.url, dataDir: '', maxConexiones: 3 });
  }, 120_000);

  afterAll(async () => {
    for (const c of clientes) c.cerrar();
    if (proceso && proceso.hijo.exitCode === null) {
      proceso.hijo.kill('SIGTERM');
      await Promise.race([proceso.fin, new Promise((r) => setTimeout(r, 10_000))]);
      if (proceso.hijo.exitCode === null) proceso.hijo.kill('SIGKILL');
    }
    await directo?.close();
    await base?.cerrar();
  }, 30_000);

  it('cada mensaje confirmado queda guardado una vez y ambos lo ven una vez; sincronía < 15 s tras el nuevo arranque', async () => {
    const psicologo = await crearPsicologo(directo.db);
    const paciente = await crearPaciente(directo.db, { id_psicologo: psicologo.id_psicologo });
    const tokenPsi = await iniciarSesion(url, '/api/psicologo/iniciar-sesion', { correo: psicologo.correo, contrasena: CONTRASENA });
    const tokenPac = await iniciarSesion(url, '/api/paciente/iniciar-sesion', { email: paciente.email, contrasena: CONTRASENA });
    const { idChat, psi, pac } = await conversacionEnVivo({ url, tokenPsi, tokenPac, idPaciente: paciente.id_paciente, clientes });
    const sql = directo.sql as NonNullable<DbHandle['sql']>;

    const registro = nuevoRegistro();
    let listo = false;
    let carrilesTerminados = false;
    const carriles = Promise.all(
      [psi, pac].flatMap((cliente) =>
        (['socket', 'http'] as const).map((via) =>
          carril({ cliente, via, registro, intervaloMs: 1_200, reintentoMs: 500, seguir: () => !listo, hastaMs: Date.now() + 90_000 }),
        ),
      ),
    ).then(() => {
      carrilesTerminados = true;
    });
    await hasta(() => registro.confirmados.size >= 10, 20_000, 'el flujo de mensajes arrancó');

    // Mid-stream: sends are in flight on every lane when the process dies.
    const anterior = proceso as Proceso;
    anterior.hijo.kill('SIGKILL');
    const tMuerte = Date.now();
    await anterior.fin;
    expect(anterior.hijo.signalCode).toBe('SIGKILL');
    const confirmadosAlMorir = registro.confirmados.size;
    // The lanes keep sending while no server runs: restart only once one of those sends has
    // answered (a failure), so the outage window is never empty of attempts.
    await hasta(() => registro.intentos.some((i) => i.inicio >= tMuerte), 10_000, 'un envío intentado sin servidor');

    // The outage ends when the new process is spawned: a send started after that may reach it as
    // soon as it listens, before the health poll below notices (seen once in CI: one such send
    // succeeded inside the old window, which ended when the poll answered).
    const tArranque = Date.now();
    proceso = await arrancar(env, url);
    const tListo = Date.now();
    listo = true;

    let cifras = cifrar(registro, await filasGuardadas(sql, idChat), [psi, pac]);
    await hasta(
      async () => {
        cifras = cifrar(registro, await filasGuardadas(sql, idChat), [psi, pac]);
        return carrilesTerminados && psi.alDia() && pac.alDia() && cifras.desfases.length === 0;
      },
      SINCRONIA_MS,
      'los dos clientes muestran exactamente lo guardado',
    ).catch((e) => {
      const estado = (c: ClienteChat) => ({
        conectado: c.socket.connected,
        alDia: c.alDia(),
        resync: c.resincronizaciones,
        rechazos: c.rechazos,
      });
      throw new Error(
        `${(e as Error).message}: ${JSON.stringify(cifras)} psi ${JSON.stringify(estado(psi))} pac ${JSON.stringify(estado(pac))} ` +
          `carriles ${carrilesTerminados} últimos ${JSON.stringify(registro.intentos.slice(-6))}`,
      );
    });
    const sincroniaMs = Date.now() - tListo;
    await carriles;

    // Inclusive: a send that failed at once can share its millisecond with tArranque (seen in CI:
    // the one send that opened the window started in the very millisecond the window closed).
    const caido = registro.intentos.filter((i) => i.inicio >= tMuerte && i.inicio <= tArranque);
    console.warn(
      `[fallos-kill-9] confirmados al morir ${confirmadosAlMorir} · sin servidor ${tListo - tMuerte} ms · enviados ${cifras.enviados} · ` +
        `confirmados ${cifras.confirmados} · guardados ${cifras.guardados} · perdidos ${cifras.perdidos} · duplicados ${cifras.duplicados} · ` +
        `entregas repetidas (antes de fusionar por seq) ${cifras.entregasRepetidas} · recibidos solo al resincronizar ${cifras.soloPorResincronizacion} · ` +
        `omitidos por una resincronización tras el seq más alto ${psi.omitidosPorMaximo() + pac.omitidosPorMaximo()} · ` +
        `sincronía ${sincroniaMs} ms tras el nuevo arranque (${sincroniaMs + tListo - tMuerte} ms tras la muerte) · ` +
        `intentos sin servidor ${JSON.stringify(resumirIntentos(caido))}`,
    );

    expect(cifras.confirmados).toBe(cifras.enviados);
    expect(cifras.guardados).toBe(cifras.confirmados);
    expect(cifras.perdidos).toBe(0);
    expect(cifras.duplicados).toBe(0);
    expect(cifras.huecos).toEqual([]);
    expect(cifras.desfases).toEqual([]);
    expect(sincroniaMs).toBeLessThan(SINCRONIA_MS);
    // With the process gone, nothing hangs: a send fails at once (no connection) or, if it was
    // already on the wire, at the client's ack deadline.
    expect(caido.length).toBeGreaterThan(0);
    for (const i of caido) {
      expect(i.ok).toBe(false);
      expect(i.ms).toBeLessThanOrEqual(5_500);
    }
  }, 150_000);
});
