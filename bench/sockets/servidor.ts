// A server of bench/sockets in its own process, started with --expose-gc: `app` (the real MiDuelo
// app on embedded PGlite, one psychologist per socket's account) or `desnudo` (bare Socket.IO, each
// socket joining its account's room). Reports the heap after a full GC when asked.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { writeHeapSnapshot } from 'node:v8';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { insertarPsicologos, tokenDePsicologo } from '../comun/practica';
import { Server } from 'socket.io';

const CUENTAS = Number(process.env.BENCH_CUENTAS ?? 500);
const gc = (globalThis as { gc?: () => void }).gc;

function heap(): number {
  for (let i = 0; i < 4; i++) gc?.();
  return process.memoryUsage().heapUsed;
}

async function app(): Promise<{ url: string; tokens: string[] }> {
  const h = await abrirDb({ databaseUrl: null, dataDir: '', enMemoria: true });
  await aplicarMigraciones(h, null);
  const psis = await insertarPsicologos(h.db, CUENTAS);
  const config = leerConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: '/tmp/miduelo-bench-sockets' },
    { jwtSecret: randomBytes(32).toString('hex') },
  );
  const a = await buildApp({ config, db: h.db, logger: false });
  await a.listen({ port: 0, host: '127.0.0.1' });
  const dir = a.server.address();
  const tokens = psis.map((p) => tokenDePsicologo(a, p));
  return { url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '', tokens };
}

async function desnudo(): Promise<{ url: string; tokens: string[] }> {
  const servidor = createServer();
  const io = new Server(servidor, { serveClient: false });
  io.on('connection', (socket) => {
    void socket.join(`cuenta:${Number((socket.handshake.auth as { cuenta?: unknown }).cuenta)}`);
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  const dir = servidor.address();
  return { url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '', tokens: [] };
}

async function main() {
  const r = process.env.MODO === 'app' ? await app() : await desnudo();
  process.on('message', (m: { tipo?: string; archivo?: string }) => {
    if (m?.tipo === 'heap') process.send?.({ tipo: 'heap', bytes: heap() });
    // Diagnosis (BENCH_INSTANTANEAS=dir): a heap snapshot written where asked, after full GCs.
    if (m?.tipo === 'instantanea' && m.archivo) {
      heap();
      writeHeapSnapshot(m.archivo);
      process.send?.({ tipo: 'instantanea' });
    }
    if (m?.tipo === 'cerrar') process.exit(0);
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ tipo: 'listo', ...r });
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
