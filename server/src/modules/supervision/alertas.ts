// The administrators' crisis alerts (decision 366): listed while open, acknowledged once with what
// was done, and gone from every administrator's screen live. An alert names the conversation and
// its people, never the message's text (opening it follows the supervision rules).
import { sala } from '@miduelo/shared/realtime';
import { type AlertaCrisis, MSG_SUPERVISION } from '@miduelo/shared/supervision';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import { conflict, notFound } from '../../errors';
import { iso } from './repo';
import { alertas, existeAlerta, type FilaAlerta, reconocerAlerta } from './repo-alertas';
import type { CtxSupervision } from './service';

export function alertaDto(f: FilaAlerta): AlertaCrisis {
  return {
    id_alerta: f.id_alerta,
    id_chat: f.id_chat,
    id_mensaje: Number(f.id_mensaje),
    id_psicologo: f.id_psicologo,
    psicologo: { nombre: f.ps_nombre, apellido_paterno: f.ps_apellido_paterno, apellido_materno: f.ps_apellido_materno ?? null },
    id_paciente: f.id_paciente,
    paciente: { nombre: f.pa_nombre, apellido_paterno: f.pa_apellido_paterno, apellido_materno: f.pa_apellido_materno ?? null },
    enviado_en: iso(f.enviado_en),
    creada_en: iso(f.creada_en),
    reconocida_en: f.reconocida_en === null ? null : iso(f.reconocida_en),
    id_admin_reconoce: f.id_admin_reconoce,
    accion: f.accion,
  };
}

/** GET /api/admin/alertas-crisis: the open alerts, oldest first. */
export async function listarAlertasAbiertas(ctx: Pick<CtxSupervision, 'db'>) {
  return (await alertas(ctx.db, { abiertas: true })).map(alertaDto);
}

/** POST /api/admin/alertas-crisis/:id/reconocer: once; a second administrator gets 409. */
export async function reconocerAlertaCrisis(
  ctx: CtxSupervision,
  o: { actor: Actor; idAdmin: number; idAlerta: number; accion: string },
): Promise<AlertaCrisis> {
  const r = await ctx.db.transaction(async (tx) => {
    const hecha = await reconocerAlerta(tx, { idAlerta: o.idAlerta, idAdmin: o.idAdmin, accion: o.accion, ahora: ctx.now() });
    if (!hecha) return null;
    await auditar(tx, o.actor, {
      accion: 'reconocer_alerta_crisis',
      recurso: 'alerta_crisis',
      idRecurso: hecha.id_alerta,
      idPaciente: hecha.id_paciente,
      detalle: { id_chat: hecha.id_chat },
    });
    const [fila] = await alertas(tx, { ids: [hecha.id_alerta] });
    return fila;
  });
  if (!r) {
    if (await existeAlerta(ctx.db, o.idAlerta)) throw conflict(MSG_SUPERVISION.alertaYaReconocida, 'ALERTA_YA_RECONOCIDA');
    throw notFound(MSG_SUPERVISION.alertaNoEncontrada, 'ALERTA_NO_ENCONTRADA');
  }
  const dto = alertaDto(r);
  await avisar(ctx, 'alerta de crisis atendida', () => {
    ctx.realtime.emitir(sala.administradores, 'alerta-crisis:reconocida', {
      id_alerta: dto.id_alerta,
      id_chat: dto.id_chat,
      reconocida_en: dto.reconocida_en ?? iso(ctx.now()),
      id_admin_reconoce: o.idAdmin,
    });
    ctx.realtime.emitir(sala.administradores, 'supervision:cambio', { id_chat: dto.id_chat });
  });
  return dto;
}
