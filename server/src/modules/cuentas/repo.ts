import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { filasPreparadas } from '../../plugins/db';
import { paciente, psicologo, tokenUnUso } from '../../db/schema/cuentas';

export async function buscarPsicologoPorCorreo(db: DbOrTx, correo: string) {
  const [p] = await db.select().from(psicologo).where(eq(psicologo.correo, correo));
  return p ?? null;
}

/**
 * The login's read, as a named prepared statement on PostgreSQL (decision 225): the same row as
 * `buscarPsicologoPorCorreo`, without drizzle building the query on every login. Login time is
 * meant to be the password hash's; this read was its largest other part (0.6 → 0.2 ms).
 */
export async function psicologoParaLogin(db: DbOrTx, correo: string): Promise<Psicologo | null> {
  // Timestamps come as epoch milliseconds: both drivers leave date types as text (drizzle's parsers).
  const [f] = await filasPreparadas<Omit<Psicologo, 'activadoEn' | 'createdAt'> & { activadoMs: number | null; creadoMs: number }>(
    db,
    sql`select id_psicologo, nombre, apellido_paterno as "apellidoPaterno", apellido_materno as "apellidoMaterno",
      fecha_nacimiento, especialidad, cedula, telefono, correo, contrasena_hash as "contrasenaHash",
      codigo_vinculacion, status, cedula_validada, rol_admin, direccion_consultorio as "direccionConsultorio",
      version_sesion as "versionSesion",
      (extract(epoch from activado_en) * 1000)::float8 as "activadoMs", (extract(epoch from created_at) * 1000)::float8 as "creadoMs"
      from psicologo where correo = ${correo}`,
  );
  if (!f) return null;
  const { activadoMs, creadoMs, ...resto } = f;
  return { ...resto, activadoEn: activadoMs === null ? null : new Date(activadoMs), createdAt: new Date(creadoMs) };
}

export async function buscarPsicologoPorId(db: DbOrTx, id: number) {
  const [p] = await db.select().from(psicologo).where(eq(psicologo.id_psicologo, id));
  return p ?? null;
}

export async function buscarPsicologosPorTelefono(db: DbOrTx, telefono: string) {
  return db.select().from(psicologo).where(eq(psicologo.telefono, telefono));
}

export async function buscarPsicologoPorCodigo(db: DbOrTx, codigo: string) {
  const [p] = await db.select().from(psicologo).where(eq(psicologo.codigo_vinculacion, codigo));
  return p ?? null;
}

export async function buscarPacientePorEmail(db: DbOrTx, email: string) {
  const [p] = await db.select().from(paciente).where(eq(paciente.email, email));
  return p ?? null;
}

export type Psicologo = typeof psicologo.$inferSelect;
export type Paciente = typeof paciente.$inferSelect;

/** The existing accounts a registration collides with (email first, then licence). */
export async function psicologosConCorreoOCedula(db: DbOrTx, o: { correo: string; cedula: string }) {
  const porCorreo = await db.select().from(psicologo).where(eq(psicologo.correo, o.correo));
  if (porCorreo[0]) return { dato: 'correo' as const, cuenta: porCorreo[0] };
  const [porCedula] = await db.select().from(psicologo).where(eq(psicologo.cedula, o.cedula));
  return porCedula ? { dato: 'cedula' as const, cuenta: porCedula } : null;
}

export async function insertarPsicologo(db: DbOrTx, valores: typeof psicologo.$inferInsert) {
  const [p] = await db.insert(psicologo).values(valores).returning();
  return p;
}

export async function insertarPaciente(db: DbOrTx, valores: typeof paciente.$inferInsert) {
  const [p] = await db.insert(paciente).values(valores).returning();
  return p;
}

export async function modificarPsicologo(db: DbOrTx, id: number, cambios: Partial<typeof psicologo.$inferInsert>) {
  await db.update(psicologo).set(cambios).where(eq(psicologo.id_psicologo, id));
}

export async function marcarPacienteActivado(db: DbOrTx, id: number, ahora: Date) {
  await db.update(paciente).set({ activadoEn: ahora }).where(eq(paciente.id_paciente, id));
}

/** A new password, and a new session version: every token issued before it is refused. */
export async function cambiarContrasenaPsicologo(db: DbOrTx, id: number, contrasenaHash: string) {
  await db
    .update(psicologo)
    .set({ contrasenaHash, versionSesion: sql`${psicologo.versionSesion} + 1` })
    .where(eq(psicologo.id_psicologo, id));
}

/** Enables or disables an account; disabling bumps the session version. Null when it does not exist. */
export async function cambiarStatusCuenta(
  db: DbOrTx,
  cuenta: { tipo: 'psicologo' | 'paciente'; id: number },
  status: 'activo' | 'inactivo',
) {
  const bump = status === 'inactivo' ? 1 : 0;
  const filas =
    cuenta.tipo === 'psicologo'
      ? await db
          .update(psicologo)
          .set({ status, versionSesion: sql`${psicologo.versionSesion} + ${bump}` })
          .where(eq(psicologo.id_psicologo, cuenta.id))
          .returning({ id: psicologo.id_psicologo })
      : await db
          .update(paciente)
          .set({ status, versionSesion: sql`${paciente.versionSesion} + ${bump}` })
          .where(eq(paciente.id_paciente, cuenta.id))
          .returning({ id: paciente.id_paciente });
  return filas.length > 0;
}

