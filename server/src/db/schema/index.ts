// The drizzle schema object, composed of one file per domain. (Used only to build the db client.)
import * as cuentas from './cuentas';
import * as agenda from './agenda';
import * as chat from './chat';
import * as auditoria from './auditoria';
import * as actividades from './actividades';

export const schema = { ...cuentas, ...agenda, ...chat, ...auditoria, ...actividades };
