// bench/expediente: requests/s of the clinical record's three busiest reads — a patient's notes,
// test history and score evolution — on the real server (auth, the patient check, an audit row per
// read, decryption of every note) printed beside a bare Fastify running the same SELECTs on the same
// data, in the same run (goal ≥ 60 % of it); then PDFs/s, and chat delivery p99 with and without
// PDFs being made (the PDF must not stall the event loop).
//   pnpm exec tsx bench/expediente/index.ts                       (embedded PGlite in each server)
//   BENCH_PACIENTES=300 BENCH_NOTAS=40 BENCH_APLICACIONES=20 BENCH_MS=8000 pnpm exec tsx bench/expediente/index.ts
//   BENCH_DB_URL=postgres://… (both servers on PostgreSQL through postgres.js)
// Loopback only; each phase bounded in time; stops by itself.
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { agenteKeepAlive } from '../comun/agente';
import { percentil } from '../comun/percentil';
import { argumentosDePerfil, banderasDelServidor, detenerHijo, pedirRetraso } from '../comun/procesos';
import type { ServidorBench } from './servidor';

const DURACION_MS = Number(process.env.BENCH_MS ?? 8_000);
const CONCURRENCIA = Number(process.env.BENCH_CONCURRENCIA ?? 8);
const CONCURRENCIA_PDF = Number(process.env.BENCH_CONCURRENCIA_PDF ?? 2);
const DIR = path.dirname(new URL(import.meta.url).pathname);
const LIMITE_TOTAL_MS = 10 * 60_000;

setTimeout(() => {
  console.error('bench/expediente: se alcanzó el límite de 10 minutos; se detiene.');
  process.exit(2);
}, LIMITE_TOTAL_MS).unref();

interface Hijo {
  proceso: ChildProcess;
  datos: ServidorBench;
}

function arrancar(modo: 'miduelo' | 'base'): Promise<Hijo> {
  const proceso = fork(path.join(DIR, 'servidor.ts'), [], {
    env: { ...process.env, BENCH_MODO: modo },
    // BENCH_PERFIL=dir writes a CPU profile of the MiDuelo server there.
    execArgv: [...process.execArgv, ...(modo === 'miduelo' ? [...banderasDelServidor(), ...argumentosDePerfil()] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proceso.once('exit', (code) => reject(new Error(`servidor ${modo} terminó con código ${code}`)));
    proceso.on('message', (m: { tipo?: string } & ServidorBench) => {
      if (m?.tipo === 'listo') resolve({ proceso, datos: m });
    });
  });
}

const agente = agenteKeepAlive(64);

function pedir(url: string, token?: string, metodo = 'GET', cuerpo?: object): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const datos = cuerpo ? JSON.stringify(cuerpo) : undefined;
    const req = http.request(
      url,
      {
        method: metodo,
        agent: agente,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(datos ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(datos) } : {}),
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      },
    );
    req.on('error', reject);
    if (datos) req.write(datos);
    req.end();
  });
}

/** Closed loop: `concurrencia` workers, each sending its next request when the previous answers. */
async function carga(rutas: (i: number) => string, token: string | undefined, ms: number, concurrencia = CONCURRENCIA) {
  let n = 0;
  let errores = 0;
  let i = 0;
  const fin = performance.now() + ms;
  await Promise.all(
    Array.from({ length: concurrencia }, async () => {
      while (performance.now() < fin) {
        const r = await pedir(rutas(i++), token).catch(() => ({ status: 0, bytes: 0 }));
        if (r.status === 200) n++;
        else errores++;
      }
    }),
  );
  return { porSegundo: n / (ms / 1000), errores };
}

const f1 = (x: number) => x.toFixed(1);
const pad = (s: string, n: number) => s.padEnd(n);

