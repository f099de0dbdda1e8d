// The drizzle schema object, composed of one file per domain. (Used only to build the db client.)
import * as cuentas from './cuentas';

export const schema = { ...cuentas };
