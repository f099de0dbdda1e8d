// The demo practice of an empty embedded database. Each module contributes its part through its
// plugin (`app.demo.registrar`); this file only runs them, in order, in one transaction.
import type { Db } from './client';

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

export async function sembrarDemo(db: Db, ahora: Date, sembradores: readonly SembradorDemo[]): Promise<IdsDemo> {
  return db.transaction(async (tx) => {
    const ids: IdsDemo = { idPsicologo: 0, idAdmin: 0, pacientes: [] };
    for (const sembrar of sembradores) await sembrar(tx as unknown as Db, { ahora, ids });
    return ids;
  });
}
