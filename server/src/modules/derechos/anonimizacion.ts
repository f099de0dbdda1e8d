// What a resolved cancellation does to the database (decision 378), inside the caller's transaction:
// a failure halfway leaves nothing written. The account is closed for good and her personal data is
// removed or irreversibly replaced; the clinical record (notes, tests and their answers, risk mark,
// appointments, assigned activities and what her psychologist uploaded, consents given) stays with
// her psychologist for the legal retention (NOM-004-SSA3), identified by the retained identification
// encrypted in the request's row. Files on disk go after commit (`eliminarArchivosEvidencia`): a
// rollback must not lose a file whose row still exists.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Cifrador } from '../../comun/cifrado';
import type { Tx } from '../../db/client';
import { filas } from '../../db/filas';

/** What replaces her names: no letter of them is kept anywhere in the account. */
export const NOMBRE_ANONIMO = 'Paciente';
export const APELLIDO_ANONIMO = 'con datos cancelados';
/** The forums' author of a post whose author cancelled her data: no account has this id. */
const AUTOR_ANONIMO = 0;

export interface FichaRetenida {
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string | null;
  fecha_nacimiento: string;
}

/** Tables keyed by account (`cuenta_tipo`, `cuenta_id`): tokens, second-step factors, passkeys,
 * their challenges, forum blocks, devices… Read from the catalogue so a table added later is covered. */
async function tablasPorCuenta(tx: Tx): Promise<string[]> {
  const r = await filas<{ tabla: string }>(
    tx,
    sql`select c.table_name as tabla from information_schema.columns c
        where c.table_schema = current_schema() and c.column_name in ('cuenta_tipo', 'cuenta_id')
        group by c.table_name having count(*) = 2 order by 1`,
  );
  return r.map((x) => x.tabla);
}

/**
 * Closes the account and anonymizes it. Answers the retained identification (to store encrypted in
 * the request) and the keys of her evidence files, to remove from disk after commit.
 */
export async function anonimizarPaciente(
  tx: Tx,
  o: { idPaciente: number; hoy: string; cifrador: Cifrador },
): Promise<{ ficha: string; clavesEvidencia: string[] }> {
  const id = o.idPaciente;
  const [p] = await filas<FichaRetenida>(
    tx,
    sql`select nombre, apellido_paterno, apellido_materno, fecha_nacimiento::text as fecha_nacimiento
        from paciente where id_paciente = ${id} for update`,
  );
  const ficha = o.cifrador.cifrar(JSON.stringify(p), 'solicitud_arco.ficha_retenida');

  // The account: cannot sign in (no password, inactive, every token of an older version refused),
  // and nothing of her left in it. The date of birth stays: the record's age (NOM-004 identification).
  await tx.execute(sql`update paciente set nombre = ${NOMBRE_ANONIMO}, apellido_paterno = ${APELLIDO_ANONIMO},
      apellido_materno = null, email = ${`cancelada-${id}@miduelo.invalid`}, telefono = '',
      contrasena_hash = null, status = 'inactivo', version_sesion = version_sesion + 1,
      fecha_perdida = null, persona_perdida = null
    where id_paciente = ${id}`);
  for (const tabla of await tablasPorCuenta(tx))
    await tx.execute(sql`delete from ${sql.identifier(tabla)} where cuenta_tipo = 'paciente' and cuenta_id = ${id}`);

  // Her own words and files: diary, anniversary notices, push, her evidence, her conversations.
  const evidencias = await filas<{ clave: string | null }>(
    tx,
    sql`delete from evidencia e using actividad_asignada a
        where e.id_asignacion = a.id_asignacion and a.id_paciente = ${id} and e.subida_por = 'paciente'
        returning e.clave`,
  );
  await tx.execute(sql`delete from diario_emocion where id_paciente = ${id}`);
  await tx.execute(sql`delete from aviso_aniversario where id_paciente = ${id}`);
  await tx.execute(sql`delete from suscripcion_push where id_paciente = ${id}`);
  await tx.execute(sql`delete from preferencia_push where id_paciente = ${id}`);
  await tx.execute(sql`delete from oposicion_paciente where id_paciente = ${id}`);
  await tx.execute(sql`delete from chat where id_paciente = ${id}`);

  // Forums: she leaves every forum; her topics and posts stay (others answered them) without author.
  await tx.execute(sql`delete from foro_participante where id_paciente = ${id}`);
  await tx.execute(sql`update foro_mensaje set autor_id = ${AUTOR_ANONIMO}, id_cliente = null
    where autor_tipo = 'paciente' and autor_id = ${id}`);
  await tx.execute(sql`update foro_tema set autor_id = ${AUTOR_ANONIMO} where autor_tipo = 'paciente' and autor_id = ${id}`);

  // Appointments still to come are cancelled (the past ones are part of the record).
  await tx.execute(sql`update cita set estado = 'cancelada', version = version + 1, updated_at = now()
    where id_paciente = ${id} and fecha >= ${o.hoy}::date and estado in ('pendiente', 'confirmada')`);
  // Her other requests' reasons are her words too.
  await tx.execute(sql`update solicitud_arco set motivo = null where id_paciente = ${id}`);

  return { ficha, clavesEvidencia: evidencias.map((e) => e.clave).filter((c): c is string => c !== null) };
}

const CLAVE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Removes the evidence files of a committed cancellation (the store's layout: `xx/<uuid>`, the
 * actividades module's AlmacenEvidencias). Answers how many could not be removed. */
export async function eliminarArchivosEvidencia(dataDir: string, claves: string[]): Promise<number> {
  let fallidos = 0;
  for (const clave of claves) {
    if (!CLAVE.test(clave)) continue;
    try {
      await rm(path.join(dataDir, 'evidencias', clave.slice(0, 2), clave), { force: true });
    } catch {
      fallidos++;
    }
  }
  return fallidos;
}
