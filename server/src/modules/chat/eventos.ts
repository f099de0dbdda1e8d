// Events of the chat, published only after the transaction that produced them committed. Each
// participant gets them in its personal room (every tab and device), under the name of its side:
// `chat:*` for psychologists and patients, `chat-admin:*` for the administrator of the conversation.
import type { TipoChat } from '@miduelo/shared/chat-respuestas';
import type { AlertaCrisisChat, ConteoNoLeidos } from '@miduelo/shared/realtime-chat';
import { sala } from '@miduelo/shared/realtime';
import type { Realtime } from '../../plugins/realtime';
import { mensajeDto } from '../../comun/mensaje-dto';
import { mensajeAdminDto } from './dto';
import type { Actor, FilaMensaje, Rol } from './repo';

interface Participantes {
  id_chat: number;
  tipo: string;
  id_psicologo: number | null;
  id_paciente: number | null;
  id_admin: number | null;
}

/** The two accounts of a conversation, each in its role. */
function participantesDe(c: Participantes): [Actor, Actor] {
  if (c.tipo === 'admin') {
    const otro: Actor =
      c.id_psicologo !== null ? { rol: 'psicologo', id: c.id_psicologo } : { rol: 'paciente', id: c.id_paciente as number };
    return [{ rol: 'admin', id: c.id_admin as number }, otro];
  }
  return [
    { rol: 'psicologo', id: c.id_psicologo as number },
    { rol: 'paciente', id: c.id_paciente as number },
  ];
}

function salaDe(a: Actor): string {
  if (a.rol === 'admin') return sala.admin(a.id);
  return a.rol === 'paciente' ? sala.paciente(a.id) : sala.psicologo(a.id);
}

const otroQue = (c: Participantes, rol: Rol): Actor => {
  const [a, b] = participantesDe(c);
  return a.rol === rol ? b : a;
};

/**
 * The last `max` ids added, oldest forgotten first. Insertion order is kept in a ring: once full,
 * the oldest id is at `siguiente`. (Reading a Set's first value instead walks every deleted slot V8
 * keeps until it rehashes: ~4 µs an addition at 10,000 ids, decision 235.)
 */
export function registroAcotado(max: number) {
  const ids = new Set<number>();
  const anillo = new Float64Array(max);
  let siguiente = 0;
  return {
    tiene: (id: number) => ids.has(id),
    anotar(id: number): void {
      if (ids.has(id)) return;
      if (ids.size === max) ids.delete(anillo[siguiente]);
      ids.add(id);
      anillo[siguiente] = id;
      siguiente = (siguiente + 1) % max;
    },
  };
}

// Messages this process has published, newest last (bounded): a retried send whose message is in
// here was already delivered to the recipient; one that is not may have been committed while its
// answer was lost (the database connection broke after the commit), so nobody heard of it yet.
const publicados = registroAcotado(10_000);

/**
 * The new message to both participants (the sender's other tabs included). The recipient's copy
 * carries its new unread count, so that one frame per connection says both (docs/decisions/053).
 */
export function publicarMensaje(rt: Realtime, c: Participantes, m: FilaMensaje, noLeidos?: ConteoNoLeidos): void {
  publicados.anotar(m.id_mensaje);
  for (const p of participantesDe(c)) {
    const conteo = noLeidos && p.rol !== m.remitente ? { no_leidos: noLeidos } : {};
    if (p.rol === 'admin') rt.emitir(salaDe(p), 'chat-admin:mensaje', { mensaje: mensajeAdminDto(m), ...conteo });
    else rt.emitir(salaDe(p), 'chat:mensaje', { mensaje: mensajeDto(m), tipo: c.tipo as TipoChat, ...conteo });
  }
}

/**
 * A retried send that found its message already stored. When this process published it, only the
 * sender's own sockets get it again (the tab that lost the answer may have missed the event too):
 * during a database outage clients retry many times and the recipient must not get it once per
 * retry. When it did not (the first attempt's answer was lost after the commit, or another node
 * answered it), it goes to both once; clients merge by `seq`, so a copy from another node is harmless.
 */
export function publicarRepetido(rt: Realtime, c: Participantes, m: FilaMensaje, remitente: Actor): void {
  if (!publicados.tiene(m.id_mensaje)) publicarMensaje(rt, c, m);
  else if (remitente.rol === 'admin') rt.emitir(salaDe(remitente), 'chat-admin:mensaje', { mensaje: mensajeAdminDto(m) });
  else rt.emitir(salaDe(remitente), 'chat:mensaje', { mensaje: mensajeDto(m), tipo: c.tipo as TipoChat });
}

/** The unread count of one participant, with the conversation's revision. */
function publicarNoLeidos(rt: Realtime, c: Participantes, para: Actor, n: number, rev: number): void {
  if (para.rol === 'admin') rt.emitir(salaDe(para), 'chat-admin:no-leidos', { id_chat_admin: c.id_chat, mensajes_no_leidos: n, rev });
  else rt.emitir(salaDe(para), 'chat:no-leidos', { id_chat: c.id_chat, mensajes_no_leidos: n, rev });
}

/** After a read mark: the reader's other tabs see zero, the sender gets the read receipt. */
export function publicarLectura(rt: Realtime, c: Participantes, lector: Actor, hastaSeq: number, rev: number, marcados: number): void {
  publicarNoLeidos(rt, c, lector, 0, rev);
  if (marcados === 0) return;
  const remitente = otroQue(c, lector.rol);
  if (remitente.rol === 'admin') rt.emitir(salaDe(remitente), 'chat-admin:leido', { id_chat_admin: c.id_chat, hasta_seq: hastaSeq });
  else rt.emitir(salaDe(remitente), 'chat:leido', { id_chat: c.id_chat, hasta_seq: hastaSeq });
}

/** A conversation appeared: the creator's other tabs and, for a patient chat, the patient's app. */
export function publicarCreado(rt: Realtime, c: Participantes): void {
  for (const p of participantesDe(c)) {
    if (p.rol === 'admin') rt.emitir(salaDe(p), 'chat-admin:creado', { id_chat_admin: c.id_chat });
    else if (c.tipo === 'paciente') rt.emitir(salaDe(p), 'chat:creado', { id_chat: c.id_chat, tipo: 'paciente' });
  }
}

/** A patient's crisis message to her psychologist's every tab and device (decision 339). */
export function publicarAlertaCrisis(rt: Realtime, idPsicologo: number, alerta: AlertaCrisisChat): void {
  rt.emitir(sala.psicologo(idPsicologo), 'chat:alerta-crisis', alerta);
}
