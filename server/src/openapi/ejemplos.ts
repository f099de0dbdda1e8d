// An example of every request body, keyed `METHOD /url` (decision 383). Server-side only: the
// client bundles import shared/ and are at their size budget.
import { EJEMPLOS_CLINICA } from './ejemplos-clinica';
import { EJEMPLOS_COMUNIDAD } from './ejemplos-comunidad';
import { EJEMPLOS_CUENTAS } from './ejemplos-cuentas';

export const EJEMPLOS: Record<string, unknown> = { ...EJEMPLOS_CUENTAS, ...EJEMPLOS_CLINICA, ...EJEMPLOS_COMUNIDAD };
