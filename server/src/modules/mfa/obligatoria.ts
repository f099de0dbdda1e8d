// Required two-step verification (issue 56, decision 382): under MFA_OBLIGATORIA an account that
// must have a second step and has none gets, after a correct password, a pending token that only
// enrols: it starts an enrolment (no password asked again: it was just proved) and confirms it with
// the app's first code, which spends the token and opens the session. Nothing else accepts it.
import { MSG_MFA, PENDIENTE_MFA_MINUTOS } from '@miduelo/shared/mfa';
import { MSG_MFA_OBLIGATORIA } from '@miduelo/shared/mfa-obligatoria';
import { type Actor, auditar } from '../../comun/auditoria';
import type { MfaObligatoria } from '../../config';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import type { CuentaSesion } from '../../plugins/sesiones-cache';
import { confirmarFactor, cuentaParaMfa, factorDe, gastarPendiente, iniciarFactor, tieneFactor } from './repo';
import { avisarPorCorreo, COLUMNA_SECRETO, nuevosCodigos } from './service';
import { nuevoSecreto, pasoDeCodigo, qrDeInscripcion, uriDeInscripcion } from './totp';

/** Whether this account must have a second step: administrators unless `ninguna`, every
 * psychologist under `todos`; patients never (they may opt in). */
export function debeTenerFactor(politica: MfaObligatoria, cuenta: CuentaSesion, rolAdmin: boolean): boolean {
  if (cuenta.tipo !== 'psicologo' || politica === 'ninguna') return false;
  return politica === 'todos' || rolAdmin;
}

const noAutorizado = () => unauthorized(MSG_MFA.pendienteInvalido, 'MFA_PENDIENTE_INVALIDO');

/** The password step's answer for an account that must enrol first: a token that only enrols. */
export async function inscripcionSiHaceFalta(ctx: Ctx, cuenta: CuentaSesion) {
  if (cuenta.tipo !== 'psicologo' || ctx.config.mfaObligatoria === 'ninguna') return null;
  const c = await cuentaParaMfa(ctx.db, cuenta);
  if (!c || !debeTenerFactor(ctx.config.mfaObligatoria, cuenta, c.rolAdmin)) return null;
  const token_mfa = ctx.sesiones.firmarPendiente({ cuenta, version: c.version }, PENDIENTE_MFA_MINUTOS * 60);
  return { mfa_requerida: true as const, inscripcion_requerida: true as const, token_mfa, metodos: ['inscripcion'] };
}

/** The pending token's account, still one that must enrol and has not: else 401 (start over). */
async function pendienteDeInscripcion(ctx: Ctx, token: string, tipoCuenta: CuentaSesion['tipo']) {
  let p: ReturnType<Ctx['sesiones']['leerPendiente']>;
  try {
    p = ctx.sesiones.leerPendiente(token);
  } catch (err) {
    if (err instanceof AppError && err.status === 401) throw noAutorizado();
    throw err;
  }
  if (p.cuenta.tipo !== tipoCuenta) throw noAutorizado();
  const c = await cuentaParaMfa(ctx.db, p.cuenta);
  // The password changed, the account was disabled, or it stopped having to enrol since.
  if (!c || c.version !== p.ver || c.status !== 'activo' || !c.activadoEn) throw noAutorizado();
  if (!debeTenerFactor(ctx.config.mfaObligatoria, p.cuenta, c.rolAdmin)) throw noAutorizado();
  return { p, c };
}

/** Starts the required enrolment: a new secret, its URI and QR (a started one is replaced). */
export async function iniciarInscripcionObligatoria(ctx: Ctx, o: { tokenMfa: string; tipoCuenta: CuentaSesion['tipo'] }) {
  const { p, c } = await pendienteDeInscripcion(ctx, o.tokenMfa, o.tipoCuenta);
  // Enrolled meanwhile (another tab): the second step is the way in now.
  if (await tieneFactor(ctx.db, p.cuenta)) throw conflict(MSG_MFA_OBLIGATORIA.yaInscrita, 'MFA_YA_ACTIVA');
  const secreto = nuevoSecreto();
  const guardado = await iniciarFactor(ctx.db, {
    cuenta: p.cuenta,
    secreto: ctx.cifrador.cifrar(secreto, COLUMNA_SECRETO),
    ahora: ctx.now(),
  });
  if (!guardado) throw conflict(MSG_MFA_OBLIGATORIA.yaInscrita, 'MFA_YA_ACTIVA');
  const uri = uriDeInscripcion({ secreto, cuenta: c.correo });
  return { secreto, uri, qr: await qrDeInscripcion(uri) };
}

/**
 * Confirms the required enrolment with the app's first code: the factor is in force, the pending
 * token spent, ten recovery codes made, all in one transaction; the mail goes after. Answers the
 * account to open a session for and the codes (shown once). A wrong code is `CODIGO_MFA_INVALIDO`.
 */
export async function confirmarInscripcionObligatoria(
  ctx: Ctx,
  o: { tokenMfa: string; tipoCuenta: CuentaSesion['tipo']; codigo: string; ip: string | null },
): Promise<{ cuenta: CuentaSesion; codigos: string[] }> {
  const { p, c } = await pendienteDeInscripcion(ctx, o.tokenMfa, o.tipoCuenta);
  const ahora = ctx.now();
  const f = await factorDe(ctx.db, p.cuenta);
  if (f?.confirmadoEn) throw conflict(MSG_MFA_OBLIGATORIA.yaInscrita, 'MFA_YA_ACTIVA');
  if (!f) throw badRequest(MSG_MFA.sinInscripcion, 'MFA_SIN_INSCRIPCION');
  const paso = await pasoDeCodigo({
    secreto: ctx.cifrador.descifrar(f.secreto, COLUMNA_SECRETO),
    codigo: o.codigo,
    ahora,
    despuesDe: null,
  });
  if (paso === null) throw badRequest(MSG_MFA.codigoInvalido, 'CODIGO_MFA_INVALIDO');
  const actor: Actor = { tipo: p.cuenta.tipo, id: p.cuenta.id, ip: o.ip };
  const codigos = await ctx.db.transaction(async (tx) => {
    if (!(await confirmarFactor(tx, { id: f.id, ahora, paso }))) throw conflict(MSG_MFA_OBLIGATORIA.yaInscrita, 'MFA_YA_ACTIVA');
    if (!(await gastarPendiente(tx, { jti: p.jti, expiraEn: new Date(p.exp * 1000) }))) throw noAutorizado();
    await auditar(tx, actor, { accion: 'activar_mfa', recurso: p.cuenta.tipo, idRecurso: p.cuenta.id });
    return nuevosCodigos(ctx, tx, p.cuenta);
  });
  await avisarPorCorreo(ctx, c, 'activada');
  return { cuenta: p.cuenta, codigos };
}

/** Removing the factor of an account that must have one is refused (it would be asked again at
 * the next login anyway, and meanwhile the account would stand on its password alone). */
export function exigirQuePuedaQuitarlo(ctx: Ctx, cuenta: CuentaSesion, rolAdmin: boolean) {
  if (debeTenerFactor(ctx.config.mfaObligatoria, cuenta, rolAdmin)) throw forbidden(MSG_MFA_OBLIGATORIA.noSePuedeQuitar, 'MFA_OBLIGATORIA');
}
