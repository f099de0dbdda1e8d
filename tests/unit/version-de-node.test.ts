// The README and the root package.json promise Node ≥ 20.19 (decision 250): every package the
// lockfile installs must accept the oldest Node that promise admits, or a fresh clone on it would
// run code its authors no longer test there (decision 080 did the same for cookie and
// content-disposition). The lockfile records each package's `engines`, as pnpm read them.
import { readFileSync } from 'node:fs';
import { minVersion, satisfies } from 'semver';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const raiz = new URL('../../', import.meta.url);
const leer = (f: string) => readFileSync(new URL(f, raiz), 'utf8');

describe('versión de Node', () => {
  const prometida = JSON.parse(leer('package.json')).engines.node as string;

  it('el README promete la misma versión que package.json', () => {
    expect(prometida).toBe('>=20.19');
    expect(leer('README.md')).toContain('Node.js ≥ 20.19');
  });

  it('todo paquete del lockfile acepta la versión mínima prometida', () => {
    const minima = minVersion(prometida)?.version as string;
    const paquetes: Record<string, { engines?: { node?: string } }> = parse(leer('pnpm-lock.yaml')).packages;
    const nombres = Object.keys(paquetes);
    // The lockfile was read (the server's and the tests' own dependencies among its packages).
    for (const p of ['fastify', 'file-type', 'unpdf']) expect(nombres.some((n) => n.startsWith(`${p}@`))).toBe(true);
    const rechazan = Object.entries(paquetes)
      .filter(([, p]) => p.engines?.node && !satisfies(minima, p.engines.node, { includePrerelease: true }))
      .map(([n, p]) => `${n} (node ${p.engines?.node})`);
    expect(rechazan).toEqual([]);
  });
});
