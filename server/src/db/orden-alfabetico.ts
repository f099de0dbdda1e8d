import { VOCALES_ACENTUADAS, VOCALES_LLANAS } from '@miduelo/shared/nombres';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A text column in the Spanish alphabet, the same steps as `claveAlfabetica` (shared/nombres):
 * accented vowels as plain ones, 'ñ' as 'n~', ASCII capitals lowered (`lower` under "C" touches
 * nothing else), then code points — whatever the database's locale (decision 271). The letters are
 * constants of ours, written into the statement's text. Every step is immutable, so the patient's
 * stored sort keys are this expression too (`paciente.clave_apellido`, decision 284).
 */
export function ordenAlfabetico(columna: SQL | AnyColumn): SQL {
  const sinAcento = sql`translate(${columna}, ${sql.raw(`'${VOCALES_ACENTUADAS}'`)}, ${sql.raw(`'${VOCALES_LLANAS}'`)})`;
  return sql`lower(replace(replace(${sinAcento}, 'Ñ', 'n~'), 'ñ', 'n~') collate "C") collate "C"`;
}
