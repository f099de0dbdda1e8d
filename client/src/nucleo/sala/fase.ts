// The room's phase from what is known (decision 361), pure so it can be tested: the entry, the
// server's room state, the peer connection, and whether media ever flowed.
import type { EstadoSala } from '@miduelo/shared/sesiones-en-linea';
import type { EstadoPar } from './negociacion';

export type FaseSala = 'entrando' | 'error' | 'esperando' | 'conectando' | 'en-curso' | 'reconectando' | 'terminada' | 'fuera';

export interface DatosFase {
  lado: 'psicologo' | 'paciente';
  entrada: 'pendiente' | 'error' | 'lista';
  salio: boolean;
  terminada: boolean;
  estado: EstadoSala | null;
  par: EstadoPar | null;
  /** The media connected at least once in this room (a drop then reads "Reconectando…"). */
  huboConexion: boolean;
}

export function faseDeSala(d: DatosFase): FaseSala {
  if (d.salio) return 'fuera';
  if (d.entrada === 'error') return 'error';
  if (d.terminada || d.estado?.estado === 'terminada') return 'terminada';
  if (d.entrada === 'pendiente' || !d.estado) return 'entrando';
  if (!d.estado.paciente_admitido) return 'esperando';
  // Media flowing is what the people in the room see, whatever the server knows of the sockets.
  if (d.par === 'conectada') return 'en-curso';
  const otroPresente = d.lado === 'psicologo' ? d.estado.paciente_presente : d.estado.psicologo_presente;
  if (!otroPresente) return d.huboConexion ? 'reconectando' : 'esperando';
  return d.huboConexion ? 'reconectando' : 'conectando';
}

/** The other party is in the room (a waiting patient counts: she is there). */
export const otroPresente = (lado: 'psicologo' | 'paciente', e: EstadoSala) =>
  lado === 'psicologo' ? e.paciente_presente : e.psicologo_presente;

/** Both parties are in the room and the patient was admitted: time to connect the media. */
export const listosParaConectar = (e: EstadoSala) =>
  e.estado !== 'terminada' && e.paciente_admitido && e.paciente_presente && e.psicologo_presente;
