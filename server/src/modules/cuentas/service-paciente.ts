import { MSG, MSG_CUENTA } from '@miduelo/shared/cuentas';
import { ACTIVACION_HORAS, RESTABLECER_HORAS } from '@miduelo/shared/constants';
import type { TipoConsentimiento } from '@miduelo/shared/cuentas-consentimiento';
import { avisar } from '../../comun/aviso';
import { avisarAdministradores } from '../../comun/aviso-admin';
import { diasRestantes } from '../../comun/cuenta-limitada';
import { restriccionUnicaViolada } from '../../comun/errores-bd';
import { publicarVinculo } from '../../comun/vinculo';
import { AppError, forbidden, notFound, unauthorized } from '../../errors';
import { correoActivacion, correoRegistroExistente, correoRestablecer } from '../../mail/plantillas';
import { hashContrasena, verificarContrasena } from '../../comun/hash';
import type { Ctx } from '../../plugins/contexto';
import {
  buscarPacientePorEmail,
  buscarPacientePorId,
  buscarPsicologoPorCodigo,
  cambiarContrasenaPacienteHash,
  insertarPaciente,
  marcarPacienteActivado,
} from './repo';
import { despuesDeResponder } from './service';
import { comprobarVersiones, pendientesDe, registrarConsentimientoInicial } from './service-consentimiento';
import { vistaPerfilPaciente } from './service-perfil';
import { consumirToken, crearTokenUnUso, estadoToken, mensajesActivacion, mensajesRestablecer } from './tokens';

export async function registrarPaciente(
  ctx: Ctx,
  body: {
    nombre: string;
    apellido_paterno: string;
    apellido_materno: string | null;
    fecha_nacimiento: string;
    email: string;
    telefono: string;
    contrasena: string;
    codigo_vinculacion: string;
    consentimientos: Record<TipoConsentimiento, number>;
  },
  o: { ip: string | null } = { ip: null },
) {
  const ahora = ctx.config.now();
  await comprobarVersiones(ctx.db, body.consentimientos);
  const psic = await buscarPsicologoPorCodigo(ctx.db, body.codigo_vinculacion);
  if (psic?.status !== 'activo' || !psic.activadoEn) throw notFound(MSG.codigoDesconocido, 'CODIGO_DESCONOCIDO');
  if (diasRestantes(psic, ahora, ctx.config.diasGraciaValidacion) === 0)
    throw forbidden(MSG_CUENTA.psicologoSinVinculacion, 'CUENTA_LIMITADA');
  const contrasenaHash = await hashContrasena(body.contrasena);
  let creado: number | null = null;
  try {
    creado = await ctx.db.transaction(async (tx) => {
      const existente = await buscarPacientePorEmail(tx, body.email);
      if (existente) {
        // Same answer and same work as a new account; the owner is told by mail (decision 075).
        await ctx.mailer.enviar(correoRegistroExistente({ para: existente.email, nombre: existente.nombre, dato: 'correo', enlace: null }));
        return null;
      }
      const { contrasena: _c, codigo_vinculacion: _k, consentimientos, ...datos } = body;
      const creado = await insertarPaciente(tx, { ...datos, contrasenaHash, id_psicologo: psic.id_psicologo, createdAt: ahora });
      // Express acceptance of the versions in force, in the same transaction as the account.
      await registrarConsentimientoInicial(tx, { idPaciente: creado.id_paciente, aceptadas: consentimientos, ahora, ip: o.ip });
      const token = await crearTokenUnUso(tx, {
        proposito: 'activacion',
        cuentaTipo: 'paciente',
        cuentaId: creado.id_paciente,
        ahora,
        horas: ACTIVACION_HORAS,
      });
      await ctx.mailer.enviar(
        correoActivacion({ para: creado.email, nombre: creado.nombre, enlace: `${ctx.config.publicUrl}/api/paciente/activar/${token}` }),
      );
      return creado.id_paciente;
    });
  } catch (err) {
    // A concurrent registration of the same email won the race: same answer.
    if (restriccionUnicaViolada(err)?.includes('email')) return { msg: MSG.registroExitoso };
    if (err instanceof AppError) throw err;
    if ((err as { command?: string }).command) throw new AppError(503, 'CORREO_NO_ENVIADO', MSG_CUENTA.correoNoEnviado);
    throw err;
  }
  // The psychologist's open patient list shows the new patient at once (decision 266).
  // So do the administrators' lists (decision 291). Registered: a failed notice must not tell the
  // patient that the registration failed (decision 288).
  if (creado !== null) {
    await avisar(ctx, 'registro de paciente', () => publicarVinculo(ctx.realtime, { idPaciente: creado, de: null, a: psic.id_psicologo }));
    await avisarAdministradores(ctx, { recurso: 'paciente', id: creado });
  }
  return { msg: MSG.registroExitoso };
}

