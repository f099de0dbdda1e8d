// The emotion diary (decision 126): the patient records and shares; the psychologist reads only
// shared entries of their own patients, each read audited. Unshared entries never leave the
// patient's side — not in lists, not in live events.
import { idClienteDistinto } from '../../comun/id-cliente';
import { type Entrada, MSG_DIARIO } from '@miduelo/shared/actividades-diario';
import { sala } from '@miduelo/shared/realtime';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import type { Cifrador } from '../../comun/cifrado';
import { momentoClinica } from '../../comun/reloj';
import { esPacienteDe, psicologoDePaciente } from '../../comun/repo';
import { badRequest, notFound } from '../../errors';
import { type CtxAct, pacienteNoEncontrado } from './comun';
import { cifrarEntrada, leerEntrada } from './diario-cifrado';
import {
  compartirEntrada,
  entrada,
  entradaPorCliente,
  entradasDePaciente,
  eliminarEntrada,
  type FilaEntrada,
  insertarEntrada,
} from './repo-diario';

const noEncontrada = () => notFound(MSG_DIARIO.noEncontrada, 'ENTRADA_NO_ENCONTRADA');

function vista(cif: Cifrador, { id_cliente: _, ...f }: FilaEntrada): Entrada {
  return { ...f, ...leerEntrada(cif, f), creada_en: f.creada_en.toISOString() };
}

async function publicar(ctx: CtxAct, idPaciente: number, cambio: { guardada: Entrada } | { retirada: number }) {
  const idPsicologo = await psicologoDePaciente(ctx.db, idPaciente);
  if (idPsicologo === null) return;
  if ('guardada' in cambio)
    ctx.realtime.emitir(sala.psicologo(idPsicologo), 'diario:cambio', { tipo: 'guardada', entrada: cambio.guardada });
  else
    ctx.realtime.emitir(sala.psicologo(idPsicologo), 'diario:cambio', {
      tipo: 'retirada',
      id_entrada: cambio.retirada,
      id_paciente: idPaciente,
    });
}

export async function miDiario(ctx: CtxAct, o: { idPaciente: number }) {
  return (await entradasDePaciente(ctx.db, o.idPaciente, { soloCompartidas: false })).map((f) => vista(ctx.cifrador, f));
}

/** A new entry (`nueva`), or — for a retry with the client id of one already stored, even a
 * concurrent one (decision 313) — that entry, with nothing written, audited or published again.
 * The same id with other content (fecha when given, emocion, intensidad, nota, compartida) → 409. */
export async function registrarEntrada(
  ctx: CtxAct,
  o: {
    idPaciente: number;
    actor: Actor;
    datos: { fecha?: string; emocion: string; intensidad: number; nota?: string | null; compartida: boolean; id_cliente: string | null };
  },
) {
  const hoy = momentoClinica(ctx.config).hoy;
  const fecha = o.datos.fecha ?? hoy;
  if (fecha > hoy) throw badRequest(MSG_DIARIO.fechaFutura, 'FECHA_FUTURA');
  const nota = o.datos.nota?.trim() || null;
  const idCliente = o.datos.id_cliente;
  // Stripe's rule (decision 313): the same id with other content is not a retry — refused with
  // nothing written, rather than answering the first entry as if the change had been saved.
  const repetir = (f: FilaEntrada) => {
    const previa = leerEntrada(ctx.cifrador, f);
    const misma =
      (o.datos.fecha === undefined || f.fecha === o.datos.fecha) &&
      previa.emocion === o.datos.emocion &&
      previa.intensidad === o.datos.intensidad &&
      previa.nota === nota &&
      f.compartida === o.datos.compartida;
    if (!misma) throw idClienteDistinto();
    return { f, nueva: false };
  };
  const r = await ctx.db.transaction(async (tx) => {
    const previa = idCliente === null ? null : await entradaPorCliente(tx, o.idPaciente, idCliente);
    if (previa) return repetir(previa);
    const f = await insertarEntrada(tx, {
      id_paciente: o.idPaciente,
      fecha,
      ...cifrarEntrada(ctx.cifrador, { emocion: o.datos.emocion, intensidad: o.datos.intensidad, nota }),
      compartida: o.datos.compartida,
      creada_en: ctx.now(),
      id_cliente: idCliente,
    });
    if (!f) {
      // A concurrent request with the same id committed it while this one waited on the index.
      const otra = idCliente === null ? null : await entradaPorCliente(tx, o.idPaciente, idCliente);
      if (!otra) throw new Error('diario: la entrada con el mismo id_cliente no se encontró');
      return repetir(otra);
    }
    await auditar(tx, o.actor, { accion: 'crear', recurso: 'diario', idRecurso: f.id_entrada, idPaciente: o.idPaciente });
    return { f, nueva: true };
  });
  const v = vista(ctx.cifrador, r.f);
  if (r.nueva && v.compartida) await avisar(ctx, 'entrada del diario', () => publicar(ctx, o.idPaciente, { guardada: v }));
  return { registro: v, nueva: r.nueva };
}

export async function compartir(ctx: CtxAct, o: { idPaciente: number; actor: Actor; id: number; compartida: boolean }) {
  const f = await ctx.db.transaction(async (tx) => {
    const e = await entrada(tx, o.id);
    if (!e || e.id_paciente !== o.idPaciente) throw noEncontrada();
    if (e.compartida === o.compartida) return e;
    const f = await compartirEntrada(tx, o.id, o.compartida, e.version);
    await auditar(tx, o.actor, {
      accion: 'modificar',
      recurso: 'diario',
      idRecurso: o.id,
      idPaciente: o.idPaciente,
      detalle: { compartida: o.compartida },
    });
    return f;
  });
  const v = vista(ctx.cifrador, f);
  await avisar(ctx, 'compartir entrada del diario', () =>
    publicar(ctx, o.idPaciente, v.compartida ? { guardada: v } : { retirada: v.id_entrada }),
  );
  return v;
}

export async function borrarEntrada(ctx: CtxAct, o: { idPaciente: number; actor: Actor; id: number }) {
  const compartida = await ctx.db.transaction(async (tx) => {
    const e = await entrada(tx, o.id);
    if (!e || e.id_paciente !== o.idPaciente) throw noEncontrada();
    await eliminarEntrada(tx, o.id);
    await auditar(tx, o.actor, { accion: 'eliminar', recurso: 'diario', idRecurso: o.id, idPaciente: o.idPaciente });
    return e.compartida;
  });
  if (compartida) await avisar(ctx, 'borrar entrada del diario', () => publicar(ctx, o.idPaciente, { retirada: o.id }));
  return { ok: true as const, msg: MSG_DIARIO.eliminada };
}

/** The shared entries of one month (the clinic's current month by default). */
export async function diarioCompartido(ctx: CtxAct, o: { idPsicologo: number; actor: Actor; idPaciente: number; mes?: string }) {
  if (!(await esPacienteDe(ctx.db, o.idPsicologo, o.idPaciente))) throw pacienteNoEncontrado();
  const mes = o.mes ?? momentoClinica(ctx.config).hoy.slice(0, 7);
  const [y, m] = mes.split('-').map(Number);
  const ultimo = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const filas = await entradasDePaciente(ctx.db, o.idPaciente, {
    soloCompartidas: true,
    desde: `${mes}-01`,
    hasta: `${mes}-${String(ultimo).padStart(2, '0')}`,
  });
  await auditar(ctx.db, o.actor, { accion: 'leer', recurso: 'diario', idPaciente: o.idPaciente, detalle: { mes } });
  return filas.map((f) => vista(ctx.cifrador, f));
}
