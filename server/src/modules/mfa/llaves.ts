// Passkeys' rules (decisions 374–375): register one (the password in the request that asks for
// the options: a recent login), list, rename and remove them, and use one at login, instead of the
// password (user verification required: it proves both factors) or as the second step.
import { createHash } from 'node:crypto';
import { LLAVES_MAX, MSG_LLAVES, RETO_WEBAUTHN_MINUTOS } from '@miduelo/shared/passkeys';
import { MSG_MFA } from '@miduelo/shared/mfa';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import { verificarContrasena } from '../../comun/hash';
import { badRequest, conflict, notFound, unauthorized } from '../../errors';
import { type CambioMfa, correoCambioMfa } from '../../mail/plantillas-mfa';
import type { Ctx } from '../../plugins/contexto';
import type { CuentaSesion } from '../../plugins/sesiones-cache';
import { cuentaParaMfa, factorDe, gastarPendiente } from './repo';
import {
  borrarCodigos,
  borrarLlave,
  contarLlaves,
  gastarReto,
  guardarLlave,
  guardarReto,
  llavePorCredencial,
  llavesDe,
  type Proposito,
  renombrarLlave,
  usarLlave,
} from './repo-llaves';
import { exigirQuePuedaQuitarlo } from './obligatoria';
import { leerPendienteMfa, nuevosCodigos } from './service';

/** The transports stored as the browser reported them (text), typed for the library's options. */
const transportesDe = (t: string[]) => t as AuthenticatorTransportFuture[];

type Tipo = CuentaSesion['tipo'];
type Respuesta = { id: string; response: { clientDataJSON: string } };

/** The relying party: the host and origin of the public URL (PUBLIC_URL), read at each request. */
export function parteConfiable(ctx: Ctx) {
  const u = new URL(ctx.config.publicUrl);
  return { rpID: u.hostname, origen: u.origin };
}

/** A stable, opaque user handle: no email or id in clear on the authenticator. */
const manejador = (c: CuentaSesion) =>
  new Uint8Array(createHash('sha256').update(`miduelo-llave:${c.tipo}:${c.id}`).digest().subarray(0, 16));

const invalida = () => badRequest(MSG_LLAVES.respuestaInvalida, 'LLAVE_INVALIDA');
const retoInvalido = () => badRequest(MSG_LLAVES.retoInvalido, 'RETO_WEBAUTHN_INVALIDO');

