import type { Agenda, Cita } from '@miduelo/shared/agenda';
import { recortarHora } from '@miduelo/shared/agenda-tiempo';
import { and, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import { COLUMNA_NOTAS_CITA } from '../../comun/cita-paciente';
import type { Cifrador } from '../../comun/cifrado';
import { marcaAniversarioCita } from '../../comun/repo';
import type { DbOrTx, Tx } from '../../db/client';
import { filasAMedida, filasPreparadas, planesAMedida } from '../../plugins/db';
import { cita } from '../../db/schema/agenda';
import { paciente, psicologo } from '../../db/schema/cuentas';

/** An appointment with its owner (never sent: the response schemas strip id_psicologo). */
export type CitaConDueno = Cita & { id_psicologo: number };
/** Appointments with their patient, the columns of `columnasCita` flat (a `FilaCitaSemana`): every
 * read of appointments here but the week's, as constant statements (decision 248). */
const SELECT_CITA = `select c.id_cita, c.id_agenda, c.id_psicologo, c.id_paciente, c.fecha, c.hora_inicio, c.hora_fin,
  c.duracion, c.modalidad, c.estado, c.notas, c.origen, c.version,
  p.nombre as paciente_nombre, p.apellido_paterno as paciente_apellido_paterno,
  p.apellido_materno as paciente_apellido_materno, p.fecha_perdida
  from cita c join paciente p on p.id_paciente = c.id_paciente`;
const CITA_DE_PSICOLOGO = `${SELECT_CITA} where c.id_cita = $1::int and c.id_psicologo = $2::int`;
const CITA_DE_PACIENTE = `${SELECT_CITA} where c.id_cita = $1::int and c.id_paciente = $2::int`;
const CITA_POR_ID = `${SELECT_CITA} where c.id_cita = $1::int`;

async function unaCita(db: DbOrTx, cif: Cifrador, texto: string, parametros: readonly number[]): Promise<CitaConDueno | null> {
  const [f] = await filasAMedida<FilaCitaSemana>(db, texto, parametros);
  return f ? citaDeFila(cif, f) : null;
}

export function citaDePsicologo(db: DbOrTx, cif: Cifrador, idPsicologo: number, idCita: number): Promise<CitaConDueno | null> {
  return unaCita(db, cif, CITA_DE_PSICOLOGO, [idCita, idPsicologo]);
}

export function citaDePaciente(db: DbOrTx, cif: Cifrador, idPaciente: number, idCita: number): Promise<CitaConDueno | null> {
  return unaCita(db, cif, CITA_DE_PACIENTE, [idCita, idPaciente]);
}

export function citaPorId(db: DbOrTx, cif: Cifrador, idCita: number): Promise<CitaConDueno | null> {
  return unaCita(db, cif, CITA_POR_ID, [idCita]);
}

/** A row of the week's statement below, flat, as both drivers answer it (dates and times as text). */
interface FilaCitaSemana {
  id_cita: number; // null only in the one row of an agenda without appointments
  id_agenda: number;
  id_psicologo: number;
  id_paciente: number;
  fecha: string;
  hora_inicio: string;
  hora_fin: string;
  duracion: number;
  modalidad: Cita['modalidad'];
  estado: Cita['estado'];
  notas: string | null;
  origen: Cita['origen'];
  version: number;
  paciente_nombre: string;
  paciente_apellido_paterno: string;
  paciente_apellido_materno: string | null;
  fecha_perdida: string | null;
}

/**
 * A psychologist's week: its appointments — the columns of `columnasCita` — or null when the agenda
 * is not theirs (or does not exist). One SQL statement run through `execute` (decision 221): the
 * ownership check rides in the same statement (an agenda without appointments answers one row of
 * nulls), run as a prepared statement (`filasPreparadas`), and the driver's rows are used as they
 * are, so drizzle neither rebuilds the query nor maps every cell on each request; each row becomes the appointment in one object literal.
 */
export async function citasDeAgendaDePsicologo(
  db: DbOrTx,
  cif: Cifrador,
  idPsicologo: number,
  idAgenda: number,
): Promise<CitaConDueno[] | null> {
  const filas = await filasPreparadas<FilaCitaSemana>(
    db,
    sql`
    select c.id_cita, c.id_agenda, c.id_psicologo, c.id_paciente, c.fecha, c.hora_inicio, c.hora_fin, c.duracion,
      c.modalidad, c.estado, c.notas, c.origen, c.version,
      p.nombre as paciente_nombre, p.apellido_paterno as paciente_apellido_paterno,
      p.apellido_materno as paciente_apellido_materno, p.fecha_perdida
    from agenda a
    left join (cita c join paciente p on p.id_paciente = c.id_paciente) on c.id_agenda = a.id_agenda
    where a.id_agenda = ${idAgenda}::int and a.id_psicologo = ${idPsicologo}::int
    order by c.fecha, c.hora_inicio, c.id_cita`,
  );
  if (filas.length === 0) return null;
  if (filas.length === 1 && filas[0].id_cita === null) return [];
  const citas = new Array<CitaConDueno>(filas.length);
  for (let i = 0; i < filas.length; i++) citas[i] = citaDeFila(cif, filas[i]);
  return citas;
}

/** An appointment from a flat row of `SELECT_CITA` or of the week's statement, in one object literal. */
function citaDeFila(cif: Cifrador, f: FilaCitaSemana): CitaConDueno {
  return {
    id_cita: f.id_cita,
    id_agenda: f.id_agenda,
    id_psicologo: f.id_psicologo,
    id_paciente: f.id_paciente,
    fecha: f.fecha,
    hora_inicio: recortarHora(f.hora_inicio),
    hora_fin: recortarHora(f.hora_fin),
    duracion: f.duracion,
    modalidad: f.modalidad,
    estado: f.estado,
    notas: f.notas === null ? null : cif.leer(f.notas, COLUMNA_NOTAS_CITA),
    origen: f.origen,
    version: f.version,
    paciente: { nombre: f.paciente_nombre, apellido_paterno: f.paciente_apellido_paterno, apellido_materno: f.paciente_apellido_materno },
    aniversario: marcaAniversarioCita(cif, f.fecha_perdida, f.fecha),
  };
}

export async function citasDePaciente(db: DbOrTx, cif: Cifrador, idPaciente: number): Promise<CitaConDueno[]> {
  const filas = await filasAMedida<FilaCitaSemana>(db, `${SELECT_CITA} where c.id_paciente = $1::int order by c.fecha, c.hora_inicio`, [
    idPaciente,
  ]);
  return filas.map((f) => citaDeFila(cif, f));
}

/** Active (not cancelled) appointments of a psychologist on a date that overlap [inicio, fin). */
export function citasQueChocan(
  db: DbOrTx,
  o: { idPsicologo: number; fecha: string; hora_inicio: string; hora_fin: string; excluir?: number },
): Promise<{ id_cita: number }[]> {
  return filasAMedida(
    db,
    `select id_cita from cita where id_psicologo = $1::int and fecha = $2::date and estado <> 'cancelada'
      and hora_inicio < $3::time and hora_fin > $4::time and ($5::int is null or id_cita <> $5::int)`,
    [o.idPsicologo, o.fecha, o.hora_fin, o.hora_inicio, o.excluir || null],
  );
}

/** Active appointments of a psychologist on a date (free-slot computation). */
export async function intervalosOcupados(db: DbOrTx, idPsicologo: number, fecha: string) {
  const filas = await db
    .select({ hora_inicio: cita.hora_inicio, hora_fin: cita.hora_fin })
    .from(cita)
    .where(and(eq(cita.id_psicologo, idPsicologo), eq(cita.fecha, fecha), ne(cita.estado, 'cancelada')));
  return filas.map((f) => ({ hora_inicio: recortarHora(f.hora_inicio), hora_fin: recortarHora(f.hora_fin) }));
}

/** Future requests of a patient still waiting for the psychologist. */
export async function solicitudesPendientes(db: DbOrTx, idPaciente: number, hoy: string): Promise<number> {
  const [f] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cita)
    .where(and(eq(cita.id_paciente, idPaciente), eq(cita.origen, 'paciente'), eq(cita.estado, 'pendiente'), gte(cita.fecha, hoy)));
  return Number(f?.n ?? 0);
}

