// SQL of the safety net (decision 366): crisis alerts and the 48-hour reminders. Each job claims its
// rows with one atomic statement, so several nodes (or a tick overlapping a restart) never take the
// same row twice.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { filas } from '../../db/filas';
import { nombreDe } from './repo';

/**
 * Inserts one alert for every patient crisis message still unopened that was sent at or before
 * `limite`. The unique message makes it exactly once: a concurrent insert of another node waits
 * for this one and then inserts nothing. Returns the new alerts.
 */
export function insertarAlertasVencidas(db: DbOrTx, o: { limite: Date; ahora: Date; lote: number }) {
  return filas<{ id_alerta: number; id_chat: number; id_paciente: number }>(
    db,
    sql`insert into alerta_crisis (id_mensaje, id_chat, id_psicologo, id_paciente, creada_en)
        select m.id_mensaje, c.id_chat, c.id_psicologo, c.id_paciente, ${o.ahora.toISOString()}::timestamptz
          from mensaje m
          join chat c on c.id_chat = m.id_chat
         where m.crisis and not m.leido and m.remitente = 'paciente' and c.tipo = 'paciente'
           and m.fecha_envio <= ${o.limite.toISOString()}::timestamptz
           and not exists (select 1 from alerta_crisis a where a.id_mensaje = m.id_mensaje)
         order by m.fecha_envio
         limit ${o.lote}
        on conflict (id_mensaje) do nothing
        returning id_alerta, id_chat, id_paciente`,
  );
}

export interface FilaAlerta {
  id_alerta: number;
  id_chat: number;
  id_mensaje: number | string;
  id_psicologo: number;
  ps_nombre: string;
  ps_apellido_paterno: string;
  ps_apellido_materno: string | null;
  id_paciente: number;
  pa_nombre: string;
  pa_apellido_paterno: string;
  pa_apellido_materno: string | null;
  enviado_en: Date | string;
  creada_en: Date | string;
  reconocida_en: Date | string | null;
  id_admin_reconoce: number | null;
  accion: string | null;
}

/** Alerts with names: the open ones (oldest first), or the given ids. */
export function alertas(db: DbOrTx, o: { abiertas: true } | { ids: number[] }) {
  if ('ids' in o && o.ids.length === 0) return Promise.resolve([]);
  return filas<FilaAlerta>(
    db,
    sql`select a.id_alerta, a.id_chat, a.id_mensaje, a.id_psicologo, ${nombreDe('ps')}, a.id_paciente, ${nombreDe('pa')},
               m.fecha_envio as enviado_en, a.creada_en, a.reconocida_en, a.id_admin_reconoce, a.accion
          from alerta_crisis a
          join mensaje m on m.id_mensaje = a.id_mensaje
          join psicologo ps on ps.id_psicologo = a.id_psicologo
          join paciente pa on pa.id_paciente = a.id_paciente
         where ${
           'ids' in o
             ? sql`a.id_alerta in (${sql.join(
                 o.ids.map((id) => sql`${id}`),
                 sql`, `,
               )})`
             : sql`a.reconocida_en is null`
         }
         order by a.creada_en, a.id_alerta`,
  );
}

/** Acknowledges an open alert; null when it does not exist or someone already did. */
export async function reconocerAlerta(db: DbOrTx, o: { idAlerta: number; idAdmin: number; accion: string; ahora: Date }) {
  const [r] = await filas<{ id_alerta: number; id_chat: number; id_paciente: number; reconocida_en: Date | string }>(
    db,
    sql`update alerta_crisis set reconocida_en = ${o.ahora.toISOString()}::timestamptz, id_admin_reconoce = ${o.idAdmin}, accion = ${o.accion}
         where id_alerta = ${o.idAlerta} and reconocida_en is null
     returning id_alerta, id_chat, id_paciente, reconocida_en`,
  );
  return r ?? null;
}

export async function existeAlerta(db: DbOrTx, idAlerta: number): Promise<boolean> {
  const r = await filas(db, sql`select 1 from alerta_crisis where id_alerta = ${idAlerta}`);
  return r.length > 0;
}

