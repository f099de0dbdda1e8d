// Property-based check of issue 52, finding 1 (decision 329): a push endpoint whose host is any
// address of a non-public range — written dotted, as one number, in hexadecimal, as an IPv4-mapped,
// NAT64, 6to4 or IPv4-compatible IPv6 address, with or without a port or a final dot — is refused
// both when the subscription arrives and at send time; public addresses of push services are not.
import fc from 'fast-check';
import { destinoPermitido, endpointPermitido, type ReglaPush } from '@miduelo/server/modules/notificaciones/direcciones';
import { describe, expect, it } from 'vitest';
import { parametros, SEMILLA } from '../helpers/fuzz';

const REGLA: ReglaPush = { hostsPermitidos: [], loopbackDePrueba: false };

/** IPv4 ranges that are not a public push service, as [first octets, prefix bits]. */
const RANGOS_V4: Array<[number[], number]> = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[127], 8],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 168], 16],
  [[198, 18], 15],
  [[224], 4],
  [[240], 4],
];

/** A random address inside one of those ranges, as a 32-bit number. */
const ipv4Privada = fc.tuple(fc.constantFrom(...RANGOS_V4), fc.nat({ max: 0xffffffff })).map(([[octetos, bits], azar]) => {
  const base = octetos
    .concat([0, 0, 0, 0])
    .slice(0, 4)
    .reduce((n, o) => n * 256 + o, 0);
  const mascara = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return ((base & mascara) | (azar & ~mascara)) >>> 0;
});

const punteada = (n: number) => [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
const hex16 = (n: number) => [(n >>> 16).toString(16), (n & 0xffff).toString(16)].join(':');

/** The ways a URL may write an IPv4 address. */
const ESCRITURAS: Array<(n: number) => string> = [
  punteada,
  (n) => String(n),
  (n) => `0x${n.toString(16)}`,
  (n) => `${(n >>> 24) & 255}.${n & 0xffffff}`,
  (n) => `[::ffff:${punteada(n)}]`,
  (n) => `[::ffff:${hex16(n)}]`,
  (n) => `[64:ff9b::${punteada(n)}]`,
  (n) => `[2002:${hex16(n)}::1]`,
  (n) => `[::${punteada(n)}]`,
];

const ipv6Privada = fc.oneof(
  fc.constant('::1'),
  fc.constant('::'),
  fc.tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), fc.nat({ max: 0xffff })).map(([a, b]) => `${a.toString(16)}::${b.toString(16)}`),
  fc.tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), fc.nat({ max: 0xffff })).map(([a, b]) => `${a.toString(16)}::${b.toString(16)}`),
  fc.tuple(fc.integer({ min: 0xff00, max: 0xffff }), fc.nat({ max: 0xffff })).map(([a, b]) => `${a.toString(16)}::${b.toString(16)}`),
);

const sufijo = fc.record({
  puerto: fc.option(fc.constantFrom(443, 4399, 5432, 6379, 80), { nil: undefined }),
  ruta: fc.constantFrom('/push/x', '/latest/meta-data/', '/pg', '/'),
});

describe(`direcciones de push no públicas (semilla ${SEMILLA})`, () => {
  it('una IPv4 privada, escrita de cualquier forma, se rechaza al suscribirse y al enviar', async () => {
    await fc.assert(
      fc.asyncProperty(ipv4Privada, fc.constantFrom(...ESCRITURAS), sufijo, async (n, escribir, { puerto, ruta }) => {
        const endpoint = `https://${escribir(n)}${puerto ? `:${puerto}` : ''}${ruta}`;
        expect(await endpointPermitido(endpoint, REGLA), endpoint).toBe(false);
        expect(destinoPermitido(endpoint, REGLA), endpoint).toBe(false);
      }),
      parametros(300),
    );
  });

  it('una IPv6 de loopback, única local, de enlace local o multicast se rechaza', async () => {
    await fc.assert(
      fc.asyncProperty(ipv6Privada, sufijo, async (ip, { puerto, ruta }) => {
        const endpoint = `https://[${ip}]${puerto ? `:${puerto}` : ''}${ruta}`;
        expect(await endpointPermitido(endpoint, REGLA), endpoint).toBe(false);
        expect(destinoPermitido(endpoint, REGLA), endpoint).toBe(false);
      }),
      parametros(200),
    );
  });

  it('las direcciones públicas de un servicio de push sí se aceptan (la regla no lo rechaza todo)', async () => {
    for (const host of ['142.250.64.78', '8.8.8.8', '[2606:4700::1111]', '[2a00:1450:4001::200e]']) {
      const endpoint = `https://${host}/push/abc`;
      expect(await endpointPermitido(endpoint, REGLA), endpoint).toBe(true);
      expect(destinoPermitido(endpoint, REGLA), endpoint).toBe(true);
    }
  });
});
