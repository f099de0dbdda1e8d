// Issue 12, robust plans: migrations end with ANALYZE of the tables they create or fill, so no plan
// is ever made against a table the planner believes empty while autovacuum has not yet run.
// The first migrations (0000–0006) predate the rule; 0021 analyzes their tables (decision 226).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../../migrations/', import.meta.url);
const ANTERIORES_A_LA_REGLA = 7;

interface Migracion {
  numero: number;
  archivo: string;
  escritas: Set<string>;
  analizadas: Set<string>;
}

const nombre = (s: string) => s.replaceAll('"', '').trim().toLowerCase();

function leer(archivo: string): Migracion {
  // Function bodies ($$ … $$) insert at run time, not while migrating.
  const sql = readFileSync(new URL(archivo, DIR), 'utf8').replace(/\$\$[\s\S]*?\$\$/g, '');
  const escritas = new Set<string>();
  for (const m of sql.matchAll(/create table (?:if not exists )?("?[a-z_]+"?)/gi)) escritas.add(nombre(m[1]));
  for (const m of sql.matchAll(/insert into ("?[a-z_]+"?)/gi)) escritas.add(nombre(m[1]));
  const analizadas = new Set<string>();
  for (const m of sql.matchAll(/analyze\s+([^;]+);/gi)) for (const t of m[1].split(',')) analizadas.add(nombre(t));
  return { numero: Number(archivo.slice(0, 4)), archivo, escritas, analizadas };
}

const migraciones = readdirSync(DIR)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort()
  .map(leer);

describe('las migraciones dejan estadísticas de lo que crean o llenan', () => {
  it('se leyeron las migraciones y sus tablas', () => {
    expect(migraciones.length).toBeGreaterThanOrEqual(20);
    expect(migraciones[0].escritas).toContain('psicologo');
  });

  it.each(migraciones.filter((m) => m.numero >= ANTERIORES_A_LA_REGLA).map((m) => [m.archivo, m] as const))(
    '%s analiza cada tabla que crea o llena',
    (_archivo, m) => {
      expect([...m.escritas].filter((t) => !m.analizadas.has(t))).toEqual([]);
    },
  );

  it('toda tabla creada antes de la regla se analiza en una migración posterior', () => {
    const sinAnalizar = migraciones
      .filter((m) => m.numero < ANTERIORES_A_LA_REGLA)
      .flatMap((m) =>
        [...m.escritas]
          .filter((t) => !migraciones.some((o) => o.numero >= m.numero && o.analizadas.has(t)))
          .map((t) => `${m.archivo}: ${t}`),
      );
    expect(sinAnalizar).toEqual([]);
  });
});
