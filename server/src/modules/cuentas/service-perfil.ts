// Profile, password and email of every account (spec 2 §2 Profile settings, §4, §5, §7, §8).
// A changed password or email bumps the account's session version: every other session ends on
// HTTP at its next request and its sockets are closed now; the session that made the change goes on
// (a password change answers a fresh token) and the old address is told by mail.
import { MSG_PERFIL, type Perfil } from '@miduelo/shared/cuentas-perfil';
import { RESTABLECER_HORAS } from '@miduelo/shared/constants';
import type { TokenPayload } from '@miduelo/shared/cuentas';
import { MSG } from '@miduelo/shared/cuentas';
import { sala } from '@miduelo/shared/realtime';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisarAdministradores } from '../../comun/aviso-admin';
import { avisar as avisarSinFallar } from '../../comun/aviso';
import { diasRestantes } from '../../comun/cuenta-limitada';
import { restriccionUnicaViolada } from '../../comun/errores-bd';
import { badRequest, conflict, unauthorized } from '../../errors';
import { correoAvisoCambioCuenta, correoConfirmarCambioCorreo } from '../../mail/plantillas';
import type { Correo } from '../../mail/mailer';
import type { Ctx } from '../../plugins/contexto';
import type { DbOrTx } from '../../db/client';
import { hashContrasena, verificarContrasena } from '../../comun/hash';
import {
  buscarPacientePorId,
  buscarPsicologoPorId,
  cambiarContrasenaPsicologo,
  cambiarCorreoPsicologo,
  correoOcupado,
  emailPacienteOcupado,
  modificarContactoPsicologo,
  modificarPaciente,
  type Paciente,
  pacienteParaCambio,
  type Psicologo,
  psicologoParaCambio,
} from './repo';
import { consumirTokenConDato, crearTokenUnUso } from './tokens';

export function vistaPerfil(p: Psicologo, ahora: Date, gracia: number): Perfil {
  const dias = diasRestantes(p, ahora, gracia);
  return {
    id_psicologo: p.id_psicologo,
    nombre: p.nombre,
    apellidoPaterno: p.apellidoPaterno,
    apellidoMaterno: p.apellidoMaterno,
    correo: p.correo,
    telefono: p.telefono,
    direccionConsultorio: p.direccionConsultorio,
    especialidad: p.especialidad,
    cedula: p.cedula,
    cedula_validada: p.cedula_validada,
    rol_admin: p.rol_admin,
    codigo_vinculacion: p.codigo_vinculacion,
    cuenta_limitada: dias === 0,
    diasRestantesValidacion: dias,
  };
}

export async function obtenerPerfil(ctx: Ctx, { idPsicologo }: { idPsicologo: number }, db: DbOrTx = ctx.db) {
  const p = await buscarPsicologoPorId(db, idPsicologo);
  if (!p) throw unauthorized(MSG.sesionInvalida);
  return vistaPerfil(p, ctx.now(), ctx.config.diasGraciaValidacion);
}

/** Mail sent after commit: the change stands even if the notice cannot go out (it is logged). */
function avisar(ctx: Ctx, correo: Correo) {
  ctx.mailer
    .enviar(correo)
    .catch((err: unknown) => ctx.log.error({ err: { message: (err as Error).message } }, 'no se pudo enviar el aviso de cambio de cuenta'));
}

type SesionPsicologo = Extract<TokenPayload, { tipo: 'psicologo' }>;

