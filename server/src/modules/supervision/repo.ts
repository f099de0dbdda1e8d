// Every SQL statement of supervision (issue 55). Only psychologist–patient conversations
// (`chat.tipo = 'paciente'`) are supervised; an administrator's own conversations never are.
import type { MotivoSupervision, SupervisionQuery } from '@miduelo/shared/supervision';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { filas } from '../../db/filas';
import { chat, mensaje } from '../../db/schema/chat';
import { aperturaSupervision } from '../../db/schema/supervision';

export const COLUMNA_CONTENIDO = 'mensaje.contenido';

/** Timestamps of raw statements: a Date on both drivers, but a nested one may arrive as text. */
export const iso = (f: Date | string) => (f instanceof Date ? f : new Date(f)).toISOString();
export const isoONulo = (f: Date | string | null) => (f === null ? null : iso(f));

export interface FilaConversacion {
  id_chat: number;
  id_psicologo: number;
  ps_nombre: string;
  ps_apellido_paterno: string;
  ps_apellido_materno: string | null;
  id_paciente: number;
  pa_nombre: string;
  pa_apellido_paterno: string;
  pa_apellido_materno: string | null;
  ultima_actividad: Date | string;
  esperando: number;
  esperando_desde: Date | string | null;
  alertas_abiertas: number;
  sin_abrir: number;
  mensajes_7_dias: number;
  id_apertura: number | null;
  vence_en: Date | string | null;
}

/** The supervision list: metadata of every psychologist–patient conversation, filtered and sorted.
 * Per conversation, the last message and the waiting stretch are read backwards along the
 * (id_chat, seq) index: a long conversation costs its waiting stretch, not its history. */
export function listarConversaciones(db: DbOrTx, o: SupervisionQuery & { idAdmin: number; ahora: Date; limite48h: Date }) {
  const hace7 = new Date(o.ahora.getTime() - 7 * 24 * 3600_000);
  const esperaDesde = o.espera_horas !== undefined ? new Date(o.ahora.getTime() - o.espera_horas * 3600_000) : null;
  const orden = {
    espera: sql`(alertas_abiertas + sin_abrir > 0) desc, esperando_desde asc nulls last, ultima_actividad desc`,
    actividad: sql`ultima_actividad desc`,
    volumen: sql`mensajes_7_dias desc, ultima_actividad desc`,
    psicologo: sql`ps_apellido_paterno, ps_nombre, pa_apellido_paterno, pa_nombre`,
  }[o.orden ?? 'espera'];
  return filas<FilaConversacion>(
    db,
    sql`with base as (
      select c.id_chat, c.id_psicologo, ${nombreDe('ps')}, c.id_paciente, ${nombreDe('pa')},
             coalesce((select m.fecha_envio from mensaje m where m.id_chat = c.id_chat order by m.seq desc limit 1), c.creado_en)
               as ultima_actividad,
             coalesce((select m.seq from mensaje m where m.id_chat = c.id_chat and m.remitente = 'psicologo' order by m.seq desc limit 1), 0)
               as respondido_hasta,
             (select count(*)::int from alerta_crisis a where a.id_chat = c.id_chat and a.reconocida_en is null) as alertas_abiertas,
             (select count(*)::int from mensaje m
               where m.id_chat = c.id_chat and m.crisis and not m.leido and m.remitente = 'paciente') as sin_abrir,
             (select count(*)::int from mensaje m where m.id_chat = c.id_chat and m.fecha_envio >= ${hace7.toISOString()}::timestamptz) as mensajes_7_dias,
             ap.id_apertura, ap.vence_en
        from chat c
        join psicologo ps on ps.id_psicologo = c.id_psicologo
        join paciente pa on pa.id_paciente = c.id_paciente
        left join lateral (
          select a.id_apertura, a.vence_en from apertura_supervision a
           where a.id_chat = c.id_chat and a.id_admin = ${o.idAdmin} and a.vence_en > ${o.ahora.toISOString()}::timestamptz
           order by a.vence_en desc limit 1
        ) ap on true
       where c.tipo = 'paciente' ${o.id_psicologo !== undefined ? sql`and c.id_psicologo = ${o.id_psicologo}` : sql``}
    ), con_espera as (
      select b.*,
             (select count(*)::int from mensaje m
               where m.id_chat = b.id_chat and m.remitente = 'paciente' and m.seq > b.respondido_hasta) as esperando,
             (select m.fecha_envio from mensaje m
               where m.id_chat = b.id_chat and m.remitente = 'paciente' and m.seq > b.respondido_hasta
               order by m.seq limit 1) as esperando_desde
        from base b
    )
    select * from con_espera
     where true
       ${esperaDesde ? sql`and esperando_desde is not null and esperando_desde <= ${esperaDesde.toISOString()}::timestamptz` : sql``}
       ${o.crisis === true ? sql`and alertas_abiertas + sin_abrir > 0` : sql``}
       ${o.crisis === false ? sql`and alertas_abiertas + sin_abrir = 0` : sql``}
     order by ${orden}, id_chat`,
  );
}

