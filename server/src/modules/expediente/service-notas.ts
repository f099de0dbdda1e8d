// The psychologist's notes (spec 1 §5; decisions 102, 307, 313): scoped to the psychologist of the
// token like the rest of the record (service.ts); every read and write audited.
import { sala } from '@miduelo/shared/realtime';
import { type CrearNota, type EditarNota, MSG_EXPEDIENTE, type Nota, notaCoincide } from '@miduelo/shared/expediente';
import { auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import type { DbOrTx } from '../../db/client';
import { type Creado, idClienteDistinto } from '../../comun/id-cliente';
import { AppError, badRequest, notFound } from '../../errors';
import { COL_CONTENIDO, COL_TITULO, notaDto } from './dto';
import * as repo from './repo-notas';
import { aplicacionPropia, type CtxExp, exigirPaciente, pacienteNoEncontrado, type Quien, yaGuardado } from './service';

const notaNoEncontrada = () => notFound(MSG_EXPEDIENTE.notaNoEncontrada, 'NOTA_NO_ENCONTRADA');

export async function notasDeAplicacion(ctx: CtxExp, o: Quien & { idAplicacion: number }) {
  const a = await aplicacionPropia(ctx.db, o.idPsicologo, o.idAplicacion);
  const filas = await repo.notasDeAplicacion(ctx.db, a.id_aplicacion);
  await auditar(ctx.db, o.actor, {
    accion: 'leer',
    recurso: 'nota',
    idPaciente: a.id_paciente,
    detalle: { id_aplicacion: a.id_aplicacion, cantidad: filas.length },
  });
  return filas.map((f) => notaDto(ctx.cifrador, f));
}

// ---------------------------------------------------------------- notes

/** The patient's notes, newest first; `q` filters by title and content after decryption
 * (decision 102: one patient's notes are few, so no search hashes are stored for them). */
export async function listarNotas(ctx: CtxExp, o: Quien & { idPaciente: number; q?: string }) {
  const filas = await repo.notasDePacienteDe(ctx.db, o.idPsicologo, o.idPaciente);
  if (!filas) throw pacienteNoEncontrado();
  let notas = filas.map((f) => notaDto(ctx.cifrador, f));
  if (o.q?.trim()) notas = notas.filter((n) => notaCoincide(n, o.q as string));
  await auditar(ctx.db, o.actor, {
    accion: 'leer',
    recurso: 'nota',
    idPaciente: o.idPaciente,
    detalle: { cantidad: notas.length, busqueda: Boolean(o.q?.trim()) },
  });
  return notas;
}

export async function obtenerNota(ctx: CtxExp, o: Quien & { idNota: number }) {
  const f = await repo.notaDePsicologo(ctx.db, o.idPsicologo, o.idNota);
  if (!f) throw notaNoEncontrada();
  await auditar(ctx.db, o.actor, { accion: 'leer', recurso: 'nota', idRecurso: f.id_nota, idPaciente: f.id_paciente });
  return notaDto(ctx.cifrador, f);
}

/** After the commit: a note is saved even if the open screens cannot hear of it (decision 288). */
function publicarNota(ctx: CtxExp, idPsicologo: number, tipo: 'creada' | 'actualizada' | 'eliminada', n: Nota) {
  return avisar(ctx, `nota ${tipo}`, () =>
    ctx.realtime.emitir(sala.psicologo(idPsicologo), 'expediente:nota', { tipo, id_paciente: n.id_paciente, nota: n }),
  );
}

async function notaYaGuardada(tx: DbOrTx, idPsicologo: number, idPaciente: number, idCliente: string) {
  const f = await repo.notaPorCliente(tx, idPaciente, idCliente);
  return yaGuardado(idPsicologo, f && { id: f.id_nota, id_psicologo: f.id_psicologo }) === null ? null : f;
}

/** Whether a request carries what the note under its client id holds now: title and content (as the
 * schema trimmed them; the stored ones decrypted), type (fixed to test with an application) and
 * application. */
function mismaNota(ctx: CtxExp, f: repo.FilaNota, d: CrearNota): boolean {
  const idAplicacion = d.id_aplicacion ?? null;
  return (
    f.id_aplicacion === idAplicacion &&
    f.tipo === (idAplicacion !== null ? 'test' : d.tipo) &&
    ctx.cifrador.leer(f.titulo, COL_TITULO) === d.titulo &&
    ctx.cifrador.leer(f.contenido, COL_CONTENIDO) === d.contenido
  );
}

/** Creates a note (title and content encrypted). With a client id already stored for this patient,
 * it writes nothing and answers that note as it is stored now when the request carries the same
 * note, or 409 ID_CLIENTE_DISTINTO when not (decision 313). */
export async function crearNota(ctx: CtxExp, o: Quien & { datos: CrearNota }): Promise<Creado<Nota>> {
  const d = o.datos;
  const idCliente = d.id_cliente ?? null;
  const r = await ctx.db.transaction(async (tx): Promise<Creado<Nota>> => {
    await exigirPaciente(tx, o.idPsicologo, d.id_paciente);
    const repetida = (previa: repo.FilaNota): Creado<Nota> => {
      if (!mismaNota(ctx, previa, d)) throw idClienteDistinto();
      return { registro: notaDto(ctx.cifrador, previa), nueva: false };
    };
    if (idCliente !== null) {
      const previa = await notaYaGuardada(tx, o.idPsicologo, d.id_paciente, idCliente);
      if (previa) return repetida(previa);
    }
    const idAplicacion = d.id_aplicacion ?? null;
    if (idAplicacion !== null) {
      const a = await aplicacionPropia(tx, o.idPsicologo, idAplicacion);
      if (a.id_paciente !== d.id_paciente) throw badRequest(MSG_EXPEDIENTE.aplicacionDeOtroPaciente, 'APLICACION_DE_OTRO_PACIENTE');
    }
    const f = await repo.insertarNota(tx, {
      idPaciente: d.id_paciente,
      idPsicologo: o.idPsicologo,
      idAplicacion,
      // Spec 1 §5: the type is fixed to test when the note is tied to an application.
      tipo: idAplicacion !== null ? 'test' : d.tipo,
      titulo: ctx.cifrador.cifrar(d.titulo, COL_TITULO),
      contenido: ctx.cifrador.cifrar(d.contenido, COL_CONTENIDO),
      ahora: ctx.now(),
      idCliente,
    });
    if (!f) {
      // The same client id, committed meanwhile by a request at the same moment.
      const previa = idCliente === null ? null : await notaYaGuardada(tx, o.idPsicologo, d.id_paciente, idCliente);
      if (!previa) throw new Error('nota: conflicto sin fila guardada');
      return repetida(previa);
    }
    await auditar(tx, o.actor, {
      accion: 'crear',
      recurso: 'nota',
      idRecurso: f.id_nota,
      idPaciente: f.id_paciente,
      detalle: { tipo: f.tipo, id_aplicacion: idAplicacion },
    });
    return { registro: notaDto(ctx.cifrador, f), nueva: true };
  });
  // A replay publishes it again: the screens take it as the same note (by its id), not a new one.
  await publicarNota(ctx, o.idPsicologo, 'creada', r.registro);
  return r;
}

const DESACTUALIZADA = Symbol('nota desactualizada');

export async function editarNota(ctx: CtxExp, o: Quien & { idNota: number; datos: EditarNota }) {
  const n = await ctx.db.transaction(async (tx) => {
    const antes = await repo.notaDePsicologo(tx, o.idPsicologo, o.idNota, true);
    if (!antes) throw notaNoEncontrada();
    // Opened on an older version (another tab or device saved since): nothing is written, so the
    // other save is not silently overwritten (decision 307). The row lock orders two saves at once.
    if (o.datos.version !== undefined && o.datos.version !== antes.version) return DESACTUALIZADA;
    const f = await repo.actualizarNota(tx, {
      idNota: antes.id_nota,
      titulo: ctx.cifrador.cifrar(o.datos.titulo, COL_TITULO),
      contenido: ctx.cifrador.cifrar(o.datos.contenido, COL_CONTENIDO),
      ahora: ctx.now(),
    });
    await auditar(tx, o.actor, {
      accion: 'modificar',
      recurso: 'nota',
      idRecurso: f.id_nota,
      idPaciente: f.id_paciente,
      detalle: { version: f.version },
    });
    return notaDto(ctx.cifrador, f);
  });
  if (n === DESACTUALIZADA) {
    // The current note goes with the refusal, so the form shows what was saved meanwhile; it is a
    // read of the note, audited like any other (obtenerNota fails closed).
    const actual = await obtenerNota(ctx, o);
    throw new AppError(409, 'NOTA_DESACTUALIZADA', MSG_EXPEDIENTE.notaDesactualizada, { nota: actual });
  }
  await publicarNota(ctx, o.idPsicologo, 'actualizada', n);
  return n;
}

export async function eliminarNota(ctx: CtxExp, o: Quien & { idNota: number }) {
  const n = await ctx.db.transaction(async (tx) => {
    const antes = await repo.notaDePsicologo(tx, o.idPsicologo, o.idNota, true);
    if (!antes) throw notaNoEncontrada();
    await repo.eliminarNota(tx, antes.id_nota);
    await auditar(tx, o.actor, { accion: 'eliminar', recurso: 'nota', idRecurso: antes.id_nota, idPaciente: antes.id_paciente });
    return notaDto(ctx.cifrador, antes);
  });
  await publicarNota(ctx, o.idPsicologo, 'eliminada', n);
  return { id_nota: n.id_nota, msg: 'Nota eliminada' };
}
