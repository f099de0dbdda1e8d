// Every SQL statement of a psychologist's working hours: weekly availability and the exceptions
// (days off, changed hours) that override it.
import type { Disponibilidad, Excepcion } from '@miduelo/shared/agenda';
import { recortarHora } from '@miduelo/shared/agenda-tiempo';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { disponibilidad, excepcion } from '../../db/schema/agenda';
import { filasAMedida } from '../../plugins/db';

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

export async function disponibilidadDe(db: DbOrTx, idPsicologo: number): Promise<Disponibilidad[]> {
  const filas = await filasAMedida<FilaDisponibilidad>(
    db,
    `select id_disponibilidad, id_psicologo, dia_semana, hora_inicio, hora_fin from disponibilidad where id_psicologo = $1::int
      order by array_position(array['Lunes','Martes','Miércoles','Jueves','Viernes','Sábado','Domingo'], dia_semana), hora_inicio`,
    [idPsicologo],
  );
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
export async function excepcionesDe(db: DbOrTx, idPsicologo: number, o: { desde: string } | { fecha: string }): Promise<Excepcion[]> {
  const filas = await filasAMedida<FilaExcepcion>(
    db,
    `select id_excepcion, id_psicologo, fecha, hora_inicio, hora_fin, motivo from excepcion
      where id_psicologo = $1::int and fecha ${'fecha' in o ? '=' : '>='} $2::date order by fecha, hora_inicio`,
    [idPsicologo, 'fecha' in o ? o.fecha : o.desde],
  );
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
