// The administrator's work on psychologists and patients (spec 2 §2, §4, §7, §8; decisions 140–145).
// Every act writes its audit row in its own transaction and publishes after commit.
import { MSG_ADMIN } from '@miduelo/shared/cuentas';
import { AUDITORIA_POR_PAGINA, MSG_ADMINISTRACION } from '@miduelo/shared/administracion';
import type { PacienteAdmin, PsicologoAdmin } from '@miduelo/shared/administracion-esquemas';
import type { Cita } from '@miduelo/shared/agenda';
import { sala } from '@miduelo/shared/realtime';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import { avisarAdministradores } from '../../comun/aviso-admin';
import { citaDeFila, publicarCitaAlPaciente, publicarCitaAlPsicologo } from '../../comun/cita-paciente';
import { marcaAniversarioCita } from '../../comun/repo';
import { diasRestantes } from '../../comun/cuenta-limitada';
import { momentoClinica } from '../../comun/reloj';
import { publicarVinculo } from '../../comun/vinculo';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import { consultarRegistro, type ResultadoRegistro } from './registro-cedulas';
import * as repo from './repo';

const vistaPsicologo = (p: repo.FilaPsicologo): PsicologoAdmin => ({
  id_psicologo: p.id_psicologo,
  nombre: p.nombre,
  apellidoPaterno: p.apellidoPaterno,
  apellidoMaterno: p.apellidoMaterno,
  correo: p.correo,
  telefono: p.telefono,
  cedula: p.cedula,
  cedula_validada: p.cedula_validada,
  status: p.status === 'inactivo' ? 'inactivo' : 'activo',
  especialidad: p.especialidad,
  codigo_vinculacion: p.codigo_vinculacion,
  fecha_nacimiento: p.fecha_nacimiento,
  createdAt: p.createdAt.toISOString(),
  rol_admin: p.rol_admin,
  direccionConsultorio: p.direccionConsultorio,
  activada: p.activadoEn !== null,
  total_pacientes: Number(p.total_pacientes),
});

const vistaPaciente = (p: repo.FilaPaciente): PacienteAdmin => ({
  id_paciente: p.id_paciente,
  nombre: p.nombre,
  apellido_paterno: p.apellido_paterno,
  apellido_materno: p.apellido_materno,
  email: p.email,
  telefono: p.telefono,
  fecha_nacimiento: p.fecha_nacimiento,
  id_psicologo: p.id_psicologo,
  psicologo:
    p.p_id !== null && p.p_nombre !== null
      ? {
          id_psicologo: p.p_id,
          nombre: p.p_nombre,
          apellidoPaterno: p.p_apellidoPaterno ?? '',
          apellidoMaterno: p.p_apellidoMaterno,
          correo: p.p_correo ?? '',
        }
      : null,
  status: p.status === 'inactivo' ? 'inactivo' : 'activo',
  createdAt: p.createdAt.toISOString(),
});

export async function listarPsicologos(ctx: Pick<Ctx, 'db'>) {
  return (await repo.psicologos(ctx.db)).map(vistaPsicologo);
}

export async function obtenerPsicologo(ctx: Pick<Ctx, 'db'>, { id }: { id: number }) {
  const [p] = await repo.psicologos(ctx.db, id);
  if (!p) throw notFound(MSG_ADMIN.psicologoNoEncontrado);
  return vistaPsicologo(p);
}

export async function listarPacientes(ctx: Pick<Ctx, 'db'>) {
  return (await repo.pacientes(ctx.db)).map(vistaPaciente);
}

/** Tells the psychologist's open tabs their licence state (the limited-account banner follows it). */
async function publicarCuenta(ctx: Ctx, id: number) {
  const [p] = await repo.psicologos(ctx.db, id);
  if (!p) return;
  const dias = diasRestantes(p, ctx.now(), ctx.config.diasGraciaValidacion);
  ctx.realtime.emitir(sala.psicologo(id), 'cuenta:actualizada', {
    cedula_validada: p.cedula_validada,
    cuenta_limitada: dias === 0,
    diasRestantesValidacion: dias,
  });
}

