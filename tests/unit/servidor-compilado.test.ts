// The compiled server (decision 394): what `pnpm start` and the Docker image run. Its start, seed,
// sessions and stop are arranque.test.ts's and every multi-node test's (they start this bundle);
// here, what only the bundle can get wrong: a package it imports that the production install lacks,
// the PDF worker, a second bundle found beside the first, and the backup tools run in the image.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { compilarServidorSiHaceFalta, DIST, PRINCIPAL } from '../../server/compilar.mjs';

const RAIZ = path.resolve(import.meta.dirname, '../..');

beforeAll(async () => {
  await compilarServidorSiHaceFalta();
});

/** The package names a bundle imports: its `import … from "x"` statements (esbuild writes each on
 * one line, at the start of it) and dynamic `import("x")`. */
function paquetesImportados(codigo: string): Set<string> {
  const nombres = new Set<string>();
  for (const m of codigo.matchAll(/^import\b[^;\n]*?"([^"./][^"]*)";$|\bimport\(\s*"([^"./][^"]*)"\s*\)/gm)) {
    const nombre = m[1] ?? m[2];
    const partes = nombre.split('/');
    nombres.add(nombre.startsWith('@') ? partes.slice(0, 2).join('/') : partes[0]);
  }
  return nombres;
}

describe('servidor compilado', () => {
  it('importa solo módulos de Node y paquetes que el servidor declara como dependencias de producción', () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(RAIZ, 'server/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const archivo of [PRINCIPAL, ...['pdf-arranque', 'respaldar', 'restaurar'].map((n) => path.join(DIST, `${n}.mjs`))]) {
      const importados = [...paquetesImportados(readFileSync(archivo, 'utf8'))];
      expect(importados.length).toBeGreaterThan(0);
      const ajenos = importados.filter((p) => !p.startsWith('node:') && !builtinModules.includes(p) && !(p in dependencies));
      // @miduelo/shared is our TypeScript: bundled in, never left as an import of a .ts file.
      expect(ajenos, archivo).toEqual([]);
    }
  });

  it('el hilo de PDF compilado arma un informe con la fuente incrustada', async () => {
    const w = new Worker(path.join(DIST, 'pdf-arranque.mjs'));
    try {
      const respuesta = new Promise<{ id: number; ok: boolean; pdf?: Uint8Array; error?: string }>((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
      });
      w.postMessage({
        id: 1,
        zona: 'America/Mexico_City',
        datos: {
          aplicacion: {
            id_aplicacion: 7,
            fecha: '2026-11-30T17:00:00.000Z',
            estado: 'completado',
            test: { nombre: 'Inventario de Duelo Complicado', tipo_escala: 'likert_5' },
            resultado: { puntaje_total: 31, interpretacion: 'Duelo con señales de complicación', riesgo: true },
          },
          respuestas: [
            { respuesta: '3', pregunta: { orden: 1, texto_pregunta: '¿Piensa en la pérdida a diario?', tipo_respuesta: 'likert' } },
          ],
          evolucion: [{ fecha: '2026-11-30T17:00:00.000Z', puntaje: 31, interpretacion: 'Duelo con señales de complicación' }],
          psicologo: {
            nombre: 'Ana',
            apellidoPaterno: 'Núñez',
            apellidoMaterno: null,
            especialidad: 'Tanatología',
            cedula: '1234567',
            direccion: null,
          },
          paciente: { nombre: 'Lucía', apellido_paterno: 'Peña', apellido_materno: null, fecha_nacimiento: '1980-05-04' },
        },
      });
      const r = await respuesta;
      expect(r.error).toBeUndefined();
      expect(r.ok).toBe(true);
      const pdf = Buffer.from(r.pdf as Uint8Array);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // The DejaVu font read from server/assets/fuentes through the bundle's paths (rutas.ts).
      expect(pdf.toString('latin1')).toContain('DejaVuSans');
    } finally {
      await w.terminate();
    }
  });

  it('la herramienta de respaldo compilada corre y se niega a copiar una base embebida abierta, sin escribir nada', () => {
    const datos = mkdtempSync(path.join(tmpdir(), 'md-respaldo-'));
    mkdirSync(path.join(datos, 'db'));
    writeFileSync(path.join(datos, 'db/PG_VERSION'), '17\n');
    writeFileSync(path.join(datos, 'db/postmaster.pid'), '-42\n');
    const destino = path.join(datos, 'copia.tar');
    const r = spawnSync(process.execPath, [path.join(DIST, 'respaldar.mjs'), destino], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: datos },
      encoding: 'utf8',
    });
    expect(r.stderr).toContain('detenga el servidor antes de respaldar');
    expect(r.status).toBe(2);
    expect(readdirSync(datos).sort()).toEqual(['db']);
  });
});
