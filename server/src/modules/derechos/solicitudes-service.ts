// ARCO cancellation and opposition requests (issue 56, decisions 378 and 379). The patient asks with
// a reason; every administrator sees it live with its legal deadline; one resolves it. A cancellation
// closes the account and anonymizes it in one transaction (anonimizacion.ts); an opposition records
// the outcome and the answer. Both answer the patient by mail, and every step is audited.
import {
  type CrearSolicitudArco,
  MSG_ARCO,
  type ResolverSolicitudArco,
  type SolicitudArcoAdmin,
  type SolicitudArcoPaciente,
} from '@miduelo/shared/derechos-solicitudes';
import { fechaEnZona } from '@miduelo/shared/fechas';
import { sala } from '@miduelo/shared/realtime';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import { avisarAdministradores } from '../../comun/aviso-admin';
import { badRequest, conflict, notFound } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import { anonimizarPaciente, eliminarArchivosEvidencia } from './anonimizacion';
import { diasHabilesRestantes, venceSolicitudArco } from './plazo';
import { correoCancelacion, correoOposicion } from './solicitudes-correo';
import {
  contactoPaciente,
  type FilaSolicitud,
  type FilaSolicitudAdmin,
  insertarSolicitud,
  marcarResuelta,
  solicitudesAdmin,
  solicitudesDePaciente,
  solicitudParaResolver,
} from './solicitudes-repo';

export type CtxDerechos = Pick<Ctx, 'db' | 'realtime' | 'now' | 'log' | 'cifrador' | 'mailer' | 'config' | 'sesiones'>;

const COL_MOTIVO = 'solicitud_arco.motivo';
const COL_RESPUESTA = 'solicitud_arco.respuesta';

function solicitudDto(ctx: Pick<CtxDerechos, 'cifrador'>, f: FilaSolicitud): SolicitudArcoPaciente {
  return {
    id_solicitud: f.id_solicitud,
    tipo: f.tipo as SolicitudArcoPaciente['tipo'],
    motivo: f.motivo === null ? null : ctx.cifrador.leer(f.motivo, COL_MOTIVO),
    recibida_en: f.recibida_en.toISOString(),
    vence_el: f.vence_el,
    estado: f.estado as SolicitudArcoPaciente['estado'],
    resultado: f.resultado as SolicitudArcoPaciente['resultado'],
    respuesta: f.respuesta === null ? null : ctx.cifrador.leer(f.respuesta, COL_RESPUESTA),
    resuelta_en: f.resuelta_en === null ? null : f.resuelta_en.toISOString(),
  };
}

function solicitudAdminDto(ctx: Pick<CtxDerechos, 'cifrador'>, f: FilaSolicitudAdmin, hoy: string): SolicitudArcoAdmin {
  const base = solicitudDto(ctx, f.s);
  return {
    ...base,
    id_paciente: f.s.id_paciente,
    paciente: { nombre: f.nombre, apellido_paterno: f.apellido_paterno, apellido_materno: f.apellido_materno, email: f.email },
    dias_habiles_restantes: diasHabilesRestantes(hoy, f.s.vence_el),
    id_admin_resuelve: f.s.id_admin_resuelve,
  };
}

function avisarCambio(ctx: CtxDerechos, idSolicitud: number, idPaciente: number | null) {
  return avisar(ctx, 'solicitud ARCO', () => {
    ctx.realtime.emitir(sala.administradores, 'derechos:solicitud', { id_solicitud: idSolicitud });
    if (idPaciente !== null) ctx.realtime.emitir(sala.paciente(idPaciente), 'derechos:solicitud', { id_solicitud: idSolicitud });
  });
}

/** GET /api/paciente/derechos/solicitudes */
export async function solicitudesPaciente(ctx: CtxDerechos, o: { idPaciente: number }) {
  return (await solicitudesDePaciente(ctx.db, o.idPaciente)).map((f) => solicitudDto(ctx, f));
}

/** POST /api/paciente/derechos/solicitudes: one of each kind in process (409 otherwise). */
export async function crearSolicitud(ctx: CtxDerechos, o: { actor: Actor; idPaciente: number } & CrearSolicitudArco) {
  const recibidaEn = ctx.now();
  const venceEl = venceSolicitudArco(recibidaEn, ctx.config.zonaClinica);
  const f = await ctx.db.transaction(async (tx) => {
    const s = await insertarSolicitud(tx, {
      idPaciente: o.idPaciente,
      tipo: o.tipo,
      motivo: ctx.cifrador.cifrar(o.motivo, COL_MOTIVO),
      recibidaEn,
      venceEl,
    });
    if (!s) return null;
    await auditar(tx, o.actor, {
      accion: o.tipo === 'cancelacion' ? 'solicitar_cancelacion' : 'solicitar_oposicion',
      recurso: 'solicitud_arco',
      idRecurso: s.id_solicitud,
      idPaciente: o.idPaciente,
      detalle: { tipo: o.tipo, vence_el: venceEl },
    });
    return s;
  });
  if (!f) throw conflict(MSG_ARCO.yaPendiente, 'SOLICITUD_ARCO_PENDIENTE');
  await avisarCambio(ctx, f.id_solicitud, o.idPaciente);
  return solicitudDto(ctx, f);
}