/**
 * Claims the reminders due: in each psychologist–patient conversation whose patient is still hers,
 * the waiting stretch (the patient's messages after the psychologist's last one) that began at or
 * before `limite`, named by its first message. A stretch already reminded, or claimed by a live
 * node (a claim newer than `vencido`), is not claimed again.
 */
export async function reclamarRecordatorios(db: DbOrTx, o: { limite: Date; ahora: Date; vencido: Date; lote: number }) {
  return filas<{ id_mensaje: number | string; id_chat: number }>(
    db,
    sql`with tramos as (
          select c.id_chat, m.id_mensaje
            from chat c
            join paciente pa on pa.id_paciente = c.id_paciente and pa.id_psicologo = c.id_psicologo
           cross join lateral (
             select coalesce(max(r.seq), 0) as hasta from mensaje r where r.id_chat = c.id_chat and r.remitente = 'psicologo'
           ) resp
           cross join lateral (
             select p.id_mensaje, p.fecha_envio from mensaje p
              where p.id_chat = c.id_chat and p.remitente = 'paciente' and p.seq > resp.hasta
              order by p.seq limit 1
           ) m
           where c.tipo = 'paciente' and m.fecha_envio <= ${o.limite.toISOString()}::timestamptz
             and not exists (select 1 from recordatorio_sin_respuesta x where x.id_mensaje = m.id_mensaje and x.enviado_en is not null)
           limit ${o.lote}
        )
        insert into recordatorio_sin_respuesta (id_mensaje, id_chat, reclamado_en)
        select id_mensaje, id_chat, ${o.ahora.toISOString()}::timestamptz from tramos
        on conflict (id_mensaje) do update set reclamado_en = excluded.reclamado_en
         where recordatorio_sin_respuesta.enviado_en is null
           and (recordatorio_sin_respuesta.reclamado_en is null or recordatorio_sin_respuesta.reclamado_en < ${o.vencido.toISOString()}::timestamptz)
        returning id_mensaje, id_chat`,
  );
}

/** What the reminder mail needs: the psychologist, the patient's initials, how many wait, since when. */
export async function detallesRecordatorio(db: DbOrTx, idChat: number) {
  const [r] = await filas<{
    correo: string;
    nombre: string;
    pa_nombre: string;
    pa_apellido_paterno: string;
    esperando: number;
    desde: Date | string | null;
  }>(
    db,
    sql`select ps.correo, ps.nombre, pa.nombre as pa_nombre, pa.apellido_paterno as pa_apellido_paterno,
               (select count(*)::int from mensaje m where m.id_chat = c.id_chat and m.remitente = 'paciente'
                  and m.seq > coalesce((select max(r.seq) from mensaje r where r.id_chat = c.id_chat and r.remitente = 'psicologo'), 0)) as esperando,
               (select min(m.fecha_envio) from mensaje m where m.id_chat = c.id_chat and m.remitente = 'paciente'
                  and m.seq > coalesce((select max(r.seq) from mensaje r where r.id_chat = c.id_chat and r.remitente = 'psicologo'), 0)) as desde
          from chat c
          join psicologo ps on ps.id_psicologo = c.id_psicologo
          join paciente pa on pa.id_paciente = c.id_paciente
         where c.id_chat = ${idChat}`,
  );
  return r ?? null;
}

/** Closes a claim still ours: sent (`enviadoEn`) or released (null) for the next tick. */
export async function cerrarRecordatorio(db: DbOrTx, o: { idMensaje: number; reclamadoEn: Date; enviadoEn: Date | null }) {
  await db.execute(
    sql`update recordatorio_sin_respuesta
           set enviado_en = ${o.enviadoEn?.toISOString() ?? null}::timestamptz,
               reclamado_en = ${o.enviadoEn === null ? null : o.reclamadoEn.toISOString()}::timestamptz
         where id_mensaje = ${o.idMensaje} and reclamado_en = ${o.reclamadoEn.toISOString()}::timestamptz and enviado_en is null`,
  );
}