export async function activarPaciente(ctx: Ctx, { token }: { token: string }) {
  const ahora = ctx.config.now();
  await ctx.db.transaction(async (tx) => {
    const id = await consumirToken(tx, { token, proposito: 'activacion', cuentaTipo: 'paciente', ahora, mensajes: mensajesActivacion });
    await marcarPacienteActivado(tx, id, ahora);
  });
  return { msg: MSG.activacionExitosa };
}

export async function iniciarSesionPaciente(ctx: Ctx, body: { email: string; contrasena: string }) {
  const p = await buscarPacientePorEmail(ctx.db, body.email);
  // While the hash runs on its own thread, the answer a correct password gets is prepared (token,
  // pending consents; decision 231). Nothing prepared leaves before the checks below.
  const verificacion = verificarContrasena(p?.contrasenaHash, body.contrasena);
  const pendientes = p ? pendientesDe(ctx.db, p.id_paciente) : null;
  // A failed read is thrown below, and only to the holder of the right password.
  pendientes?.catch(() => {});
  const token = p
    ? ctx.sesiones.firmarPaciente({ id_paciente: p.id_paciente, nombre: p.nombre, apellido: p.apellido_paterno, version: p.versionSesion })
    : null;
  const ok = await verificacion;
  if (!p || !ok || !pendientes || !token) throw unauthorized(MSG.credencialesInvalidas, 'CREDENCIALES_INVALIDAS');
  if (!p.activadoEn) throw new AppError(403, 'CUENTA_NO_ACTIVADA', MSG.cuentaNoActivada, { requiereActivacion: true });
  if (p.status !== 'activo') throw forbidden(MSG.cuentaInactiva, 'CUENTA_INACTIVA');
  return { token, paciente: vistaPerfilPaciente(p), consentimientos_pendientes: await pendientes };
}

/** The session a completed second step opens (decision 371): the login's very answer. */
export async function sesionPacienteTrasSegundoPaso(ctx: Ctx, id: number) {
  const p = await buscarPacientePorId(ctx.db, id);
  if (!p?.activadoEn || p.status !== 'activo') throw unauthorized(MSG.sesionInvalida, 'TOKEN_INVALIDO');
  const token = ctx.sesiones.firmarPaciente({
    id_paciente: p.id_paciente,
    nombre: p.nombre,
    apellido: p.apellido_paterno,
    version: p.versionSesion,
  });
  return { token, paciente: vistaPerfilPaciente(p), consentimientos_pendientes: await pendientesDe(ctx.db, p.id_paciente) };
}

/** Same rules as the psychologists' recovery: same answer for unknown accounts, single-use hashed
 * token (1 h), the work done after answering (decision 075). */
export async function recuperarContrasenaPaciente(ctx: Ctx, { email }: { email: string }) {
  despuesDeResponder(ctx, 'recuperación de contraseña de paciente', async () => {
    const p = await buscarPacientePorEmail(ctx.db, email.toLowerCase());
    if (p?.status !== 'activo' || !p.activadoEn) return;
    const token = await ctx.db.transaction((tx) =>
      crearTokenUnUso(tx, {
        proposito: 'restablecer',
        cuentaTipo: 'paciente',
        cuentaId: p.id_paciente,
        ahora: ctx.config.now(),
        horas: RESTABLECER_HORAS,
      }),
    );
    await ctx.mailer.enviar(
      correoRestablecer({
        para: p.email,
        nombre: p.nombre,
        enlace: `${ctx.config.publicUrl}/restablecer-contrasena/${token}?cuenta=paciente`,
      }),
    );
  });
  return { msg: MSG.recuperacionCorreo, esTelefono: false };
}

export async function verificarTokenRestablecerPaciente(ctx: Ctx, { token }: { token: string }) {
  const e = await estadoToken(ctx.db, { token, proposito: 'restablecer', cuentaTipo: 'paciente', ahora: ctx.config.now() });
  return { valido: e.valido };
}

export async function restablecerContrasenaPaciente(ctx: Ctx, { token, nuevaContrasena }: { token: string; nuevaContrasena: string }) {
  const ahora = ctx.config.now();
  const contrasenaHash = await hashContrasena(nuevaContrasena);
  const id = await ctx.db.transaction(async (tx) => {
    const id = await consumirToken(tx, { token, proposito: 'restablecer', cuentaTipo: 'paciente', ahora, mensajes: mensajesRestablecer });
    await cambiarContrasenaPacienteHash(tx, id, contrasenaHash);
    return id;
  });
  await ctx.realtime.desconectarCuenta({ tipo: 'paciente', id }, 'contrasena');
  return { msg: MSG.restablecerExitoso };
}
