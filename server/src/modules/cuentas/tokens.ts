import { createHash, randomBytes } from 'node:crypto';
import { MSG } from '@miduelo/shared/cuentas';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../errors';
import { type CuentaTipo, insertarTokenUnUso, invalidarTokensUnUso, marcarTokenUsado, type Proposito, tokenPorHash } from './repo';

const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

/** Creates a one-time token (only its hash is stored) and invalidates earlier ones of the same purpose. */
export async function crearTokenUnUso(
  tx: DbOrTx,
  o: { proposito: Proposito; cuentaTipo: CuentaTipo; cuentaId: number; ahora: Date; horas: number; dato?: string },
): Promise<string> {
  await invalidarTokensUnUso(tx, o);
  const token = randomBytes(32).toString('base64url');
  await insertarTokenUnUso(tx, {
    proposito: o.proposito,
    cuentaTipo: o.cuentaTipo,
    cuentaId: o.cuentaId,
    hash: hashToken(token),
    expiraEn: new Date(o.ahora.getTime() + o.horas * 3600_000),
    dato: o.dato ?? null,
  });
  return token;
}

type Estado = { valido: true; cuentaId: number; id: number; dato: string | null } | { valido: false; motivo: 'invalido' | 'expirado' };

export async function estadoToken(
  tx: DbOrTx,
  o: { token: string; proposito: Proposito; cuentaTipo: CuentaTipo; ahora: Date },
): Promise<Estado> {
  const fila = await tokenPorHash(tx, { hash: hashToken(o.token), proposito: o.proposito, cuentaTipo: o.cuentaTipo });
  if (!fila || fila.usadoEn) return { valido: false, motivo: 'invalido' };
  if (fila.expiraEn.getTime() <= o.ahora.getTime()) return { valido: false, motivo: 'expirado' };
  return { valido: true, cuentaId: fila.cuentaId, id: fila.id, dato: fila.dato };
}

/** Marks the token used; a concurrent second use finds it already used and fails. */
export async function consumirToken(
  tx: DbOrTx,
  o: { token: string; proposito: Proposito; cuentaTipo: CuentaTipo; ahora: Date; mensajes: { invalido: string; expirado: string } },
): Promise<number> {
  return (await consumirTokenConDato(tx, o)).cuentaId;
}

/** Like consumirToken, also answering what the token confirms (the new email of a change). */
export async function consumirTokenConDato(
  tx: DbOrTx,
  o: { token: string; proposito: Proposito; cuentaTipo: CuentaTipo; ahora: Date; mensajes: { invalido: string; expirado: string } },
): Promise<{ cuentaId: number; dato: string | null }> {
  const estado = await estadoToken(tx, o);
  if (!estado.valido) throw badRequest(o.mensajes[estado.motivo], estado.motivo === 'expirado' ? 'TOKEN_EXPIRADO' : 'TOKEN_INVALIDO');
  const usado = await marcarTokenUsado(tx, estado.id, o.ahora);
  if (!usado) throw badRequest(o.mensajes.invalido, 'TOKEN_INVALIDO');
  return { cuentaId: estado.cuentaId, dato: estado.dato };
}

export const mensajesActivacion = { invalido: MSG.tokenActivacionInvalido, expirado: MSG.tokenActivacionExpirado };
export const mensajesRestablecer = { invalido: MSG.tokenRestablecerInvalido, expirado: MSG.tokenRestablecerInvalido };
