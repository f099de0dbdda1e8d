// Password (and recovery-code) hashing: argon2id with OWASP parameters (decisions 370, ARCHITECTURE).
import { hash, verify } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1.
const PARAMETROS_ARGON2 = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashContrasena = (contrasena: string) => hash(contrasena, PARAMETROS_ARGON2);

// Verifying against this hash when the account does not exist makes an unknown email cost the
// same time as a wrong password, so response timing does not reveal who has an account.
let hashFicticio: Promise<string> | null = null;

export async function verificarContrasena(hashGuardado: string | null | undefined, contrasena: string): Promise<boolean> {
  if (!hashGuardado) {
    hashFicticio ??= hashContrasena('contrasena-ficticia-Aa1!');
    await verify(await hashFicticio, contrasena).catch(() => false);
    return false;
  }
  return verify(hashGuardado, contrasena).catch(() => false);
}
