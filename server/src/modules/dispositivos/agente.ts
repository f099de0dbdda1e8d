// What the owner reads of a session: its device, browser and system in Spanish words from the user
// agent (ua-parser-js), and its place said of the address (decision 381: no GeoIP database, so a
// private or loopback address is "Red local" and any other is shown as it is).
import { isIP } from 'node:net';
import { LUGAR_RED_LOCAL } from '@miduelo/shared/dispositivos';
import { UAParser } from 'ua-parser-js';

/** The longest user agent kept (the rest says nothing a person reads). */
const MAX_AGENTE = 512;

const TIPOS: Record<string, string> = {
  mobile: 'Teléfono',
  tablet: 'Tableta',
  smarttv: 'Televisión',
  console: 'Consola',
  wearable: 'Reloj',
  embedded: 'Dispositivo',
};

export interface Descripcion {
  agente: string;
  dispositivo: string;
  navegador: string;
  sistema: string;
}

const unir = (...partes: Array<string | undefined>) => partes.filter(Boolean).join(' ').trim();

export function describirAgente(agente: string | undefined): Descripcion {
  const ua = (agente ?? '').slice(0, MAX_AGENTE);
  const r = new UAParser(ua).getResult();
  const tipo = r.device.type ? (TIPOS[r.device.type] ?? 'Dispositivo') : 'Computadora';
  const modelo = unir(r.device.vendor, r.device.model);
  const mayor = r.browser.version?.split('.')[0];
  return {
    agente: ua,
    dispositivo: modelo ? `${tipo} ${modelo}` : tipo,
    navegador: r.browser.name ? unir(r.browser.name, mayor) : 'Navegador desconocido',
    sistema: r.os.name ? unir(r.os.name, r.os.version) : 'Sistema desconocido',
  };
}

/** The families that name a device when it sends no device id (decision 381). */
export function familiaDe(d: Descripcion): string {
  const r = new UAParser(d.agente).getResult();
  return [r.browser.name ?? '?', r.os.name ?? '?', r.device.type ?? 'desktop', r.device.model ?? ''].join('|');
}

function esPrivada(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number);
    return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || a === 0;
  }
  const v6 = ip.toLowerCase();
  return v6 === '::1' || v6 === '::' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6);
}

/** "Red local" for a private or loopback address, else the address itself. */
export function lugarDe(ip: string | null | undefined): string {
  if (!ip) return LUGAR_RED_LOCAL;
  return esPrivada(ip) ? LUGAR_RED_LOCAL : ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
