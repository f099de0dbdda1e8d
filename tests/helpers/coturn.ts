// A real coturn (Debian's `turnserver`, issue 54, decision 364) for the online-session tests and the
// benchmark: started on 127.0.0.1 on a free port with a temporary configuration (the TURN REST API's
// shared secret, drawn at random; no TLS, no CLI; loopback peers allowed, since both browsers are on
// this machine), ready once its log says both listeners are open, stopped by its pid.
// Node built-ins only, so the benchmark can start it too.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const TURNSERVER = process.env.TURNSERVER_PATH ?? 'turnserver';

export interface Coturn {
  /** For TURN_URLS: UDP and TCP on the same port. */
  urls: string[];
  /** For TURN_SECRET: coturn's static-auth-secret. */
  secret: string;
  puerto: number;
  /** Everything coturn logged (its allocations included: `--verbose`). */
  salida: string[];
  detener(): Promise<void>;
}

export function turnserverDisponible(): boolean {
  const r = spawnSync(TURNSERVER, ['--help'], { stdio: 'ignore' });
  return !r.error;
}

/** The relay tests skip (with a message) where coturn is absent, except under REQUIRE_E2E=1. */
export function debeOmitirCoturn(): boolean {
  if (turnserverDisponible()) return false;
  const motivo = `no se encontró «${TURNSERVER}» (paquete coturn de Debian)`;
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 pero ${motivo}`);
  console.warn(`Pruebas con TURN omitidas: ${motivo}`);
  return true;
}

/** A port free for both TCP and UDP on the loopback (coturn listens on both). */
async function puertoLibreTcpUdp(): Promise<number> {
  for (let intento = 0; intento < 20; intento++) {
    const puerto = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    const udpLibre = await new Promise<boolean>((resolve) => {
      const s = dgram.createSocket('udp4');
      s.once('error', () => resolve(false));
      s.bind(puerto, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (udpLibre) return puerto;
  }
  throw new Error('no hay un puerto libre para coturn');
}

/** Starts coturn and resolves once its UDP and TCP listeners are open. */
export async function iniciarCoturn(): Promise<Coturn> {
  const dir = mkdtempSync(path.join(tmpdir(), 'miduelo-coturn-'));
  const puerto = await puertoLibreTcpUdp();
  const secret = randomBytes(24).toString('hex');
  // Relay ports: a random window of the ephemeral range, so two coturns (a test and the bench) rarely
  // share one; an allocation that meets a taken port tries the next.
  const minimo = 50_000 + Math.floor(Math.random() * 150) * 100;
  const config = [
    'listening-ip=127.0.0.1',
    'relay-ip=127.0.0.1',
    `listening-port=${puerto}`,
    `min-port=${minimo}`,
    `max-port=${minimo + 99}`,
    'use-auth-secret',
    `static-auth-secret=${secret}`,
    'realm=miduelo.test',
    'fingerprint',
    'no-tls',
    'no-dtls',
    'no-cli',
    'no-rfc5780',
    'allow-loopback-peers',
    'no-multicast-peers',
    `userdb=${path.join(dir, 'turndb')}`,
    `pidfile=${path.join(dir, 'turnserver.pid')}`,
    'log-file=stdout',
    'simple-log',
    // The listener lines are only logged verbosely, and they are what readiness waits for.
    'verbose',
  ];
  const archivo = path.join(dir, 'turnserver.conf');
  writeFileSync(archivo, `${config.join('\n')}\n`);

  const salida: string[] = [];
  const proceso: ChildProcess = spawn(TURNSERVER, ['-c', archivo], { stdio: ['ignore', 'pipe', 'pipe'] });
  const udp = `UDP listener opened on: 127.0.0.1:${puerto}`;
  const tcp = `TCP listener opened on : 127.0.0.1:${puerto}`;
  await new Promise<void>((resolve, reject) => {
    let texto = '';
    const temporizador = setTimeout(() => fallar(new Error('coturn no abrió sus puertos en 15 s')), 15_000);
    function fallar(err: Error) {
      clearTimeout(temporizador);
      proceso.kill('SIGKILL');
      reject(new Error(`${err.message}\n${salida.join('')}`));
    }
    const leer = (d: Buffer) => {
      const s = String(d);
      salida.push(s);
      if (salida.length > 2000) salida.splice(0, salida.length - 2000);
      texto += s;
      if (texto.includes(udp) && texto.includes(tcp)) {
        clearTimeout(temporizador);
        proceso.stdout?.off('data', leer);
        proceso.stdout?.on('data', (x) => salida.push(String(x)));
        resolve();
      }
    };
    proceso.stdout?.on('data', leer);
    proceso.stderr?.on('data', (d) => salida.push(String(d)));
    proceso.once('error', (err) => fallar(err));
    proceso.once('exit', (codigo) => fallar(new Error(`coturn terminó al iniciar (código ${codigo})`)));
  });
  proceso.removeAllListeners('exit');

  return {
    urls: [`turn:127.0.0.1:${puerto}?transport=udp`, `turn:127.0.0.1:${puerto}?transport=tcp`],
    secret,
    puerto,
    salida,
    async detener() {
      if (proceso.exitCode === null && proceso.signalCode === null) {
        const fin = new Promise((r) => proceso.once('exit', r));
        proceso.kill('SIGTERM');
        const limite = setTimeout(() => proceso.kill('SIGKILL'), 5_000);
        await fin;
        clearTimeout(limite);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
