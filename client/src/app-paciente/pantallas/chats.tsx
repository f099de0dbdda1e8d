import { useEffect } from 'react';
import { useMisChats } from '../api/chat';
import { Aviso, AvisoGuardado, Titulo } from '../componentes/ui';
import { nombreDe } from '../lib/chats';
import { useAlDia, useEvento } from '../lib/conexion';
import { Enlace, navegar } from '../lib/enrutador';
import { useNoLeidos } from '../lib/no-leidos';

export default function Chats() {
  const chats = useMisChats();
  const porChat = useNoLeidos((s) => s.porChat);
  useAlDia(() => void chats.recargar());
  useEvento('chat:creado', () => void chats.recargar());
  useEvento('chat:mensaje', () => void chats.recargar());

  const lista = chats.datos ?? [];
  // One conversation (the usual case): straight into it.
  const unica = lista.length === 1 ? lista[0].id_chat : null;
  useEffect(() => {
    if (unica !== null) navegar(`/chat/${unica}`, { reemplazar: true });
  }, [unica]);

  return (
    <div>
      <Titulo>Mensajes</Titulo>
      <AvisoGuardado visible={chats.guardado && chats.error !== null} />
      {chats.datos === undefined && (chats.error ? <Aviso tono="error">{chats.error.message}</Aviso> : <p>Cargando…</p>)}
      {chats.datos !== undefined && lista.length === 0 && (
        <p className="text-tinta-600">
          Aún no tienes conversaciones. Cuando tu psicóloga o psicólogo abra el chat contigo, aparecerá aquí.
        </p>
      )}
      <ul className="space-y-2">
        {lista.map((c) => {
          const n = porChat[c.id_chat]?.n ?? c.mensajes_no_leidos;
          return (
            <li key={c.id_chat}>
              <Enlace
                a={`/chat/${c.id_chat}`}
                className="flex min-h-16 items-center gap-3 rounded-2xl border border-arena-200 bg-papel p-4"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold [overflow-wrap:anywhere]">{nombreDe(c)}</span>
                  {c.ultimo_mensaje && <span className="block truncate text-sm text-tinta-600">{c.ultimo_mensaje.contenido}</span>}
                </span>
                {n > 0 && <span className="min-w-6 rounded-full bg-terracota-600 px-2 text-center text-sm leading-6 text-white">{n}</span>}
              </Enlace>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
