// Live events of the administration: the dashboard's statistics and a psychologist's own account
// state (a licence validated while their tab is open lifts the limited-account banner at once).
import { type Estadisticas, EstadisticasSchema } from './administracion';

import { type CuentaActualizada, CuentaActualizadaSchema } from './realtime-cuenta';

export { type CuentaActualizada, CuentaActualizadaSchema };
export { EstadisticasSchema };

export interface AdminServidorACliente {
  /** To every connected administrator when a figure of the dashboard changed. */
  'admin:estadisticas': (e: Estadisticas) => void;
  /** To the psychologist whose licence state changed. */
  'cuenta:actualizada': (e: CuentaActualizada) => void;
}