/** A new appointment's columns (the rest take their defaults). */
export type CitaNueva = Pick<
  CitaConDueno,
  | 'id_agenda'
  | 'id_psicologo'
  | 'id_paciente'
  | 'fecha'
  | 'hora_inicio'
  | 'hora_fin'
  | 'duracion'
  | 'modalidad'
  | 'estado'
  | 'notas'
  | 'origen'
> & { createdAt: Date; updatedAt: Date };

/** Inserts an appointment; its notes are given in plain text and stored encrypted. */
export async function insertarCita(tx: Tx, cif: Cifrador, v: CitaNueva): Promise<number> {
  const notas = v.notas === null ? null : cif.cifrar(v.notas, COLUMNA_NOTAS_CITA);
  const [f] = await filasAMedida<{ id_cita: number }>(
    tx,
    `insert into cita (id_agenda, id_psicologo, id_paciente, fecha, hora_inicio, hora_fin, duracion, modalidad, estado,
      notas, origen, created_at, updated_at)
      values ($1::int, $2::int, $3::int, $4::date, $5::time, $6::time, $7::int, $8, $9, $10, $11, $12::timestamptz, $13::timestamptz)
      returning id_cita`,
    [
      v.id_agenda,
      v.id_psicologo,
      v.id_paciente,
      v.fecha,
      v.hora_inicio,
      v.hora_fin,
      v.duracion,
      v.modalidad,
      v.estado,
      notas,
      v.origen,
      v.createdAt.toISOString(),
      v.updatedAt.toISOString(),
    ],
  );
  return f.id_cita;
}

