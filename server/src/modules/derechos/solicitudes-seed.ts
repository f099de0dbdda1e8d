// The demo practice's pending ARCO request (decision 378): an opposition from its second patient,
// received three days ago, so the administrators' queue is not empty. An opposition, not a
// cancellation: resolving it in a demo erases nobody.
import type { Cifrador } from '../../comun/cifrado';
import { solicitudArco } from '../../db/schema/derechos';
import type { SembradorDemo } from '../../db/seed';
import { venceSolicitudArco } from './plazo';

export function sembrarSolicitudesDemo(cif: Cifrador, zona: string): SembradorDemo {
  return async (db, { ahora, ids }) => {
    const idPaciente = ids.pacientes[1] ?? ids.pacientes[0];
    if (idPaciente === undefined) return;
    const recibidaEn = new Date(ahora.getTime() - 3 * 86_400_000);
    await db.insert(solicitudArco).values({
      id_paciente: idPaciente,
      tipo: 'oposicion',
      motivo: cif.cifrar('No quiero que mi nombre aparezca en los foros ni recibir avisos por correo.', 'solicitud_arco.motivo'),
      recibida_en: recibidaEn,
      vence_el: venceSolicitudArco(recibidaEn, zona),
    });
  };
}
