// Feeds the unread total of the top bar: the chat list once, then the socket's per-conversation
// counts. Loaded after the first paint (lazy) so the first-load bundle budget does not pay for it.
import { useEffect } from 'react';
import * as v from 'valibot';
import { listarChats } from '@/api/chat';
import { useEventoSocket } from '@/lib/live/use-evento-socket';
import { useLiveResource } from '@/lib/live/use-live-resource';
import { fijarNoLeidos, reemplazarNoLeidos } from '@/lib/no-leidos';

// Only the fields the total needs.
const NoLeidosEventoSchema = v.object({ id_chat: v.number(), mensajes_no_leidos: v.number() });
const MensajeConConteoSchema = v.object({
  mensaje: v.object({ id_chat: v.number() }),
  no_leidos: v.optional(v.object({ mensajes_no_leidos: v.number() })),
});

export default function AlimentarNoLeidos() {
  // Loaded once: the socket's counts keep it live, and while the socket is down the chat screen
  // already polls its list (a second poll from the bar would double those requests).
  const lista = useLiveResource({ fetch: listarChats, vigilar: false });
  useEffect(() => {
    if (lista.data) reemplazarNoLeidos(lista.data.map((c) => ({ id: c.id_chat, mensajes_no_leidos: c.mensajes_no_leidos })));
  }, [lista.data]);
  useEventoSocket('chat:no-leidos', NoLeidosEventoSchema, (e) => fijarNoLeidos(e.id_chat, e.mensajes_no_leidos));
  useEventoSocket('chat:mensaje', MensajeConConteoSchema, (e) => {
    if (e.no_leidos) fijarNoLeidos(e.mensaje.id_chat, e.no_leidos.mensajes_no_leidos);
  });
  return null;
}
