// The psychologist's patient list, live (decision 266): a patient joins it by registering with the
// psychologist's linking code or by an administrator's reassignment, and leaves it when reassigned
// to someone else. Pushed to the psychologist's own room (`psicologo:{id}`) after commit; the list
// reads itself again, so the event carries no patient data.
import * as v from 'valibot';

/** `pacientes:cambio`: `vinculado` to the psychologist who now has the patient, `desvinculado` to
 * the one who no longer has them. */
export const PacientesCambioSchema = v.object({
  tipo: v.picklist(['vinculado', 'desvinculado']),
  id_paciente: v.number(),
});
export type PacientesCambio = v.InferOutput<typeof PacientesCambioSchema>;

export interface PacientesServidorACliente {
  'pacientes:cambio': (p: PacientesCambio) => void;
}
