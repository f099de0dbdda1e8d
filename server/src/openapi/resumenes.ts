// The Spanish summary of every route, keyed `METHOD /url` (the test fails for a route without one).
import { RESUMENES_CLINICA } from './resumenes-clinica';
import { RESUMENES_COMUNIDAD } from './resumenes-comunidad';
import { RESUMENES_CUENTAS } from './resumenes-cuentas';

export const RESUMENES: Record<string, string> = { ...RESUMENES_CUENTAS, ...RESUMENES_CLINICA, ...RESUMENES_COMUNIDAD };