/** PUT /api/psicologo/actualizar-perfil and the email step of an administrator's change. */
export async function actualizarPerfilPsicologo(
  ctx: Ctx,
  o: { sesion: SesionPsicologo; actor: Actor; datos: { telefono: string; correo?: string; direccionConsultorio?: string | null } },
) {
  const id = o.sesion.id_psicologo;
  let anterior: Psicologo | null = null;
  let correoCambiado = false;
  let cambios: string[] = [];
  let perfil: Awaited<ReturnType<typeof obtenerPerfil>>;
  try {
    perfil = await ctx.db.transaction(async (tx) => {
      const p = await psicologoParaCambio(tx, id);
      if (!p) throw unauthorized(MSG.sesionInvalida);
      anterior = p;
      cambios = [];
      if (p.telefono !== o.datos.telefono) cambios.push('telefono');
      if (o.datos.direccionConsultorio !== undefined && p.direccionConsultorio !== o.datos.direccionConsultorio)
        cambios.push('direccionConsultorio');
      await modificarContactoPsicologo(tx, id, {
        telefono: o.datos.telefono,
        ...(o.datos.direccionConsultorio !== undefined ? { direccionConsultorio: o.datos.direccionConsultorio } : {}),
      });
      if (o.datos.correo !== undefined && o.datos.correo !== p.correo) {
        if (await correoOcupado(tx, o.datos.correo, { tipo: 'psicologo', id }))
          throw conflict(MSG_PERFIL.correoOcupado, 'CORREO_DUPLICADO');
        await cambiarCorreoPsicologo(tx, id, o.datos.correo);
        correoCambiado = true;
      }
      const entradas = [];
      if (cambios.length) entradas.push({ accion: 'actualizar_perfil', recurso: 'psicologo', idRecurso: id, detalle: { campos: cambios } });
      if (correoCambiado) entradas.push({ accion: 'cambiar_correo', recurso: 'psicologo', idRecurso: id });
      await auditar(tx, o.actor, entradas);
      // The profile answered is read before the commit: once committed it cannot fail (decision 298).
      return obtenerPerfil(ctx, { idPsicologo: id }, tx);
    });
  } catch (err) {
    if (restriccionUnicaViolada(err) !== null) throw conflict(MSG_PERFIL.correoOcupado, 'CORREO_DUPLICADO');
    throw err;
  }
  // The administrators' lists show the account's phone, email and office (decision 291).
  if (cambios.length || correoCambiado) await avisarAdministradores(ctx, { recurso: 'psicologo', id });
  const previo = anterior as Psicologo | null;
  if (correoCambiado && previo) {
    // Every session ends; this tab logs out by itself 2 s later (spec 2 §4), so its sockets close quietly.
    await ctx.realtime.desconectarCuenta({ tipo: 'psicologo', id }, 'contrasena', undefined, { excepto: o.sesion.jti });
    avisar(ctx, correoAvisoCambioCuenta({ para: previo.correo, nombre: previo.nombre, cambio: 'correo', nuevoCorreo: o.datos.correo }));
  }
  return {
    msg: correoCambiado ? MSG_PERFIL.correoCambiado : MSG_PERFIL.perfilActualizado,
    correo_cambiado: correoCambiado,
    perfil,
  };
}

/** PUT /api/psicologo/cambiar-contrasena and PUT /api/admin/cambiar-contrasena. */
export async function cambiarContrasenaPsicologoPropia(
  ctx: Ctx,
  o: { sesion: SesionPsicologo; actor: Actor; actual: string; nueva: string },
) {
  const id = o.sesion.id_psicologo;
  const nuevoHash = await hashContrasena(o.nueva);
  const p = await ctx.db.transaction(async (tx) => {
    const p = await psicologoParaCambio(tx, id);
    if (!p) throw unauthorized(MSG.sesionInvalida);
    if (!(await verificarContrasena(p.contrasenaHash, o.actual)))
      throw badRequest(MSG_PERFIL.contrasenaActualIncorrecta, 'CONTRASENA_ACTUAL_INCORRECTA');
    if (await verificarContrasena(p.contrasenaHash, o.nueva)) throw badRequest(MSG_PERFIL.contrasenaIgual, 'CONTRASENA_IGUAL');
    await cambiarContrasenaPsicologo(tx, id, nuevoHash);
    await auditar(tx, o.actor, { accion: 'cambiar_contrasena', recurso: 'psicologo', idRecurso: id });
    return p;
  });
  await ctx.realtime.desconectarCuenta({ tipo: 'psicologo', id }, 'contrasena', undefined, { excepto: o.sesion.jti });
  avisar(ctx, correoAvisoCambioCuenta({ para: p.correo, nombre: p.nombre, cambio: 'contrasena' }));
  const token = ctx.sesiones.firmarPsicologo({
    id_psicologo: p.id_psicologo,
    correo: p.correo,
    nombre: p.nombre,
    apellido: p.apellidoPaterno,
    rol_admin: p.rol_admin,
    version: p.versionSesion + 1,
  });
  return { msg: MSG_PERFIL.contrasenaActualizada, token };
}

