// Rows → the payloads of spec 1 §3 (psychologist), the patient app and spec 2 §3 (administrator).
import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import type { Chat, ChatAdmin, ChatPaciente, MensajeAdmin, Remitente, TipoChat } from '@miduelo/shared/chat-respuestas';
import { mensajeDto } from '../../comun/mensaje-dto';
import type { FilaMensaje, ResumenChat } from './repo';

export function mensajeAdminDto(m: FilaMensaje): MensajeAdmin {
  const { id_chat, ...resto } = mensajeDto(m);
  return { ...resto, id_chat_admin: id_chat };
}

function resumen(r: ResumenChat) {
  return {
    ultimo_mensaje: r.ultimo?.contenido
      ? { contenido: r.ultimo.contenido, remitente: r.ultimo.remitente as Remitente, fecha_envio: fechaIso(r.ultimo.fecha_envio) }
      : null,
    mensajes_no_leidos: Number(r.no_leidos),
    crisis_sin_abrir: Number(r.crisis_sin_abrir),
    ultimo_seq: r.ultimo_seq,
    rev: r.rev,
    fecha_creacion: fechaIso(r.creado_en),
  };
}

// drizzle maps selected timestamps to Date, but a nested left-joined one may arrive as text.
function fechaIso(f: Date | string | null | undefined): string {
  if (!f) return '';
  return (f instanceof Date ? f : new Date(f)).toISOString();
}

function persona(p: ResumenChat['paciente'] | ResumenChat['psicologo']) {
  return p?.nombre
    ? { nombre: p.nombre, apellido_paterno: p.apellido_paterno, apellido_materno: p.apellido_materno ?? null, email: p.email }
    : null;
}

function administrador(r: ResumenChat) {
  return r.tipo === 'admin' && r.admin?.nombre
    ? { nombre: r.admin.nombre, apellido_paterno: r.admin.apellido_paterno, apellido_materno: r.admin.apellido_materno ?? null }
    : null;
}

/** The administration where the original web client reads the patient: it shows `nombre`,
 * `apellido_paterno`, `apellido_materno` ("Paciente" when absent) and `email` of each conversation,
 * and nothing else of it (decision 392). A name, never an address. */
const ADMINISTRACION_COMO_PACIENTE = {
  nombre: TEXTOS_CHAT.administracionDeMiDuelo,
  apellido_paterno: '',
  apellido_materno: null,
  email: '',
} as const;

export function chatPsicologoDto(r: ResumenChat): Chat {
  const esAdmin = r.tipo === 'admin';
  return {
    id_chat: r.id_chat,
    tipo: r.tipo as TipoChat,
    id_paciente: esAdmin ? null : r.id_paciente,
    paciente: esAdmin ? { ...ADMINISTRACION_COMO_PACIENTE } : persona(r.paciente),
    administrador: administrador(r),
    ...resumen(r),
  };
}

export function chatPacienteDto(r: ResumenChat): ChatPaciente {
  const esAdmin = r.tipo === 'admin';
  return {
    id_chat: r.id_chat,
    tipo: r.tipo as TipoChat,
    id_psicologo: esAdmin ? null : r.id_psicologo,
    psicologo: esAdmin ? null : persona(r.psicologo),
    administrador: administrador(r),
    ...resumen(r),
  };
}

export function chatAdminDto(r: ResumenChat): ChatAdmin {
  const aPsicologo = r.id_psicologo !== null;
  const destinatario = persona(aPsicologo ? r.psicologo : r.paciente) ?? {
    nombre: '',
    apellido_paterno: '',
    apellido_materno: null,
    email: '',
  };
  return {
    id_chat_admin: r.id_chat,
    destinatario_tipo: aPsicologo ? 'psicologo' : 'paciente',
    destinatario_id: (aPsicologo ? r.id_psicologo : r.id_paciente) as number,
    destinatario,
    ...resumen(r),
  };
}