/** No psychologist at all: a fresh database (the demo practice may be seeded). */
export async function sinPsicologos(db: DbOrTx): Promise<boolean> {
  const [f] = await db.select({ n: sql<number>`count(*)::int` }).from(psicologo);
  return Number(f?.n ?? 0) === 0;
}

// ---- One-time tokens (activation, password reset): only their hash is stored ----
export type Proposito = 'activacion' | 'restablecer' | 'cambio_correo';
export type CuentaTipo = 'psicologo' | 'paciente';

/** Marks as used every unused token of this purpose and account. */
export async function invalidarTokensUnUso(db: DbOrTx, o: { proposito: Proposito; cuentaTipo: CuentaTipo; cuentaId: number; ahora: Date }) {
  await db
    .update(tokenUnUso)
    .set({ usadoEn: o.ahora })
    .where(
      and(
        eq(tokenUnUso.proposito, o.proposito),
        eq(tokenUnUso.cuentaTipo, o.cuentaTipo),
        eq(tokenUnUso.cuentaId, o.cuentaId),
        isNull(tokenUnUso.usadoEn),
      ),
    );
}

export async function insertarTokenUnUso(db: DbOrTx, valores: typeof tokenUnUso.$inferInsert) {
  await db.insert(tokenUnUso).values(valores);
}

export async function tokenPorHash(db: DbOrTx, o: { hash: string; proposito: Proposito; cuentaTipo: CuentaTipo }) {
  const [fila] = await db
    .select()
    .from(tokenUnUso)
    .where(and(eq(tokenUnUso.hash, o.hash), eq(tokenUnUso.proposito, o.proposito), eq(tokenUnUso.cuentaTipo, o.cuentaTipo)));
  return fila ?? null;
}

/** Marks one token used; false when a concurrent use got there first. */
export async function marcarTokenUsado(db: DbOrTx, id: number, ahora: Date): Promise<boolean> {
  const usados = await db
    .update(tokenUnUso)
    .set({ usadoEn: ahora })
    .where(and(eq(tokenUnUso.id, id), isNull(tokenUnUso.usadoEn)))
    .returning({ id: tokenUnUso.id });
  return usados.length > 0;
}

/** A new email, and a new session version: every token issued before it is refused. */
export async function cambiarCorreoPsicologo(db: DbOrTx, id: number, correo: string) {
  await db
    .update(psicologo)
    .set({ correo, versionSesion: sql`${psicologo.versionSesion} + 1` })
    .where(eq(psicologo.id_psicologo, id));
}

/** The contact fields of a psychologist's profile (the email is changed by cambiarCorreoPsicologo). */
export async function modificarContactoPsicologo(db: DbOrTx, id: number, o: { telefono: string; direccionConsultorio?: string | null }) {
  await db.update(psicologo).set(o).where(eq(psicologo.id_psicologo, id));
}

/** Locks the psychologist's row for a change of email or password. */
export async function psicologoParaCambio(db: DbOrTx, id: number) {
  const [p] = await db.select().from(psicologo).where(eq(psicologo.id_psicologo, id)).for('update');
  return p ?? null;
}

export async function pacienteParaCambio(db: DbOrTx, id: number) {
  const [p] = await db.select().from(paciente).where(eq(paciente.id_paciente, id)).for('update');
  return p ?? null;
}

export async function buscarPacientePorId(db: DbOrTx, id: number) {
  const [p] = await db.select().from(paciente).where(eq(paciente.id_paciente, id));
  return p ?? null;
}

/** Changes a patient's contact fields; a changed email or password bumps the session version. */
export async function modificarPaciente(
  db: DbOrTx,
  id: number,
  cambios: { telefono?: string; email?: string; contrasenaHash?: string },
  revocar: boolean,
) {
  await db
    .update(paciente)
    .set({ ...cambios, ...(revocar ? { versionSesion: sql`${paciente.versionSesion} + 1` } : {}) })
    .where(eq(paciente.id_paciente, id));
}

export async function correoOcupado(db: DbOrTx, correo: string, excepto: { tipo: CuentaTipo; id: number }) {
  const [p] = await db.select({ id: psicologo.id_psicologo }).from(psicologo).where(eq(psicologo.correo, correo));
  if (p && !(excepto.tipo === 'psicologo' && excepto.id === p.id)) return true;
  return false;
}

export async function emailPacienteOcupado(db: DbOrTx, email: string, idPaciente: number) {
  const [p] = await db.select({ id: paciente.id_paciente }).from(paciente).where(eq(paciente.email, email));
  return !!p && p.id !== idPaciente;
}

export async function cambiarContrasenaPacienteHash(db: DbOrTx, id: number, contrasenaHash: string) {
  await db
    .update(paciente)
    .set({ contrasenaHash, versionSesion: sql`${paciente.versionSesion} + 1` })
    .where(eq(paciente.id_paciente, id));
}
