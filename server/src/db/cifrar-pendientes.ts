// The start-up step of decision 070: SQL cannot encrypt (the key never reaches the database), so
// after the migrations each module encrypts its own columns' legacy plain-text rows, and re-encrypts
// rows under a key that no longer encrypts (rotation). Batches of rows, each in one transaction under
// the migrations' advisory lock and with the rows locked: two nodes starting together take turns, a
// concurrent write is never overwritten, and a row already under the current key is never touched.
import { type SQL, sql } from 'drizzle-orm';
import type { Cifrador } from '../comun/cifrado';
import { rellenar } from '../comun/relleno';
import type { Db } from './client';
import { filas as filasDe } from './filas';
import { turnoDeMigraciones } from './migrate';

export interface ColumnaCifrada {
  tabla: string;
  /** Primary key column. */
  clave: string;
  columna: string;
  /** text[] column of search hashes to fill beside the value (null until then). */
  huellas?: string;
  /** Only the rows this condition selects. */
  donde?: SQL;
  /** Values padded to a multiple of this many bytes before encryption (comun/relleno.ts): a legacy
   * plain value gets the padding its writer would have given it. */
  relleno?: number;
}

const LOTE = 500;

/** Every column (`tabla.columna`) a start-up step of this process was given: what the modules
 * register, which the README's list of what is encrypted must match (a test compares them). */
const registradas = new Set<string>();
export function columnasRegistradas(): string[] {
  return [...registradas].sort();
}

/** Encrypts (or re-encrypts) every pending value of one column; returns how many changed. */
export async function cifrarPendientes(db: Db, cif: Cifrador, c: ColumnaCifrada, lote = LOTE): Promise<number> {
  const aad = `${c.tabla}.${c.columna}`;
  registradas.add(aad);
  const tabla = sql.identifier(c.tabla);
  const clave = sql.identifier(c.clave);
  const columna = sql.identifier(c.columna);
  const huellas = c.huellas ? sql.identifier(c.huellas) : null;
  const bajoLlaveActual = `^e1\\.${cif.llaveActual}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22,}$`;
  const pendiente = huellas
    ? sql`${columna} is not null and (${columna} !~ ${bajoLlaveActual} or ${huellas} is null)`
    : sql`${columna} is not null and ${columna} !~ ${bajoLlaveActual}`;
  const filtro = c.donde ? sql` and (${c.donde})` : sql``;
  let total = 0;
  for (;;) {
    const hechas = await db.transaction(async (tx) => {
      await turnoDeMigraciones(tx);
      const filas = await filasDe<{ id: string | number; valor: string }>(
        tx,
        sql`select ${clave} as id, ${columna} as valor from ${tabla} where ${pendiente}${filtro} order by ${clave} limit ${lote} for update`,
      );
      if (filas.length === 0) return 0;
      const nuevas = filas.map((f) => {
        const texto = cif.leer(f.valor, aad);
        return {
          id: Number(f.id),
          valor: cif.cifrar(c.relleno ? rellenar(texto, c.relleno) : texto, aad),
          huellas: huellas ? `{${cif.huellas(texto).join(',')}}` : null,
        };
      });
      const asignar = huellas ? sql`${columna} = v.valor, ${huellas} = v.huellas::text[]` : sql`${columna} = v.valor`;
      await tx.execute(
        sql`update ${tabla} t set ${asignar}
              from json_to_recordset(${JSON.stringify(nuevas)}::json) as v(id bigint, valor text, huellas text)
             where t.${clave} = v.id`,
      );
      return filas.length;
    });
    total += hechas;
    if (hechas < lote) return total;
  }
}

/** Every column a module encrypts, one after another (the list is the module's whole registration:
 * a column left out keeps its values under a retired key, decision 312); answers how many changed. */
export async function cifrarColumnas(db: Db, cif: Cifrador, columnas: ColumnaCifrada[]): Promise<number> {
  let total = 0;
  for (const c of columnas) total += await cifrarPendientes(db, cif, c);
  return total;
}
