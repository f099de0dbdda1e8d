import type { Agenda, Cita, Disponibilidad, Excepcion } from '@miduelo/shared/citas';
import { recortarHora } from '@miduelo/shared/citas-tiempo';
import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Cifrador } from '../../comun/cifrado';
import { columnasCita, marcaAniversarioCita } from '../../comun/repo';
import type { DbOrTx, Tx } from '../../db/client';
import { filasPreparadas } from '../../plugins/db';
import { agenda, cita, disponibilidad, excepcion } from '../../db/schema/agenda';
import { paciente, psicologo } from '../../db/schema/cuentas';

/** The AAD of an appointment's notes: their ciphertext opens only in this column (decision 070). */
export const COLUMNA_NOTAS = 'cita.notas';

/** An appointment with its owner (never sent: the response schemas strip id_psicologo). */
export type CitaConDueno = Cita & { id_psicologo: number };
type FilaCita = { [K in keyof typeof columnasCita]: unknown };

function aCita(cif: Cifrador, f: FilaCita): CitaConDueno {
  const { fecha_perdida, ...c } = f as unknown as CitaConDueno & { fecha_perdida: string | null };
  return {
    ...c,
    aniversario: marcaAniversarioCita(fecha_perdida, c.fecha),
    hora_inicio: recortarHora(c.hora_inicio),
    hora_fin: recortarHora(c.hora_fin),
    notas: c.notas === null ? null : cif.leer(c.notas, COLUMNA_NOTAS),
  };
}

function consultaCitas(db: DbOrTx) {
  return db.select(columnasCita).from(cita).innerJoin(paciente, eq(paciente.id_paciente, cita.id_paciente));
}

export async function citaDePsicologo(db: DbOrTx, cif: Cifrador, idPsicologo: number, idCita: number): Promise<CitaConDueno | null> {
  const [f] = await consultaCitas(db).where(and(eq(cita.id_cita, idCita), eq(cita.id_psicologo, idPsicologo)));
  return f ? aCita(cif, f) : null;
}

export async function citaDePaciente(db: DbOrTx, cif: Cifrador, idPaciente: number, idCita: number): Promise<CitaConDueno | null> {
  const [f] = await consultaCitas(db).where(and(eq(cita.id_cita, idCita), eq(cita.id_paciente, idPaciente)));
  return f ? aCita(cif, f) : null;
}

export async function citaPorId(db: DbOrTx, cif: Cifrador, idCita: number): Promise<CitaConDueno | null> {
  const [f] = await consultaCitas(db).where(eq(cita.id_cita, idCita));
  return f ? aCita(cif, f) : null;
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
  for (let i = 0; i < filas.length; i++) {
    const f = filas[i];
    citas[i] = {
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
      notas: f.notas === null ? null : cif.leer(f.notas, COLUMNA_NOTAS),
      origen: f.origen,
      version: f.version,
      paciente: { nombre: f.paciente_nombre, apellido_paterno: f.paciente_apellido_paterno, apellido_materno: f.paciente_apellido_materno },
      aniversario: f.fecha_perdida !== null && marcaAniversarioCita(f.fecha_perdida, f.fecha),
    };
  }
  return citas;
}

export async function citasDePaciente(db: DbOrTx, cif: Cifrador, idPaciente: number): Promise<CitaConDueno[]> {
  const filas = await consultaCitas(db).where(eq(cita.id_paciente, idPaciente)).orderBy(asc(cita.fecha), asc(cita.hora_inicio));
  return filas.map((f) => aCita(cif, f));
}

