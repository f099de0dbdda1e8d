// The psychologist's crisis alert (decision 339), under the shell's bar on every screen: a patient
// wrote crisis language in the chat and she has not opened that conversation yet. It stays until
// she opens it (its unread count falls to 0), across reloads (the chat list says it again), and
// arrives live (`chat:alerta-crisis`). Loaded lazily, after the first paint.
import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { EventoAlertaCrisisChatSchema, EventoNoLeidosSchema } from '@miduelo/shared/realtime-chat';
import { Link } from '@tanstack/react-router';
import { HeartHandshake } from 'lucide-react';
import { nombreCompleto } from '@miduelo/shared/chat-respuestas';
import { type AlertaCrisis as Alerta, alContarNoLeidos, fijarAlerta, useAlertasCrisis } from '@/lib/alertas-crisis';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';

const T = TEXTOS_CHAT.crisis;

export default function AlertaCrisis() {
  useEventoSocket('chat:alerta-crisis', EventoAlertaCrisisChatSchema, (e) =>
    fijarAlerta({ id_chat: e.id_chat, id_paciente: e.id_paciente, nombre: nombreCompleto(e.paciente), n: e.crisis_sin_abrir }, e.rev),
  );
  useEventoSocket('chat:no-leidos', EventoNoLeidosSchema, (e) => alContarNoLeidos(e.id_chat, e.mensajes_no_leidos, e.rev));
  const porChat = useAlertasCrisis((s) => s.porChat);
  const alertas = Object.values(porChat);
  if (alertas.length === 0) return null;
  const una = alertas.length === 1 ? alertas[0] : null;
  return (
    <div role="alert" data-alerta-crisis={alertas.length} className="border-b border-terracota-200 bg-terracota-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm text-tinta-800 sm:px-6">
        <p className="flex min-w-0 flex-1 basis-72 items-start gap-2.5">
          <HeartHandshake className="mt-0.5 size-5 shrink-0 text-terracota-600" aria-hidden />
          <span className="[overflow-wrap:anywhere]">
            <strong className="font-semibold text-tinta-900">{una ? T.alertaUna(una.nombre) : T.alertaVarias(alertas.length)}</strong>
          </span>
        </p>
        <ul className="flex flex-wrap gap-2">
          {alertas.map((a) => (
            <li key={a.id_chat}>
              <EnlaceConversacion alerta={a} texto={una ? T.abrir : a.nombre} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function EnlaceConversacion({ alerta, texto }: { alerta: Alerta; texto: string }) {
  return (
    <Link
      to="/chat-pacientes-del-psicologo"
      search={{ paciente: alerta.id_paciente ?? undefined, chat: alerta.id_chat }}
      aria-label={T.abrirCon(alerta.nombre)}
      className="inline-flex min-h-9 items-center rounded-lg bg-terracota-600 px-3 font-semibold text-white hover:bg-terracota-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-terracota-600 [overflow-wrap:anywhere]"
    >
      {texto}
    </Link>
  );
}
