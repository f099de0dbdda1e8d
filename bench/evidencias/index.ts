// bench/evidencias: the evidence upload path (decision 121), printed beside baselines measured in
// the same run on the same disk:
//   1. a 50 MB upload: the server's RSS growth (goal < 20 MB: the file is streamed, never buffered);
//   2. its throughput beside a plain `cp` of the same file into the same DATA_DIR, and the download
//      of that file (decrypted on the way out, decision 310) beside a plain `cat` of it, with the
//      server's RSS growth while it streams;
//   3. chat delivery p99 (HTTP send → Socket.IO push to the patient) alone, then while 10 uploads run.
//   pnpm exec tsx bench/evidencias/index.ts        (BENCH_MB=50, BENCH_SUBIDAS=10, BENCH_MENSAJES=100)
// Loopback only; the server runs in a child process (its RSS is its own); stops by itself.
import { spawnSync } from 'node:child_process';
import { fork } from 'node:child_process';
import { openAsBlob, statSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { percentil } from '../comun/percentil';

const MB = Number(process.env.BENCH_MB ?? 50);
const SUBIDAS = Number(process.env.BENCH_SUBIDAS ?? 10);
const MB_CONCURRENTES = Number(process.env.BENCH_MB_CONCURRENTES ?? 20);
// The chat allows 20 messages per 10 s per account (decision 055): 2 per second, 24 per phase.
const MENSAJES = Number(process.env.BENCH_MENSAJES ?? 24);
const DIR = path.dirname(new URL(import.meta.url).pathname);
setTimeout(() => {
  console.error('bench/evidencias: límite de 5 minutos alcanzado; se detiene.');
  process.exit(2);
}, 5 * 60_000).unref();

interface Listo {
  url: string;
  dataDir: string;
  tokenPsi: string;
  tokenPac: string;
  idAsignacion: number;
  idChat: number;
}

const hijo = fork(path.join(DIR, 'servidor.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--import', 'tsx'] });
const s = await new Promise<Listo>((resolve, reject) => {
  hijo.once('exit', (c) => reject(new Error(`el servidor terminó (${c})`)));
  hijo.on('message', (m: { tipo: string } & Listo) => m.tipo === 'listo' && resolve(m));
});
const rss = () =>
  new Promise<{ actual: number; pico: number }>((resolve) => {
    const oir = (m: { tipo: string; actual: number; pico: number }) => {
      if (m.tipo !== 'rss') return;
      hijo.off('message', oir);
      resolve(m);
    };
    hijo.on('message', oir);
    hijo.send({ tipo: 'rss' });
  });
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

/** A PNG header followed by `n` MB of bytes: a valid image by its magic bytes. Each call its own
 * file (two of the same size must not share one: removing one would remove the other). */
let archivos = 0;
function archivoDePrueba(n: number): string {
  const f = path.join(os.tmpdir(), `miduelo-bench-${n}mb-${process.pid}-${++archivos}.png`);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  writeFileSync(f, Buffer.concat([png, Buffer.alloc(n * 1024 * 1024 - png.length, 0x5a)]));
  return f;
}

async function subir(archivo: string): Promise<number> {
  return (await subirConId(archivo)).ms;
}

async function subirConId(archivo: string): Promise<{ ms: number; id: number }> {
  const fd = new FormData();
  fd.append('visible_para_psicologo', 'true');
  fd.append('archivo', await openAsBlob(archivo, { type: 'image/png' }), 'grande.png');
  const t0 = performance.now();
  const r = await fetch(`${s.url}/api/paciente/actividades/${s.idAsignacion}/evidencias`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.tokenPac}` },
    body: fd,
  });
  if (r.status !== 201) throw new Error(`subida: ${r.status} ${await r.text()}`);
  const ms = performance.now() - t0;
  return { ms, id: ((await r.json()) as { id_evidencia: number }).id_evidencia };
}

/** The patient downloads her evidence file: time to the last byte, and the bytes received. */
async function descargar(id: number): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const r = await fetch(`${s.url}/api/paciente/evidencias/${id}/archivo?descargar=1`, {
    headers: { authorization: `Bearer ${s.tokenPac}` },
  });
  if (r.status !== 200 || !r.body) throw new Error(`descarga: ${r.status}`);
  let bytes = 0;
  for await (const c of r.body as unknown as AsyncIterable<Uint8Array>) bytes += c.length;
  return { ms: performance.now() - t0, bytes };
}

/** Chat delivery latency: the psychologist sends over HTTP, the patient's socket receives. */
async function latenciasChat(n: number): Promise<number[]> {
  const sock = io(s.url, { auth: { token: s.tokenPac }, transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((r, j) => {
    sock.once('connect', () => r());
    sock.once('connect_error', j);
  });
  const pendientes = new Map<string, number>();
  const lat: number[] = [];
  sock.on(
    'chat:mensaje' as never,
    ((m: { contenido?: string; mensaje?: { contenido?: string } }) => {
      const c = m.contenido ?? m.mensaje?.contenido ?? '';
      const t = pendientes.get(c);
      if (t !== undefined) {
        lat.push(performance.now() - t);
        pendientes.delete(c);
      }
    }) as never,
  );
  for (let i = 0; i < n; i++) {
    const contenido = `bench ${i} ${Math.random().toString(36).slice(2)}`;
    pendientes.set(contenido, performance.now());
    const r = await fetch(`${s.url}/api/psicologo/mensajes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.tokenPsi}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id_chat: s.idChat, contenido }),
    });
    if (r.status >= 300) throw new Error(`chat: ${r.status} ${await r.text()}`);
    await new Promise((r) => setTimeout(r, 520));
  }
  const hasta = Date.now() + 10_000;
  while (pendientes.size > 0 && Date.now() < hasta) await new Promise((r) => setTimeout(r, 20));
  sock.close();
  if (pendientes.size > 0) console.log(`  (${pendientes.size} mensajes no llegaron)`);
  return lat.sort((a, b) => a - b);
}
/** Nearest-rank percentile (q as a fraction) of the sorted latencies: the shared definition. */
const p = (xs: number[], q: number) => percentil(xs, q * 100);

