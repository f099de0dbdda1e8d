// The queries of the session check. Every authenticated request and socket handshake runs one of
// these: the account's state and the token's revocation in one round trip, as prepared statements
// (parsed once per connection).
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paciente, psicologo, tokenRevocado } from '../db/schema/cuentas';

/** What a session check reads of an account (and of its token's revocation). */
export interface EstadoCuenta {
  status: string;
  version: number;
  activadoEn: Date | null;
  revocado: boolean;
}

export interface EstadoPsicologo extends EstadoCuenta {
  rol_admin: boolean;
  cedula_validada: boolean;
  createdAt: Date;
}

/** What a session check reads of a psychologist's and of a patient's account. */
const columnasPsicologo = {
  status: psicologo.status,
  version: psicologo.versionSesion,
  rol_admin: psicologo.rol_admin,
  cedula_validada: psicologo.cedula_validada,
  createdAt: psicologo.createdAt,
  activadoEn: psicologo.activadoEn,
};
const columnasPaciente = { status: paciente.status, version: paciente.versionSesion, activadoEn: paciente.activadoEn };

export function prepararEstadoSesion(db: Db) {
  const revocado = sql<boolean>`exists (select 1 from ${tokenRevocado} where ${tokenRevocado.jti} = ${sql.placeholder('jti')})`;
  const psicologoP = db
    .select({ ...columnasPsicologo, revocado })
    .from(psicologo)
    .where(eq(psicologo.id_psicologo, sql.placeholder('id')))
    .prepare('sesion_psicologo');
  const pacienteP = db
    .select({ ...columnasPaciente, revocado })
    .from(paciente)
    .where(eq(paciente.id_paciente, sql.placeholder('id')))
    .prepare('sesion_paciente');
  return {
    async psicologo(id: number, jti: string): Promise<EstadoPsicologo | undefined> {
      const [c] = await psicologoP.execute({ id, jti });
      return c;
    },
    async paciente(id: number, jti: string): Promise<EstadoCuenta | undefined> {
      const [c] = await pacienteP.execute({ id, jti });
      return c;
    },
  };
}

/**
 * The same reads for many sessions at once (the open sockets' periodic refresh, decision 239):
 * the accounts' states by id and which of the tokens are revoked, three statements whatever the
 * number of sessions (the caller sends them in bounded batches).
 */
export async function estadosDeSesiones(db: Db, o: { psicologos: number[]; pacientes: number[]; jtis: string[] }) {
  const [psis, pacs, revocados] = await Promise.all([
    o.psicologos.length
      ? db
          .select({ id: psicologo.id_psicologo, ...columnasPsicologo })
          .from(psicologo)
          .where(inArray(psicologo.id_psicologo, o.psicologos))
      : [],
    o.pacientes.length
      ? db
          .select({ id: paciente.id_paciente, ...columnasPaciente })
          .from(paciente)
          .where(inArray(paciente.id_paciente, o.pacientes))
      : [],
    o.jtis.length ? db.select({ jti: tokenRevocado.jti }).from(tokenRevocado).where(inArray(tokenRevocado.jti, o.jtis)) : [],
  ]);
  const revocado = new Set(revocados.map((r) => r.jti));
  return {
    psicologo: new Map(psis.map(({ id, ...c }) => [id, c])),
    paciente: new Map(pacs.map(({ id, ...c }) => [id, c])),
    revocado: (jti: string) => revocado.has(jti),
  };
}

/** Logout: the token's id is refused until the token would have expired anyway. */
export async function insertarTokenRevocado(db: Db, o: { jti: string; expiraEn: Date }) {
  await db.insert(tokenRevocado).values(o).onConflictDoNothing();
}
