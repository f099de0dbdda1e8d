// The clinical record's rules (spec 1 §5, §7; spec 2 §5; decisions 100–105). Every call is scoped
// to the psychologist of the token: another psychologist's patient, application or note answers
// 404 like an id that does not exist. Every read, export, creation, change and deletion writes an
// audit row (decision 090): writes in their own transaction, reads before answering (fail closed).
import { sala } from '@miduelo/shared/realtime';
import { type Aplicacion, type AplicarTest, MSG_EXPEDIENTE } from '@miduelo/shared/expediente';
import { type Actor, auditar } from '../../comun/auditoria';
import type { Cifrador } from '../../comun/cifrado';
import { avisar } from '../../comun/aviso';
import { esPacienteDe } from '../../comun/repo';
import type { DbOrTx } from '../../db/client';
import { type Creado, idClienteDistinto } from '../../comun/id-cliente';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import { aplicacionDto, COL_RESPUESTA, evolucionDto, respuestaDto, testDetalleDto, testDto } from './dto';
import { puntuar } from './puntuacion';
import * as repo from './repo';
import { cifrarResultado, leerRiesgo } from './resultado-cifrado';

export type CtxExp = Pick<Ctx, 'db' | 'cifrador' | 'realtime' | 'now' | 'log'>;
export interface Quien {
  actor: Actor;
  idPsicologo: number;
}

export const pacienteNoEncontrado = () => notFound(MSG_EXPEDIENTE.pacienteNoEncontrado, 'PACIENTE_NO_ENCONTRADO');
const aplicacionNoEncontrada = () => notFound(MSG_EXPEDIENTE.aplicacionNoEncontrada, 'APLICACION_NO_ENCONTRADA');

export async function exigirPaciente(db: DbOrTx, idPsicologo: number, idPaciente: number) {
  if (!(await esPacienteDe(db, idPsicologo, idPaciente))) throw pacienteNoEncontrado();
}

// ---------------------------------------------------------------- catalogue

export async function listarTests(ctx: CtxExp) {
  return (await repo.catalogo(ctx.db)).map(testDto);
}

export async function obtenerTest(ctx: CtxExp, { idTest }: { idTest: number }) {
  const [t] = await repo.catalogo(ctx.db, { idTest });
  if (!t) throw notFound(MSG_EXPEDIENTE.testNoEncontrado, 'TEST_NO_ENCONTRADO');
  return testDetalleDto(t);
}

// ---------------------------------------------------------------- applications

/** Recomputes the patient's stored risk flag (decision 104) from the encrypted flags of the latest
 * application of each test, after one is stored; answers it. */
export async function actualizarRiesgoDePaciente(tx: DbOrTx, cif: Cifrador, idPaciente: number): Promise<boolean> {
  const riesgo = (await repo.riesgosUltimos(tx, idPaciente)).some((r) => leerRiesgo(cif, r));
  await repo.guardarRiesgo(tx, idPaciente, riesgo);
  return riesgo;
}

/** The record a client id already names for this patient (decision 313): its id, or null when
 * none. Stored by another psychologist (the patient was reassigned since), it is not theirs to
 * see: 409, and nothing of it is read. */
export function yaGuardado(idPsicologo: number, previo: { id: number; id_psicologo: number | null } | null): number | null {
  if (!previo) return null;
  if (previo.id_psicologo !== idPsicologo) throw conflict(MSG_EXPEDIENTE.idClienteAjeno, 'ID_CLIENTE_AJENO');
  return previo.id;
}

async function aplicacionYaGuardada(tx: DbOrTx, idPsicologo: number, idPaciente: number, idCliente: string) {
  const f = await repo.aplicacionPorCliente(tx, idPaciente, idCliente);
  return yaGuardado(idPsicologo, f && { id: f.id_aplicacion, id_psicologo: f.id_psicologo }) === null ? null : f;
}

/** Whether a request carries what the application under its client id holds: the same test and the
 * same answers, each normalised as it was stored (the stored test's rules; text trimmed, compared
 * decrypted). Answers its rules refuse are not what was stored. */
