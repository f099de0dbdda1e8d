import { ACTIVACION_HORAS, RESTABLECER_HORAS } from '@miduelo/shared/constants';
import { CredencialesAdminSchema, MSG, MSG_CUENTA } from '@miduelo/shared/cuentas';
import * as v from 'valibot';
import type { LoginRespuesta, TokenPayload } from '@miduelo/shared/cuentas';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisarAdministradores } from '../../comun/aviso-admin';
import { diasRestantes } from '../../comun/cuenta-limitada';
import { restriccionUnicaViolada } from '../../comun/errores-bd';
import { AppError, conflict, forbidden, unauthorized } from '../../errors';
import { correoActivacion, correoRegistroExistente, correoRestablecer } from '../../mail/plantillas';
import type { Ctx } from '../../plugins/contexto';
import { nuevoCodigoVinculacion } from './codigo';
import { hashContrasena, verificarContrasena } from '../../comun/hash';
import {
  buscarPsicologoPorCorreo,
  buscarPsicologoPorId,
  buscarPsicologosPorTelefono,
  cambiarContrasenaPsicologo,
  insertarPsicologo,
  modificarPsicologo,
  type Psicologo,
  psicologoParaLogin,
  psicologosConCorreoOCedula,
  sinPsicologos,
} from './repo';
import { consumirToken, crearTokenUnUso, estadoToken, mensajesActivacion, mensajesRestablecer } from './tokens';

/** An administrator registering another one is told which of the two is taken: the email or the
 * licence (a licence already registered is not fixed by changing the email). */
const duplicado = (dato: 'correo' | 'cedula') =>
  dato === 'cedula' ? conflict(MSG.cedulaDuplicada, 'CEDULA_DUPLICADA') : conflict(MSG.correoDuplicado, 'CORREO_DUPLICADO');

/**
 * Registers a psychologist. An email or licence that already has an account gets the very same
 * answer as a new one (201, "revisa tu correo") and the same work (a hash, one mail awaited), and
 * the existing owner is told by mail instead: the form must not reveal who has an account
 * (decision 075). `o.admin` (ADMIN_EMAIL at start) still fails on a duplicate.
 */
export async function registrarPsicologo(
  ctx: Ctx,
  body: {
    nombre: string;
    apellidoPaterno: string;
    apellidoMaterno: string | null;
    fecha_nacimiento: string;
    especialidad: string;
    cedula: string;
    telefono: string;
    correo: string;
    contrasena: string;
  },
  o: { admin?: boolean; activado?: boolean; actor?: Actor } = {},
): Promise<{ msg: string }> {
  const contrasenaHash = await hashContrasena(body.contrasena);
  const ahora = ctx.config.now();
  let creado: number | null = null;
  try {
    creado = await ctx.db.transaction(async (tx) => {
      const ocupado = await psicologosConCorreoOCedula(tx, body);
      if (ocupado) {
        if (o.admin) throw duplicado(ocupado.dato);
        await ctx.mailer.enviar(
          correoRegistroExistente({
            para: ocupado.cuenta.correo,
            nombre: ocupado.cuenta.nombre,
            dato: ocupado.dato,
            enlace: `${ctx.config.publicUrl}/iniciar-sesion`,
          }),
        );
        return null;
      }
      const codigo = await nuevoCodigoVinculacion(tx);
      const { contrasena: _c, ...datos } = body;
      const creado = await insertarPsicologo(tx, {
        ...datos,
        contrasenaHash,
        codigo_vinculacion: codigo,
        rol_admin: o.admin ?? false,
        cedula_validada: o.admin ?? false,
        activadoEn: o.activado ? ahora : null,
        createdAt: ahora,
      });
      if (o.actor) await auditar(tx, o.actor, { accion: 'registrar_admin', recurso: 'psicologo', idRecurso: creado.id_psicologo });
      if (!o.activado) {
        const token = await crearTokenUnUso(tx, {
          proposito: 'activacion',
          cuentaTipo: 'psicologo',
          cuentaId: creado.id_psicologo,
          ahora,
          horas: ACTIVACION_HORAS,
        });
        // Sent before commit: if the mail cannot go out, nothing is stored and the user may retry.
        await ctx.mailer.enviar(
          correoActivacion({ para: creado.correo, nombre: creado.nombre, enlace: `${ctx.config.publicUrl}/activar-cuenta/${token}` }),
        );
      }
      return creado.id_psicologo;
    });
  } catch (err) {
    // A concurrent registration of the same email or licence won the race: same answer.
    if (restriccionUnicaViolada(err) !== null && !o.admin) return { msg: MSG.registroExitoso };
    const restriccion = restriccionUnicaViolada(err);
    if (restriccion !== null) throw duplicado(restriccion.includes('cedula') ? 'cedula' : 'correo');
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'EENVELOPE' || (err as { command?: string }).command)
      throw new AppError(503, 'CORREO_NO_ENVIADO', MSG_CUENTA.correoNoEnviado);
    throw err;
  }
  // The administrators' open lists show the new account (decision 291); a duplicate changed nothing.
  if (creado !== null) await avisarAdministradores(ctx, { recurso: 'psicologo', id: creado });
  return { msg: MSG.registroExitoso };
}

