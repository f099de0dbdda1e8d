// Two-step verification's rules (decisions 370–371): enrol, confirm, remove, regenerate, and the
// login's second step. Every change of the factor needs the password in the same request (a
// recent login) and sends a mail to the account.
import { randomInt } from 'node:crypto';
import { CODIGOS_RECUPERACION, INSCRIPCION_MFA_MINUTOS, MSG_MFA, PENDIENTE_MFA_MINUTOS } from '@miduelo/shared/mfa';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import { hashContrasena, verificarContrasena } from '../../comun/hash';
import { AppError, badRequest, conflict, unauthorized } from '../../errors';
import { type CambioMfa, correoCambioMfa } from '../../mail/plantillas-mfa';
import type { Ctx } from '../../plugins/contexto';
import type { CuentaSesion } from '../../plugins/sesiones-cache';
import {
  borrarFactor,
  codigosSinUsar,
  confirmarFactor,
  contarCodigosSinUsar,
  cuentaParaMfa,
  factorDe,
  gastarCodigo,
  gastarPendiente,
  iniciarFactor,
  reemplazarCodigos,
  tieneFactor,
  usarPaso,
} from './repo';
import { debeTenerFactor, exigirQuePuedaQuitarlo, inscripcionSiHaceFalta } from './obligatoria';
import { metodosDe, tieneSegundoPaso } from './llaves';
import { contarLlaves } from './repo-llaves';
import { nuevoSecreto, pasoDeCodigo, qrDeInscripcion, uriDeInscripcion } from './totp';

/** The at-rest encryption's column name (its AAD, and the start-up re-encryption's). */
export const COLUMNA_SECRETO = 'factor_totp.secreto';

// Without 0/O, 1/I/L: read aloud or copied by hand without doubt. 10 of 31 symbols ≈ 50 bits.
const ALFABETO = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const nuevoCodigo = () => Array.from({ length: 10 }, () => ALFABETO[randomInt(ALFABETO.length)]).join('');
const conGuion = (c: string) => `${c.slice(0, 5)}-${c.slice(5)}`;

const noAutorizado = () => unauthorized(MSG_MFA.pendienteInvalido, 'MFA_PENDIENTE_INVALIDO');

/** The account, with its password checked: the recent login every change of the factor needs. */
async function conContrasena(ctx: Ctx, cuenta: CuentaSesion, contrasena: string) {
  const c = await cuentaParaMfa(ctx.db, cuenta);
  if (!c) throw unauthorized(MSG_MFA.pendienteInvalido);
  if (!(await verificarContrasena(c.contrasenaHash, contrasena))) throw badRequest(MSG_MFA.contrasenaIncorrecta, 'CONTRASENA_INCORRECTA');
  return c;
}

export async function avisarPorCorreo(ctx: Ctx, c: { correo: string; nombre: string }, cambio: CambioMfa, restantes?: number) {
  await avisar(ctx, 'aviso de verificación en dos pasos', () =>
    ctx.mailer.enviar(correoCambioMfa({ para: c.correo, nombre: c.nombre, cambio, restantes })),
  );
}

export async function estadoMfa(ctx: Ctx, cuenta: CuentaSesion) {
  const [f, c] = await Promise.all([factorDe(ctx.db, cuenta), cuentaParaMfa(ctx.db, cuenta)]);
  const activo = !!f?.confirmadoEn;
  return {
    obligatoria: !!c && debeTenerFactor(ctx.config.mfaObligatoria, cuenta, c.rolAdmin),
    totp_activo: activo,
    activado_en: activo ? f.confirmadoEn!.toISOString() : null,
    // Passkeys are a second step too (decision 374): the codes count for them as well.
    llaves: await contarLlaves(ctx.db, cuenta),
    codigos_restantes: await contarCodigosSinUsar(ctx.db, cuenta),
  };
}

/** Starts an enrolment: a new secret (stored encrypted, not yet in force), its URI and its QR. */
export async function iniciarInscripcion(ctx: Ctx, o: { cuenta: CuentaSesion; contrasena: string }) {
  const c = await conContrasena(ctx, o.cuenta, o.contrasena);
  const secreto = nuevoSecreto();
  const guardado = await iniciarFactor(ctx.db, {
    cuenta: o.cuenta,
    secreto: ctx.cifrador.cifrar(secreto, COLUMNA_SECRETO),
    ahora: ctx.now(),
  });
  if (!guardado) throw conflict(MSG_MFA.yaActiva, 'MFA_YA_ACTIVA');
  const uri = uriDeInscripcion({ secreto, cuenta: c.correo });
  return { secreto, uri, qr: await qrDeInscripcion(uri) };
}