async function fijarValidacion(ctx: Ctx, o: { id: number; valor: boolean; actor: Actor; metodo: string; exigirPendiente?: boolean }) {
  const cambio = await ctx.db.transaction(async (tx) => {
    const p = await repo.psicologoBloqueado(tx, o.id);
    if (!p) throw notFound(MSG_ADMIN.psicologoNoEncontrado);
    if (o.exigirPendiente && p.cedula_validada) throw conflict(MSG_ADMINISTRACION.cedulaYaValidada, 'CEDULA_YA_VALIDADA');
    if (p.cedula_validada === o.valor) return false;
    await repo.fijarCedulaValidada(tx, o.id, o.valor);
    await auditar(tx, o.actor, {
      accion: o.valor ? 'validar_cedula' : 'invalidar_cedula',
      recurso: 'psicologo',
      idRecurso: o.id,
      detalle: { metodo: o.metodo },
    });
    return true;
  });
  if (cambio) await avisarAdministradores(ctx, { recurso: 'psicologo', id: o.id });
  // The licence is part of the session check: its cached answers go first, on every node (082).
  await ctx.sesiones.olvidarCuenta({ tipo: 'psicologo', id: o.id });
  await avisar(ctx, 'validación de cédula', () => publicarCuenta(ctx, o.id));
}

/** PUT psicologos/{id}/validar-cedula { cedula_validada }. */
export async function validarCedula(ctx: Ctx, o: { id: number; valor: boolean; actor: Actor }) {
  await fijarValidacion(ctx, { ...o, metodo: 'directo' });
  return { msg: o.valor ? MSG_ADMINISTRACION.cedulaValidada : MSG_ADMINISTRACION.cedulaMarcadaNoValidada, cedula_validada: o.valor };
}

/** PUT psicologos/{id}/validar-cedula-manual (after the screen's two confirmations). */
export async function validarCedulaManual(ctx: Ctx, o: { id: number; actor: Actor }) {
  await fijarValidacion(ctx, { id: o.id, valor: true, actor: o.actor, metodo: 'manual', exigirPendiente: true });
  return { msg: MSG_ADMINISTRACION.cedulaValidadaManual };
}

const MENSAJE_RESULTADO: Record<Exclude<ResultadoRegistro['tipo'], 'no_configurado' | 'sin_respuesta' | 'error'>, string> = {
  valida: MSG_ADMINISTRACION.cedulaValidaApi,
  no_encontrada: MSG_ADMINISTRACION.cedulaNoEncontrada,
  otro_nombre: MSG_ADMINISTRACION.cedulaOtroNombre,
  sin_psicologia: MSG_ADMINISTRACION.cedulaSinPsicologia,
};

/** POST psicologos/{id}/validar-cedula-api { cedula }: asks the registry (decision 142). A licence
 * found under that name with a psychology degree validates the account; any other answer changes
 * nothing; a registry that is not configured, slow or failing is an error with a Spanish message. */
export async function validarCedulaApi(ctx: Ctx, o: { id: number; cedula: string; actor: Actor }) {
  const [p] = await repo.psicologos(ctx.db, o.id);
  if (!p) throw notFound(MSG_ADMIN.psicologoNoEncontrado);
  if (p.cedula !== o.cedula) throw badRequest(MSG_ADMINISTRACION.cedulaNoCoincide, 'CEDULA_NO_COINCIDE');
  const r = await consultarRegistro({ url: ctx.config.cedulaApiUrl, timeoutMs: ctx.config.cedulaApiTimeoutMs }, p);
  if (r.tipo === 'no_configurado') throw new AppError(503, 'REGISTRO_NO_CONFIGURADO', MSG_ADMINISTRACION.registroNoConfigurado);
  if (r.tipo === 'sin_respuesta') throw new AppError(504, 'REGISTRO_SIN_RESPUESTA', MSG_ADMINISTRACION.registroSinRespuesta);
  if (r.tipo === 'error') {
    ctx.log.warn({ detalle: r.detalle }, 'registro de cédulas: respuesta inesperada');
    throw new AppError(502, 'REGISTRO_CON_ERROR', MSG_ADMINISTRACION.registroConError);
  }
  if (r.tipo === 'valida') {
    await fijarValidacion(ctx, { id: o.id, valor: true, actor: o.actor, metodo: 'registro' });
  } else {
    await auditar(ctx.db, o.actor, { accion: 'consultar_cedula', recurso: 'psicologo', idRecurso: o.id, detalle: { resultado: r.tipo } });
  }
  return { valida: r.tipo === 'valida', mensaje: MENSAJE_RESULTADO[r.tipo] };
}

/** DELETE psicologos/{id} (decision 141): patients become unassigned (listed as 'Sin asignar' for a
 * reassignment, one audit row each), the account's appointments, availability and chats go with it. */