/** POST /api/admin/solicitar-cambio-correo: a single-use link (1 h) mailed to the new address. */
export async function solicitarCambioCorreo(ctx: Ctx, o: { idAdmin: number; actor: Actor; nuevoCorreo: string }) {
  const ahora = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const p = await psicologoParaCambio(tx, o.idAdmin);
    if (!p) throw unauthorized(MSG.sesionInvalida);
    if (p.correo === o.nuevoCorreo) throw badRequest(MSG_PERFIL.correoIgual, 'CORREO_IGUAL');
    if (await correoOcupado(tx, o.nuevoCorreo, { tipo: 'psicologo', id: o.idAdmin }))
      throw conflict(MSG_PERFIL.correoOcupado, 'CORREO_DUPLICADO');
    const token = await crearTokenUnUso(tx, {
      proposito: 'cambio_correo',
      cuentaTipo: 'psicologo',
      cuentaId: o.idAdmin,
      ahora,
      horas: RESTABLECER_HORAS,
      dato: o.nuevoCorreo,
    });
    await auditar(tx, o.actor, { accion: 'solicitar_cambio_correo', recurso: 'psicologo', idRecurso: o.idAdmin });
    // Sent before commit: if it cannot go out, no token is left behind.
    await ctx.mailer.enviar(
      correoConfirmarCambioCorreo({
        para: o.nuevoCorreo,
        nombre: p.nombre,
        enlace: `${ctx.config.publicUrl}/configuracion-perfil?cambio_correo=${encodeURIComponent(token)}`,
      }),
    );
  });
  return { msg: MSG_PERFIL.cambioCorreoSolicitado };
}

/** POST /api/admin/confirmar-cambio-correo: the link's token, opened in the administrator's session. */
export async function confirmarCambioCorreo(ctx: Ctx, o: { sesion: SesionPsicologo; actor: Actor; token: string }) {
  const id = o.sesion.id_psicologo;
  const ahora = ctx.now();
  const mensajes = { invalido: MSG_PERFIL.tokenCambioCorreoInvalido, expirado: MSG_PERFIL.tokenCambioCorreoInvalido };
  let previo: Psicologo | null = null;
  let nuevo = '';
  try {
    await ctx.db.transaction(async (tx) => {
      const { cuentaId, dato } = await consumirTokenConDato(tx, {
        token: o.token,
        proposito: 'cambio_correo',
        cuentaTipo: 'psicologo',
        ahora,
        mensajes,
      });
      // Another account's link: the same answer as an unknown one.
      if (cuentaId !== id || !dato) throw badRequest(MSG_PERFIL.tokenCambioCorreoInvalido, 'TOKEN_INVALIDO');
      const p = await psicologoParaCambio(tx, id);
      if (!p) throw unauthorized(MSG.sesionInvalida);
      if (await correoOcupado(tx, dato, { tipo: 'psicologo', id })) throw conflict(MSG_PERFIL.correoOcupado, 'CORREO_DUPLICADO');
      await cambiarCorreoPsicologo(tx, id, dato);
      await auditar(tx, o.actor, { accion: 'cambiar_correo', recurso: 'psicologo', idRecurso: id });
      previo = p;
      nuevo = dato;
    });
  } catch (err) {
    if (restriccionUnicaViolada(err) !== null) throw conflict(MSG_PERFIL.correoOcupado, 'CORREO_DUPLICADO');
    throw err;
  }
  const p = previo as Psicologo | null;
  await avisarAdministradores(ctx, { recurso: 'psicologo', id });
  await ctx.realtime.desconectarCuenta({ tipo: 'psicologo', id }, 'contrasena', undefined, { excepto: o.sesion.jti });
  if (p) avisar(ctx, correoAvisoCambioCuenta({ para: p.correo, nombre: p.nombre, cambio: 'correo', nuevoCorreo: nuevo }));
  return { msg: MSG_PERFIL.correoCambiado };
}

// ---- Patients (the mobile app) ----

/** A patient's own data as the app sees it (its profile, and the login's answer): only these fields. */
export function vistaPerfilPaciente(p: Paciente) {
  return {
    id_paciente: p.id_paciente,
    nombre: p.nombre,
    apellido_paterno: p.apellido_paterno,
    apellido_materno: p.apellido_materno,
    email: p.email,
    telefono: p.telefono,
    fecha_nacimiento: p.fecha_nacimiento,
    id_psicologo: p.id_psicologo,
  };
}

export async function obtenerPerfilPaciente(ctx: Ctx, { idPaciente }: { idPaciente: number }, db: DbOrTx = ctx.db) {
  const p = await buscarPacientePorId(db, idPaciente);
  if (!p) throw unauthorized(MSG.sesionInvalida);
  return vistaPerfilPaciente(p);
}

type SesionPaciente = Extract<TokenPayload, { tipo: 'paciente' }>;

/** PUT /api/paciente/perfil: a changed email ends every other session and tells the old address. A
 * changed phone or email reaches her psychologist's open list and file, and the administrators'
 * lists (decisions 293, 291). */
