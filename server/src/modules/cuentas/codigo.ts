import { randomInt } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { buscarPsicologoPorCodigo } from './repo';

// No 0/O, 1/I/L: the code is read aloud or copied from a screen by a grieving patient.
const ALFABETO = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LONGITUD = 6;

function codigoAleatorio(): string {
  let s = '';
  for (let i = 0; i < LONGITUD; i++) s += ALFABETO[randomInt(ALFABETO.length)];
  return s;
}

export async function nuevoCodigoVinculacion(db: DbOrTx): Promise<string> {
  for (;;) {
    const codigo = codigoAleatorio();
    if (!(await buscarPsicologoPorCodigo(db, codigo))) return codigo;
  }
}
