// The demo practice of an empty embedded database. Each module contributes its part through its
// plugin (`app.demo.registrar`); this file only runs them, in order, in one transaction.
import type { Db } from './client';
import { turnoDeMigraciones } from './migrate';

export const DEMO = {
  contrasena: 'MiDuelo#2025',
  admin: 'admin@miduelo.mx',
  psicologa: 'psicologa@miduelo.mx',
  paciente: 'lucia.paciente@miduelo.mx',
} as const;

/** The accounts the first seeder (cuentas) creates, for the seeders that follow. */
export interface IdsDemo {
  idPsicologo: number;
  idAdmin: number;
  pacientes: number[];
}

export type SembradorDemo = (db: Db, demo: { ahora: Date; ids: IdsDemo }) => Promise<void>;

/**
 * Seeds the demo practice if the database is still empty, under the migrations' advisory lock:
 * two nodes starting together on an empty database both find it empty before either seeds, so the
 * emptiness is checked again inside the lock (transaction-scoped, released at commit) and only one
 * seeds. Answers the ids, or null when another node had seeded first.
 */
export async function sembrarDemo(
  db: Db,
  ahora: Date,
  sembradores: readonly SembradorDemo[],
  estaVacia: (tx: Db) => Promise<boolean>,
): Promise<IdsDemo | null> {
  return db.transaction(async (tx) => {
    await turnoDeMigraciones(tx);
    if (!(await estaVacia(tx as unknown as Db))) return null;
    const ids: IdsDemo = { idPsicologo: 0, idAdmin: 0, pacientes: [] };
    for (const sembrar of sembradores) await sembrar(tx as unknown as Db, { ahora, ids });
    return ids;
  });
}
