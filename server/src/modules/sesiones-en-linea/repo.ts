// Queries of the online-session rooms. A room's window is read with it: an appointment's from the
// appointment's wall-clock date and hours in the clinic's zone (rescheduling moves it), a room
// opened from the chat from its own `abre_en`/`cierra_base_en`.
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cita } from '../../db/schema/agenda';
import { paciente, psicologo } from '../../db/schema/cuentas';
import { sesionEnLinea as s } from '../../db/schema/sesiones-en-linea';
import { SALA_ABRE_ANTES_MIN } from '@miduelo/shared/sesiones-en-linea';

/** A room as the service reasons about it; `id_sesion` null: an appointment's room not created yet. */
export interface Sala {
  id_sesion: number | null;
  id_cita: number | null;
  id_psicologo: number;
  id_paciente: number;
  /** The appointment's modality and state (null for a room opened from the chat). */
  modalidad: string | null;
  estado_cita: string | null;
  abre_en: Date;
  /** The end before the grace. */
  cierra_base_en: Date;
  gracia_min: number;
  iniciada_en: Date | null;
  terminada_en: Date | null;
  terminada_por: string | null;
  entro_psicologo_en: Date | null;
  entro_paciente_en: Date | null;
  psicologo: { nombre: string; apellido_paterno: string; apellido_materno: string | null };
  paciente: { nombre: string; apellido_paterno: string; apellido_materno: string | null };
}

const inicioCita = (zona: string) => sql`((${cita.fecha} + ${cita.hora_inicio}) at time zone ${zona})`;
const finCita = (zona: string) => sql`((${cita.fecha} + ${cita.hora_fin}) at time zone ${zona})`;

const nombres = {
  psicologo: { nombre: psicologo.nombre, apellido_paterno: psicologo.apellidoPaterno, apellido_materno: psicologo.apellidoMaterno },
  paciente: { nombre: paciente.nombre, apellido_paterno: paciente.apellido_paterno, apellido_materno: paciente.apellido_materno },
};

function columnasSala(zona: string) {
  return {
    id_sesion: s.id_sesion,
    id_cita: s.id_cita,
    id_psicologo: s.id_psicologo,
    id_paciente: s.id_paciente,
    modalidad: cita.modalidad,
    estado_cita: cita.estado,
    abre_en: sql`coalesce(${s.abre_en}, ${inicioCita(zona)} - make_interval(mins => ${SALA_ABRE_ANTES_MIN}::int))`.mapWith(s.creada_en),
    cierra_base_en: sql`coalesce(${s.cierra_base_en}, ${finCita(zona)})`.mapWith(s.creada_en),
    gracia_min: s.gracia_min,
    iniciada_en: s.iniciada_en,
    terminada_en: s.terminada_en,
    terminada_por: s.terminada_por,
    entro_psicologo_en: s.entro_psicologo_en,
    entro_paciente_en: s.entro_paciente_en,
    ...nombres,
  };
}

async function salasDonde(db: DbOrTx, zona: string, donde: SQL | undefined, limite = 500): Promise<Sala[]> {
  const filas = await db
    .select(columnasSala(zona))
    .from(s)
    .innerJoin(psicologo, eq(psicologo.id_psicologo, s.id_psicologo))
    .innerJoin(paciente, eq(paciente.id_paciente, s.id_paciente))
    .leftJoin(cita, eq(cita.id_cita, s.id_cita))
    .where(donde)
    .orderBy(desc(s.id_sesion))
    .limit(limite);
  return filas as Sala[];
}

export async function salaPorId(db: DbOrTx, zona: string, idSesion: number): Promise<Sala | null> {
  const [f] = await salasDonde(db, zona, eq(s.id_sesion, idSesion), 1);
  return f ?? null;
}

/** An appointment's room: the row when it exists, else the appointment as a room not created yet. */
export async function salaDeCita(db: DbOrTx, zona: string, idCita: number): Promise<Sala | null> {
  const [f] = await db
    .select({
      id_sesion: s.id_sesion,
      id_cita: cita.id_cita,
      id_psicologo: cita.id_psicologo,
      id_paciente: cita.id_paciente,
      modalidad: cita.modalidad,
      estado_cita: cita.estado,
      abre_en: sql`${inicioCita(zona)} - make_interval(mins => ${SALA_ABRE_ANTES_MIN}::int)`.mapWith(s.creada_en),
      cierra_base_en: finCita(zona).mapWith(s.creada_en),
      gracia_min: sql<number>`coalesce(${s.gracia_min}, 0)`.mapWith(Number),
      iniciada_en: s.iniciada_en,
      terminada_en: s.terminada_en,
      terminada_por: s.terminada_por,
      entro_psicologo_en: s.entro_psicologo_en,
      entro_paciente_en: s.entro_paciente_en,
      ...nombres,
    })
    .from(cita)
    .innerJoin(psicologo, eq(psicologo.id_psicologo, cita.id_psicologo))
    .innerJoin(paciente, eq(paciente.id_paciente, cita.id_paciente))
    .leftJoin(s, eq(s.id_cita, cita.id_cita))
    .where(eq(cita.id_cita, idCita));
  return (f as Sala | undefined) ?? null;
}

