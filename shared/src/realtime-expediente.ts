// Clinical-record events, pushed to the psychologist's own room (`psicologo:{id}`) after the
// transaction that produced them committed: a second tab with the same patient file open updates
// in place, and the patient list and file header hear the risk flag (decision 104).
import * as v from 'valibot';
import { AplicacionSchema, NotaSchema } from './expediente';

/** `expediente:aplicacion`: a test was applied. `riesgo_paciente` is the patient's flag after it. */
export const AplicacionEventoSchema = v.object({
  id_paciente: v.number(),
  aplicacion: AplicacionSchema,
  riesgo_paciente: v.boolean(),
});
export type AplicacionEvento = v.InferOutput<typeof AplicacionEventoSchema>;

/** `expediente:nota`: a note was created, edited or deleted (a deletion carries the last copy). */
export const NotaEventoSchema = v.object({
  tipo: v.picklist(['creada', 'actualizada', 'eliminada']),
  id_paciente: v.number(),
  nota: NotaSchema,
});
export type NotaEvento = v.InferOutput<typeof NotaEventoSchema>;

export interface ExpedienteServidorACliente {
  'expediente:aplicacion': (p: AplicacionEvento) => void;
  'expediente:nota': (p: NotaEvento) => void;
}
