// A psychologist's own account state as the live event `cuenta:actualizada` carries it (a licence
// validated while their tab is open lifts the limited-account banner at once). Apart from the
// administration's schemas so that the banner, loaded on every page, does not load them.
import * as v from 'valibot';

export const CuentaActualizadaSchema = v.object({
  cedula_validada: v.boolean(),
  cuenta_limitada: v.boolean(),
  diasRestantesValidacion: v.nullable(v.number()),
});
export type CuentaActualizada = v.InferOutput<typeof CuentaActualizadaSchema>;
