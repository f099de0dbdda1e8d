// Feeds the unread total of the top bar's Chat item, for a psychologist and for an administrator:
// the chat list once, then the socket's per-conversation counts. While the socket is down it polls
// the list every 30 s and reloads it when the socket is back — unless a chat screen is open, whose
// own live list already does both and hands the bar its counts (one request, not two).
// Loaded after the first paint (lazy) so the first-load bundle budget does not pay for it.
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { listarChats, listarChatsAdmin } from '@/api/chat';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { vigilarRecurso } from '@/nucleo/live/vigilar-socket';
import { alertasDeChats, marcaAlertas, reemplazarAlertas } from '@/lib/alertas-crisis';
import { fijarNoLeidos, hayPantallaDeChat, marcaNoLeidos, reemplazarNoLeidos } from '@/lib/no-leidos';

// Only the fields the total needs, read into one shape for both sides: { id, n }.
const Conteo = v.optional(v.object({ mensajes_no_leidos: v.number() }));
const aConteo = (id: number, n: number | undefined) => ({ id, n });
const NoLeidosSchema = v.pipe(
  v.object({ id_chat: v.number(), mensajes_no_leidos: v.number() }),
  v.transform((e) => aConteo(e.id_chat, e.mensajes_no_leidos)),
);
const MensajeSchema = v.pipe(
  v.object({ mensaje: v.object({ id_chat: v.number() }), no_leidos: Conteo }),
  v.transform((e) => aConteo(e.mensaje.id_chat, e.no_leidos?.mensajes_no_leidos)),
);
const NoLeidosAdminSchema = v.pipe(
  v.object({ id_chat_admin: v.number(), mensajes_no_leidos: v.number() }),
  v.transform((e) => aConteo(e.id_chat_admin, e.mensajes_no_leidos)),
);
const MensajeAdminSchema = v.pipe(
  v.object({ mensaje: v.object({ id_chat_admin: v.number() }), no_leidos: Conteo }),
  v.transform((e) => aConteo(e.mensaje.id_chat_admin, e.no_leidos?.mensajes_no_leidos)),
);
const alContar = (c: { id: number; n: number | undefined }) => {
  if (c.n !== undefined) fijarNoLeidos(c.id, c.n);
};

type Resumen = { id: number; mensajes_no_leidos: number };
// The mark taken before the request: counts live events set meanwhile are newer than the answer.
type Carga = { desde: number; chats: Resumen[] };

const cargarPsicologo = async (signal: AbortSignal): Promise<Carga> => {
  const desde = marcaNoLeidos();
  const desdeAlertas = marcaAlertas();
  const lista = await listarChats(signal);
  // The same list says which conversations hold crisis messages not opened (decision 339).
  reemplazarAlertas(alertasDeChats(lista), desdeAlertas);
  const chats = lista.map((c) => ({ id: c.id_chat, mensajes_no_leidos: c.mensajes_no_leidos }));
  return { desde, chats };
};
const cargarAdmin = async (signal: AbortSignal): Promise<Carga> => {
  const desde = marcaNoLeidos();
  const chats = (await listarChatsAdmin(signal)).map((c) => ({ id: c.id_chat_admin, mensajes_no_leidos: c.mensajes_no_leidos }));
  return { desde, chats };
};

export default function AlimentarNoLeidos({ lado }: { lado: 'psicologo' | 'admin' }) {
  // An open chat screen already loads the list and hands the bar its counts: the bar does not load
  // it again (it is mounted lazily, often after that screen). Live events keep the counts current.
  const [cargarAlInicio] = useState(() => !hayPantallaDeChat());
  const lista = useLiveResource({
    fetch: lado === 'admin' ? cargarAdmin : cargarPsicologo,
    vigilar: false,
    enabled: cargarAlInicio,
    deps: [lado],
  });
  const { recargar } = lista;
  useEffect(() => {
    if (lista.data) reemplazarNoLeidos(lista.data.chats, lista.data.desde);
  }, [lista.data]);
  // Catch up on what arrived while the socket was down (polls, then one reload on reconnect).
  useEffect(
    () =>
      vigilarRecurso(() => {
        if (!hayPantallaDeChat()) recargar();
      }),
    [recargar],
  );
  const psicologo = lado === 'psicologo';
  useEventoSocket(psicologo ? 'chat:no-leidos' : 'chat-admin:no-leidos', psicologo ? NoLeidosSchema : NoLeidosAdminSchema, alContar);
  useEventoSocket(psicologo ? 'chat:mensaje' : 'chat-admin:mensaje', psicologo ? MensajeSchema : MensajeAdminSchema, alContar);
  return null;
}
