// Every SQL statement of the export (decision 376): what the platform holds about one patient,
// read as stored (ciphertext); exportacion-datos.ts opens it. Only rows that are hers: her account,
// her acceptances, her appointments, her conversations, her diary, her assignments with the
// evidence she uploaded, and the forum posts she wrote.
import { and, asc, count, eq, max, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { actividad, actividadAsignada, diarioEmocion, evidencia } from '../../db/schema/actividades';
import { cita } from '../../db/schema/agenda';
import { chat, mensaje } from '../../db/schema/chat';
import { aceptacionConsentimiento, documentoConsentimiento } from '../../db/schema/consentimiento';
import { paciente, psicologo } from '../../db/schema/cuentas';
import { aplicacionTest, nota } from '../../db/schema/expediente';
import { foro, foroMensaje, foroTema } from '../../db/schema/foros';
import { oposicionPaciente } from '../../db/schema/oposicion';

export async function perfilGuardado(db: DbOrTx, idPaciente: number) {
  const [f] = await db
    .select({
      id_paciente: paciente.id_paciente,
      nombre: paciente.nombre,
      apellido_paterno: paciente.apellido_paterno,
      apellido_materno: paciente.apellido_materno,
      email: paciente.email,
      telefono: paciente.telefono,
      fecha_nacimiento: paciente.fecha_nacimiento,
      fecha_perdida: paciente.fecha_perdida,
      persona_perdida: paciente.persona_perdida,
      status: paciente.status,
      creada: paciente.createdAt,
      activada: paciente.activadoEn,
      psicologo_nombre: sql<
        string | null
      >`nullif(concat_ws(' ', ${psicologo.nombre}, ${psicologo.apellidoPaterno}, ${psicologo.apellidoMaterno}), '')`,
      psicologo_cedula: psicologo.cedula,
    })
    .from(paciente)
    .leftJoin(psicologo, eq(psicologo.id_psicologo, paciente.id_psicologo))
    .where(eq(paciente.id_paciente, idPaciente));
  return f ?? null;
}

export function consentimientos(db: DbOrTx, idPaciente: number) {
  return db
    .select({
      tipo: aceptacionConsentimiento.tipo,
      version: aceptacionConsentimiento.version,
      titulo: documentoConsentimiento.titulo,
      aceptado_en: aceptacionConsentimiento.aceptadoEn,
    })
    .from(aceptacionConsentimiento)
    .innerJoin(
      documentoConsentimiento,
      and(
        eq(documentoConsentimiento.tipo, aceptacionConsentimiento.tipo),
        eq(documentoConsentimiento.version, aceptacionConsentimiento.version),
      ),
    )
    .where(eq(aceptacionConsentimiento.id_paciente, idPaciente))
    .orderBy(asc(aceptacionConsentimiento.aceptadoEn), asc(aceptacionConsentimiento.id));
}

export function citas(db: DbOrTx, idPaciente: number) {
  return db
    .select({
      id_cita: cita.id_cita,
      fecha: cita.fecha,
      hora_inicio: cita.hora_inicio,
      hora_fin: cita.hora_fin,
      modalidad: cita.modalidad,
      estado: cita.estado,
      notas: cita.notas,
      origen: cita.origen,
    })
    .from(cita)
    .where(eq(cita.id_paciente, idPaciente))
    .orderBy(asc(cita.fecha), asc(cita.hora_inicio), asc(cita.id_cita));
}

/** Her conversations (with her psychologist, with the MiDuelo team) and their messages. */
export function mensajes(db: DbOrTx, idPaciente: number) {
  return db
    .select({
      id_chat: chat.id_chat,
      tipo: chat.tipo,
      seq: mensaje.seq,
      remitente: mensaje.remitente,
      contenido: mensaje.contenido,
      fecha_envio: mensaje.fecha_envio,
    })
    .from(mensaje)
    .innerJoin(chat, eq(chat.id_chat, mensaje.id_chat))
    .where(eq(chat.id_paciente, idPaciente))
    .orderBy(asc(chat.id_chat), asc(mensaje.seq));
}

export function diario(db: DbOrTx, idPaciente: number) {
  return db
    .select({
      fecha: diarioEmocion.fecha,
      emocion: diarioEmocion.emocion,
      intensidad: diarioEmocion.intensidad,
      nota: diarioEmocion.nota,
      compartida: diarioEmocion.compartida,
      creada_en: diarioEmocion.creada_en,
    })
    .from(diarioEmocion)
    .where(eq(diarioEmocion.id_paciente, idPaciente))
    .orderBy(asc(diarioEmocion.fecha), asc(diarioEmocion.id_entrada));
}

export function asignaciones(db: DbOrTx, idPaciente: number) {
  return db
    .select({
      id_asignacion: actividadAsignada.id_asignacion,
      titulo: actividad.titulo,
      estado: actividadAsignada.estado,
      fecha_asignacion: actividadAsignada.fecha_asignacion,
      fecha_limite: actividadAsignada.fecha_limite,
      fecha_completada: actividadAsignada.fecha_completada,
      instrucciones: actividadAsignada.instrucciones_personalizadas,
      visible: actividadAsignada.visible_para_psicologo,
    })
    .from(actividadAsignada)
    .innerJoin(actividad, eq(actividad.id_actividad, actividadAsignada.id_actividad))
    .where(eq(actividadAsignada.id_paciente, idPaciente))
    .orderBy(asc(actividadAsignada.fecha_asignacion), asc(actividadAsignada.id_asignacion));
}

/** The evidence she uploaded to her assignments (the psychologist's uploads are not hers). */
export function evidenciasPropias(db: DbOrTx, idPaciente: number) {
  return db
    .select({
      id_evidencia: evidencia.id_evidencia,
      id_asignacion: evidencia.id_asignacion,
      clave: evidencia.clave,
      enlace: evidencia.enlace,
      nombre_archivo: evidencia.nombre_archivo,
      mime: evidencia.mime,
      tamano: evidencia.tamano,
      tipo_archivo: evidencia.tipo_archivo,
      comentario: evidencia.comentario,
      fecha_subida: evidencia.fecha_subida,
    })
    .from(evidencia)
    .innerJoin(actividadAsignada, eq(actividadAsignada.id_asignacion, evidencia.id_asignacion))
    .where(and(eq(actividadAsignada.id_paciente, idPaciente), eq(evidencia.subida_por, 'paciente')))
    .orderBy(asc(evidencia.fecha_subida), asc(evidencia.id_evidencia));
}

/** The posts she wrote, with their forum's and topic's titles and whether she opened the topic. */
export function publicaciones(db: DbOrTx, idPaciente: number) {
  return db
    .select({
      foro: foro.titulo,
      tema: foroTema.titulo,
      tema_propio: sql<boolean>`(${foroTema.autor_tipo} = 'paciente' and ${foroTema.autor_id} = ${idPaciente})`,
      contenido: foroMensaje.contenido,
      fecha_envio: foroMensaje.fecha_envio,
      oculto: foroMensaje.oculto,
    })
    .from(foroMensaje)
    .innerJoin(foroTema, eq(foroTema.id_tema, foroMensaje.id_tema))
    .innerJoin(foro, eq(foro.id_foro, foroTema.id_foro))
    .where(and(eq(foroMensaje.autor_tipo, 'paciente'), eq(foroMensaje.autor_id, idPaciente)))
    .orderBy(asc(foroMensaje.fecha_envio), asc(foroMensaje.id_mensaje));
}

export async function oposicion(db: DbOrTx, idPaciente: number) {
  const [f] = await db.select().from(oposicionPaciente).where(eq(oposicionPaciente.id_paciente, idPaciente));
  return f ?? null;
}

/** What the clinical record holds, counted and dated only: its content is the psychologist's. */
export async function resumenExpediente(db: DbOrTx, idPaciente: number) {
  const [n] = await db
    .select({ total: count(), primera: min(nota.fecha_creacion), ultima: max(nota.fecha_creacion) })
    .from(nota)
    .where(eq(nota.id_paciente, idPaciente));
  const [t] = await db
    .select({ total: count(), primera: min(aplicacionTest.fecha), ultima: max(aplicacionTest.fecha) })
    .from(aplicacionTest)
    .where(eq(aplicacionTest.id_paciente, idPaciente));
  return { notas: n, tests: t };
}
