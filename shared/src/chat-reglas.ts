// The chat's rules, once. The server also states them in SQL (chat/repo.ts `accesoDe` and
// `noLeidosPara` over the counters of decision 081, migrations/0008 `chat_enviar`); tests/integration/chat-reglas-sql.test.ts
// proves both give the same answer on the same table of cases.

export type RolChat = 'psicologo' | 'paciente' | 'admin';

interface ChatParticipantes {
  tipo: string;
  id_psicologo: number | null;
  id_paciente: number | null;
  id_admin: number | null;
}

/** Whether an account, in the role its API gives it, takes part in the conversation. A
 * psychologist sees their patient chats and the administrator's chats with them; an administrator
 * only the administrator conversations they opened. */
export function accedeAlChat(actor: { rol: RolChat; id: number }, c: ChatParticipantes): boolean {
  if (actor.rol === 'psicologo') return c.id_psicologo === actor.id;
  if (actor.rol === 'paciente') return c.id_paciente === actor.id;
  return c.tipo === 'admin' && c.id_admin === actor.id;
}

/** A participant's unread count: the other participant's messages not yet read. */
export function noLeidosPara(rol: RolChat, mensajes: ReadonlyArray<{ remitente: string; leido: boolean }>): number {
  return mensajes.filter((m) => !m.leido && m.remitente !== rol).length;
}
