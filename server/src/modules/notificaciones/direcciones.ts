// Where the server may post a notification (docs/decisions/329). A push endpoint is an address a
// patient hands us; without these checks it makes the server open connections inside its own
// network (blind SSRF: loopback services, the cloud metadata endpoint, private hosts). The rule is
// applied twice: when the subscription arrives (the literal address or every address its name
// resolves to) and when a notification is sent (the address actually connected to, so a name that
// resolves elsewhere later — DNS rebinding — is refused at connect time).
import dns from 'node:dns';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** Addresses that are not a public push service: loopback, unspecified, private (RFC 1918),
 * CGNAT (RFC 6598, Alibaba's metadata), link-local (169.254.169.254), unique-local (fc00::/7, the
 * AWS IPv6 metadata), multicast, reserved and documentation ranges. */
const NO_PUBLICAS = new BlockList();
for (const [red, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NO_PUBLICAS.addSubnet(red, bits, 'ipv4');
for (const [red, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NO_PUBLICAS.addSubnet(red, bits, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4
 * 2002::/16, IPv4-compatible ::a.b.c.d), or null. */
function ipv4Dentro(ip: string): string | null {
  const u = new URL(`http://[${ip}]/`).hostname.slice(1, -1); // normalised, lower case
  const grupos = expandir(u);
  if (!grupos) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const ceros = (desde: number, hasta: number) => grupos.slice(desde, hasta).every((g) => g === 0);
  if (ceros(0, 5) && grupos[5] === 0xffff) return v4(grupos[6], grupos[7]);
  if (ceros(0, 6) && (grupos[6] !== 0 || grupos[7] > 1)) return v4(grupos[6], grupos[7]);
  if (grupos[0] === 0x64 && grupos[1] === 0xff9b && ceros(2, 6)) return v4(grupos[6], grupos[7]);
  if (grupos[0] === 0x2002) return v4(grupos[1], grupos[2]);
  return null;
}

function expandir(ip: string): number[] | null {
  let texto = ip;
  const punto = /(\d+\.\d+\.\d+\.\d+)$/.exec(texto);
  if (punto) {
    const [a, b, c, d] = punto[1].split('.').map(Number);
    texto = `${texto.slice(0, -punto[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [izq, der] = texto.split('::');
  const partes = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const a = partes(izq);
  const b = partes(der);
  const faltan = 8 - a.length - b.length;
  if (der === undefined ? faltan !== 0 : faltan < 0) return null;
  return [...a, ...Array<number>(der === undefined ? 0 : faltan).fill(0), ...b];
}

/** Whether a literal address may receive a notification. `loopbackDePrueba`: the test harness's own
 * push service on 127.0.0.1 (never set from the environment). */
export function direccionPermitida(ip: string, loopbackDePrueba: boolean): boolean {
  const familia = isIP(ip);
  if (familia === 0) return false;
  const tipo = familia === 4 ? 'ipv4' : 'ipv6';
  if (loopbackDePrueba && LOOPBACK.check(ip, tipo)) return true;
  if (NO_PUBLICAS.check(ip, tipo)) return false;
  if (familia === 6) {
    const v4 = ipv4Dentro(ip);
    if (v4 !== null) return direccionPermitida(v4, loopbackDePrueba);
  }
  return true;
}

export interface ReglaPush {
  /** PUSH_HOSTS_PERMITIDOS: when not empty, only these hosts (and their subdomains). */
  hostsPermitidos: string[];
  loopbackDePrueba: boolean;
}

/** The URL's host without IPv6 brackets or a final dot, lower case. */
const hostDe = (u: URL) =>
  u.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

function hostEnLista(host: string, lista: string[]): boolean {
  return lista.length === 0 || lista.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * Whether the server may send to this endpoint now: https, a listed host when the operator keeps a
 * list, and every address the name resolves to is public. A name that does not resolve now is left
 * to the connect-time check (a push service's transient DNS failure must not refuse a patient).
 */
export async function endpointPermitido(endpoint: string, regla: ReglaPush): Promise<boolean> {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username || u.password) return false;
  const host = hostDe(u);
  if (!hostEnLista(host, regla.hostsPermitidos)) return false;
  if (isIP(host)) return direccionPermitida(host, regla.loopbackDePrueba);
  // Loopback by definition (RFC 6761), whatever this machine's resolver says.
  if ((host === 'localhost' || host.endsWith('.localhost')) && !regla.loopbackDePrueba) return false;
  let direcciones: dns.LookupAddress[];
  try {
    direcciones = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return true;
  }
  return direcciones.every((d) => direccionPermitida(d.address, regla.loopbackDePrueba));
}

/** At send time, before connecting: the same rule without DNS (a literal address is connected to
 * without any lookup, so it is judged here; a name is judged by the agent's lookup). */
export function destinoPermitido(endpoint: string, regla: ReglaPush): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  const host = hostDe(u);
  if (u.protocol !== 'https:' || !hostEnLista(host, regla.hostsPermitidos)) return false;
  return !isIP(host) || direccionPermitida(host, regla.loopbackDePrueba);
}

export class DireccionNoPermitida extends Error {
  code = 'EDIRECCIONNOPERMITIDA';
}

type Lookup = NonNullable<https.AgentOptions['lookup']>;

/** A `lookup` for the sending agent: resolves as dns.lookup does and refuses the connection when
 * any resolved address is not public (the address connected to is one of those checked). */
export function lookupPublico(loopbackDePrueba: boolean): Lookup {
  return ((hostname: string, opciones: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...opciones, all: true }, (err, direcciones) => {
      if (err) return callback(err);
      const malas = direcciones.filter((d) => !direccionPermitida(d.address, loopbackDePrueba));
      if (malas.length > 0 || direcciones.length === 0)
        return callback(new DireccionNoPermitida(`push: ${hostname} resuelve a una dirección no pública`));
      if (opciones.all) return callback(null, direcciones);
      return callback(null, direcciones[0].address, direcciones[0].family);
    });
  }) as Lookup;
}

/** The agent notifications are sent through: the given one's options (tests: their push service's
 * certificate) with the connect-time address check. */
export function agenteSeguro(base: https.Agent | null, loopbackDePrueba: boolean): https.Agent {
  return new https.Agent({ keepAlive: true, ...(base?.options ?? {}), lookup: lookupPublico(loopbackDePrueba) });
}
