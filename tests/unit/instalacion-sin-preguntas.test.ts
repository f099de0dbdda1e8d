// A newcomer's `pnpm install` asks nothing (issue 53, decision 351): every dependency that wants to
// run a build script and every direct dependency that ships agent skills (pnpm 12 holds both
// "awaiting approval" and prints "Run pnpm approve") is already decided in pnpm-workspace.yaml.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const raiz = fileURLToPath(new URL('../../', import.meta.url));
const leerJson = (f: string) => JSON.parse(readFileSync(f, 'utf8'));
const espacio = parse(readFileSync(join(raiz, 'pnpm-workspace.yaml'), 'utf8')) as {
  packages: string[];
  allowBuilds?: Record<string, boolean>;
  permissions?: Record<string, { build?: boolean; skills?: boolean }>;
};

/** pnpm links the skills it finds up to three levels below skills/ (skills/<name>/SKILL.md…). */
function tieneSkills(dir: string, nivel = 0): boolean {
  if (nivel > 3 || !existsSync(dir) || !lstatSync(dir).isDirectory()) return false;
  if (nivel > 0 && existsSync(join(dir, 'SKILL.md'))) return true;
  return readdirSync(dir).some((d) => tieneSkills(join(dir, d), nivel + 1));
}

describe('instalación sin preguntas', () => {
  it('cada dependencia directa con skills está decidida en permissions', () => {
    const proyectos = ['.', ...espacio.packages];
    const conSkills = new Set<string>();
    for (const p of proyectos) {
      const pkg = leerJson(join(raiz, p, 'package.json'));
      for (const nombre of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
        if (tieneSkills(join(raiz, p, 'node_modules', nombre, 'skills'))) conSkills.add(nombre);
      }
    }
    // The check reads what is installed: the router ships skills today.
    expect(conSkills.has('@tanstack/react-router')).toBe(true);
    const sinDecidir = [...conSkills].filter((n) => typeof espacio.permissions?.[n]?.skills !== 'boolean');
    expect(sinDecidir).toEqual([]);
  });

  it('cada paquete con un script de instalación está decidido en allowBuilds', () => {
    const tienda = join(raiz, 'node_modules', '.pnpm');
    const conScript = new Set<string>();
    for (const d of readdirSync(tienda)) {
      const nm = join(tienda, d, 'node_modules');
      if (!existsSync(nm)) continue;
      for (const e of readdirSync(nm)) {
        const dirs = e.startsWith('@') ? readdirSync(join(nm, e)).map((x) => join(nm, e, x)) : [join(nm, e)];
        for (const dir of dirs) {
          const pj = join(dir, 'package.json');
          if (lstatSync(dir).isSymbolicLink() || !existsSync(pj)) continue;
          const { name, scripts = {} } = leerJson(pj);
          if (['preinstall', 'install', 'postinstall'].some((s) => s in scripts) || existsSync(join(dir, 'binding.gyp')))
            conScript.add(name);
        }
      }
    }
    expect(conScript.has('esbuild')).toBe(true);
    const decidido = (n: string) => typeof espacio.allowBuilds?.[n] === 'boolean' || typeof espacio.permissions?.[n]?.build === 'boolean';
    expect([...conScript].filter((n) => !decidido(n))).toEqual([]);
  });
});