export async function actualizarPerfilPaciente(
  ctx: Ctx,
  o: { sesion: SesionPaciente; actor: Actor; datos: { telefono: string; email: string } },
) {
  const id = o.sesion.id_paciente;
  let previo: { email: string; nombre: string } | null = null;
  let correoCambiado = false;
  let cambio = false;
  // The row is locked: the psychologist read here is hers when the change commits.
  let psicologo: number | null = null;
  let perfil: ReturnType<typeof vistaPerfilPaciente>;
  try {
    perfil = await ctx.db.transaction(async (tx) => {
      const p = await pacienteParaCambio(tx, id);
      if (!p) throw unauthorized(MSG.sesionInvalida);
      correoCambiado = p.email !== o.datos.email;
      cambio = correoCambiado || p.telefono !== o.datos.telefono;
      psicologo = p.id_psicologo;
      if (correoCambiado && (await emailPacienteOcupado(tx, o.datos.email, id)))
        throw conflict(MSG_PERFIL.correoOcupado, 'CORREO_DUPLICADO');
      await modificarPaciente(tx, id, o.datos, correoCambiado);
      await auditar(tx, o.actor, {
        accion: correoCambiado ? 'cambiar_correo' : 'actualizar_perfil',
        recurso: 'paciente',
        idRecurso: id,
        idPaciente: id,
      });
      previo = { email: p.email, nombre: p.nombre };
      // The profile answered is read before the commit: once committed it cannot fail (decision 298).
      return obtenerPerfilPaciente(ctx, { idPaciente: id }, tx);
    });
  } catch (err) {
    if (restriccionUnicaViolada(err) !== null) throw conflict(MSG_PERFIL.correoOcupado, 'CORREO_DUPLICADO');
    throw err;
  }
  if (cambio) {
    // Only that the patient changed: her psychologist's screens read her again (decision 293).
    const suyo = psicologo as number | null;
    if (suyo !== null)
      await avisarSinFallar(ctx, 'cambio de datos de la paciente', () =>
        ctx.realtime.emitir(sala.psicologo(suyo), 'pacientes:cambio', { tipo: 'actualizado', id_paciente: id }),
      );
    await avisarAdministradores(ctx, { recurso: 'paciente', id });
  }
  const antes = previo as { email: string; nombre: string } | null;
  if (correoCambiado && antes) {
    await ctx.realtime.desconectarCuenta({ tipo: 'paciente', id }, 'contrasena', undefined, { excepto: o.sesion.jti });
    avisar(ctx, correoAvisoCambioCuenta({ para: antes.email, nombre: antes.nombre, cambio: 'correo', nuevoCorreo: o.datos.email }));
  }
  return {
    msg: correoCambiado ? MSG_PERFIL.correoCambiado : MSG_PERFIL.perfilActualizado,
    correo_cambiado: correoCambiado,
    perfil,
  };
}

export async function cambiarContrasenaPaciente(ctx: Ctx, o: { sesion: SesionPaciente; actor: Actor; actual: string; nueva: string }) {
  const id = o.sesion.id_paciente;
  const nuevoHash = await hashContrasena(o.nueva);
  const p = await ctx.db.transaction(async (tx) => {
    const p = await pacienteParaCambio(tx, id);
    if (!p) throw unauthorized(MSG.sesionInvalida);
    if (!(await verificarContrasena(p.contrasenaHash, o.actual)))
      throw badRequest(MSG_PERFIL.contrasenaActualIncorrecta, 'CONTRASENA_ACTUAL_INCORRECTA');
    if (await verificarContrasena(p.contrasenaHash, o.nueva)) throw badRequest(MSG_PERFIL.contrasenaIgual, 'CONTRASENA_IGUAL');
    await modificarPaciente(tx, id, { contrasenaHash: nuevoHash }, true);
    await auditar(tx, o.actor, { accion: 'cambiar_contrasena', recurso: 'paciente', idRecurso: id, idPaciente: id });
    return p;
  });
  await ctx.realtime.desconectarCuenta({ tipo: 'paciente', id }, 'contrasena', undefined, { excepto: o.sesion.jti });
  avisar(ctx, correoAvisoCambioCuenta({ para: p.email, nombre: p.nombre, cambio: 'contrasena' }));
  const token = ctx.sesiones.firmarPaciente({
    id_paciente: p.id_paciente,
    nombre: p.nombre,
    apellido: p.apellido_paterno,
    version: p.versionSesion + 1,
  });
  return { msg: MSG_PERFIL.contrasenaActualizada, token };
}
