// The import-boundary check of `pnpm lint` (dependency-cruiser with .dependency-cruiser.cjs, decision
// 061) run the way the lint script runs it, on two small trees shaped like the repository: one with a
// planted violation of each rule, which must fail naming each, and one that respects them, which must
// pass. Both resolve the client's `@/` alias through tsconfig.limites.json, as the real check does.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const RAIZ = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(RAIZ, 'tests/fixtures/limites');
const BIN = path.join(RAIZ, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Resultado {
  codigo: number;
  violaciones: string[];
}

async function revisar(arbol: string): Promise<Resultado> {
  const args = [
    BIN,
    '--config',
    path.join(RAIZ, '.dependency-cruiser.cjs'),
    '--output-type',
    'err',
    'client/src',
    'server/src',
    'shared/src',
  ];
  const { stdout, codigo } = await promisify(execFile)(process.execPath, args, {
    cwd: path.join(FIXTURES, arbol),
    maxBuffer: 8 << 20,
  }).then(
    (r) => ({ stdout: r.stdout, codigo: 0 }),
    (e: { stdout: string; code: number }) => ({ stdout: e.stdout, codigo: e.code }),
  );
  // The `err` report (the one `pnpm lint` prints): one `error <rule>: <from> → <to>` line per violation.
  const violaciones = [...stdout.matchAll(/^\s*error (\S+: \S+ → \S+)$/gm)].map((m) => m[1]).sort();
  return { codigo, violaciones };
}

describe('límites de importación (pnpm lint)', () => {
  it('falla en cada violación plantada y la nombra', async () => {
    const r = await revisar('con-violaciones');
    expect(r.codigo).not.toBe(0);
    expect(r.violaciones).toEqual(
      [
        // A feature importing another one, by a relative path and through the `@/` alias.
        'feature-a-otra-feature: client/src/features/a/pantalla.ts → client/src/features/b/datos.ts',
        'feature-a-otra-feature: client/src/features/a/pantalla.ts → client/src/features/b/otro.ts',
        'sin-resolver: client/src/features/a/pantalla.ts → @/lib/no-existe',
        'ui-a-dominio: client/src/components/ui/boton.ts → client/src/api/citas.ts',
        'ui-a-dominio: client/src/components/ui/boton.ts → client/src/features/a/pantalla.ts',
        'client-a-server: client/src/lib/http.ts → server/src/modules/y/repo.ts',
        // The client core imports neither app (decision 314): not the patient app, not the web's lib/.
        'nucleo-a-apps: client/src/nucleo/http.ts → client/src/app-paciente/token.ts',
        'nucleo-a-apps: client/src/nucleo/http.ts → client/src/lib/sesion.ts',
        // The patient app: the core, shared/ and components/ui only — not the web's features, lib or
        // its other components.
        'app-paciente-a-web: client/src/app-paciente/pantalla.ts → client/src/components/grafica.ts',
        'app-paciente-a-web: client/src/app-paciente/pantalla.ts → client/src/features/b/datos.ts',
        'app-paciente-a-web: client/src/app-paciente/pantalla.ts → client/src/lib/sesion.ts',
        // The web never imports the patient app.
        'web-a-app-paciente: client/src/lib/sesion.ts → client/src/app-paciente/token.ts',
        'modulo-a-otro-modulo: server/src/modules/x/service.ts → server/src/modules/y/repo.ts',
        'modulo-fuera-de-lo-comun: server/src/modules/x/service.ts → server/src/app.ts',
        'db-a-modulos: server/src/db/seed.ts → server/src/modules/y/repo.ts',
        'shared-a-server-o-client: shared/src/reglas.ts → client/src/lib/http.ts',
        'shared-a-server-o-client: shared/src/reglas.ts → server/src/modules/y/repo.ts',
      ].sort(),
    );
  });

  it('pasa cuando cada parte importa solo lo permitido (alias @/ incluido)', async () => {
    expect(await revisar('limpio')).toEqual({ codigo: 0, violaciones: [] });
  });

  it('los árboles de prueba resuelven el alias con la misma configuración que el repositorio', () => {
    const real = readFileSync(path.join(RAIZ, 'tsconfig.limites.json'), 'utf8');
    for (const arbol of ['con-violaciones', 'limpio'])
      expect(readFileSync(path.join(FIXTURES, arbol, 'tsconfig.limites.json'), 'utf8')).toBe(real);
  });
});