async function main() {
  console.log(`bench/expediente — carga media antes: ${loadavg().map(f1).join(' ')} (2 núcleos compartidos)`);
  const [miduelo, base] = await Promise.all([arrancar('miduelo'), arrancar('base')]);
  const m = miduelo.datos;
  const b = base.datos;
  console.log(
    `práctica: 1 psicólogo × ${m.pacientes.length} pacientes × ${process.env.BENCH_NOTAS ?? 40} notas × ${process.env.BENCH_APLICACIONES ?? 20} aplicaciones` +
      ` — base de datos ${m.base}; sembrado ${f1(m.sembradoMs / 1000)} s; ${DURACION_MS / 1000} s por fase, ${CONCURRENCIA} peticiones en vuelo`,
  );
  const pac = (d: ServidorBench, i: number) => d.pacientes[i % d.pacientes.length];

  // Warm both (JIT, pools, caches) before measuring.
  await carga((i) => `${m.url}/api/psicologo/pacientes/${pac(m, i)}/notas`, m.tokenPsicologo, 1500);
  await carga((i) => `${b.url}/notas/${pac(b, i)}`, undefined, 1500);

  const casos: [string, (i: number) => string, (i: number) => string][] = [
    ['notas del paciente', (i) => `${m.url}/api/psicologo/pacientes/${pac(m, i)}/notas`, (i) => `${b.url}/notas/${pac(b, i)}`],
    ['historial de tests', (i) => `${m.url}/api/psicologo/pacientes/${pac(m, i)}/tests`, (i) => `${b.url}/tests/${pac(b, i)}`],
    [
      'evolución (graficas)',
      (i) => `${m.url}/api/psicologo/pacientes/${pac(m, i)}/tests/graficas`,
      (i) => `${b.url}/graficas/${pac(b, i)}`,
    ],
  ];
  console.log(`\n${pad('lectura', 24)}${pad('Fastify+SQL (base)', 20)}${pad('MiDuelo', 12)}proporción (meta ≥ 60 %)`);
  for (const [nombre, rm, rb] of casos) {
    // Alternated, base first, so that a load spike on the shared machine hits both alike.
    const rBase = await carga(rb, undefined, DURACION_MS);
    const rMi = await carga(rm, m.tokenPsicologo, DURACION_MS);
    const prop = rMi.porSegundo / rBase.porSegundo;
    console.log(
      `${pad(nombre, 24)}${pad(`${f1(rBase.porSegundo)} pet/s`, 20)}${pad(`${f1(rMi.porSegundo)} pet/s`, 12)}${(prop * 100).toFixed(0)} % ${prop >= 0.6 ? 'cumple' : 'NO cumple'}` +
        (rMi.errores + rBase.errores ? `  (errores: ${rMi.errores} / ${rBase.errores})` : ''),
    );
  }

  // ---- Chat delivery p99, without and with PDFs being made ----
  const psiSocket = io(m.url, { auth: { token: m.tokenPsicologo }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((res, rej) => {
    psiSocket.once('connect', () => res());
    psiSocket.once('connect_error', rej);
  });
  const enviados = new Map<string, number>();
  const latencias: number[] = [];
  psiSocket.on('chat:mensaje', (p: { mensaje: { contenido: string } }) => {
    const t = enviados.get(p.mensaje.contenido);
    if (t !== undefined) latencias.push(performance.now() - t);
  });
  let secuencia = 0;
  async function chatDurante(ms: number) {
    latencias.length = 0;
    enviados.clear();
    const fin = performance.now() + ms;
    // One message per second from each of the patients with a chat (under the per-account limit).
    const envios: Promise<unknown>[] = [];
    while (performance.now() < fin) {
      for (let k = 0; k < m.chats.length; k++) {
        const contenido = `bench ${++secuencia}`;
        enviados.set(contenido, performance.now());
        envios.push(
          pedir(`${m.url}/api/paciente/mensajes`, m.tokensPacientes[k], 'POST', { id_chat: m.chats[k], contenido }).catch(() => null),
        );
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    await Promise.all(envios);
    await new Promise((r) => setTimeout(r, 1500));
    const orden = [...latencias].sort((x, y) => x - y);
    const q = (p: number) => percentil(orden, p * 100);
    return { p50: q(0.5), p99: q(0.99), max: orden.at(-1) ?? Number.NaN, recibidos: orden.length, enviados: enviados.size };
  }

  await pedirRetraso(miduelo.proceso);
  const sinPdf = await chatDurante(DURACION_MS);
  const retrasoSin = await pedirRetraso(miduelo.proceso);
  let pdfs = 0;
  let pdfErrores = 0;
  let pdfBytes = 0;
  const finPdf = performance.now() + DURACION_MS + 2500;
  const cargaPdf = Promise.all(
    Array.from({ length: CONCURRENCIA_PDF }, async (_, w) => {
      let i = w;
      while (performance.now() < finPdf) {
        const id = m.aplicaciones[i++ % m.aplicaciones.length];
        const r = await pedir(`${m.url}/api/psicologo/tests/aplicaciones/${id}/pdf`, m.tokenPsicologo).catch(() => ({
          status: 0,
          bytes: 0,
        }));
        if (r.status === 200) {
          pdfs++;
          pdfBytes += r.bytes;
        } else pdfErrores++;
      }
    }),
  );
  const tPdf = performance.now();
  const conPdf = await chatDurante(DURACION_MS);
  const retrasoCon = await pedirRetraso(miduelo.proceso);
  await cargaPdf;
  const segPdf = (performance.now() - tPdf) / 1000;

  console.log(
    `\nPDF: ${f1(pdfs / segPdf)} PDF/s con ${CONCURRENCIA_PDF} en vuelo (${pdfs} en ${f1(segPdf)} s, ${Math.round(pdfBytes / Math.max(1, pdfs) / 1024)} kB c/u, errores ${pdfErrores})`,
  );
  console.log(
    `\n${pad('entrega de chat (POST → socket)', 36)}${pad('p50', 10)}${pad('p99', 10)}${pad('máx', 10)}recibidos   retraso del bucle p99/máx`,
  );
  for (const [nombre, r, rt] of [
    ['sin PDFs (referencia)', sinPdf, retrasoSin],
    ['mientras se generan PDFs', conPdf, retrasoCon],
  ] as const)
    console.log(
      `${pad(nombre, 36)}${pad(`${f1(r.p50)} ms`, 10)}${pad(`${f1(r.p99)} ms`, 10)}${pad(`${f1(r.max)} ms`, 10)}${pad(`${r.recibidos}/${r.enviados}`, 12)}${f1(rt.p99)} / ${f1(rt.max)} ms`,
    );
  console.log(`\ncarga media después: ${loadavg().map(f1).join(' ')}`);
  psiSocket.close();
  await Promise.all([detenerHijo(miduelo.proceso), detenerHijo(base.proceso)]);
  agente.destroy();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