/** What a change may touch: never the notes (they are written once, encrypted, by insertarCita). */
export type CambiosCita = Omit<Partial<typeof cita.$inferInsert>, 'notas'>;

export async function modificarCita(tx: Tx, idCita: number, cambios: CambiosCita, ahora: Date) {
  await tx
    .update(cita)
    .set({ ...cambios, version: sql`${cita.version} + 1`, updatedAt: ahora })
    .where(eq(cita.id_cita, idCita));
}

export async function borrarCita(tx: Tx, idCita: number) {
  await tx.delete(cita).where(eq(cita.id_cita, idCita));
}

export async function borrarCitas(tx: Tx, ids: number[]) {
  if (ids.length > 0) await tx.delete(cita).where(inArray(cita.id_cita, ids));
}

/** Every appointment of a patient with this psychologist on one date (the duplicates' candidates). */
export async function citasDelPacienteEnFecha(
  db: DbOrTx,
  cif: Cifrador,
  c: { id_psicologo: number; id_paciente: number; fecha: string },
): Promise<CitaConDueno[]> {
  const filas = await filasAMedida<FilaCitaSemana>(
    db,
    `${SELECT_CITA} where c.id_psicologo = $1::int and c.id_paciente = $2::int and c.fecha = $3::date`,
    [c.id_psicologo, c.id_paciente, c.fecha],
  );
  return filas.map((f) => citaDeFila(cif, f));
}

/** Serialises every agenda write of one psychologist (bookings, reschedules, availability):
 * the row lock is held until the transaction ends, on PostgreSQL and on PGlite alike. */
export async function bloquearPsicologo(tx: Tx, idPsicologo: number) {
  // The transaction's later statements get plans made for the tables as they are (planesAMedida),
  // sent with the lock. Timestamps as epoch milliseconds: both drivers leave date types as text
  // (as psicologoParaLogin).
  const [, [f]] = await Promise.all([
    planesAMedida(tx),
    filasAMedida<{
      id_psicologo: number;
      status: string;
      rol_admin: boolean;
      cedula_validada: boolean;
      activadoMs: number | null;
      creadoMs: number;
    }>(
      tx,
      `select id_psicologo, status, rol_admin, cedula_validada,
      (extract(epoch from activado_en) * 1000)::float8 as "activadoMs", (extract(epoch from created_at) * 1000)::float8 as "creadoMs"
      from psicologo where id_psicologo = $1::int for no key update`,
      [idPsicologo],
    ),
  ]);
  if (!f) return null;
  const { activadoMs, creadoMs, ...resto } = f;
  return { ...resto, activadoEn: activadoMs === null ? null : new Date(activadoMs), createdAt: new Date(creadoMs) };
}

// ---------- Weekly agenda ----------

export async function agendaPorSemana(db: DbOrTx, idPsicologo: number, lunes: string): Promise<Agenda | null> {
  const [a] = await filasAMedida<Agenda>(
    db,
    'select id_agenda, id_psicologo, semana_inicio, semana_fin from agenda where id_psicologo = $1::int and semana_inicio = $2::date',
    [idPsicologo, lunes],
  );
  return a ?? null;
}

