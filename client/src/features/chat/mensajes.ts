// The chat's use of the live core: messages merge by sequence number, and a read receipt that
// arrived before a copy of the message is never undone by that copy.
import { fusionarPorSeq } from '@/nucleo/live/secuencia';
import type { MensajeConv, MensajeServidor } from './conversaciones-tipos';

export function fusionarMensajes(actuales: MensajeConv[], nuevos: MensajeServidor[]): MensajeConv[] {
  return fusionarPorSeq<MensajeConv>(actuales, nuevos, (nuevo, previo) => ({ ...nuevo, leido: nuevo.leido || Boolean(previo?.leido) }));
}
