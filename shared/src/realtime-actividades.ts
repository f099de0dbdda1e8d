// Activity events, pushed by the server after the transaction that produced them committed. The
// psychologist's room receives their view of an assignment (only the evidence the patient allowed);
// the patient's room receives their own view under another name (decision 124).
import * as v from 'valibot';
import { AsignacionSchema } from './actividades';
import type { DiarioCambio } from './actividades-diario';

export const TIPOS_CAMBIO_ACTIVIDAD = ['creada', 'actualizada', 'eliminada'] as const;
export type TipoCambioActividad = (typeof TIPOS_CAMBIO_ACTIVIDAD)[number];

/** `actividad:cambio`, to `psicologo:{id}`. */
export const ActividadCambioSchema = v.object({
  tipo: v.picklist(TIPOS_CAMBIO_ACTIVIDAD),
  id_paciente: v.number(),
  asignacion: AsignacionSchema,
});
export type ActividadCambio = v.InferOutput<typeof ActividadCambioSchema>;

/** Who made the change: the patient themself (starting a module activity, finishing it, evidence)
 * or the psychologist (assigning, editing, reminding). A push follows only the psychologist's. */
export const AUTORES_CAMBIO_ACTIVIDAD = ['paciente', 'psicologo'] as const;
export type AutorCambioActividad = (typeof AUTORES_CAMBIO_ACTIVIDAD)[number];

/** `mi-actividad:cambio`, to `paciente:{id}`. */
export const MiActividadCambioSchema = v.object({
  tipo: v.picklist(TIPOS_CAMBIO_ACTIVIDAD),
  por: v.picklist(AUTORES_CAMBIO_ACTIVIDAD),
  asignacion: AsignacionSchema,
});
export type MiActividadCambio = v.InferOutput<typeof MiActividadCambioSchema>;

/** `actividad:recordatorio`, to `paciente:{id}`: the psychologist sent a reminder. */
export const RecordatorioActividadSchema = v.object({ id_asignacion: v.number(), titulo: v.string() });
export type RecordatorioActividad = v.InferOutput<typeof RecordatorioActividadSchema>;

export interface ActividadesServidorACliente {
  'actividad:cambio': (p: ActividadCambio) => void;
  'mi-actividad:cambio': (p: MiActividadCambio) => void;
  'actividad:recordatorio': (p: RecordatorioActividad) => void;
  'diario:cambio': (p: DiarioCambio) => void;
}
