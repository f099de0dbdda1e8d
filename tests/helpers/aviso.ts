// The live notice after a commit made to fail, as a dropped event bus or connection would
// (decisions 282, 287, 288): every emit throws while `accion` runs. The write's answer must stay its
// own and the write must be stored once.
import { expect } from 'vitest';
import type { AppDePrueba } from './app';

/** Runs `accion` with every live notice failing; fails the test if no notice was even tried (the
 * test would then prove nothing). */
export async function conAvisoCaido<T>(t: AppDePrueba, accion: () => Promise<T>): Promise<T> {
  const realtime = t.app.realtime;
  const emitir = realtime.emitir;
  let intentos = 0;
  realtime.emitir = () => {
    intentos++;
    throw new Error('aviso en vivo caído');
  };
  let r: T;
  try {
    r = await accion();
  } finally {
    realtime.emitir = emitir;
  }
  expect(intentos, 'ningún aviso en vivo se intentó').toBeGreaterThan(0);
  return r;
}
