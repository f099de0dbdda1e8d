// Size limits of issue 51: no source file over 400 lines and no function over 150 (methods, arrow
// functions and React components included) in client/src and server/src, generated files aside.
// Runs scripts/tamanos.mjs, which measures with the TypeScript parser; a failure names each offender.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const RAIZ = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(RAIZ, 'scripts/tamanos.mjs');

interface Medida {
  maxArchivo: number;
  maxFuncion: number;
  archivosMedidos: number;
  archivosLargos: { archivo: string; lineas: number }[];
  funcionesLargas: { archivo: string; funcion: string; linea: number; lineas: number }[];
}

function ejecutar(...args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, '--json', ...args], { cwd: RAIZ, encoding: 'utf8' });
  return { codigo: r.status, ...(JSON.parse(r.stdout) as Medida) };
}

describe('tamaño de archivos y funciones en client/src y server/src', () => {
  it('ningún archivo pasa de 400 líneas ni ninguna función de 150', () => {
    const r = ejecutar();
    expect(r.archivosMedidos).toBeGreaterThan(100);
    expect(r.archivosLargos.map((a) => `${a.archivo}: ${a.lineas} líneas (máximo ${r.maxArchivo})`)).toEqual([]);
    expect(r.funcionesLargas.map((f) => `${f.archivo}:${f.linea} ${f.funcion}: ${f.lineas} líneas (máximo ${r.maxFuncion})`)).toEqual([]);
    expect(r.codigo).toBe(0);
  });

  it('el script nombra archivos y funciones (componentes, métodos, flechas) sobre el límite y sale con 1; los generados no cuentan', () => {
    const r = ejecutar('--carpetas', 'tests/fixtures/tamanos', '--max-lineas-archivo', '20', '--max-lineas-funcion', '5');
    expect(r.codigo).toBe(1);
    expect(r.archivosMedidos).toBe(1);
    expect(r.archivosLargos).toEqual([{ archivo: 'tests/fixtures/tamanos/pantalla.tsx', lineas: 30 }]);
    expect(r.funcionesLargas.map((f) => `${f.funcion}:${f.linea}:${f.lineas}`)).toEqual([
      'Pantalla:3:8',
      'doble:22:7',
      'sumar:14:6',
      'xs.map(…):23:6',
    ]);
  });
});