export async function agendaDePsicologo(db: DbOrTx, idPsicologo: number, idAgenda: number): Promise<Agenda | null> {
  const [a] = await filasAMedida<Agenda>(
    db,
    'select id_agenda, id_psicologo, semana_inicio, semana_fin from agenda where id_agenda = $1::int and id_psicologo = $2::int',
    [idAgenda, idPsicologo],
  );
  return a ?? null;
}

/** The week's agenda, created when missing. Two racing calls both get the same row: the unique
 * (id_psicologo, semana_inicio) makes the loser's insert a no-op, and it then reads the winner's. */
export async function asegurarAgenda(db: DbOrTx, idPsicologo: number, lunes: string, domingo: string) {
  const [creada] = await filasAMedida<Agenda>(
    db,
    `insert into agenda (id_psicologo, semana_inicio, semana_fin) values ($1::int, $2::date, $3::date)
      on conflict (id_psicologo, semana_inicio) do nothing returning id_agenda, id_psicologo, semana_inicio, semana_fin`,
    [idPsicologo, lunes, domingo],
  );
  if (creada) return { agenda: creada, creada: true };
  const existente = await agendaPorSemana(db, idPsicologo, lunes);
  if (!existente) throw new Error('agenda desaparecida tras un conflicto de inserción');
  return { agenda: existente, creada: false };
}

// ---------- 24-hour reminders (jobs.ts) ----------

/** Claims, with one atomic UPDATE ... RETURNING, the confirmed appointments whose start (wall clock
 * of the clinic) lies in (desde, hasta] and whose reminder nobody sent or holds (a claim older than
 * `vencido` belongs to a process that died). Two processes never claim the same row. */
export async function reclamarCitasParaRecordar(
  db: DbOrTx,
  o: { ahora: Date; vencido: Date; desde: { fecha: string; hora: string }; hasta: { fecha: string; hora: string }; lote: number },
): Promise<number[]> {
  const libre = sql`(${cita.recordatorioReclamadoEn} is null or ${cita.recordatorioReclamadoEn} <= ${o.vencido.toISOString()}::timestamptz)`;
  const pendientes = sql`select ${cita.id_cita} from ${cita}
    where ${cita.estado} = 'confirmada' and ${cita.recordatorioEnviadoEn} is null and ${libre}
      and (${cita.fecha}, ${cita.hora_inicio}) > (${o.desde.fecha}::date, ${o.desde.hora}::time)
      and (${cita.fecha}, ${cita.hora_inicio}) <= (${o.hasta.fecha}::date, ${o.hasta.hora}::time)
    order by ${cita.fecha}, ${cita.hora_inicio}
    limit ${o.lote} for update skip locked`;
  const reclamadas = await db
    .update(cita)
    .set({ recordatorioReclamadoEn: o.ahora })
    .where(and(sql`${cita.id_cita} in (${pendientes})`, isNull(cita.recordatorioEnviadoEn), libre))
    .returning({ id_cita: cita.id_cita });
  return reclamadas.map((r) => r.id_cita);
}

/** What a reminder email says: the appointment, the patient and the psychologist's practice. */
export async function detallesParaRecordatorio(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id_cita: cita.id_cita,
      fecha: cita.fecha,
      hora_inicio: cita.hora_inicio,
      hora_fin: cita.hora_fin,
      modalidad: cita.modalidad,
      id_paciente: cita.id_paciente,
      correo: paciente.email,
      nombre: paciente.nombre,
      psicologoNombre: psicologo.nombre,
      psicologoApellido: psicologo.apellidoPaterno,
      direccion: psicologo.direccionConsultorio,
    })
    .from(cita)
    .innerJoin(paciente, eq(paciente.id_paciente, cita.id_paciente))
    .innerJoin(psicologo, eq(psicologo.id_psicologo, cita.id_psicologo))
    .where(inArray(cita.id_cita, ids));
}

/** Ends a claim made at `reclamadoEn`, only while it is still that claim (a reschedule meanwhile
 * cleared it, and the new time keeps its own reminder): sent, or released for the next tick. */
export async function cerrarReclamoRecordatorio(db: DbOrTx, o: { idCita: number; reclamadoEn: Date; enviadoEn: Date | null }) {
  await db
    .update(cita)
    .set(o.enviadoEn ? { recordatorioEnviadoEn: o.enviadoEn } : { recordatorioReclamadoEn: null })
    .where(and(eq(cita.id_cita, o.idCita), eq(cita.recordatorioReclamadoEn, o.reclamadoEn)));
}
