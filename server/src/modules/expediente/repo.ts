// Every SQL statement of the clinical record. Reads of a psychologist's data join `paciente` on its
// current psychologist: another psychologist's application or note reads as absent (404).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ColumnaCifrada } from '../../db/cifrar-pendientes';
import type { TipoEscala, TipoRespuesta } from '@miduelo/shared/expediente';
import type { DbOrTx } from '../../db/client';
import { filas } from '../../db/filas';
import { paciente, psicologo } from '../../db/schema/cuentas';
import { aplicacionTest, pacienteEnRiesgo, respuestaTest, test, testBanda, testPregunta } from '../../db/schema/expediente';
import { COLUMNAS_RESULTADO } from './resultado-cifrado';

// ---------------------------------------------------------------- encryption at rest

/** The record's encrypted columns, encrypted at start when plain (stored before, decision 335) and
 * re-encrypted when under a retired key (rotation, decision 070): notes' title and content, every
 * answer, and each application's result. */
export const COLUMNAS_CIFRADAS: ColumnaCifrada[] = [
  { tabla: 'nota', clave: 'id_nota', columna: 'titulo' },
  { tabla: 'nota', clave: 'id_nota', columna: 'contenido' },
  { tabla: 'respuesta_test', clave: 'id_respuesta', columna: 'respuesta' },
  ...COLUMNAS_RESULTADO,
];

// ---------------------------------------------------------------- catalogue

export interface FilaTest {
  id_test: number;
  nombre: string;
  descripcion: string;
  tipo_escala: TipoEscala;
  activo: boolean;
  desplazamiento: number;
  bandas_validadas: boolean;
  fecha_creacion: Date;
}
export interface FilaPregunta {
  id_pregunta: number;
  id_test: number;
  orden: number;
  texto_pregunta: string;
  tipo_respuesta: TipoRespuesta;
  inversa: boolean;
  alerta: boolean;
}
export interface FilaBanda {
  id_test: number;
  minimo: number;
  maximo: number;
  interpretacion: string;
  riesgo: boolean;
}

const columnasTest = {
  id_test: test.id_test,
  nombre: test.nombre,
  descripcion: test.descripcion,
  tipo_escala: sql<TipoEscala>`${test.tipo_escala}`,
  activo: test.activo,
  desplazamiento: test.desplazamiento,
  bandas_validadas: test.bandas_validadas,
  fecha_creacion: test.fecha_creacion,
};

/** Tests (active only, or one by id whatever its state) with their questions and bands. */
export async function catalogo(db: DbOrTx, o: { idTest?: number } = {}) {
  const tests: FilaTest[] = await db
    .select(columnasTest)
    .from(test)
    .where(o.idTest === undefined ? eq(test.activo, true) : eq(test.id_test, o.idTest))
    .orderBy(asc(test.id_test));
  if (tests.length === 0) return [];
  const ids = tests.map((t) => t.id_test);
  const [preguntas, bandas] = await Promise.all([
    db
      .select({
        id_pregunta: testPregunta.id_pregunta,
        id_test: testPregunta.id_test,
        orden: testPregunta.orden,
        texto_pregunta: testPregunta.texto_pregunta,
        tipo_respuesta: sql<TipoRespuesta>`${testPregunta.tipo_respuesta}`,
        inversa: testPregunta.inversa,
        alerta: testPregunta.alerta,
      })
      .from(testPregunta)
      .where(inArray(testPregunta.id_test, ids))
      .orderBy(asc(testPregunta.id_test), asc(testPregunta.orden)) as Promise<FilaPregunta[]>,
    db
      .select({
        id_test: testBanda.id_test,
        minimo: testBanda.minimo,
        maximo: testBanda.maximo,
        interpretacion: testBanda.interpretacion,
        riesgo: testBanda.riesgo,
      })
      .from(testBanda)
      .where(inArray(testBanda.id_test, ids))
      .orderBy(asc(testBanda.id_test), asc(testBanda.minimo)) as Promise<FilaBanda[]>,
  ]);
  return tests.map((t) => ({
    ...t,
    preguntas: preguntas.filter((p) => p.id_test === t.id_test),
    bandas: bandas.filter((b) => b.id_test === t.id_test),
  }));
}
export type TestCompleto = Awaited<ReturnType<typeof catalogo>>[number];

// ---------------------------------------------------------------- applications

const columnasAplicacion = {
  id_aplicacion: aplicacionTest.id_aplicacion,
  id_test: aplicacionTest.id_test,
  id_paciente: aplicacionTest.id_paciente,
  id_psicologo: aplicacionTest.id_psicologo,
  fecha: aplicacionTest.fecha,
  estado: aplicacionTest.estado,
  puntaje_total: aplicacionTest.puntaje_total,
  interpretacion: aplicacionTest.interpretacion,
  riesgo: aplicacionTest.riesgo,
  nombre_test: test.nombre,
  tipo_escala: sql<TipoEscala>`${test.tipo_escala}`,
};
export type FilaAplicacion = {
  id_aplicacion: number;
  id_test: number;
  id_paciente: number;
  id_psicologo: number | null;
  fecha: Date;
  estado: string;
  /** The result as stored, encrypted (resultado-cifrado.ts opens it). */
  puntaje_total: string | null;
  interpretacion: string | null;
  riesgo: string;
  nombre_test: string;
  tipo_escala: TipoEscala;
};

