// Live events of the administration: the dashboard's statistics, the administration lists, and a
// psychologist's own account state (a licence validated while their tab is open lifts the
// limited-account banner at once).
import * as v from 'valibot';
import { type Estadisticas, EstadisticasSchema } from './administracion';

import { type CuentaActualizada, CuentaActualizadaSchema } from './realtime-cuentas';

export { type CuentaActualizada, CuentaActualizadaSchema };
export { EstadisticasSchema };

/** `admin:cambio` (decision 291): an account the administration lists show changed (reassigned,
 * licence validated, enabled or disabled, deleted, registered, activated, its contact data edited).
 * Only which account: the open screens read their lists again, so no account data travels through
 * the socket or Redis. */
export const AdminCambioSchema = v.object({
  recurso: v.picklist(['psicologo', 'paciente']),
  id: v.number(),
});
export type AdminCambio = v.InferOutput<typeof AdminCambioSchema>;

export interface AdminServidorACliente {
  /** To every connected administrator when a figure of the dashboard changed. */
  'admin:estadisticas': (e: Estadisticas) => void;
  /** To every connected administrator (room `administradores`) after an account they list changed. */
  'admin:cambio': (c: AdminCambio) => void;
  /** To the psychologist whose licence state changed. */
  'cuenta:actualizada': (e: CuentaActualizada) => void;
}