/** A psychologist–patient conversation (never an administrator's), or null. */
export async function conversacionSupervisable(db: DbOrTx, idChat: number) {
  const [c] = await db
    .select({ id_chat: chat.id_chat, id_psicologo: chat.id_psicologo, id_paciente: chat.id_paciente, ultimo_seq: chat.ultimo_seq })
    .from(chat)
    .where(and(eq(chat.id_chat, idChat), eq(chat.tipo, 'paciente')));
  return c && c.id_psicologo !== null && c.id_paciente !== null ? { ...c, id_psicologo: c.id_psicologo, id_paciente: c.id_paciente } : null;
}

export async function insertarApertura(
  db: DbOrTx,
  a: { idAdmin: number; idChat: number; motivo: MotivoSupervision; razon: string; abiertaEn: Date; venceEn: Date },
) {
  const [r] = await db
    .insert(aperturaSupervision)
    .values({ id_admin: a.idAdmin, id_chat: a.idChat, motivo: a.motivo, razon: a.razon, abierta_en: a.abiertaEn, vence_en: a.venceEn })
    .returning();
  return r;
}

/** This administrator's opening of this conversation in force at `ahora` (the latest), if any. */
export async function aperturaVigente(db: DbOrTx, o: { idAdmin: number; idChat: number; ahora: Date }) {
  const [a] = await db
    .select()
    .from(aperturaSupervision)
    .where(
      and(
        eq(aperturaSupervision.id_chat, o.idChat),
        eq(aperturaSupervision.id_admin, o.idAdmin),
        gt(aperturaSupervision.vence_en, o.ahora),
      ),
    )
    .orderBy(desc(aperturaSupervision.vence_en))
    .limit(1);
  return a ?? null;
}

/** Whether this administrator ever opened this conversation (a lapsed opening reads differently). */
export async function huboApertura(db: DbOrTx, o: { idAdmin: number; idChat: number }) {
  const [a] = await db
    .select({ id: aperturaSupervision.id_apertura })
    .from(aperturaSupervision)
    .where(and(eq(aperturaSupervision.id_chat, o.idChat), eq(aperturaSupervision.id_admin, o.idAdmin)))
    .limit(1);
  return Boolean(a);
}

export interface FilaApertura {
  id_apertura: number;
  id_chat: number;
  id_psicologo: number;
  id_paciente: number;
  pa_nombre: string;
  pa_apellido_paterno: string;
  pa_apellido_materno: string | null;
  id_admin: number;
  ad_nombre: string;
  ad_apellido_paterno: string;
  ad_apellido_materno: string | null;
  ad_correo: string;
  motivo: MotivoSupervision;
  razon: string;
  abierta_en: Date | string;
  vence_en: Date | string;
}

/** A person's three name columns under the alias `t`, read back as `t_nombre`, `t_apellido_paterno`
 * and `t_apellido_materno` (the screens' names are built from them). A fixed alias, never input. */
export const nombreDe = (t: 'ps' | 'pa' | 'ad') =>
  sql.raw(`${t}.nombre as ${t}_nombre, ${t}.apellido_paterno as ${t}_apellido_paterno, ${t}.apellido_materno as ${t}_apellido_materno`);

/** Openings with who opened and whose conversation: one (`idApertura`) or a psychologist's all. */
export function aperturas(db: DbOrTx, o: { idApertura: number } | { idPsicologo: number }) {
  return filas<FilaApertura>(
    db,
    sql`select a.id_apertura, a.id_chat, c.id_psicologo, c.id_paciente, ${nombreDe('pa')}, a.id_admin,
               ${nombreDe('ad')}, ad.correo as ad_correo, a.motivo, a.razon, a.abierta_en, a.vence_en
          from apertura_supervision a
          join chat c on c.id_chat = a.id_chat
          join paciente pa on pa.id_paciente = c.id_paciente
          join psicologo ad on ad.id_psicologo = a.id_admin
         where ${'idApertura' in o ? sql`a.id_apertura = ${o.idApertura}` : sql`c.id_psicologo = ${o.idPsicologo}`}
         order by a.abierta_en desc, a.id_apertura desc`,
  );
}

/** The psychologist told of an opening: her address and first name. */
export async function destinatarioPsicologo(db: DbOrTx, idPsicologo: number) {
  const [p] = await filas<{ correo: string; nombre: string }>(
    db,
    sql`select correo, nombre from psicologo where id_psicologo = ${idPsicologo}`,
  );
  return p ?? null;
}

/** A conversation's messages (encrypted as stored), like the chat's own page reads. */
export async function leerMensajes(db: DbOrTx, idChat: number, o: { despuesDe?: number; antesDe?: number; limite: number }) {
  if (o.despuesDe !== undefined) {
    return db
      .select()
      .from(mensaje)
      .where(and(eq(mensaje.id_chat, idChat), gt(mensaje.seq, o.despuesDe)))
      .orderBy(asc(mensaje.seq))
      .limit(o.limite);
  }
  const filasDesc = await db
    .select()
    .from(mensaje)
    .where(and(eq(mensaje.id_chat, idChat), o.antesDe !== undefined ? lt(mensaje.seq, o.antesDe) : undefined))
    .orderBy(desc(mensaje.seq))
    .limit(o.limite);
  return filasDesc.reverse();
}
