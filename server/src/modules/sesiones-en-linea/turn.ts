// ICE servers of the online sessions (decision 360): coturn with `use-auth-secret` and the same
// `static-auth-secret` as TURN_SECRET. Each caller gets a credential of the TURN REST API scheme,
// minted when she enters a room and valid for TURN_TTL_S: username `${expiry}:${opaque id}`,
// password base64(HMAC-SHA1(secret, username)). The opaque id names the account to coturn's log
// without its id or name; nothing is stored.
import { createHmac } from 'node:crypto';
import type { IceServer } from '@miduelo/shared/sesiones-en-linea';
import type { Config } from '../../config';

export type ConfigTurn = Pick<Config, 'turnUrls' | 'turnSecret' | 'turnTtlS' | 'now'>;

/** Whether TURN (a relay) is configured; without it only a direct path (or STUN) connects. */
export const hayTurn = (c: ConfigTurn) => c.turnSecret !== null && c.turnUrls.some((u) => /^turns?:/.test(u));

/** The ICE servers for one account: TURN with a fresh credential, STUN as configured, or none. */
export function servidoresIce(config: ConfigTurn, cuenta: { tipo: 'psicologo' | 'paciente'; id: number }): IceServer[] {
  if (config.turnUrls.length === 0) return [];
  if (!config.turnSecret) return [{ urls: config.turnUrls.filter((u) => /^stuns?:/.test(u)) }];
  const vence = Math.floor(config.now().getTime() / 1000) + config.turnTtlS;
  const opaco = createHmac('sha256', config.turnSecret).update(`cuenta:${cuenta.tipo}:${cuenta.id}`).digest('base64url').slice(0, 16);
  const username = `${vence}:${opaco}`;
  const credential = createHmac('sha1', config.turnSecret).update(username).digest('base64');
  return [{ urls: config.turnUrls, username, credential }];
}