export async function eliminarPsicologo(ctx: Ctx, o: { id: number; idAdmin: number; actor: Actor }) {
  if (o.id === o.idAdmin) throw badRequest(MSG_ADMINISTRACION.eliminarPropia, 'PROPIA_CUENTA');
  let alcance: Awaited<ReturnType<typeof repo.alcanceEliminacion>> & { porVenir: Awaited<ReturnType<typeof repo.citasPorVenir>> };
  try {
    alcance = await ctx.db.transaction(async (tx) => {
      const p = await repo.psicologoBloqueado(tx, o.id);
      if (!p) throw notFound(MSG_ADMIN.psicologoNoEncontrado);
      const a = await repo.alcanceEliminacion(tx, o.id);
      const porVenir = await repo.citasPorVenir(tx, o.id, momentoClinica(ctx.config));
      await repo.eliminarPsicologo(tx, o.id);
      await auditar(tx, o.actor, [
        {
          accion: 'eliminar',
          recurso: 'psicologo',
          idRecurso: o.id,
          detalle: { cedula: p.cedula, pacientes_sin_asignar: a.pacientes.length, citas_eliminadas: a.citas, chats_eliminados: a.chats },
        },
        ...a.pacientes.map((idPaciente) => ({
          accion: 'desasignar',
          recurso: 'paciente',
          idRecurso: idPaciente,
          idPaciente,
          detalle: { de: o.id, motivo: 'psicologo_eliminado' },
        })),
      ]);
      return { ...a, porVenir };
    });
  } catch (err) {
    // A table of a later domain that keeps the psychologist's records (foreign key without cascade).
    if (codigoBd(err) === '23503')
      throw conflict('La cuenta tiene registros que impiden eliminarla. Deshabilítala en su lugar.', 'ELIMINACION_BLOQUEADA');
    throw err;
  }
  // Other administrators' open lists drop the row, and show its patients as 'Sin asignar' (291).
  await avisarAdministradores(ctx, { recurso: 'psicologo', id: o.id });
  await ctx.realtime.desconectarCuenta({ tipo: 'psicologo', id: o.id }, 'deshabilitada');
  // The appointments still to come left with the account: each patient's open app drops them now
  // (and one whose app is closed gets the push a cancellation gets), instead of keeping a session
  // that no longer exists until it reloads (decision 276).
  await avisar(ctx, 'citas de un psicólogo eliminado', () => {
    for (const c of alcance.porVenir) {
      publicarCitaAlPaciente(ctx.realtime, c.id_paciente, 'eliminada', 'psicologo', citaDeFila(ctx.cifrador, c));
    }
  });
  const n = alcance.pacientes.length;
  return {
    msg:
      n > 0
        ? `${MSG_ADMINISTRACION.cuentaEliminada}. ${n} paciente(s) quedaron sin asignar: reasígnalos.`
        : MSG_ADMINISTRACION.cuentaEliminada,
    pacientes_sin_asignar: n,
    citas_eliminadas: alcance.citas,
    chats_eliminados: alcance.chats,
  };
}

