import { MSG, MSG_CUENTA } from '@miduelo/shared/auth';
import { ACTIVACION_HORAS } from '@miduelo/shared/constants';
import { diasRestantes } from '../../comun/cuenta-limitada';
import { restriccionUnicaViolada } from '../../comun/errores-bd';
import { AppError, forbidden, notFound, unauthorized } from '../../errors';
import { correoActivacion, correoRegistroExistente } from '../../mail/plantillas';
import { hashContrasena, verificarContrasena } from './hash';
import type { Ctx } from '../../plugins/contexto';
import { buscarPacientePorEmail, buscarPsicologoPorCodigo, insertarPaciente, marcarPacienteActivado, type Paciente } from './repo';
import { consumirToken, crearTokenUnUso, mensajesActivacion } from './tokens';

function pacienteSesion(p: Paciente) {
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
  },
) {
  const ahora = ctx.config.now();
  const psic = await buscarPsicologoPorCodigo(ctx.db, body.codigo_vinculacion);
  if (psic?.status !== 'activo' || !psic.activadoEn) throw notFound(MSG.codigoDesconocido, 'CODIGO_DESCONOCIDO');
  if (diasRestantes(psic, ahora, ctx.config.diasGraciaValidacion) === 0)
    throw forbidden(MSG_CUENTA.psicologoSinVinculacion, 'CUENTA_LIMITADA');
  const contrasenaHash = await hashContrasena(body.contrasena);
  try {
    await ctx.db.transaction(async (tx) => {
      const existente = await buscarPacientePorEmail(tx, body.email);
      if (existente) {
        // Same answer and same work as a new account; the owner is told by mail (decision 075).
        await ctx.mailer.enviar(correoRegistroExistente({ para: existente.email, nombre: existente.nombre, dato: 'correo', enlace: null }));
        return;
      }
      const { contrasena: _c, codigo_vinculacion: _k, ...datos } = body;
      const creado = await insertarPaciente(tx, { ...datos, contrasenaHash, id_psicologo: psic.id_psicologo, createdAt: ahora });
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
    });
  } catch (err) {
    // A concurrent registration of the same email won the race: same answer.
    if (restriccionUnicaViolada(err)?.includes('email')) return { msg: MSG.registroExitoso };
    if (err instanceof AppError) throw err;
    if ((err as { command?: string }).command) throw new AppError(503, 'CORREO_NO_ENVIADO', MSG_CUENTA.correoNoEnviado);
    throw err;
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
  const ok = await verificarContrasena(p?.contrasenaHash, body.contrasena);
  if (!p || !ok) throw unauthorized(MSG.credencialesInvalidas, 'CREDENCIALES_INVALIDAS');
  if (!p.activadoEn) throw new AppError(403, 'CUENTA_NO_ACTIVADA', MSG.cuentaNoActivada, { requiereActivacion: true });
  if (p.status !== 'activo') throw forbidden(MSG.cuentaInactiva, 'CUENTA_INACTIVA');
  const token = ctx.sesiones.firmarPaciente({
    id_paciente: p.id_paciente,
    nombre: p.nombre,
    apellido: p.apellido_paterno,
    version: p.versionSesion,
  });
  return { token, paciente: pacienteSesion(p) };
}