export async function nuevosCodigos(ctx: Ctx, tx: Ctx['db'], cuenta: CuentaSesion) {
  const codigos = Array.from({ length: CODIGOS_RECUPERACION }, nuevoCodigo);
  const hashes = await Promise.all(codigos.map((c) => hashContrasena(c)));
  await reemplazarCodigos(tx, { cuenta, hashes, ahora: ctx.now() });
  return codigos.map(conGuion);
}

/** Confirms an enrolment with the app's first code: the factor is in force, ten codes shown once. */
export async function confirmarInscripcion(ctx: Ctx, o: { cuenta: CuentaSesion; codigo: string; actor: Actor }) {
  const ahora = ctx.now();
  const f = await factorDe(ctx.db, o.cuenta);
  if (f?.confirmadoEn) throw conflict(MSG_MFA.yaActiva, 'MFA_YA_ACTIVA');
  if (!f || ahora.getTime() - f.iniciadoEn.getTime() > INSCRIPCION_MFA_MINUTOS * 60_000)
    throw badRequest(MSG_MFA.sinInscripcion, 'MFA_SIN_INSCRIPCION');
  const paso = await pasoDeCodigo({
    secreto: ctx.cifrador.descifrar(f.secreto, COLUMNA_SECRETO),
    codigo: o.codigo,
    ahora,
    despuesDe: null,
  });
  if (paso === null) throw badRequest(MSG_MFA.codigoInvalido, 'CODIGO_MFA_INVALIDO');
  const c = await cuentaParaMfa(ctx.db, o.cuenta);
  if (!c) throw unauthorized(MSG_MFA.pendienteInvalido);
  const codigos = await ctx.db.transaction(async (tx) => {
    if (!(await confirmarFactor(tx, { id: f.id, ahora, paso }))) throw conflict(MSG_MFA.yaActiva, 'MFA_YA_ACTIVA');
    await auditar(tx, o.actor, { accion: 'activar_mfa', recurso: o.cuenta.tipo, idRecurso: o.cuenta.id });
    return nuevosCodigos(ctx, tx, o.cuenta);
  });
  await avisarPorCorreo(ctx, c, 'activada');
  return { msg: MSG_MFA.activada, codigos };
}

export async function eliminarFactor(ctx: Ctx, o: { cuenta: CuentaSesion; contrasena: string; actor: Actor }) {
  const c = await conContrasena(ctx, o.cuenta, o.contrasena);
  // A required second step may change form (a passkey stays), never disappear (decision 382).
  if ((await contarLlaves(ctx.db, o.cuenta)) === 0) exigirQuePuedaQuitarlo(ctx, o.cuenta, c.rolAdmin);
  if (!(await tieneFactor(ctx.db, o.cuenta))) throw badRequest(MSG_MFA.noActiva, 'MFA_NO_ACTIVA');
  await ctx.db.transaction(async (tx) => {
    await borrarFactor(tx, o.cuenta);
    await auditar(tx, o.actor, { accion: 'desactivar_mfa', recurso: o.cuenta.tipo, idRecurso: o.cuenta.id });
  });
  await avisarPorCorreo(ctx, c, 'desactivada');
  return { msg: MSG_MFA.desactivada };
}

export async function regenerarCodigos(ctx: Ctx, o: { cuenta: CuentaSesion; contrasena: string; actor: Actor }) {
  const c = await conContrasena(ctx, o.cuenta, o.contrasena);
  if (!(await tieneSegundoPaso(ctx.db, o.cuenta))) throw badRequest(MSG_MFA.noActiva, 'MFA_NO_ACTIVA');
  const codigos = await ctx.db.transaction(async (tx) => {
    await auditar(tx, o.actor, { accion: 'regenerar_codigos_mfa', recurso: o.cuenta.tipo, idRecurso: o.cuenta.id });
    return nuevosCodigos(ctx, tx, o.cuenta);
  });
  await avisarPorCorreo(ctx, c, 'codigos');
  return { msg: MSG_MFA.codigosRegenerados, codigos };
}

