// Supervision with accountability (issue 55, decision 365): metadata freely; a conversation's
// content only through an opening with a motive and a reason, for 30 minutes, read-only, written to
// the audit log with the opening and told to the psychologist live and by mail.
import { PAGINA_MENSAJES_DEFECTO, PAGINA_MENSAJES_MAX } from '@miduelo/shared/chat';
import { fechaEnZona, formatoFecha, horaEnZona } from '@miduelo/shared/fechas';
import { sala } from '@miduelo/shared/realtime';
import {
  type AbrirSupervision,
  APERTURA_MINUTOS,
  type Apertura,
  type ConversacionSupervisada,
  MSG_SUPERVISION,
  SIN_RESPUESTA_HORAS,
  type SupervisionQuery,
} from '@miduelo/shared/supervision';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import { mensajeDto } from '../../comun/mensaje-dto';
import { forbidden, notFound } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import { correoSupervisionAbierta, iniciales } from './correos';
import {
  aperturas,
  aperturaVigente,
  COLUMNA_CONTENIDO,
  conversacionSupervisable,
  destinatarioPsicologo,
  type FilaApertura,
  type FilaConversacion,
  huboApertura,
  insertarApertura,
  iso,
  leerMensajes,
  listarConversaciones,
} from './repo';

export type CtxSupervision = Pick<Ctx, 'db' | 'realtime' | 'now' | 'log' | 'cifrador' | 'mailer' | 'config'>;

const persona = (nombre: string, apellidoPaterno: string, apellidoMaterno: string | null) => ({
  nombre,
  apellido_paterno: apellidoPaterno,
  apellido_materno: apellidoMaterno ?? null,
});

function conversacionDto(f: FilaConversacion, limite48h: Date): ConversacionSupervisada {
  const desde = f.esperando_desde === null ? null : new Date(f.esperando_desde);
  return {
    id_chat: f.id_chat,
    id_psicologo: f.id_psicologo,
    psicologo: persona(f.ps_nombre, f.ps_apellido_paterno, f.ps_apellido_materno),
    id_paciente: f.id_paciente,
    paciente: persona(f.pa_nombre, f.pa_apellido_paterno, f.pa_apellido_materno),
    ultima_actividad: iso(f.ultima_actividad),
    esperando: { mensajes: Number(f.esperando), desde: desde ? desde.toISOString() : null },
    crisis: { alertas_abiertas: Number(f.alertas_abiertas), sin_abrir: Number(f.sin_abrir) },
    mensajes_7_dias: Number(f.mensajes_7_dias),
    sin_respuesta_48h: desde !== null && desde.getTime() <= limite48h.getTime(),
    mi_apertura: f.id_apertura !== null && f.vence_en !== null ? { id_apertura: f.id_apertura, vence_en: iso(f.vence_en) } : null,
  };
}

export function aperturaDto(f: FilaApertura): Apertura {
  return {
    id_apertura: f.id_apertura,
    id_chat: f.id_chat,
    id_psicologo: f.id_psicologo,
    id_paciente: f.id_paciente,
    paciente: persona(f.pa_nombre, f.pa_apellido_paterno, f.pa_apellido_materno),
    id_admin: f.id_admin,
    admin: persona(f.ad_nombre, f.ad_apellido_paterno, f.ad_apellido_materno),
    motivo: f.motivo,
    razon: f.razon,
    abierta_en: iso(f.abierta_en),
    vence_en: iso(f.vence_en),
  };
}

/** GET /api/admin/supervision: metadata of every psychologist–patient conversation, never text. */
export async function listarSupervision(ctx: Pick<CtxSupervision, 'db' | 'now'>, o: SupervisionQuery & { idAdmin: number }) {
  const ahora = ctx.now();
  const limite48h = new Date(ahora.getTime() - SIN_RESPUESTA_HORAS * 3600_000);
  const f = await listarConversaciones(ctx.db, { ...o, ahora, limite48h });
  return f.map((x) => conversacionDto(x, limite48h));
}

/** Opens a conversation's content to one administrator for 30 minutes; logged and told. */
export async function abrirSupervision(ctx: CtxSupervision, o: { actor: Actor; idAdmin: number; idChat: number } & AbrirSupervision) {
  const c = await conversacionSupervisable(ctx.db, o.idChat);
  if (!c) throw notFound(MSG_SUPERVISION.conversacionNoEncontrada, 'CONVERSACION_NO_ENCONTRADA');
  const abiertaEn = ctx.now();
  const venceEn = new Date(abiertaEn.getTime() + APERTURA_MINUTOS * 60_000);
  const apertura = await ctx.db.transaction(async (tx) => {
    const a = await insertarApertura(tx, { idAdmin: o.idAdmin, idChat: o.idChat, motivo: o.motivo, razon: o.razon, abiertaEn, venceEn });
    // The act and its row commit together (decision 090). The reason is the administrator's own
    // justification, the accountability the audit log exists for; never the patient's words.
    await auditar(tx, o.actor, {
      accion: 'abrir_supervision',
      recurso: 'chat',
      idRecurso: o.idChat,
      idPaciente: c.id_paciente,
      detalle: { id_apertura: a.id_apertura, id_psicologo: c.id_psicologo, motivo: o.motivo, razon: o.razon, vence_en: iso(venceEn) },
    });
    const [fila] = await aperturas(tx, { idApertura: a.id_apertura });
    return fila;
  });
  const dto = aperturaDto(apertura);
  await avisar(ctx, 'supervisión abierta', () => {
    ctx.realtime.emitir(sala.psicologo(c.id_psicologo), 'supervision:abierta', { apertura: dto });
    ctx.realtime.emitir(sala.administradores, 'supervision:cambio', { id_chat: o.idChat });
  });
  await avisarPorCorreo(ctx, apertura);
  return dto;
}