/** Stores an application; with a client id this patient already has (decision 313), even one a
 * concurrent request is committing, it writes nothing and answers null. */
export async function insertarAplicacion(
  tx: DbOrTx,
  o: {
    idTest: number;
    idPaciente: number;
    idPsicologo: number;
    fecha: Date;
    /** Encrypted (cifrarResultado). */
    resultado: { puntaje_total: string; interpretacion: string; riesgo: string };
    idCliente: string | null;
  },
): Promise<number | null> {
  const [f] = await tx
    .insert(aplicacionTest)
    .values({
      id_test: o.idTest,
      id_paciente: o.idPaciente,
      id_psicologo: o.idPsicologo,
      fecha: o.fecha,
      estado: 'completado',
      ...o.resultado,
      id_cliente: o.idCliente,
    })
    .onConflictDoNothing({ target: [aplicacionTest.id_paciente, aplicacionTest.id_cliente] })
    .returning({ id: aplicacionTest.id_aplicacion });
  return f?.id ?? null;
}

/** The application this patient already has under a client id (decision 313): its id, its test and who stored it. */
export async function aplicacionPorCliente(db: DbOrTx, idPaciente: number, idCliente: string) {
  const [f] = await db
    .select({ id_aplicacion: aplicacionTest.id_aplicacion, id_psicologo: aplicacionTest.id_psicologo, id_test: aplicacionTest.id_test })
    .from(aplicacionTest)
    .where(and(eq(aplicacionTest.id_paciente, idPaciente), eq(aplicacionTest.id_cliente, idCliente)));
  return f ?? null;
}

export async function insertarRespuestas(tx: DbOrTx, idAplicacion: number, filas: { id_pregunta: number; respuesta: string }[]) {
  if (filas.length === 0) return;
  await tx.insert(respuestaTest).values(filas.map((f) => ({ id_aplicacion: idAplicacion, ...f })));
}

/** Score evolution of a patient (completed applications), oldest first; optionally one test. */
export async function evolucion(db: DbOrTx, idPaciente: number, idTest?: number) {
  return db
    .select({
      id_aplicacion: aplicacionTest.id_aplicacion,
      id_test: aplicacionTest.id_test,
      fecha: aplicacionTest.fecha,
      nombre_test: test.nombre,
      puntaje: aplicacionTest.puntaje_total,
      interpretacion: aplicacionTest.interpretacion,
      riesgo: aplicacionTest.riesgo,
    })
    .from(aplicacionTest)
    .innerJoin(test, eq(test.id_test, aplicacionTest.id_test))
    .where(
      and(
        eq(aplicacionTest.id_paciente, idPaciente),
        eq(aplicacionTest.estado, 'completado'),
        idTest === undefined ? undefined : eq(aplicacionTest.id_test, idTest),
      ),
    )
    .orderBy(asc(aplicacionTest.fecha), asc(aplicacionTest.id_aplicacion));
}

/** An application whose patient is this psychologist's, or null. */
export async function aplicacionDePsicologo(db: DbOrTx, idPsicologo: number, idAplicacion: number): Promise<FilaAplicacion | null> {
  const [f] = await db
    .select(columnasAplicacion)
    .from(aplicacionTest)
    .innerJoin(test, eq(test.id_test, aplicacionTest.id_test))
    .innerJoin(paciente, eq(paciente.id_paciente, aplicacionTest.id_paciente))
    .where(and(eq(aplicacionTest.id_aplicacion, idAplicacion), eq(paciente.id_psicologo, idPsicologo)));
  return f ?? null;
}

/** The answers of an application with their questions, in the test's order (text still encrypted). */
export async function respuestasDe(db: DbOrTx, idAplicacion: number) {
  return db
    .select({
      id_pregunta: respuestaTest.id_pregunta,
      respuesta: respuestaTest.respuesta,
      orden: testPregunta.orden,
      texto_pregunta: testPregunta.texto_pregunta,
      tipo_respuesta: sql<TipoRespuesta>`${testPregunta.tipo_respuesta}`,
    })
    .from(respuestaTest)
    .innerJoin(testPregunta, eq(testPregunta.id_pregunta, respuestaTest.id_pregunta))
    .where(eq(respuestaTest.id_aplicacion, idAplicacion))
    .orderBy(asc(testPregunta.orden));
}

/** The risk flag of a patient as stored (decision 335): a row in paciente_en_riesgo. */
export async function riesgoDePaciente(db: DbOrTx, idPaciente: number): Promise<boolean> {
  const [f] = await filas<{ riesgo: boolean }>(
    db,
    sql`select exists (select 1 from paciente_en_riesgo where id_paciente = ${idPaciente}) as riesgo`,
  );
  return Boolean(f?.riesgo);
}

