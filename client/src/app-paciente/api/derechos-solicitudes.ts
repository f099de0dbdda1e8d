import type { CrearSolicitudArco, SolicitudArcoPaciente } from '@miduelo/shared/derechos-solicitudes';
import { api, useRecurso } from '../lib/api';

// ARCO cancellation and opposition requests (/api/paciente/derechos/solicitudes; decision 378).

/** Her requests, newest first. Not kept on the phone: a closed account leaves nothing behind. */
export const useSolicitudesArco = () => useRecurso<SolicitudArcoPaciente[]>('/derechos/solicitudes', null);

export const crearSolicitudArco = (cuerpo: CrearSolicitudArco) =>
  api<SolicitudArcoPaciente>('/derechos/solicitudes', { metodo: 'POST', cuerpo });