function codigoBd(err: unknown): string | null {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^\d{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return null;
}

/** What the reassignment's transaction answers when the screen was stale: nothing was written. */
const DESACTUALIZADA = Symbol('reasignacion-desactualizada');

/** PUT pacientes/{id}/reasignar { id_psicologo, id_psicologo_actual? }: only to an active, activated
 * psychologist with a verified licence, never an administrator, and never the current one. With
 * `esperado` (the psychologist the screen showed, null for 'Sin asignar'), a patient whose
 * psychologist changed since is not overwritten: 409 with the patient as she is now (decision 292). */
export async function reasignarPaciente(ctx: Ctx, o: { id: number; idPsicologo: number; esperado?: number | null; actor: Actor }) {
  const m = momentoClinica(ctx.config);
  const r = await ctx.db.transaction(async (tx) => {
    const pac = await repo.pacienteBloqueado(tx, o.id);
    if (!pac) throw notFound(MSG_ADMIN.pacienteNoEncontrado);
    // The row is locked: a concurrent reassignment waits here and then sees this one's result.
    if (o.esperado !== undefined && pac.id_psicologo !== o.esperado) return DESACTUALIZADA;
    if (pac.id_psicologo === o.idPsicologo) throw badRequest(MSG_ADMINISTRACION.yaAsignado, 'YA_ASIGNADO');
    const anterior = pac.id_psicologo;
    // The former psychologist's agenda writes wait too (the agenda locks the same row), so no
    // booking of hers slips past the cancellation below. Both rows in id order: no deadlock
    // between two reassignments crossing the same two psychologists.
    if (anterior !== null && anterior < o.idPsicologo) await repo.psicologoBloqueado(tx, anterior);
    const destino = await repo.psicologoBloqueado(tx, o.idPsicologo);
    if (!destino) throw notFound(MSG_ADMIN.psicologoNoEncontrado);
    if (destino.rol_admin) throw badRequest(MSG_ADMINISTRACION.destinoEsAdmin, 'DESTINO_ADMIN');
    if (destino.status !== 'activo' || !destino.cedula_validada || !destino.activadoEn)
      throw badRequest(MSG_ADMINISTRACION.destinoNoValido, 'DESTINO_NO_VALIDO');
    if (anterior !== null && anterior > o.idPsicologo) await repo.psicologoBloqueado(tx, anterior);
    // Her sessions still to come with the former psychologist end with the link (decision 300):
    // cancelled as the agenda cancels (the rows stay, red, in that agenda); past ones stay history.
    const citas = anterior === null ? [] : await repo.citasPorVenirDelPaciente(tx, { idPsicologo: anterior, idPaciente: o.id, ...m });
    await repo.cancelarCitas(
      tx,
      citas.map((c) => c.id_cita),
      m.ahora,
    );
    await repo.asignarPaciente(tx, o.id, o.idPsicologo);
    await auditar(tx, o.actor, [
      {
        accion: 'reasignar',
        recurso: 'paciente',
        idRecurso: o.id,
        idPaciente: o.id,
        detalle: { de: anterior, a: o.idPsicologo },
      },
      ...citas.map((c) => ({
        accion: 'cancelar',
        recurso: 'cita',
        idRecurso: c.id_cita,
        idPaciente: o.id,
        detalle: { de: c.estado, a: 'cancelada', id_psicologo: anterior, motivo: 'paciente_reasignado' },
      })),
    ]);
    // The answer is read here, not after the commit: saved work is never answered as a failure (298).
    const [fila] = await repo.pacientes(tx, o.id);
    return { anterior, pac, citas, fila };
  });
  if (r === DESACTUALIZADA) {
    const [actual] = await repo.pacientes(ctx.db, o.id);
    throw new AppError(409, 'REASIGNACION_DESACTUALIZADA', MSG_ADMINISTRACION.reasignacionDesactualizada, {
      paciente: actual ? vistaPaciente(actual) : null,
    });
  }
  const { anterior, pac, citas, fila } = r;
  // The cancelled sessions leave the former psychologist's open agenda and the patient's app as a
  // psychologist's cancellation does: `cita:cambio` and `mi-cita:cambio` (with its push), 300.
  if (anterior !== null && citas.length > 0) {
    await avisar(ctx, 'citas canceladas al reasignar', () => {
      for (const c of citas) {
        const cita: Cita = {
          ...citaDeFila(ctx.cifrador, c),
          estado: 'cancelada',
          version: c.version + 1,
          paciente: { nombre: pac.nombre, apellido_paterno: pac.apellido_paterno, apellido_materno: pac.apellido_materno },
          aniversario: marcaAniversarioCita(ctx.cifrador, pac.fecha_perdida, c.fecha),
        };
        publicarCitaAlPsicologo(ctx.realtime, anterior, 'actualizada', 'psicologo', cita);
        publicarCitaAlPaciente(ctx.realtime, o.id, 'actualizada', 'psicologo', cita);
      }
    });
  }
  // Both psychologists' open patient lists follow (decision 266), and every administrator's (291).
  await avisar(ctx, 'reasignar paciente', () => publicarVinculo(ctx.realtime, { idPaciente: o.id, de: anterior, a: o.idPsicologo }));
  await avisarAdministradores(ctx, { recurso: 'paciente', id: o.id });
  return { msg: MSG_ADMINISTRACION.pacienteReasignado, paciente: vistaPaciente(fila), citas_canceladas: citas.length };
}

export function calcularEstadisticas(ctx: Pick<Ctx, 'db' | 'config'>) {
  const { hoy } = momentoClinica(ctx.config);
  return repo.estadisticas(ctx.db, { hoy, zona: ctx.config.zonaClinica });
}

export async function leerAuditoria(
  ctx: Pick<Ctx, 'db'>,
  q: { page: number; actor_tipo?: string; accion?: string; recurso?: string; actor_id?: number },
) {
  const limite = AUDITORIA_POR_PAGINA;
  const { total, filas } = await repo.filasAuditoria(ctx.db, { ...q, limite, desplazamiento: (q.page - 1) * limite });
  return {
    data: filas.map((f) => ({
      id_auditoria: f.id_auditoria,
      fecha: f.fecha.toISOString(),
      actor_tipo: f.actor_tipo,
      actor_id: f.actor_id,
      actor_nombre: f.actor_nombre ?? null,
      accion: f.accion,
      recurso: f.recurso,
      id_recurso: f.id_recurso,
      id_paciente: f.id_paciente,
      ip: f.ip,
      detalle: (f.detalle as Record<string, unknown> | null) ?? null,
    })),
    meta: { total, page: q.page, limit: limite, totalPages: Math.max(1, Math.ceil(total / limite)) },
  };
}