/** The encrypted risk flags of the patient's latest completed application of each test, read with
 * the patient row locked (no key update): two applications stored at once take turns, so the second
 * sees the first's flag. */
export async function riesgosUltimos(tx: DbOrTx, idPaciente: number): Promise<string[]> {
  await tx.execute(sql`select 1 from paciente where id_paciente = ${idPaciente} for no key update`);
  const f = await filas<{ riesgo: string }>(
    tx,
    sql`select distinct on (a.id_test) a.riesgo from aplicacion_test a
         where a.id_paciente = ${idPaciente} and a.estado = 'completado'
         order by a.id_test, a.fecha desc, a.id_aplicacion desc`,
  );
  return f.map((x) => x.riesgo);
}

/** Sets or clears the patient's stored risk flag. */
export async function guardarRiesgo(tx: DbOrTx, idPaciente: number, riesgo: boolean) {
  if (riesgo) await tx.insert(pacienteEnRiesgo).values({ id_paciente: idPaciente }).onConflictDoNothing();
  else await tx.delete(pacienteEnRiesgo).where(eq(pacienteEnRiesgo.id_paciente, idPaciente));
}

/** Header of the PDF: clinic (the psychologist's practice) and patient. */
export async function cabeceraPdf(db: DbOrTx, idPsicologo: number, idPaciente: number) {
  const [f] = await db
    .select({
      psicologo: {
        nombre: psicologo.nombre,
        apellidoPaterno: psicologo.apellidoPaterno,
        apellidoMaterno: psicologo.apellidoMaterno,
        especialidad: psicologo.especialidad,
        cedula: psicologo.cedula,
        direccion: psicologo.direccionConsultorio,
      },
      paciente: {
        nombre: paciente.nombre,
        apellido_paterno: paciente.apellido_paterno,
        apellido_materno: paciente.apellido_materno,
        fecha_nacimiento: paciente.fecha_nacimiento,
      },
    })
    .from(paciente)
    .innerJoin(psicologo, eq(psicologo.id_psicologo, idPsicologo))
    .where(eq(paciente.id_paciente, idPaciente));
  return f ?? null;
}

// ---------------------------------------------------------------- reads with the patient check folded in

// The three busiest reads (a patient's notes, history and evolution) check "this patient is this
// psychologist's" in the same statement: `paciente` left-joined to the rows. No row at all means
// not this psychologist's patient (404); one row of nulls, a patient with nothing yet. One round
// trip fewer per read (bench/expediente).

/** The patient's applications, newest first, or null when the patient is not this psychologist's. */
export async function aplicacionesDePacienteDe(db: DbOrTx, idPsicologo: number, idPaciente: number): Promise<FilaAplicacion[] | null> {
  const filas = await db
    .select(columnasAplicacion)
    .from(paciente)
    .leftJoin(aplicacionTest, eq(aplicacionTest.id_paciente, paciente.id_paciente))
    .leftJoin(test, eq(test.id_test, aplicacionTest.id_test))
    .where(and(eq(paciente.id_paciente, idPaciente), eq(paciente.id_psicologo, idPsicologo)))
    .orderBy(desc(aplicacionTest.fecha), desc(aplicacionTest.id_aplicacion));
  if (filas.length === 0) return null;
  return (filas as (FilaAplicacion | { id_aplicacion: null })[]).filter((f): f is FilaAplicacion => f.id_aplicacion !== null);
}

/** The evolution (oldest first, optionally one test), or null when the patient is not this psychologist's. */
/** One point of a patient's evolution as stored (results still encrypted: decision 335). */
export type FilaEvolucion = {
  id_aplicacion: number;
  id_test: number;
  fecha: Date;
  nombre_test: string;
  puntaje: string | null;
  interpretacion: string | null;
  riesgo: string;
};

export async function evolucionDe(db: DbOrTx, idPsicologo: number, idPaciente: number, idTest?: number) {
  const filas = await db
    .select({
      id_aplicacion: aplicacionTest.id_aplicacion,
      id_test: aplicacionTest.id_test,
      fecha: aplicacionTest.fecha,
      nombre_test: test.nombre,
      puntaje: aplicacionTest.puntaje_total,
      interpretacion: aplicacionTest.interpretacion,
      riesgo: aplicacionTest.riesgo,
    })
    .from(paciente)
    .leftJoin(
      aplicacionTest,
      and(
        eq(aplicacionTest.id_paciente, paciente.id_paciente),
        eq(aplicacionTest.estado, 'completado'),
        idTest === undefined ? undefined : eq(aplicacionTest.id_test, idTest),
      ),
    )
    .leftJoin(test, eq(test.id_test, aplicacionTest.id_test))
    .where(and(eq(paciente.id_paciente, idPaciente), eq(paciente.id_psicologo, idPsicologo)))
    .orderBy(asc(aplicacionTest.fecha), asc(aplicacionTest.id_aplicacion));
  if (filas.length === 0) return null;
  return (filas as (FilaEvolucion | { id_aplicacion: null })[]).filter((f): f is FilaEvolucion => f.id_aplicacion !== null);
}
