// A Web Push service served by the test itself: a subscription points at it, and every notification
// the server sends arrives here and is decrypted with the subscription's keys (RFC 8291, aes128gcm),
// exactly as a browser's push service would hand it to the browser.
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

export interface PushRecibido {
  /** The decrypted payload, parsed as JSON. */
  datos: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  ruta: string;
}

export interface ServicioPush {
  url: string;
  /** An HTTPS agent that trusts this service's certificate (the server's `agentePush`). */
  agente: https.Agent;
  /** The server configuration that sends here: that agent, and the explicit test-only allowance of
   * a push service on 127.0.0.1 (decision 329; without it the server refuses loopback). */
  config: { agentePush: https.Agent; pushLoopbackDePrueba: true };
  recibidos: PushRecibido[];
  /** A subscription (what PushSubscription.toJSON() gives) at a path of this service. */
  suscripcion(ruta?: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Answers this status for a path from now on (410: the browser unsubscribed). */
  responder(ruta: string, status: number): void;
  /** Resolves when the n-th notification (1-based) has arrived. */
  esperar(n: number, timeoutMs?: number): Promise<PushRecibido[]>;
  cerrar(): Promise<void>;
}

const hmac = (clave: Buffer, datos: Buffer) => createHmac('sha256', clave).update(datos).digest();

function descifrar(cuerpo: Buffer, privada: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = cuerpo.subarray(0, 16);
  const idlen = cuerpo[20];
  const publicaServidor = cuerpo.subarray(21, 21 + idlen);
  const cifrado = cuerpo.subarray(21 + idlen);
  const secreto = privada.computeSecret(publicaServidor);
  const prkKey = hmac(auth, secreto);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), privada.getPublicKey(), publicaServidor, Buffer.from([1])]);
  const ikm = hmac(prkKey, info);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(cifrado.subarray(cifrado.length - 16));
  const claro = Buffer.concat([d.update(cifrado.subarray(0, cifrado.length - 16)), d.final()]);
  // Padding: a 0x02 delimiter on the last record, then zeros.
  let fin = claro.length - 1;
  while (fin >= 0 && claro[fin] === 0) fin--;
  return claro.subarray(0, fin);
}

export async function iniciarServicioPush(): Promise<ServicioPush> {
  const claves = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const estados = new Map<string, number>();
  const recibidos: PushRecibido[] = [];
  const esperas: Array<{ n: number; resolver: () => void }> = [];
  // Push services are HTTPS (web-push speaks nothing else): a certificate for 127.0.0.1 made now
  // (and for `localhost`, the name a rebinding test resolves to loopback).
  const pem = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const servidor = https.createServer({ key: pem.private, cert: pem.cert }, (req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      const ruta = req.url ?? '/';
      const estado = estados.get(ruta);
      if (estado) {
        res.writeHead(estado).end();
        return;
      }
      const k = claves.get(ruta);
      if (!k) {
        res.writeHead(404).end();
        return;
      }
      const datos = JSON.parse(descifrar(Buffer.concat(partes), k.ecdh, k.auth).toString('utf8')) as Record<string, unknown>;
      recibidos.push({ datos, headers: req.headers, ruta });
      res.writeHead(201).end();
      for (const e of esperas.filter((x) => recibidos.length >= x.n)) e.resolver();
    });
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  const url = `https://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
  let n = 0;
  const agente = new https.Agent({ ca: pem.cert, keepAlive: false });
  return {
    url,
    agente,
    config: { agentePush: agente, pushLoopbackDePrueba: true },
    recibidos,
    suscripcion(ruta = `/push/${++n}`) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      claves.set(ruta, { ecdh, auth });
      return { endpoint: `${url}${ruta}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    responder(ruta, status) {
      estados.set(ruta, status);
    },
    esperar(cuantos, timeoutMs = 5_000) {
      if (recibidos.length >= cuantos) return Promise.resolve(recibidos);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`No llegaron ${cuantos} notificaciones (llegaron ${recibidos.length})`)), timeoutMs);
        esperas.push({
          n: cuantos,
          resolver: () => {
            clearTimeout(t);
            resolve(recibidos);
          },
        });
      });
    },
    cerrar: () => {
      agente.destroy();
      servidor.closeAllConnections();
      return new Promise<void>((r) => servidor.close(() => r()));
    },
  };
}