/** The psychologist's mail of an opening. A failed send is logged: the opening stands, and she
 * reads it in her list and got the live event. */
async function avisarPorCorreo(ctx: CtxSupervision, a: FilaApertura) {
  try {
    const p = await destinatarioPsicologo(ctx.db, a.id_psicologo);
    if (!p) return;
    const zona = ctx.config.zonaClinica;
    const abierta = new Date(a.abierta_en);
    await ctx.mailer.enviar(
      correoSupervisionAbierta({
        para: p.correo,
        nombre: p.nombre,
        admin: `${a.ad_nombre} ${a.ad_apellido_paterno}`,
        paciente: iniciales(a.pa_nombre, a.pa_apellido_paterno),
        motivo: a.motivo,
        razon: a.razon,
        cuando: `${formatoFecha(fechaEnZona(abierta, zona))} a las ${horaEnZona(abierta, zona)}`,
        hasta: horaEnZona(new Date(a.vence_en), zona),
        enlace: `${ctx.config.publicUrl}/configuracion-perfil`,
      }),
    );
  } catch (err) {
    ctx.log.error({ err: { message: (err as Error).message }, id_apertura: a.id_apertura }, 'no se pudo enviar el aviso de supervisión');
  }
}

/** The opening in force of this administrator over this conversation, else 403 with why. */
export async function exigirApertura(ctx: Pick<CtxSupervision, 'db' | 'now'>, o: { idAdmin: number; idChat: number }) {
  const c = await conversacionSupervisable(ctx.db, o.idChat);
  if (!c) throw notFound(MSG_SUPERVISION.conversacionNoEncontrada, 'CONVERSACION_NO_ENCONTRADA');
  const a = await aperturaVigente(ctx.db, { ...o, ahora: ctx.now() });
  if (!a) {
    if (await huboApertura(ctx.db, o)) throw forbidden(MSG_SUPERVISION.aperturaVencida, 'SUPERVISION_VENCIDA');
    throw forbidden(MSG_SUPERVISION.sinApertura, 'SUPERVISION_SIN_APERTURA');
  }
  return { chat: c, apertura: a };
}

/** GET …/mensajes: read-only, under an opening in force; every read is in the audit log. Marks
 * nothing read: the psychologist's unread counts and the crisis timer stay hers. */
export async function mensajesSupervisados(
  ctx: CtxSupervision,
  o: { actor: Actor; idAdmin: number; idChat: number; despuesDe?: number; antesDe?: number; limite?: number },
) {
  const { chat, apertura } = await exigirApertura(ctx, o);
  const limite = Math.min(o.limite ?? (o.despuesDe !== undefined ? PAGINA_MENSAJES_MAX : PAGINA_MENSAJES_DEFECTO), PAGINA_MENSAJES_MAX);
  const filas = await leerMensajes(ctx.db, o.idChat, { despuesDe: o.despuesDe, antesDe: o.antesDe, limite });
  // Fail closed: a read that leaves no trace answers nothing (decision 090).
  await auditar(ctx.db, o.actor, {
    accion: 'leer',
    recurso: 'conversacion_supervisada',
    idRecurso: o.idChat,
    idPaciente: chat.id_paciente,
    detalle: { id_apertura: apertura.id_apertura, mensajes: filas.length },
  });
  return {
    id_chat: o.idChat,
    id_psicologo: chat.id_psicologo,
    id_paciente: chat.id_paciente,
    vence_en: apertura.vence_en.toISOString(),
    ultimo_seq: chat.ultimo_seq,
    mensajes: filas.map((m) => mensajeDto({ ...m, contenido: ctx.cifrador.leer(m.contenido, COLUMNA_CONTENIDO) })),
  };
}

/** GET /api/psicologo/supervisiones: every opening of her conversations, newest first. */
export async function supervisionesDePsicologo(ctx: Pick<CtxSupervision, 'db'>, o: { idPsicologo: number }) {
  return (await aperturas(ctx.db, { idPsicologo: o.idPsicologo })).map(aperturaDto);
}
