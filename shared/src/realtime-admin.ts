// Live events of the administration: the dashboard's statistics and a psychologist's own account
// state (a licence validated while their tab is open lifts the limited-account banner at once).
import * as v from 'valibot';
import { type Estadisticas, EstadisticasSchema } from './administracion';

export const CuentaActualizadaSchema = v.object({
  cedula_validada: v.boolean(),
  cuenta_limitada: v.boolean(),
  diasRestantesValidacion: v.nullable(v.number()),
});
export type CuentaActualizada = v.InferOutput<typeof CuentaActualizadaSchema>;
export { EstadisticasSchema };

export interface AdminServidorACliente {
  /** To every connected administrator when a figure of the dashboard changed. */
  'admin:estadisticas': (e: Estadisticas) => void;
  /** To the psychologist whose licence state changed. */
  'cuenta:actualizada': (e: CuentaActualizada) => void;
}
