import type { ChatPaciente } from '@miduelo/shared/chat-respuestas';

/** Who the patient talks to in a conversation, as they know them. */
export function nombreDe(c: ChatPaciente): string {
  if (c.tipo === 'admin') return 'Equipo de MiDuelo';
  const p = c.psicologo;
  return p ? `${p.nombre} ${p.apellido_paterno}` : 'Tu psicóloga o psicólogo';
}
