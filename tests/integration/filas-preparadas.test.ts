// Prepared reads (decision 237): on PostgreSQL rows come from postgres.js `values()` and are built
// by one object literal per column list. The same keys, values, types and order as the driver's
// own objects, whatever the column names; PGlite answers the same.
import { filasDeSentencia, filasPreparadas } from '@miduelo/server/plugins/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BaseDePrueba, crearBaseDePrueba } from '../helpers/base-datos';

let base: BaseDePrueba;

beforeAll(async () => {
  base = await crearBaseDePrueba();
});
afterAll(async () => base?.cerrar());

describe('filas de una lectura preparada', () => {
  it('cada fila con sus columnas en orden, sus tipos y sus nulos', async () => {
    const filas = await filasPreparadas<Record<string, unknown>>(
      base.handle.db,
      sql`select g as id, 'fila ' || g as texto, case when g = 2 then null else g * 1.5 end as valor, g % 2 = 0 as par
          from generate_series(1, ${3}::int) g order by g`,
    );
    expect(filas).toEqual([
      { id: 1, texto: 'fila 1', valor: '1.5', par: false },
      { id: 2, texto: 'fila 2', valor: null, par: true },
      { id: 3, texto: 'fila 3', valor: '4.5', par: false },
    ]);
    expect(Object.keys(filas[0])).toEqual(['id', 'texto', 'valor', 'par']);
  });

  it('sin filas: una lista vacía', async () => {
    expect(await filasPreparadas(base.handle.db, sql`select 1 as uno where false`)).toEqual([]);
    expect(await filasDeSentencia(base.handle.db, 'select $1::int as uno where false', [1])).toEqual([]);
  });

  it('nombres de columna que no son identificadores de JavaScript, y `__proto__`, quedan como claves propias', async () => {
    const [f] = await filasDeSentencia<Record<string, unknown>>(
      base.handle.db,
      `select $1::int as "con espacio", 2 as "comilla""doble", 3 as "__proto__", 4 as "toString"`,
      [1],
    );
    expect(Object.getPrototypeOf(f)).toBe(Object.prototype);
    expect(Object.entries(f)).toEqual([
      ['con espacio', 1],
      ['comilla"doble', 2],
      ['__proto__', 3],
      ['toString', 4],
    ]);
  });

  it('una columna repetida conserva el último valor, como el driver', async () => {
    const [f] = await filasDeSentencia<Record<string, unknown>>(base.handle.db, 'select $1::int as a, 2 as b, 3 as a', [1]);
    expect(f).toEqual({ a: 3, b: 2 });
  });
});