export async function iniciarSesionPsicologo(ctx: Ctx, body: { correo: string; contrasena: string }): Promise<LoginRespuesta> {
  const p = await psicologoParaLogin(ctx.db, body.correo);
  // The hash runs on its own thread; meanwhile this thread prepares the answer a correct password
  // gets (decision 231). Nothing prepared leaves before the checks below, which keep their order.
  const verificacion = verificarContrasena(p?.contrasenaHash, body.contrasena);
  const respuesta = p ? respuestaLoginPsicologo(ctx, p) : null;
  const ok = await verificacion;
  if (!p || !ok || !respuesta) throw unauthorized(MSG.credencialesInvalidas, 'CREDENCIALES_INVALIDAS');
  if (!p.activadoEn) throw new AppError(403, 'CUENTA_NO_ACTIVADA', MSG.cuentaNoActivada, { requiereActivacion: true });
  if (p.status !== 'activo') throw forbidden(MSG.cuentaInactiva, 'CUENTA_INACTIVA');
  return respuesta;
}

/** The session a completed second step opens (decision 371): the login's very answer. */
export async function sesionPsicologoTrasSegundoPaso(ctx: Ctx, id: number): Promise<LoginRespuesta> {
  const p = await buscarPsicologoPorId(ctx.db, id);
  if (!p?.activadoEn || p.status !== 'activo') throw unauthorized(MSG.sesionInvalida, 'TOKEN_INVALIDO');
  return respuestaLoginPsicologo(ctx, p);
}

function respuestaLoginPsicologo(ctx: Ctx, p: Psicologo): LoginRespuesta {
  const dias = diasRestantes(p, ctx.config.now(), ctx.config.diasGraciaValidacion);
  const limitada = dias === 0;
  const token = ctx.sesiones.firmarPsicologo({
    id_psicologo: p.id_psicologo,
    correo: p.correo,
    nombre: p.nombre,
    apellido: p.apellidoPaterno,
    rol_admin: p.rol_admin,
    version: p.versionSesion,
  });
  return {
    token,
    usuario: {
      id_psicologo: p.id_psicologo,
      nombre: p.nombre,
      apellidoPaterno: p.apellidoPaterno,
      apellidoMaterno: p.apellidoMaterno,
      correo: p.correo,
      rol_admin: p.rol_admin,
      cedula_validada: p.cedula_validada,
      codigo_vinculacion: p.codigo_vinculacion,
    },
    cuenta_limitada: limitada,
    advertencia: limitada ? MSG.advertenciaLimitada : null,
    diasRestantesValidacion: dias,
  };
}

export async function activarPsicologo(ctx: Ctx, { token }: { token: string }) {
  const ahora = ctx.config.now();
  const id = await ctx.db.transaction(async (tx) => {
    const id = await consumirToken(tx, { token, proposito: 'activacion', cuentaTipo: 'psicologo', ahora, mensajes: mensajesActivacion });
    await modificarPsicologo(tx, id, { activadoEn: ahora });
    return id;
  });
  // 'Sin activar' leaves the row, and the account may now receive reassigned patients (291).
  await avisarAdministradores(ctx, { recurso: 'psicologo', id });
  return { msg: MSG.activacionExitosa };
}

/** How long after the answer the account-dependent work starts: enough for the answer to leave
 * before that work (queries, a token, mail rendering) takes the event loop. */
const RETRASO_TRABAJO_MS = 20;

/**
 * Work that depends on whether an account exists runs after the answer (not awaited): the answer
 * takes the same time for an existing and an unknown account (decision 075).
 */
export function despuesDeResponder(ctx: Ctx, que: string, trabajo: () => Promise<void>) {
  setTimeout(() => {
    trabajo().catch((err) => ctx.log.error({ err: { message: (err as Error).message } }, `no se pudo completar: ${que}`));
  }, RETRASO_TRABAJO_MS);
}

export async function reenviarActivacion(ctx: Ctx, { correo }: { correo: string }) {
  despuesDeResponder(ctx, 'reenvío de activación', async () => {
    const p = await buscarPsicologoPorCorreo(ctx.db, correo);
    if (!p || p.activadoEn) return;
    const ahora = ctx.config.now();
    const token = await ctx.db.transaction((tx) =>
      crearTokenUnUso(tx, { proposito: 'activacion', cuentaTipo: 'psicologo', cuentaId: p.id_psicologo, ahora, horas: ACTIVACION_HORAS }),
    );
    await ctx.mailer.enviar(
      correoActivacion({ para: p.correo, nombre: p.nombre, enlace: `${ctx.config.publicUrl}/activar-cuenta/${token}` }),
    );
  });
  return { msg: MSG.reenvioRespuesta };
}