/** GET /api/admin/derechos/solicitudes */
export async function solicitudesParaAdmin(ctx: CtxDerechos, o: { estado?: 'pendientes' | 'todas' }) {
  const hoy = fechaEnZona(ctx.now(), ctx.config.zonaClinica);
  const f = await solicitudesAdmin(ctx.db, { soloPendientes: o.estado !== 'todas' });
  return f.map((x) => solicitudAdminDto(ctx, x, hoy));
}

/** POST /api/admin/derechos/solicitudes/:id/resolver */
export async function resolverSolicitud(ctx: CtxDerechos, o: { actor: Actor; idAdmin: number; id: number } & ResolverSolicitudArco) {
  const respuesta = o.respuesta === '' ? null : o.respuesta;
  const ahora = ctx.now();
  const hoy = fechaEnZona(ahora, ctx.config.zonaClinica);
  const r = await ctx.db.transaction(async (tx) => {
    const s = await solicitudParaResolver(tx, o.id);
    if (!s) throw notFound(MSG_ARCO.noEncontrada, 'SOLICITUD_ARCO_NO_ENCONTRADA');
    if (s.estado !== 'pendiente') throw conflict(MSG_ARCO.yaResuelta, 'SOLICITUD_ARCO_RESUELTA');
    const cancelacion = s.tipo === 'cancelacion';
    if (cancelacion && o.resultado !== 'procedente') throw badRequest(MSG_ARCO.cancelacionSoloProcede);
    if (!cancelacion && respuesta === null) throw badRequest(MSG_ARCO.respuestaObligatoria);
    // Read before anything is erased: the answer goes to her address as it was.
    const contacto = await contactoPaciente(tx, s.id_paciente);
    const borrado = cancelacion ? await anonimizarPaciente(tx, { idPaciente: s.id_paciente, hoy, cifrador: ctx.cifrador }) : null;
    await marcarResuelta(tx, {
      id: s.id_solicitud,
      resultado: o.resultado,
      respuesta: respuesta === null ? null : ctx.cifrador.cifrar(respuesta, COL_RESPUESTA),
      resueltaEn: ahora,
      idAdmin: o.idAdmin,
      ficha: borrado?.ficha ?? null,
    });
    await auditar(tx, o.actor, [
      {
        accion: 'resolver_solicitud_arco',
        recurso: 'solicitud_arco',
        idRecurso: s.id_solicitud,
        idPaciente: s.id_paciente,
        detalle: { tipo: s.tipo, resultado: o.resultado, vence_el: s.vence_el, en_plazo: hoy <= s.vence_el },
      },
      ...(borrado
        ? [
            {
              accion: 'cancelar_datos',
              recurso: 'paciente',
              idRecurso: s.id_paciente,
              idPaciente: s.id_paciente,
              detalle: { evidencias_borradas: borrado.clavesEvidencia.length },
            },
          ]
        : []),
    ]);
    return { s, contacto, borrado, idPsicologo: contacto?.id_psicologo ?? null };
  });
  await despuesDeResolver(ctx, { ...r, resultado: o.resultado, respuesta });
  const [fila] = await solicitudesAdmin(ctx.db, { soloPendientes: false, ids: [o.id] });
  return solicitudAdminDto(ctx, fila, hoy);
}

/** After commit: files, sockets, lists, and the mail to the address she had. */
async function despuesDeResolver(
  ctx: CtxDerechos,
  r: {
    s: FilaSolicitud;
    contacto: { nombre: string; email: string } | null;
    borrado: { clavesEvidencia: string[] } | null;
    idPsicologo: number | null;
    resultado: string;
    respuesta: string | null;
  },
) {
  const idPaciente = r.s.id_paciente;
  if (r.borrado) {
    const fallidos = await eliminarArchivosEvidencia(ctx.config.dataDir, r.borrado.clavesEvidencia);
    if (fallidos > 0) ctx.log.error({ fallidos, id_paciente: idPaciente }, 'cancelación ARCO: archivos de evidencia sin borrar');
    await ctx.realtime.desconectarCuenta({ tipo: 'paciente', id: idPaciente }, 'deshabilitada');
    await avisarAdministradores(ctx, { recurso: 'paciente', id: idPaciente });
    const idPs = r.idPsicologo;
    if (idPs !== null)
      await avisar(ctx, 'cancelación ARCO', () =>
        ctx.realtime.emitir(sala.psicologo(idPs), 'pacientes:cambio', { tipo: 'actualizado', id_paciente: idPaciente }),
      );
  }
  await avisarCambio(ctx, r.s.id_solicitud, r.borrado ? null : idPaciente);
  if (!r.contacto) return;
  try {
    await ctx.mailer.enviar(
      r.borrado
        ? correoCancelacion({ para: r.contacto.email, nombre: r.contacto.nombre, respuesta: r.respuesta })
        : correoOposicion({
            para: r.contacto.email,
            nombre: r.contacto.nombre,
            procede: r.resultado === 'procedente',
            respuesta: r.respuesta ?? '',
          }),
    );
  } catch (err) {
    ctx.log.error({ err: { message: (err as Error).message }, id_solicitud: r.s.id_solicitud }, 'no se pudo enviar la respuesta ARCO');
  }
}
