// The drizzle schema object, composed of one file per domain. (Used only to build the db client.)
import * as cuentas from './cuentas';
import * as agenda from './agenda';
import * as chat from './chat';
import * as auditoria from './auditoria';
import * as expediente from './expediente';
import * as consentimiento from './consentimiento';
import * as foros from './foros';
import * as notificaciones from './notificaciones';
import * as actividades from './actividades';
import * as aniversario from './aniversario';
import * as sesionesEnLinea from './sesiones-en-linea';
import * as supervision from './supervision';
import * as mfa from './mfa';
import * as sesionesAbiertas from './sesiones-abiertas';
import * as passkeys from './passkeys';
import * as oposicion from './oposicion';
import * as derechos from './derechos';

export const schema = {
  ...cuentas,
  ...agenda,
  ...chat,
  ...auditoria,
  ...expediente,
  ...consentimiento,
  ...foros,
  ...notificaciones,
  ...actividades,
  ...aniversario,
  ...sesionesEnLinea,
  ...supervision,
  ...mfa,
  ...sesionesAbiertas,
  ...passkeys,
  ...oposicion,
  ...derechos,
};