console.log(
  `bench/evidencias — ${new Date().toISOString()} — carga del sistema ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} (${os.cpus().length} CPU)`,
);
const archivo = archivoDePrueba(MB);
try {
  // 1–2. One upload: RSS growth and throughput beside cp.
  const destino = path.join(s.dataDir, 'copia-cp.png');
  const c0 = performance.now();
  spawnSync('cp', [archivo, destino]);
  spawnSync('sync');
  const msCp = performance.now() - c0;
  rmSync(destino);
  const calentamiento = archivoDePrueba(1);
  await subir(calentamiento); // warm-up (JIT, multipart plugin, storage directory)
  rmSync(calentamiento);
  // The same measure for a file ten times smaller: a growth that does not follow the file's size
  // is the streaming path's fixed cost (buffers, garbage not yet collected), not the file.
  const mbPequeno = Math.max(1, Math.round(MB / 10));
  const pequeno = archivoDePrueba(mbPequeno);
  const antesP = await rss();
  await subir(pequeno);
  const despuesP = await rss();
  rmSync(pequeno);
  const antes = await rss();
  const { ms: msSubida, id } = await subirConId(archivo);
  const despues = await rss();
  const bytes = statSync(archivo).size;
  const antesD = await rss();
  const bajada = await descargar(id);
  const despuesD = await rss();
  if (bajada.bytes !== bytes) throw new Error(`descarga: ${bajada.bytes} bytes de ${bytes}`);
  const l0 = performance.now();
  spawnSync('cat', [archivo], { stdio: ['ignore', 'ignore', 'inherit'] });
  const msCat = performance.now() - l0;
  console.log(
    `\n1. Subida de ${MB} MB: RSS del servidor antes ${mb(antes.actual)} MB, pico durante ${mb(despues.pico)} MB → crecimiento ${mb(despues.pico - antes.actual)} MB (meta < 20 MB); con ${mbPequeno} MB: ${mb(despuesP.pico - antesP.actual)} MB`,
  );
  console.log(
    `2. Rendimiento: subida ${(bytes / 1024 / 1024 / (msSubida / 1000)).toFixed(1)} MB/s (${msSubida.toFixed(0)} ms) · cp en el mismo disco ${(bytes / 1024 / 1024 / (msCp / 1000)).toFixed(1)} MB/s (${msCp.toFixed(0)} ms) · razón cp/subida ${(msSubida / msCp).toFixed(1)}×`,
  );
  console.log(
    `   descarga ${(bytes / 1024 / 1024 / (bajada.ms / 1000)).toFixed(1)} MB/s (${bajada.ms.toFixed(0)} ms, crecimiento del RSS ${mb(despuesD.pico - antesD.actual)} MB) · cat del mismo archivo ${(bytes / 1024 / 1024 / (msCat / 1000)).toFixed(1)} MB/s (${msCat.toFixed(0)} ms) · razón descarga/cat ${(bajada.ms / msCat).toFixed(1)}×`,
  );

  // 3. Chat p99 alone, then during concurrent uploads.
  const base = await latenciasChat(MENSAJES);
  const concurrente = archivoDePrueba(MB_CONCURRENTES);
  const t0 = performance.now();
  const subidas = Promise.all(Array.from({ length: SUBIDAS }, () => subir(concurrente)));
  const durante = await latenciasChat(MENSAJES);
  const tiempos = await subidas;
  rmSync(concurrente);
  console.log(`3. Chat (${MENSAJES} mensajes, 2/s): sin subidas p50 ${p(base, 0.5).toFixed(1)} ms, p99 ${p(base, 0.99).toFixed(1)} ms`);
  console.log(
    `   durante ${SUBIDAS} subidas de ${MB_CONCURRENTES} MB a la vez: p50 ${p(durante, 0.5).toFixed(1)} ms, p99 ${p(durante, 0.99).toFixed(1)} ms (razón p99 ${(p(durante, 0.99) / p(base, 0.99)).toFixed(1)}×); las subidas tardaron ${Math.max(...tiempos).toFixed(0)} ms en total (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  console.log(
    `\ncarga del sistema al terminar ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
} finally {
  rmSync(archivo, { force: true });
  hijo.send({ tipo: 'cerrar' });
}