/** Creates an appointment's room (a second request racing it finds the first one's). */
export async function crearSalaDeCita(db: DbOrTx, o: { idCita: number; idPsicologo: number; idPaciente: number }): Promise<number> {
  const [n] = await db
    .insert(s)
    .values({ id_cita: o.idCita, id_psicologo: o.idPsicologo, id_paciente: o.idPaciente })
    .onConflictDoNothing({ target: s.id_cita })
    .returning({ id: s.id_sesion });
  if (n) return n.id;
  const [e] = await db.select({ id: s.id_sesion }).from(s).where(eq(s.id_cita, o.idCita));
  return e.id;
}

/** The open room opened from the chat with a patient (at most one, a unique index says so). */
export async function salaSinCitaAbierta(db: DbOrTx, zona: string, idPaciente: number): Promise<Sala | null> {
  const [f] = await salasDonde(db, zona, and(eq(s.id_paciente, idPaciente), isNull(s.id_cita), isNull(s.terminada_en)), 1);
  return f ?? null;
}

/** Opens a room from the chat; null when another request opened one first. */
export async function crearSalaSinCita(
  db: DbOrTx,
  o: { idPsicologo: number; idPaciente: number; abre: Date; cierra: Date },
): Promise<number | null> {
  const [n] = await db
    .insert(s)
    .values({ id_psicologo: o.idPsicologo, id_paciente: o.idPaciente, abre_en: o.abre, cierra_base_en: o.cierra, creada_en: o.abre })
    .onConflictDoNothing({ target: s.id_paciente, where: sql`${s.id_cita} is null and ${s.terminada_en} is null` })
    .returning({ id: s.id_sesion });
  return n?.id ?? null;
}

/** Rooms not ended of a psychologist or of a patient. */
export function salasAbiertasDe(db: DbOrTx, zona: string, parte: { tipo: 'psicologo' | 'paciente'; id: number }) {
  const duena = parte.tipo === 'psicologo' ? eq(s.id_psicologo, parte.id) : eq(s.id_paciente, parte.id);
  return salasDonde(db, zona, and(duena, isNull(s.terminada_en)));
}

/** The records of a patient's rooms with one psychologist (the patient file). */
export function salasDePaciente(db: DbOrTx, zona: string, idPsicologo: number, idPaciente: number) {
  return salasDonde(db, zona, and(eq(s.id_paciente, idPaciente), eq(s.id_psicologo, idPsicologo)), 200);
}

/** Ends rooms whose window passed with nobody ending them, at the window's end. */
export async function terminarPorVentana(db: DbOrTx, salas: Array<{ id_sesion: number; cierra_en: Date }>): Promise<Set<number>> {
  const terminadas = new Set<number>();
  for (const x of salas) {
    const r = await db
      .update(s)
      .set({ terminada_en: x.cierra_en, terminada_por: 'ventana' })
      .where(and(eq(s.id_sesion, x.id_sesion), isNull(s.terminada_en)))
      .returning({ id: s.id_sesion });
    if (r.length > 0) terminadas.add(x.id_sesion);
  }
  return terminadas;
}

/** Rooms not ended yet (the oldest first is not needed: the expiry pass takes them all, in pages). */
export function salasSinTerminar(db: DbOrTx, zona: string, limite: number): Promise<Sala[]> {
  return salasDonde(db, zona, isNull(s.terminada_en), limite);
}

/** Ends a room by its psychologist; false when it had already ended. */
export async function terminarSala(db: DbOrTx, idSesion: number, ahora: Date): Promise<boolean> {
  const r = await db
    .update(s)
    .set({ terminada_en: ahora, terminada_por: 'psicologo' })
    .where(and(eq(s.id_sesion, idSesion), isNull(s.terminada_en)))
    .returning({ id: s.id_sesion });
  return r.length > 0;
}

/** Adds grace minutes when the total stays within the ceiling; false otherwise. */
export async function sumarGracia(db: DbOrTx, idSesion: number, minutos: number, maximo: number): Promise<boolean> {
  const r = await db
    .update(s)
    .set({ gracia_min: sql`${s.gracia_min} + ${minutos}::int` })
    .where(and(eq(s.id_sesion, idSesion), isNull(s.terminada_en), sql`${s.gracia_min} + ${minutos}::int <= ${maximo}::int`))
    .returning({ id: s.id_sesion });
  return r.length > 0;
}

/** Marks the patient admitted (the session's start), once. */
export async function marcarIniciada(db: DbOrTx, idSesion: number, ahora: Date): Promise<boolean> {
  const r = await db
    .update(s)
    .set({ iniciada_en: ahora })
    .where(and(eq(s.id_sesion, idSesion), isNull(s.iniciada_en)))
    .returning({ id: s.id_sesion });
  return r.length > 0;
}

/** Records a party's first entry into the room. */
export async function marcarEntrada(db: DbOrTx, idSesion: number, tipo: 'psicologo' | 'paciente', ahora: Date): Promise<boolean> {
  const col = tipo === 'psicologo' ? s.entro_psicologo_en : s.entro_paciente_en;
  const r = await db
    .update(s)
    .set(tipo === 'psicologo' ? { entro_psicologo_en: ahora } : { entro_paciente_en: ahora })
    .where(and(eq(s.id_sesion, idSesion), isNull(col)))
    .returning({ id: s.id_sesion });
  return r.length > 0;
}
