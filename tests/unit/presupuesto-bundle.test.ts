// The bundle budget of docs/decisions/080 and 320: a visitor's login page downloads at most 130 kB of
// gzipped JavaScript on first load, a psychologist's agenda at most 150 kB; the patient's app (/app,
// issue 17, its own build) at most 120 kB. Runs the CI script against the client
// the global setup built, so a change that grows either screen past it fails `pnpm test`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const RAIZ = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(RAIZ, 'scripts/presupuesto-bundle.mjs');

interface Medida {
  nombre: string;
  presupuestoKb: number;
  js: { archivos: number; crudo: number; gzip: number };
}

function ejecutar(...args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, '--json', ...args], { cwd: RAIZ, encoding: 'utf8' });
  const salida = JSON.parse(r.stdout) as { presupuestoKb: number; medidas: Medida[]; excedidas: string[] };
  return { codigo: r.status, ...salida };
}

describe('presupuesto de JavaScript de la primera carga', () => {
  it('login cabe en 130 kB gzip, la agenda en 150 kB; la app del paciente, en 120 kB', () => {
    const r = ejecutar();
    expect(r.medidas.map((m) => [m.nombre, m.presupuestoKb])).toEqual([
      ['login (/iniciar-sesion)', 130],
      ['agenda (/agenda, con sesión)', 150],
      ['app del paciente (/app, con sesión)', 120],
    ]);
    for (const m of r.medidas) {
      // A real screen: React, the router (or the app's own) and the screen itself.
      expect(m.js.gzip, m.nombre).toBeGreaterThan(50_000);
      expect(m.js.gzip, m.nombre).toBeLessThanOrEqual(m.presupuestoKb * 1000);
    }
    expect(r.excedidas).toEqual([]);
    expect(r.codigo).toBe(0);
  });

  it('el script falla (código 1) y nombra las pantallas cuando se pasan del presupuesto', () => {
    const r = ejecutar('--presupuesto-kb', '20');
    expect(r.codigo).toBe(1);
    expect(r.excedidas).toEqual(['login (/iniciar-sesion)', 'agenda (/agenda, con sesión)', 'app del paciente (/app, con sesión)']);
  });
});
