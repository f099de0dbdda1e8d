// A TCP proxy a fault test puts between the server and PostgreSQL, to take the database away the
// way a network or a failover does: `cortar()` resets every open connection and refuses new ones
// until `restaurar()`. `retener()` stops passing PostgreSQL's answers on, so that a test can cut
// while a query it started is known to be in flight (sent, not yet answered).
import net from 'node:net';
import { abrirDb, type DbHandle } from '@miduelo/server/db/client';

export interface ProxyTcp {
  /** The port the proxy listens on (127.0.0.1). */
  puerto: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlPorProxy(url: string): string;
  /** Resets every open connection (both sides) and refuses new ones until `restaurar()`. */
  cortar(): void;
  restaurar(): void;
  /** Holds what PostgreSQL answers (queries still reach it; their results stay here). */
  retener(): void;
  /** Bytes passed from the server towards PostgreSQL so far. */
  bytesHaciaDestino(): number;
  cortado(): boolean;
  /** Connections accepted while up, and those refused while cut. */
  cuentas(): { aceptadas: number; rechazadas: number };
  cerrar(): Promise<void>;
}

/** A proxy in front of the PostgreSQL database at `url` and a pool of the production size (10)
 * that reaches it through the proxy: what an app under a fault test is given. */
export async function baseTrasProxy(url: string): Promise<{ proxy: ProxyTcp; db: DbHandle }> {
  const u = new URL(url);
  const proxy = await crearProxyTcp({ host: u.hostname, port: Number(u.port || 5432) });
  return { proxy, db: await abrirDb({ databaseUrl: proxy.urlPorProxy(url), dataDir: '', maxConexiones: 10 }) };
}

export async function crearProxyTcp(destino: { host: string; port: number }): Promise<ProxyTcp> {
  const pares = new Set<{ cliente: net.Socket; destino: net.Socket }>();
  let cortado = false;
  let retenido = false;
  let haciaDestino = 0;
  let aceptadas = 0;
  let rechazadas = 0;

  const servidor = net.createServer((cliente) => {
    if (cortado) {
      rechazadas++;
      cliente.resetAndDestroy();
      return;
    }
    aceptadas++;
    const remoto = net.connect(destino);
    const par = { cliente, destino: remoto };
    pares.add(par);
    cliente.on('data', (d) => {
      haciaDestino += d.length;
      remoto.write(d);
    });
    remoto.on('data', (d) => {
      if (!retenido) cliente.write(d);
      // else dropped: the connection is cut before anything else passes on it.
    });
    const cerrarPar = () => {
      pares.delete(par);
      if (!cliente.destroyed) cliente.destroy();
      if (!remoto.destroyed) remoto.destroy();
    };
    cliente.on('error', cerrarPar);
    remoto.on('error', cerrarPar);
    cliente.on('close', cerrarPar);
    remoto.on('close', cerrarPar);
  });
  await new Promise<void>((resolve, reject) => {
    servidor.once('error', reject);
    servidor.listen(0, '127.0.0.1', () => resolve());
  });
  const puerto = (servidor.address() as net.AddressInfo).port;

  return {
    puerto,
    urlPorProxy(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(puerto);
      return u.toString();
    },
    cortar() {
      cortado = true;
      retenido = false;
      for (const p of pares) {
        // A reset, not a polite FIN: what the server sees when the network or the database dies.
        p.cliente.resetAndDestroy();
        p.destino.resetAndDestroy();
      }
      pares.clear();
    },
    restaurar() {
      cortado = false;
      retenido = false;
    },
    retener() {
      retenido = true;
    },
    bytesHaciaDestino: () => haciaDestino,
    cortado: () => cortado,
    cuentas: () => ({ aceptadas, rechazadas }),
    async cerrar() {
      for (const p of pares) {
        p.cliente.destroy();
        p.destino.destroy();
      }
      pares.clear();
      await new Promise<void>((resolve) => servidor.close(() => resolve()));
    },
  };
}