/** The password step's answer when the account has a factor: no session, a short-lived token. */
export async function pendienteSiHaceFalta(ctx: Ctx, o: { cuenta: CuentaSesion }) {
  if (!(await tieneSegundoPaso(ctx.db, o.cuenta))) return inscripcionSiHaceFalta(ctx, o.cuenta);
  const c = await cuentaParaMfa(ctx.db, o.cuenta);
  if (!c) throw noAutorizado();
  const token_mfa = ctx.sesiones.firmarPendiente({ cuenta: o.cuenta, version: c.version }, PENDIENTE_MFA_MINUTOS * 60);
  return { mfa_requerida: true as const, token_mfa, metodos: await metodosDe(ctx.db, o.cuenta) };
}

/**
 * The login's second step: a pending token of this kind of account and a code of its app (a step
 * not used before) or one of its unused recovery codes. Answers the account to open a session
 * for; the pending token is spent. A wrong code is `CODIGO_MFA_INVALIDO` (the limit counts it).
 */
export async function canjearSegundoPaso(
  ctx: Ctx,
  o: { tokenMfa: string; tipoCuenta: CuentaSesion['tipo']; codigo: string; tipo: 'totp' | 'recuperacion'; ip: string | null },
): Promise<{ cuenta: CuentaSesion; version: number }> {
  const p = leer(ctx, o.tokenMfa);
  if (p.cuenta.tipo !== o.tipoCuenta) throw noAutorizado();
  const [f, c] = await Promise.all([factorDe(ctx.db, p.cuenta), cuentaParaMfa(ctx.db, p.cuenta)]);
  // The password changed, the account was disabled, or the factor was removed since the password step.
  const vigente = o.tipo === 'totp' ? !!f?.confirmadoEn : await tieneSegundoPaso(ctx.db, p.cuenta);
  if (!vigente || !c || c.version !== p.ver || c.status !== 'activo' || !c.activadoEn) throw noAutorizado();
  const ahora = ctx.now();
  const actor: Actor = { tipo: p.cuenta.tipo, id: p.cuenta.id, ip: o.ip };
  const gastar = (tx: Ctx['db']) => gastarPendiente(tx, { jti: p.jti, expiraEn: new Date(p.exp * 1000) });
  if (o.tipo === 'totp' && f) {
    const secreto = ctx.cifrador.descifrar(f.secreto, COLUMNA_SECRETO);
    const paso = await pasoDeCodigo({ secreto, codigo: o.codigo, ahora, despuesDe: f.ultimoPaso });
    if (paso === null) throw unauthorized(MSG_MFA.codigoInvalido, 'CODIGO_MFA_INVALIDO');
    await ctx.db.transaction(async (tx) => {
      if (!(await usarPaso(tx, { id: f.id, paso }))) throw unauthorized(MSG_MFA.codigoInvalido, 'CODIGO_MFA_INVALIDO');
      if (!(await gastar(tx))) throw noAutorizado();
    });
    return { cuenta: p.cuenta, version: p.ver };
  }
  const candidatos = await codigosSinUsar(ctx.db, p.cuenta);
  const aciertos = await Promise.all(candidatos.map((k) => verificarContrasena(k.hash, o.codigo)));
  const usado = candidatos.find((_, i) => aciertos[i]);
  if (!usado) throw unauthorized(MSG_MFA.recuperacionInvalida, 'CODIGO_MFA_INVALIDO');
  await ctx.db.transaction(async (tx) => {
    if (!(await gastarCodigo(tx, { id: usado.id, ahora }))) throw unauthorized(MSG_MFA.recuperacionInvalida, 'CODIGO_MFA_INVALIDO');
    if (!(await gastar(tx))) throw noAutorizado();
    await auditar(tx, actor, { accion: 'usar_codigo_recuperacion', recurso: p.cuenta.tipo, idRecurso: p.cuenta.id });
  });
  await avisarPorCorreo(ctx, c, 'recuperacion', candidatos.length - 1);
  return { cuenta: p.cuenta, version: p.ver };
}

function leer(ctx: Ctx, token: string) {
  try {
    return ctx.sesiones.leerPendiente(token);
  } catch (err) {
    if (err instanceof AppError && err.status === 401) throw noAutorizado();
    throw err;
  }
}

/** The account a pending token names, for the per-account limit's key (unverified tokens: none). */
export function cuentaDePendiente(ctx: Ctx, token: string): string | undefined {
  try {
    const p = ctx.sesiones.leerPendiente(token);
    return `${p.cuenta.tipo}:${p.cuenta.id}`;
  } catch {
    return undefined;
  }
}

/** Passkeys' second step reads the pending token the same way (llaves.ts). */
export { leer as leerPendienteMfa };
