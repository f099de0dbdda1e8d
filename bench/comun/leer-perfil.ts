// Reads a `--cpu-prof` profile: where the main thread's time went, by package or file, by function
// (self time) and, for the socket writes, by the JavaScript frame that wrote. bench/chat's
// BENCH_PERFIL profiles span a server's whole life (start-up, the seeded history, every phase,
// teardown), and read whole they hide what a measured window cost: given a window of seconds it
// reads that window only, and without one it prints the busy milliseconds of each second, to find
// it. bench/lecturas/perfil.ts reads its own (already windowed) profiles whole with `leerPerfil`.
//
//   pnpm exec tsx bench/comun/leer-perfil.ts <file.cpuprofile>                 # busy ms per second
//   pnpm exec tsx bench/comun/leer-perfil.ts <file.cpuprofile> <from-s> <to-s>  # that window
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Nodo {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Perfil {
  nodes: Nodo[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The repository's root as the profiles' frame URLs spell it (`file:///…/`), to print paths relative to it. */
const RAIZ = `file://${path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')}/`;

/** Package (without its version's peer suffixes) or project path of a frame; native frames by name. */
function origen(n: Nodo): string {
  const url = n.callFrame.url;
  if (!url) return n.callFrame.functionName;
  const paquete = /node_modules\/\.pnpm\/([^/]+)\//.exec(url);
  if (paquete) return paquete[1].replace(/_.*$/, '');
  return url.startsWith(RAIZ) ? url.slice(RAIZ.length) : url;
}

const funcion = (n: Nodo) => `${n.callFrame.functionName || '(anónima)'} ${origen(n)}:${n.callFrame.lineNumber}`;
const NATIVOS_DE_ESCRITURA = new Set(['writeBuffer', 'writev', 'writeUtf8String']);

/** The profile read over `ventana` (seconds from its start; the whole profile when left out). */
export function leerPerfil(p: Perfil, ventana = { desde: 0, hasta: Number.POSITIVE_INFINITY }) {
  const porId = new Map(p.nodes.map((n) => [n.id, n]));
  const padre = new Map<number, number>();
  for (const n of p.nodes) for (const h of n.children ?? []) padre.set(h, n.id);
  const porSegundo = new Map<number, number>();
  const porOrigen = new Map<string, number>();
  const porFuncion = new Map<string, number>();
  const escrituras = new Map<string, number>();
  const sumar = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);
  let t = p.startTime;
  let total = 0;
  let ocupado = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const us = p.timeDeltas[i] ?? 0;
    t += us;
    const n = porId.get(p.samples[i]);
    if (!n) continue;
    const s = (t - p.startTime) / 1e6;
    const enVentana = s >= ventana.desde && s < ventana.hasta;
    if (enVentana) total += us;
    if (n.callFrame.functionName === '(idle)') continue;
    porSegundo.set(Math.floor(s), (porSegundo.get(Math.floor(s)) ?? 0) + us);
    if (!enVentana) continue;
    ocupado += us;
    sumar(porOrigen, origen(n), us);
    sumar(porFuncion, funcion(n), us);
    if (NATIVOS_DE_ESCRITURA.has(n.callFrame.functionName)) {
      // Who wrote: the nearest JavaScript frame that is not Node's own streams.
      let id = padre.get(n.id);
      let quien = '(sin marco de JavaScript)';
      while (id !== undefined) {
        const m = porId.get(id);
        if (m?.callFrame.url && !m.callFrame.url.startsWith('node:')) {
          quien = funcion(m);
          break;
        }
        id = padre.get(id);
      }
      sumar(escrituras, `${n.callFrame.functionName} ← ${quien}`, us);
    }
  }
  return { porSegundo, total, ocupado, porOrigen, porFuncion, escrituras };
}

export const mayores = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);

if (import.meta.url === `file://${process.argv[1]}`) {
  const [archivo, desde, hasta] = process.argv.slice(2);
  if (!archivo) {
    console.error('uso: leer-perfil.ts <archivo.cpuprofile> [desde-s hasta-s]');
    process.exit(2);
  }
  const perfil = JSON.parse(readFileSync(archivo, 'utf8')) as Perfil;
  const ventana = desde !== undefined && hasta !== undefined ? { desde: Number(desde), hasta: Number(hasta) } : undefined;
  const r = leerPerfil(perfil, ventana);
  if (!ventana) {
    console.log('ms ocupados del hilo principal por segundo del perfil (segundo:ms):');
    console.log([...r.porSegundo].map(([s, us]) => `${s}:${(us / 1000).toFixed(0)}`).join(' '));
  } else {
    console.log(`ventana ${ventana.desde}–${ventana.hasta} s: hilo principal ocupado ${(r.ocupado / 1000).toFixed(0)} ms`);
    console.log('\npor paquete o archivo:');
    for (const [k, us] of mayores(r.porOrigen, 30)) console.log(`${ms(us)}  ${k}`);
    console.log('\npor función (tiempo propio):');
    for (const [k, us] of mayores(r.porFuncion, 30)) console.log(`${ms(us)}  ${k}`);
    console.log('\nescrituras a sockets, por quien escribe:');
    for (const [k, us] of mayores(r.escrituras, 10)) console.log(`${ms(us)}  ${k}`);
  }
}
