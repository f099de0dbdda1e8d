// The right of access (decision 376): who may export whose data, the audit row, one export at a
// time per patient in this process, and the ZIP stream.
import { Readable } from 'node:stream';
import { MSG_EXPORTACION, nombreArchivoExportacion } from '@miduelo/shared/derechos-exportacion';
import { fechaEnZona } from '@miduelo/shared/fechas';
import { type Actor, auditar } from '../../comun/auditoria';
import { AppError } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import { leerEvidencia } from './exportacion-archivos';
import { reunirExportacion } from './exportacion-datos';
import { generarZip } from './exportacion-zip';

/** Patients whose export is being prepared or streamed in this process. */
const enCurso = new WeakMap<Ctx, Set<number>>();

/** The ZIP of one patient's data as a stream, and its file name. The audit row is written before
 * the first byte leaves (fail closed: no export without its trace). */
export async function exportarDatos(ctx: Ctx, o: { actor: Actor; idPaciente: number }): Promise<{ flujo: Readable; nombre: string }> {
  let activos = enCurso.get(ctx);
  if (!activos) {
    activos = new Set();
    enCurso.set(ctx, activos);
  }
  if (activos.has(o.idPaciente)) throw new AppError(409, 'EXPORTACION_EN_CURSO', MSG_EXPORTACION.enCurso);
  activos.add(o.idPaciente);
  const soltar = () => activos.delete(o.idPaciente);
  try {
    const ahora = ctx.now();
    const { datos, archivos } = await ctx.db.transaction(async (tx) => {
      const r = await reunirExportacion(tx, ctx.cifrador, { idPaciente: o.idPaciente, ahora });
      await auditar(tx, o.actor, {
        accion: 'exportar',
        recurso: 'datos_paciente',
        idRecurso: o.idPaciente,
        idPaciente: o.idPaciente,
        detalle: { archivos: r.archivos.length, por: o.actor.tipo },
      });
      return r;
    });
    const zip = generarZip({
      datos,
      archivos,
      leer: (clave) => leerEvidencia(ctx.config.dataDir, ctx.cifrador, clave),
      zona: ctx.config.zonaClinica,
    });
    // Released when the last byte is made, or the download is cut (the generator's return).
    async function* conLiberacion() {
      try {
        yield* zip;
      } finally {
        soltar();
      }
    }
    const flujo = Readable.from(conLiberacion(), { objectMode: false });
    flujo.once('close', soltar);
    flujo.once('error', (err) =>
      ctx.log.error({ err: { message: err.message }, id_paciente: o.idPaciente }, 'exportación de datos interrumpida'),
    );
    return { flujo, nombre: nombreArchivoExportacion(o.idPaciente, fechaEnZona(ahora, ctx.config.zonaClinica)) };
  } catch (err) {
    soltar();
    throw err;
  }
}