/** Active (not cancelled) appointments of a psychologist on a date that overlap [inicio, fin). */
export async function citasQueChocan(
  db: DbOrTx,
  o: { idPsicologo: number; fecha: string; hora_inicio: string; hora_fin: string; excluir?: number },
) {
  return db
    .select({ id_cita: cita.id_cita })
    .from(cita)
    .where(
      and(
        eq(cita.id_psicologo, o.idPsicologo),
        eq(cita.fecha, o.fecha),
        ne(cita.estado, 'cancelada'),
        lt(cita.hora_inicio, o.hora_fin),
        gt(cita.hora_fin, o.hora_inicio),
        o.excluir ? ne(cita.id_cita, o.excluir) : undefined,
      ),
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

/** Inserts an appointment; its notes are given in plain text and stored encrypted. */
export async function insertarCita(tx: Tx, cif: Cifrador, valores: typeof cita.$inferInsert): Promise<number> {
  const notas = valores.notas == null ? null : cif.cifrar(valores.notas, COLUMNA_NOTAS);
  const [f] = await tx
    .insert(cita)
    .values({ ...valores, notas })
    .returning({ id: cita.id_cita });
  return f.id;
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
  const filas = await consultaCitas(db).where(
    and(eq(cita.id_psicologo, c.id_psicologo), eq(cita.id_paciente, c.id_paciente), eq(cita.fecha, c.fecha)),
  );
  return filas.map((f) => aCita(cif, f));
}

/** Serialises every agenda write of one psychologist (bookings, reschedules, availability):
 * the row lock is held until the transaction ends, on PostgreSQL and on PGlite alike. */
export async function bloquearPsicologo(tx: Tx, idPsicologo: number) {
  const [p] = await tx
    .select({
      id_psicologo: psicologo.id_psicologo,
      status: psicologo.status,
      activadoEn: psicologo.activadoEn,
      rol_admin: psicologo.rol_admin,
      cedula_validada: psicologo.cedula_validada,
      createdAt: psicologo.createdAt,
    })
    .from(psicologo)
    .where(eq(psicologo.id_psicologo, idPsicologo))
    .for('no key update');
  return p ?? null;
}

// ---------- Weekly agenda ----------

const columnasAgenda = {
  id_agenda: agenda.id_agenda,
  id_psicologo: agenda.id_psicologo,
  semana_inicio: agenda.semana_inicio,
  semana_fin: agenda.semana_fin,
};

export async function agendaPorSemana(db: DbOrTx, idPsicologo: number, lunes: string): Promise<Agenda | null> {
  const [a] = await db
    .select(columnasAgenda)
    .from(agenda)
    .where(and(eq(agenda.id_psicologo, idPsicologo), eq(agenda.semana_inicio, lunes)));
  return a ?? null;
}

export async function agendaDePsicologo(db: DbOrTx, idPsicologo: number, idAgenda: number): Promise<Agenda | null> {
  const [a] = await db
    .select(columnasAgenda)
    .from(agenda)
    .where(and(eq(agenda.id_agenda, idAgenda), eq(agenda.id_psicologo, idPsicologo)));
  return a ?? null;
}

/** The week's agenda, created when missing. Two racing calls both get the same row: the unique
 * (id_psicologo, semana_inicio) makes the loser's insert a no-op, and it then reads the winner's. */
export async function asegurarAgenda(db: DbOrTx, idPsicologo: number, lunes: string, domingo: string) {
  const [creada] = await db
    .insert(agenda)
    .values({ id_psicologo: idPsicologo, semana_inicio: lunes, semana_fin: domingo })
    .onConflictDoNothing({ target: [agenda.id_psicologo, agenda.semana_inicio] })
    .returning(columnasAgenda);
  if (creada) return { agenda: creada, creada: true };
  const existente = await agendaPorSemana(db, idPsicologo, lunes);
  if (!existente) throw new Error('agenda desaparecida tras un conflicto de inserción');
  return { agenda: existente, creada: false };
}

// ---------- Availability ----------

const columnasDisponibilidad = {
  id_disponibilidad: disponibilidad.id_disponibilidad,
  id_psicologo: disponibilidad.id_psicologo,
  dia_semana: disponibilidad.dia_semana,
  hora_inicio: disponibilidad.hora_inicio,
  hora_fin: disponibilidad.hora_fin,
};
type FilaDisponibilidad = { [K in keyof typeof columnasDisponibilidad]: unknown };

function aDisponibilidad(f: FilaDisponibilidad): Disponibilidad {
  const d = f as Disponibilidad;
  return { ...d, hora_inicio: recortarHora(d.hora_inicio), hora_fin: recortarHora(d.hora_fin) };
}

const ORDEN_DIA = sql`array_position(array['Lunes','Martes','Miércoles','Jueves','Viernes','Sábado','Domingo'], ${disponibilidad.dia_semana})`;

export async function disponibilidadDe(db: DbOrTx, idPsicologo: number): Promise<Disponibilidad[]> {
  const filas = await db
    .select(columnasDisponibilidad)
    .from(disponibilidad)
    .where(eq(disponibilidad.id_psicologo, idPsicologo))
    .orderBy(ORDEN_DIA, asc(disponibilidad.hora_inicio));
  return filas.map(aDisponibilidad);
}

export async function disponibilidadPorId(db: DbOrTx, idPsicologo: number, id: number) {
  const [f] = await db
    .select(columnasDisponibilidad)
    .from(disponibilidad)
    .where(and(eq(disponibilidad.id_disponibilidad, id), eq(disponibilidad.id_psicologo, idPsicologo)));
  return f ? aDisponibilidad(f) : null;
}

export async function insertarDisponibilidad(
  tx: Tx,
  filas: Array<{ id_psicologo: number; dia_semana: string; hora_inicio: string; hora_fin: string }>,
) {
  const r = await tx.insert(disponibilidad).values(filas).returning(columnasDisponibilidad);
  return r.map(aDisponibilidad);
}

export async function modificarDisponibilidad(tx: Tx, id: number, d: { dia_semana: string; hora_inicio: string; hora_fin: string }) {
  const [f] = await tx.update(disponibilidad).set(d).where(eq(disponibilidad.id_disponibilidad, id)).returning(columnasDisponibilidad);
  return aDisponibilidad(f);
}

export async function borrarDisponibilidad(tx: Tx, idPsicologo: number, dia: string, horaInicio: string) {
  return tx
    .delete(disponibilidad)
    .where(
      and(eq(disponibilidad.id_psicologo, idPsicologo), eq(disponibilidad.dia_semana, dia), eq(disponibilidad.hora_inicio, horaInicio)),
    )
    .returning({ id: disponibilidad.id_disponibilidad });
}

// ---------- Exceptions ----------

const columnasExcepcion = {
  id_excepcion: excepcion.id_excepcion,
  id_psicologo: excepcion.id_psicologo,
  fecha: excepcion.fecha,
  hora_inicio: excepcion.hora_inicio,
  hora_fin: excepcion.hora_fin,
  motivo: excepcion.motivo,
};
type FilaExcepcion = { [K in keyof typeof columnasExcepcion]: unknown };

function aExcepcion(f: FilaExcepcion): Excepcion {
  const e = f as Excepcion;
  return {
    ...e,
    hora_inicio: e.hora_inicio === null ? null : recortarHora(e.hora_inicio),
    hora_fin: e.hora_fin === null ? null : recortarHora(e.hora_fin),
  };
}

/** Exceptions of a psychologist from a date on (or of exactly one date). */
export async function excepcionesDe(db: DbOrTx, idPsicologo: number, o: { desde?: string; fecha?: string }): Promise<Excepcion[]> {
  const filas = await db
    .select(columnasExcepcion)
    .from(excepcion)
    .where(
      and(
        eq(excepcion.id_psicologo, idPsicologo),
        o.desde ? gte(excepcion.fecha, o.desde) : undefined,
        o.fecha ? eq(excepcion.fecha, o.fecha) : undefined,
      ),
    )
    .orderBy(asc(excepcion.fecha), asc(excepcion.hora_inicio));
  return filas.map(aExcepcion);
}

export async function insertarExcepcion(tx: Tx, valores: typeof excepcion.$inferInsert) {
  const [f] = await tx.insert(excepcion).values(valores).returning(columnasExcepcion);
  return aExcepcion(f);
}

export async function borrarExcepcion(tx: Tx, idPsicologo: number, id: number) {
  const [f] = await tx
    .delete(excepcion)
    .where(and(eq(excepcion.id_excepcion, id), eq(excepcion.id_psicologo, idPsicologo)))
    .returning(columnasExcepcion);
  return f ? aExcepcion(f) : null;
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