export async function recuperarContrasena(ctx: Ctx, { correoOTelefono: valor }: { correoOTelefono: string }) {
  const esTelefono = /^\d{10}$/.test(valor);
  despuesDeResponder(ctx, 'recuperación de contraseña', async () => {
    const cuentas = esTelefono
      ? await buscarPsicologosPorTelefono(ctx.db, valor)
      : [await buscarPsicologoPorCorreo(ctx.db, valor.toLowerCase())].filter((p): p is Psicologo => p !== null);
    const ahora = ctx.config.now();
    for (const p of cuentas) {
      if (p.status !== 'activo') continue;
      const token = await ctx.db.transaction((tx) =>
        crearTokenUnUso(tx, {
          proposito: 'restablecer',
          cuentaTipo: 'psicologo',
          cuentaId: p.id_psicologo,
          ahora,
          horas: RESTABLECER_HORAS,
        }),
      );
      await ctx.mailer.enviar(
        correoRestablecer({ para: p.correo, nombre: p.nombre, enlace: `${ctx.config.publicUrl}/restablecer-contrasena/${token}` }),
      );
    }
  });
  return { msg: esTelefono ? MSG.recuperacionTelefono : MSG.recuperacionCorreo, esTelefono };
}

export async function verificarTokenRestablecer(ctx: Ctx, { token }: { token: string }) {
  const e = await estadoToken(ctx.db, { token, proposito: 'restablecer', cuentaTipo: 'psicologo', ahora: ctx.config.now() });
  return { valido: e.valido };
}

export async function restablecerContrasena(ctx: Ctx, { token, nuevaContrasena }: { token: string; nuevaContrasena: string }) {
  const ahora = ctx.config.now();
  const contrasenaHash = await hashContrasena(nuevaContrasena);
  const id = await ctx.db.transaction(async (tx) => {
    const id = await consumirToken(tx, { token, proposito: 'restablecer', cuentaTipo: 'psicologo', ahora, mensajes: mensajesRestablecer });
    await cambiarContrasenaPsicologo(tx, id, contrasenaHash);
    return id;
  });
  await ctx.realtime.desconectarCuenta({ tipo: 'psicologo', id }, 'contrasena');
  return { msg: MSG.restablecerExitoso };
}

export async function cerrarSesion(ctx: Ctx, { sesion }: { sesion: TokenPayload }) {
  await ctx.sesiones.revocar(sesion);
  const cuenta =
    sesion.tipo === 'paciente'
      ? { tipo: 'paciente' as const, id: sesion.id_paciente }
      : { tipo: 'psicologo' as const, id: sesion.id_psicologo };
  await ctx.realtime.desconectarCuenta(cuenta, 'cierre', sesion.jti);
  return { msg: MSG.sesionCerrada };
}

/** ADMIN_EMAIL / ADMIN_PASSWORD: an active, verified administrator exists after start. */
export async function asegurarAdmin(ctx: Ctx, o: { correo: string; contrasena: string }, intento = 0): Promise<void> {
  const credenciales = v.safeParse(CredencialesAdminSchema, o);
  if (!credenciales.success) throw new Error(`ADMIN_EMAIL / ADMIN_PASSWORD: ${credenciales.issues[0].message}`);
  const { correo, contrasena } = credenciales.output;
  const existente = await buscarPsicologoPorCorreo(ctx.db, correo);
  if (existente) {
    if (!existente.rol_admin || !existente.activadoEn || existente.status !== 'activo' || !existente.cedula_validada) {
      await modificarPsicologo(ctx.db, existente.id_psicologo, {
        rol_admin: true,
        activadoEn: existente.activadoEn ?? ctx.config.now(),
        status: 'activo',
        cedula_validada: true,
      });
    }
    return;
  }
  try {
    await crearAdmin(ctx, correo, contrasena);
  } catch (err) {
    // Another node starting at the same time created it first: make sure of its state instead.
    const duplicado = (err instanceof AppError && err.status === 409) || restriccionUnicaViolada(err) !== null;
    if (intento === 0 && duplicado) return asegurarAdmin(ctx, o, 1);
    throw err;
  }
}

function crearAdmin(ctx: Ctx, correo: string, contrasena: string) {
  return registrarPsicologo(
    ctx,
    {
      nombre: 'Administración',
      apellidoPaterno: 'MiDuelo',
      apellidoMaterno: null,
      fecha_nacimiento: '1980-01-01',
      especialidad: 'Administración',
      cedula: String(9_000_000_000 + Math.floor(Math.random() * 99_999_999)),
      telefono: '0000000000',
      correo,
      contrasena,
    },
    { admin: true, activado: true },
  );
}

/** A database without any psychologist: the first start of an embedded database. */
export function baseVacia(ctx: Pick<Ctx, 'db'>) {
  return sinPsicologos(ctx.db);
}

/** The signed-in administrator's name (the admin panel's guard). */
export async function obtenerAdmin(ctx: Pick<Ctx, 'db'>, { idAdmin }: { idAdmin: number }) {
  const p = await buscarPsicologoPorId(ctx.db, idAdmin);
  if (!p) throw unauthorized(MSG.sesionInvalida);
  return { admin: { nombre: p.nombre, apellido: p.apellidoPaterno } };
}
