// The durable floor of bench/chat, in its own process: a bare Socket.IO server (no auth, no
// validation, no rate limit) that, for each message, runs ONE synchronous INSERT (autocommit,
// synchronous_commit on, a pool of the production size) into a table shaped like `mensaje` (same
// columns, checks and indexes, with the same history), then emits to the two participants' rooms
// and answers. The same over a bare HTTP POST on the same server (node:http, no framework). No
// chat path that stores a message durably before pushing it can go below this.
import { createServer } from 'node:http';
import postgres from 'postgres';
import { Server } from 'socket.io';
import { atenderAlPadre, opcionesDePing } from '../comun/hijo';

const POOL = 10;
const url = process.env.BENCH_DB_URL;
if (!url) throw new Error('BENCH_DB_URL');
const db = postgres(url, { max: POOL, onnotice: () => {} });
const seqs = new Map<number, number>();

async function guardar(p: { id_chat: number; remitente: string; id: string; contenido: string }) {
  const seq = (seqs.get(p.id_chat) ?? 1_000_000) + 1;
  seqs.set(p.id_chat, seq);
  await db`insert into mensaje_piso (id_chat, seq, remitente, contenido, id_cliente) values (${p.id_chat}, ${seq}, ${p.remitente}, ${p.contenido}, ${p.id})`;
}

const servidor = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.statusCode = 404;
    return res.end();
  }
  let cuerpo = '';
  req.setEncoding('utf8');
  req.on('data', (c) => {
    cuerpo += c;
  });
  req.on('end', () => {
    const p = JSON.parse(cuerpo) as { salas: number[]; id_chat: number; remitente: string; id: string; contenido: string };
    guardar(p).then(
      () => {
        io.to(p.salas.map((c) => `cuenta:${c}`)).emit('mensaje', { id: p.id });
        res.statusCode = 201;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: p.id }));
      },
      () => {
        res.statusCode = 500;
        res.end();
      },
    );
  });
});
const io = new Server(servidor, { serveClient: false, ...opcionesDePing() });
io.on('connection', (socket) => {
  const cuenta = Number((socket.handshake.auth as { cuenta?: unknown }).cuenta);
  void socket.join(`cuenta:${cuenta}`);
  socket.on(
    'enviar',
    (p: { salas: number[]; id_chat: number; remitente: string; id: string; contenido: string }, ack: (r: unknown) => void) => {
      guardar(p).then(
        () => {
          io.to(p.salas.map((c) => `cuenta:${c}`)).emit('mensaje', { id: p.id });
          ack({ ok: true });
        },
        () => ack({ ok: false }),
      );
    },
  );
});

async function main() {
  await Promise.all(Array.from({ length: POOL }, () => db`select pg_sleep(0.05)`));
  servidor.listen(0, '127.0.0.1', () => {
    const dir = servidor.address();
    process.send?.({ tipo: 'listo', url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '' });
  });
}
atenderAlPadre(async () => {
  io.close();
  await db.end();
  await new Promise<void>((listo) => servidor.close(() => listo()));
});
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
