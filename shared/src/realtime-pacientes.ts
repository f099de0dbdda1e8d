// The psychologist's patient list, live (decision 266): a patient joins it by registering with the
// psychologist's linking code or by an administrator's reassignment, leaves it when reassigned to
// someone else, and changes when she edits her phone or email in the app (decision 293). Pushed to
// the psychologist's own room (`psicologo:{id}`) after commit; the list and the open file read
// themselves again, so the event carries no patient data.
import * as v from 'valibot';

/** `pacientes:cambio`: `vinculado` to the psychologist who now has the patient, `desvinculado` to
 * the one who no longer has them, `actualizado` to her psychologist when her own data changed. */
export const PacientesCambioSchema = v.object({
  tipo: v.picklist(['vinculado', 'desvinculado', 'actualizado']),
  id_paciente: v.number(),
});
export type PacientesCambio = v.InferOutput<typeof PacientesCambioSchema>;

export interface PacientesServidorACliente {
  'pacientes:cambio': (p: PacientesCambio) => void;
}