/** The challenge the browser signed, read from its client data (checked again by the library). */
function retoDe(r: Respuesta): string {
  try {
    const datos = JSON.parse(Buffer.from(r.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof datos.challenge === 'string' && datos.challenge !== '') return datos.challenge;
  } catch {}
  throw invalida();
}

async function nuevoReto(ctx: Ctx, o: { reto: string; proposito: Proposito; tipo: Tipo; cuentaId: number | null }) {
  const ahora = ctx.now();
  await guardarReto(ctx.db, { ...o, ahora, expiraEn: new Date(ahora.getTime() + RETO_WEBAUTHN_MINUTOS * 60_000) });
}

async function avisarLlave(ctx: Ctx, c: { correo: string; nombre: string }, cambio: CambioMfa, llave: string) {
  await avisar(ctx, 'aviso de llave de acceso', () =>
    ctx.mailer.enviar(correoCambioMfa({ para: c.correo, nombre: c.nombre, cambio, llave })),
  );
}

async function conContrasena(ctx: Ctx, cuenta: CuentaSesion, contrasena: string) {
  const c = await cuentaParaMfa(ctx.db, cuenta);
  if (!c) throw unauthorized(MSG_MFA.pendienteInvalido);
  if (!(await verificarContrasena(c.contrasenaHash, contrasena))) throw badRequest(MSG_MFA.contrasenaIncorrecta, 'CONTRASENA_INCORRECTA');
  return c;
}

const vista = (l: { id: number; nombre: string; creadaEn: Date; usadaEn: Date | null; respaldada: boolean }) => ({
  id: l.id,
  nombre: l.nombre,
  creada_en: l.creadaEn.toISOString(),
  usada_en: l.usadaEn?.toISOString() ?? null,
  respaldada: l.respaldada,
});

export async function listarLlaves(ctx: Ctx, cuenta: CuentaSesion) {
  return { llaves: (await llavesDe(ctx.db, cuenta)).map(vista) };
}

/** Registration options: the password proves a recent login; the challenge lives 5 minutes. */
export async function opcionesRegistro(ctx: Ctx, o: { cuenta: CuentaSesion; contrasena: string }) {
  const c = await conContrasena(ctx, o.cuenta, o.contrasena);
  const llaves = await llavesDe(ctx.db, o.cuenta);
  if (llaves.length >= LLAVES_MAX) throw conflict(MSG_LLAVES.demasiadas, 'DEMASIADAS_LLAVES');
  const { rpID } = parteConfiable(ctx);
  const opciones = await generateRegistrationOptions({
    rpName: 'MiDuelo',
    rpID,
    userName: c.correo,
    userDisplayName: c.nombre,
    userID: manejador(o.cuenta),
    attestationType: 'none',
    timeout: RETO_WEBAUTHN_MINUTOS * 60_000,
    excludeCredentials: llaves.map((l) => ({ id: l.credencialId, transports: transportesDe(l.transportes) })),
    // A passkey (discoverable) that verifies its user: it can stand in for the password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await nuevoReto(ctx, { reto: opciones.challenge, proposito: 'registro', tipo: o.cuenta.tipo, cuentaId: o.cuenta.id });
  return { opciones: { ...opciones } };
}

/** Verifies the browser's answer and stores the passkey. The account's first factor also gets its
 * ten recovery codes (shown once), as an authenticator app's enrolment does. */
export async function registrarLlave(ctx: Ctx, o: { cuenta: CuentaSesion; nombre: string; respuesta: Respuesta; actor: Actor }) {
  const ahora = ctx.now();
  const reto = await gastarReto(ctx.db, { reto: retoDe(o.respuesta), proposito: 'registro', tipo: o.cuenta.tipo, ahora });
  if (reto?.cuentaId !== o.cuenta.id) throw retoInvalido();
  const { rpID, origen } = parteConfiable(ctx);
  const v = await verifyRegistrationResponse({
    response: o.respuesta as unknown as RegistrationResponseJSON,
    expectedChallenge: retoDe(o.respuesta),
    expectedOrigin: origen,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!v?.verified) throw invalida();
  const { credential, credentialBackedUp } = v.registrationInfo;
  const c = await cuentaParaMfa(ctx.db, o.cuenta);
  if (!c) throw unauthorized(MSG_MFA.pendienteInvalido);
  const r = await ctx.db.transaction(async (tx) => {
    const f = await factorDe(tx, o.cuenta);
    const primerFactor = !f?.confirmadoEn && (await contarLlaves(tx, o.cuenta)) === 0;
    if ((await contarLlaves(tx, o.cuenta)) >= LLAVES_MAX) throw conflict(MSG_LLAVES.demasiadas, 'DEMASIADAS_LLAVES');
    const llave = await guardarLlave(tx, {
      cuenta: o.cuenta,
      credencialId: credential.id,
      llavePublica: Buffer.from(credential.publicKey).toString('base64url'),
      contador: credential.counter,
      transportes: credential.transports ?? [],
      nombre: o.nombre,
      respaldada: credentialBackedUp,
      ahora,
    });
    if (!llave) throw conflict(MSG_LLAVES.yaRegistrada, 'LLAVE_YA_REGISTRADA');
    await auditar(tx, o.actor, { accion: 'agregar_llave_acceso', recurso: o.cuenta.tipo, idRecurso: o.cuenta.id });
    return { llave, codigos: primerFactor ? await nuevosCodigos(ctx, tx, o.cuenta) : null };
  });
  await avisarLlave(ctx, c, 'llave_agregada', o.nombre);
  return { msg: MSG_LLAVES.agregada, llave: vista(r.llave), codigos: r.codigos };
}

export async function cambiarNombre(ctx: Ctx, o: { cuenta: CuentaSesion; id: number; nombre: string }) {
  if (!(await renombrarLlave(ctx.db, o))) throw notFound(MSG_LLAVES.noEncontrada, 'LLAVE_NO_ENCONTRADA');
  return { msg: MSG_LLAVES.renombrada };
}

/** Removes a passkey (the password again). The last factor gone, the recovery codes go too. */
export async function eliminarLlave(ctx: Ctx, o: { cuenta: CuentaSesion; id: number; contrasena: string; actor: Actor }) {
  const c = await conContrasena(ctx, o.cuenta, o.contrasena);
  const nombre = await ctx.db.transaction(async (tx) => {
    const l = await borrarLlave(tx, { cuenta: o.cuenta, id: o.id });
    if (!l) throw notFound(MSG_LLAVES.noEncontrada, 'LLAVE_NO_ENCONTRADA');
    const f = await factorDe(tx, o.cuenta);
    if (!f?.confirmadoEn && (await contarLlaves(tx, o.cuenta)) === 0) {
      // Her last second step: refused (rolled back) if she must have one (decision 382).
      exigirQuePuedaQuitarlo(ctx, o.cuenta, c.rolAdmin);
      await borrarCodigos(tx, o.cuenta);
    }
    await auditar(tx, o.actor, { accion: 'eliminar_llave_acceso', recurso: o.cuenta.tipo, idRecurso: o.cuenta.id });
    return l.nombre;
  });
  await avisarLlave(ctx, c, 'llave_eliminada', nombre);
  return { msg: MSG_LLAVES.eliminada };
}

/** Options of the login with a passkey alone: any discoverable passkey of this site. */
export async function opcionesEntrar(ctx: Ctx, tipo: Tipo) {
  const opciones = await generateAuthenticationOptions({
    rpID: parteConfiable(ctx).rpID,
    userVerification: 'required',
    timeout: RETO_WEBAUTHN_MINUTOS * 60_000,
  });
  await nuevoReto(ctx, { reto: opciones.challenge, proposito: 'entrar', tipo, cuentaId: null });
  return { opciones: { ...opciones } };
}

/** Checks an assertion against the stored passkey and records its use (counter, instant). */
async function verificarUso(
  ctx: Ctx,
  o: { respuesta: Respuesta; reto: string; tipo: Tipo; verificarUsuario: boolean; cuentaId?: number },
  antesDeGuardar?: (tx: Ctx['db']) => Promise<void>,
) {
  const llave = await llavePorCredencial(ctx.db, { credencialId: o.respuesta.id, tipo: o.tipo });
  if (!llave || (o.cuentaId !== undefined && llave.cuentaId !== o.cuentaId))
    throw unauthorized(MSG_LLAVES.noReconocida, 'LLAVE_NO_RECONOCIDA');
  const { rpID, origen } = parteConfiable(ctx);
  // The library refuses a counter that does not grow (a cloned authenticator) and, when asked, an
  // assertion without user verification.
  const v = await verifyAuthenticationResponse({
    response: o.respuesta as unknown as AuthenticationResponseJSON,
    expectedChallenge: o.reto,
    expectedOrigin: origen,
    expectedRPID: rpID,
    credential: {
      id: llave.credencialId,
      publicKey: new Uint8Array(Buffer.from(llave.llavePublica, 'base64url')),
      counter: llave.contador,
      transports: transportesDe(llave.transportes),
    },
    requireUserVerification: o.verificarUsuario,
  }).catch(() => null);
  if (!v?.verified) throw unauthorized(MSG_LLAVES.noReconocida, 'LLAVE_NO_RECONOCIDA');
  const { newCounter, credentialBackedUp } = v.authenticationInfo;
  await ctx.db.transaction(async (tx) => {
    const ok = await usarLlave(tx, {
      id: llave.id,
      antes: llave.contador,
      contador: newCounter,
      respaldada: credentialBackedUp,
      ahora: ctx.now(),
    });
    if (!ok) throw unauthorized(MSG_LLAVES.noReconocida, 'LLAVE_NO_RECONOCIDA');
    await antesDeGuardar?.(tx);
  });
  return { tipo: o.tipo, id: llave.cuentaId } satisfies CuentaSesion;
}

/** The login with a passkey alone: the account to open a session for (its state is checked by
 * the session's opening, as after a second step). */
export async function entrarConLlave(ctx: Ctx, o: { tipo: Tipo; respuesta: Respuesta }) {
  const reto = retoDe(o.respuesta);
  if (!(await gastarReto(ctx.db, { reto, proposito: 'entrar', tipo: o.tipo, ahora: ctx.now() }))) throw retoInvalido();
  return verificarUso(ctx, { respuesta: o.respuesta, reto, tipo: o.tipo, verificarUsuario: true });
}

/** The pending token's account, checked as the code's second step checks it. */
async function pendienteVigente(ctx: Ctx, o: { tokenMfa: string; tipo: Tipo }) {
  const p = leerPendienteMfa(ctx, o.tokenMfa);
  const noAutorizado = () => unauthorized(MSG_MFA.pendienteInvalido, 'MFA_PENDIENTE_INVALIDO');
  if (p.cuenta.tipo !== o.tipo) throw noAutorizado();
  const c = await cuentaParaMfa(ctx.db, p.cuenta);
  if (!c || c.version !== p.ver || c.status !== 'activo' || !c.activadoEn) throw noAutorizado();
  return p;
}

/** Options of the second step with a passkey: only the pending account's passkeys. */
export async function opcionesSegundoPaso(ctx: Ctx, o: { tokenMfa: string; tipo: Tipo }) {
  const p = await pendienteVigente(ctx, o);
  const llaves = await llavesDe(ctx.db, p.cuenta);
  if (llaves.length === 0) throw badRequest(MSG_LLAVES.sinLlaves, 'SIN_LLAVES');
  const opciones = await generateAuthenticationOptions({
    rpID: parteConfiable(ctx).rpID,
    userVerification: 'preferred',
    timeout: RETO_WEBAUTHN_MINUTOS * 60_000,
    allowCredentials: llaves.map((l) => ({ id: l.credencialId, transports: transportesDe(l.transportes) })),
  });
  await nuevoReto(ctx, { reto: opciones.challenge, proposito: 'segundo-paso', tipo: o.tipo, cuentaId: p.cuenta.id });
  return { opciones: { ...opciones } };
}

/** The second step with a passkey: the pending token is spent with the passkey's use. */
export async function segundoPasoConLlave(ctx: Ctx, o: { tokenMfa: string; tipo: Tipo; respuesta: Respuesta }) {
  const p = await pendienteVigente(ctx, o);
  const reto = retoDe(o.respuesta);
  const r = await gastarReto(ctx.db, { reto, proposito: 'segundo-paso', tipo: o.tipo, ahora: ctx.now() });
  if (r?.cuentaId !== p.cuenta.id) throw retoInvalido();
  return verificarUso(ctx, { respuesta: o.respuesta, reto, tipo: o.tipo, verificarUsuario: false, cuentaId: p.cuenta.id }, async (tx) => {
    if (!(await gastarPendiente(tx, { jti: p.jti, expiraEn: new Date(p.exp * 1000) })))
      throw unauthorized(MSG_MFA.pendienteInvalido, 'MFA_PENDIENTE_INVALIDO');
  });
}

/** Whether the account has a second step: its authenticator app or a passkey. */
export async function tieneSegundoPaso(db: Ctx['db'], c: CuentaSesion) {
  const f = await factorDe(db, c);
  return !!f?.confirmadoEn || (await contarLlaves(db, c)) > 0;
}

/** The second step's methods the password step offers (the clients show them). */
export async function metodosDe(db: Ctx['db'], c: CuentaSesion) {
  const f = await factorDe(db, c);
  const llaves = await contarLlaves(db, c);
  return [...(f?.confirmadoEn ? ['totp'] : []), ...(llaves > 0 ? ['llave'] : []), 'recuperacion'];
}
