// A software authenticator for passkey tests (decisions 374–375): it answers the server's WebAuthn
// options as a platform authenticator would — attestation 'none', ES256 (P-256) keys made with
// node:crypto, authenticator data and CBOR built by hand — so the server's library checks real
// signatures, counters, origins and RP IDs.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { expect } from 'vitest';
import { type AppDePrueba, inyectarCon } from './app';
import { CONTRASENA } from './fabricas';

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function cabecera(mayor: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(mayor << 5) | n]);
  if (n < 256) return Buffer.from([(mayor << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(mayor << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (mayor << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The few CBOR kinds WebAuthn's attestation object and COSE keys use. */
export function cbor(x: Cbor): Buffer {
  if (typeof x === 'number') return x >= 0 ? cabecera(0, x) : cabecera(1, -1 - x);
  if (typeof x === 'string') {
    const b = Buffer.from(x, 'utf8');
    return Buffer.concat([cabecera(3, b.length), b]);
  }
  if (x instanceof Uint8Array) return Buffer.concat([cabecera(2, x.length), x]);
  if (Array.isArray(x)) return Buffer.concat([cabecera(4, x.length), ...x.map(cbor)]);
  return Buffer.concat([cabecera(5, x.size), ...[...x].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

interface Credencial {
  id: Buffer;
  privada: KeyObject;
  contador: number;
  usuario: string;
}

// Authenticator data flags: user present, user verified, attested credential data.
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

type OpcionesCreacion = { challenge: string; rp: { id?: string }; user: { id: string } };
type OpcionesObtencion = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

export class Autenticador {
  readonly credenciales: Credencial[] = [];
  constructor(readonly origen = 'http://miduelo.test') {}

  private datosCliente(tipo: 'webauthn.create' | 'webauthn.get', reto: string, origen = this.origen) {
    return Buffer.from(JSON.stringify({ type: tipo, challenge: reto, origin: origen, crossOrigin: false }));
  }

  /** navigator.credentials.create(): a new ES256 key for this RP. */
  crear(o: OpcionesCreacion, c: { verificado?: boolean; origen?: string } = {}) {
    const id = randomBytes(16);
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const largo = Buffer.alloc(2);
    largo.writeUInt16BE(id.length);
    const datos = Buffer.concat([
      sha256(o.rp.id ?? 'miduelo.test'),
      Buffer.from([UP | (c.verificado === false ? 0 : UV) | AT]),
      u32(0),
      Buffer.alloc(16),
      largo,
      id,
      cbor(cose),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', datos],
      ]),
    );
    this.credenciales.push({ id, privada: privateKey, contador: 0, usuario: o.user.id });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64u(this.datosCliente('webauthn.create', o.challenge, c.origen)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): an assertion of one of its keys (the first allowed one). */
  obtener(o: OpcionesObtencion, c: { verificado?: boolean; contador?: number; credencial?: Credencial } = {}) {
    const permitidas = o.allowCredentials?.map((a) => a.id) ?? [];
    const cred = c.credencial ?? this.credenciales.find((k) => permitidas.length === 0 || permitidas.includes(b64u(k.id)));
    if (!cred) throw new Error('el autenticador no tiene ninguna de las llaves permitidas');
    cred.contador = c.contador ?? cred.contador + 1;
    const datos = Buffer.concat([
      sha256(o.rpId ?? 'miduelo.test'),
      Buffer.from([UP | (c.verificado === false ? 0 : UV)]),
      u32(cred.contador),
    ]);
    const cliente = this.datosCliente('webauthn.get', o.challenge);
    const firma = sign('sha256', Buffer.concat([datos, sha256(cliente)]), cred.privada);
    return {
      id: b64u(cred.id),
      rawId: b64u(cred.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64u(cliente),
        authenticatorData: b64u(datos),
        signature: b64u(firma),
        userHandle: cred.usuario,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}

/** Registers a passkey for the account of `token` through its routes; answers the server's answer. */
export async function registrarLlave(t: AppDePrueba, token: string, a: Autenticador, nombre = 'Laptop del consultorio') {
  const o = await inyectarCon(t.app, token, { method: 'POST', url: '/api/mfa/llaves/opciones', payload: { contrasena: CONTRASENA } });
  expect(o.statusCode, o.body).toBe(200);
  const r = await inyectarCon(t.app, token, {
    method: 'POST',
    url: '/api/mfa/llaves',
    payload: { nombre, respuesta: a.crear(o.json().opciones) },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { msg: string; llave: { id: number; nombre: string }; codigos: string[] | null };
}

/** The passwordless login: options, the authenticator's assertion, and the server's answer. */
export async function entrarConLlave(
  t: AppDePrueba,
  cuenta: 'psicologo' | 'paciente',
  a: Autenticador,
  c: Parameters<Autenticador['obtener']>[1] = {},
) {
  const o = await t.app.inject({ method: 'POST', url: `/api/${cuenta}/llave-acceso/opciones` });
  expect(o.statusCode, o.body).toBe(200);
  const respuesta = a.obtener(o.json().opciones, c);
  return { respuesta, r: await t.app.inject({ method: 'POST', url: `/api/${cuenta}/llave-acceso/entrar`, payload: { respuesta } }) };
}