async function mismaAplicacion(tx: DbOrTx, ctx: CtxExp, previa: { id_aplicacion: number; id_test: number }, datos: AplicarTest) {
  if (previa.id_test !== datos.id_test) return false;
  const [t] = await repo.catalogo(tx, { idTest: previa.id_test });
  if (!t) return false;
  let p: ReturnType<typeof puntuar>;
  try {
    p = puntuar(t, datos.respuestas);
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
  const guardadas = await repo.respuestasDe(tx, previa.id_aplicacion);
  const porPregunta = new Map(guardadas.map((g) => [g.id_pregunta, ctx.cifrador.leer(g.respuesta, COL_RESPUESTA)]));
  return porPregunta.size === p.respuestas.length && p.respuestas.every((x) => porPregunta.get(x.id_pregunta) === x.valor);
}

/** Applies a test: scores it from the stored rules, stores answers (text encrypted) and result.
 * With a client id already stored for this patient, it writes nothing and answers that application
 * when the request carries the same test and answers, or 409 ID_CLIENTE_DISTINTO when not. */
export async function aplicarTest(ctx: CtxExp, o: Quien & { datos: AplicarTest }): Promise<Creado<Aplicacion>> {
  const { datos } = o;
  const idCliente = datos.id_cliente ?? null;
  const r = await ctx.db.transaction(async (tx) => {
    await exigirPaciente(tx, o.idPsicologo, datos.id_paciente);
    const conResultado = async (idAplicacion: number, nueva: boolean) => {
      const fila = await repo.aplicacionDePsicologo(tx, o.idPsicologo, idAplicacion);
      const riesgoPaciente = nueva
        ? await actualizarRiesgoDePaciente(tx, ctx.cifrador, datos.id_paciente)
        : await repo.riesgoDePaciente(tx, datos.id_paciente);
      return { aplicacion: aplicacionDto(ctx.cifrador, fila as repo.FilaAplicacion), riesgoPaciente, nueva };
    };
    const repetida = async (previa: { id_aplicacion: number; id_test: number }) => {
      if (!(await mismaAplicacion(tx, ctx, previa, datos))) throw idClienteDistinto();
      return conResultado(previa.id_aplicacion, false);
    };
    if (idCliente !== null) {
      const previa = await aplicacionYaGuardada(tx, o.idPsicologo, datos.id_paciente, idCliente);
      if (previa !== null) return repetida(previa);
    }
    const [t] = await repo.catalogo(tx, { idTest: datos.id_test });
    if (!t) throw notFound(MSG_EXPEDIENTE.testNoEncontrado, 'TEST_NO_ENCONTRADO');
    if (!t.activo) throw badRequest(MSG_EXPEDIENTE.testInactivo, 'TEST_INACTIVO');
    const p = puntuar(t, datos.respuestas);
    const idAplicacion = await repo.insertarAplicacion(tx, {
      idTest: t.id_test,
      idPaciente: datos.id_paciente,
      idPsicologo: o.idPsicologo,
      fecha: ctx.now(),
      resultado: cifrarResultado(ctx.cifrador, { puntaje: p.puntaje_total, interpretacion: p.interpretacion, riesgo: p.riesgo }),
      idCliente,
    });
    if (idAplicacion === null) {
      // The same client id, committed meanwhile by a request at the same moment: its answers stand
      // (and this one's, when they are other answers, are refused, not dropped).
      const previa = idCliente === null ? null : await aplicacionYaGuardada(tx, o.idPsicologo, datos.id_paciente, idCliente);
      if (previa === null) throw new Error('aplicacion_test: conflicto sin fila guardada');
      return repetida(previa);
    }
    await repo.insertarRespuestas(
      tx,
      idAplicacion,
      p.respuestas.map((x) => ({
        id_pregunta: x.id_pregunta,
        respuesta: ctx.cifrador.cifrar(x.valor, COL_RESPUESTA),
      })),
    );
    // No result in the audit row (decision 335): administrators read the log, and it stays plain.
    await auditar(tx, o.actor, {
      accion: 'crear',
      recurso: 'aplicacion_test',
      idRecurso: idAplicacion,
      idPaciente: datos.id_paciente,
      detalle: { id_test: t.id_test, respuestas: p.respuestas.length },
    });
    return conResultado(idAplicacion, true);
  });
  // Committed: a retry after an error would store the application twice (decision 288). A replay
  // publishes it again: the screens take it as the same application (by its id), not a new one.
  await avisar(ctx, 'aplicar test', () =>
    ctx.realtime.emitir(sala.psicologo(o.idPsicologo), 'expediente:aplicacion', {
      id_paciente: datos.id_paciente,
      aplicacion: r.aplicacion,
      riesgo_paciente: r.riesgoPaciente,
    }),
  );
  return { registro: r.aplicacion, nueva: r.nueva };
}

export async function aplicacionesDePaciente(ctx: CtxExp, o: Quien & { idPaciente: number }) {
  const filas = await repo.aplicacionesDePacienteDe(ctx.db, o.idPsicologo, o.idPaciente);
  if (!filas) throw pacienteNoEncontrado();
  await auditar(ctx.db, o.actor, {
    accion: 'leer',
    recurso: 'aplicacion_test',
    idPaciente: o.idPaciente,
    detalle: { vista: 'historial', cantidad: filas.length },
  });
  return filas.map((f) => aplicacionDto(ctx.cifrador, f));
}

export async function evolucionDePaciente(ctx: CtxExp, o: Quien & { idPaciente: number; idTest?: number }) {
  const filas = await repo.evolucionDe(ctx.db, o.idPsicologo, o.idPaciente, o.idTest);
  if (!filas) throw pacienteNoEncontrado();
  await auditar(ctx.db, o.actor, {
    accion: 'leer',
    recurso: 'aplicacion_test',
    idPaciente: o.idPaciente,
    detalle: { vista: 'evolucion', id_test: o.idTest ?? null, cantidad: filas.length },
  });
  return filas.map((f) => evolucionDto(ctx.cifrador, f));
}

export async function aplicacionPropia(db: DbOrTx, idPsicologo: number, idAplicacion: number) {
  const f = await repo.aplicacionDePsicologo(db, idPsicologo, idAplicacion);
  if (!f) throw aplicacionNoEncontrada();
  return f;
}

export async function respuestasDeAplicacion(ctx: CtxExp, o: Quien & { idAplicacion: number }) {
  const a = await aplicacionPropia(ctx.db, o.idPsicologo, o.idAplicacion);
  const filas = await repo.respuestasDe(ctx.db, a.id_aplicacion);
  await auditar(ctx.db, o.actor, {
    accion: 'leer',
    recurso: 'respuestas',
    idRecurso: a.id_aplicacion,
    idPaciente: a.id_paciente,
    detalle: { cantidad: filas.length },
  });
  return filas.map((f) => respuestaDto(ctx.cifrador, f));
}

export async function resultadoDeAplicacion(ctx: CtxExp, o: Quien & { idAplicacion: number }) {
  const a = await aplicacionPropia(ctx.db, o.idPsicologo, o.idAplicacion);
  await auditar(ctx.db, o.actor, { accion: 'leer', recurso: 'aplicacion_test', idRecurso: a.id_aplicacion, idPaciente: a.id_paciente });
  return aplicacionDto(ctx.cifrador, a);
}

/** What the PDF shows (decision 103); the export's audit row is written before it leaves. */
export async function datosDelPdf(ctx: CtxExp, o: Quien & { idAplicacion: number }) {
  const a = await aplicacionPropia(ctx.db, o.idPsicologo, o.idAplicacion);
  const [respuestas, evol, cab] = await Promise.all([
    repo.respuestasDe(ctx.db, a.id_aplicacion),
    repo.evolucion(ctx.db, a.id_paciente, a.id_test),
    repo.cabeceraPdf(ctx.db, o.idPsicologo, a.id_paciente),
  ]);
  if (!cab) throw aplicacionNoEncontrada();
  await auditar(ctx.db, o.actor, {
    accion: 'exportar',
    recurso: 'aplicacion_test',
    idRecurso: a.id_aplicacion,
    idPaciente: a.id_paciente,
    detalle: { formato: 'pdf' },
  });
  return {
    aplicacion: aplicacionDto(ctx.cifrador, a),
    respuestas: respuestas.map((f) => respuestaDto(ctx.cifrador, f)),
    evolucion: evol.filter((e) => e.fecha.getTime() <= a.fecha.getTime()).map((e) => evolucionDto(ctx.cifrador, e)),
    psicologo: cab.psicologo,
    paciente: cab.paciente,
  };
}
export type DatosPdf = Awaited<ReturnType<typeof datosDelPdf>>;
