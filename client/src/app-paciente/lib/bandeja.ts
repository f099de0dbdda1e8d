// The chat's outbox (decision 185): the core's offline outbox (nucleo/bandeja.ts) with the
// patient's messages, kept under her id on this phone and sent to POST /mensajes in order.
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import { crearBandeja, type ItemBandeja } from '@/nucleo/bandeja';
import { enviarMensaje } from '../api/chat';
import { sesionActual, useSesion } from './sesion';

export interface Pendiente extends ItemBandeja {
  id_chat: number;
  contenido: string;
  creado: string;
}

const bandeja = crearBandeja<Pendiente, Mensaje>({
  clave: () => {
    const s = sesionActual();
    return s ? `miduelo-app:${s.paciente.id_paciente}:bandeja` : null;
  },
  enviar: (p) => enviarMensaje({ id_chat: p.id_chat, contenido: p.contenido, id_cliente: p.id_cliente }),
  cerrojo: 'miduelo-app-bandeja',
});

export const useBandeja = bandeja.usar;
export const { descartar, vaciar } = bandeja;

/** Called with each message the server stored from the outbox. */
export const alEnviar = (f: (m: Mensaje) => void) => bandeja.alEnviar((m) => f(m));

export function encolar(idChat: number, contenido: string): void {
  bandeja.encolar({ id_chat: idChat, contenido, creado: new Date().toISOString() });
}

/** Sends on start, whenever the browser comes back online, and after each log-in. */
export function vigilarBandeja(): void {
  bandeja.vigilar((cambio) =>
    useSesion.subscribe((s, antes) => {
      if (s.sesion?.paciente.id_paciente !== antes.sesion?.paciente.id_paciente) cambio();
    }),
  );
}
