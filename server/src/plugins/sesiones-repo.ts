// The queries of the session check. Every authenticated request and socket handshake runs one of
// these: the account's state and the token's revocation in one round trip, as prepared statements
// (parsed once per connection).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paciente, psicologo, tokenRevocado } from '../db/schema/cuentas';

export function prepararEstadoSesion(db: Db) {
  const revocado = sql<boolean>`exists (select 1 from ${tokenRevocado} where ${tokenRevocado.jti} = ${sql.placeholder('jti')})`;
  const psicologoP = db
    .select({
      status: psicologo.status,
      version: psicologo.versionSesion,
      rol_admin: psicologo.rol_admin,
      cedula_validada: psicologo.cedula_validada,
      createdAt: psicologo.createdAt,
      activadoEn: psicologo.activadoEn,
      revocado,
    })
    .from(psicologo)
    .where(eq(psicologo.id_psicologo, sql.placeholder('id')))
    .prepare('sesion_psicologo');
  const pacienteP = db
    .select({ status: paciente.status, version: paciente.versionSesion, activadoEn: paciente.activadoEn, revocado })
    .from(paciente)
    .where(eq(paciente.id_paciente, sql.placeholder('id')))
    .prepare('sesion_paciente');
  return {
    async psicologo(id: number, jti: string) {
      const [c] = await psicologoP.execute({ id, jti });
      return c;
    },
    async paciente(id: number, jti: string) {
      const [c] = await pacienteP.execute({ id, jti });
      return c;
    },
  };
}

/** Logout: the token's id is refused until the token would have expired anyway. */
export async function insertarTokenRevocado(db: Db, o: { jti: string; expiraEn: Date }) {
  await db.insert(tokenRevocado).values(o).onConflictDoNothing();
}
