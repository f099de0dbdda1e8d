// Rows → the payloads of spec 2 §3 (dates as ISO strings).
import type { Foro, Invitacion, MensajeForo, Participante, Tema } from '@miduelo/shared/foros';
import type { FilaInvitacion, FilaParticipante, RolForo } from './repo';
import type { FilaMensaje, FilaTema } from './repo-temas';

const iso = (d: Date) => d.toISOString();

export function foroDto(f: {
  id_foro: number;
  titulo: string;
  descripcion: string | null;
  publico: boolean;
  total_participantes: number;
  total_temas: number;
  rol_usuario: RolForo | null;
  fecha_creacion: Date;
}): Foro {
  return {
    id_foro: f.id_foro,
    titulo: f.titulo,
    descripcion: f.descripcion,
    publico: f.publico,
    total_participantes: f.total_participantes,
    total_temas: f.total_temas,
    es_participante: f.rol_usuario !== null,
    rol_usuario: f.rol_usuario,
    fecha_creacion: iso(f.fecha_creacion),
  };
}

const autor = (tipo: string, id: number, nombre: string | null, apellido: string | null) => ({
  id,
  nombre: nombre ?? 'Usuario',
  apellido: apellido ?? 'eliminado',
  tipo: tipo as 'psicologo' | 'paciente',
});

export function temaDto(t: FilaTema): Tema {
  return {
    id_tema: t.id_tema,
    id_foro: t.id_foro,
    titulo: t.titulo,
    total_mensajes: t.total_mensajes,
    ultimo_seq: t.ultimo_seq,
    fecha_creacion: iso(t.fecha_creacion),
    fecha_actividad: iso(t.fecha_actividad),
    autor: autor(t.autor_tipo, t.autor_id, t.autor_nombre, t.autor_apellido),
    no_leidos: t.no_leidos,
  };
}

/** A post as a reader sees it: a hidden post keeps its place but not its text, except for the
 * forum's moderators (they decide whether to show it again). */
export function mensajeDto(m: FilaMensaje, verOculto = false): MensajeForo {
  return {
    id_mensaje: m.id_mensaje,
    id_tema: m.id_tema,
    seq: m.seq,
    autor: autor(m.autor_tipo, m.autor_id, m.autor_nombre, m.autor_apellido),
    contenido: m.oculto && !verOculto ? '' : m.contenido,
    fecha_envio: iso(m.fecha_envio),
    id_cliente: m.id_cliente,
    oculto: m.oculto,
  };
}

export function participanteDto(p: FilaParticipante): Participante {
  const psi = p.id_psicologo !== null;
  return {
    id_participante: p.id_participante,
    usuario: { id: (psi ? p.id_psicologo : p.id_paciente) as number, nombre: p.nombre, apellido: p.apellido },
    rol: p.rol as RolForo,
    tipo_usuario: psi ? 'psicologo' : 'paciente',
    fecha_union: iso(p.fecha_union),
  };
}

export function invitacionDto(i: FilaInvitacion): Invitacion {
  return {
    id_invitacion: i.id_invitacion,
    id_foro: i.id_foro,
    foro: { titulo: i.titulo_foro },
    invitador: { nombre: i.invitador_nombre, apellidoPaterno: i.invitador_apellido },
    mensaje: i.mensaje,
    fecha_invitacion: iso(i.fecha_invitacion),
    estado: i.estado as Invitacion['estado'],
  };
}
