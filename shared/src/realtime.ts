// Typed Socket.IO event maps. Each domain declares its own events in realtime-<domain>.ts; this
// file only composes them, so features can grow without touching each other's declarations.
import type { CitasClienteAServidor, CitasServidorACliente } from './realtime-agenda';
import type { ChatClienteAServidor, ChatServidorACliente } from './realtime-chat';
import type { ExpedienteServidorACliente } from './realtime-expediente';
import type { AdminServidorACliente } from './realtime-administracion';
import type { ForosClienteAServidor, ForosServidorACliente } from './realtime-foros';
import type { ActividadesServidorACliente } from './realtime-actividades';
import type { PacientesServidorACliente } from './realtime-pacientes';
import type { SesionesClienteAServidor, SesionesServidorACliente } from './realtime-sesiones';
import type { SupervisionClienteAServidor, SupervisionServidorACliente } from './realtime-supervision';
import type { DerechosServidorACliente } from './realtime-derechos';

export interface SesionServidorACliente {
  /** The session is over: tokens revoked (logout elsewhere, password reset, account disabled) or
   * the socket's token expired while connected (`expirada`). The server disconnects right after. */
  'sesion:revocada': (p: { motivo: 'cierre' | 'contrasena' | 'deshabilitada' | 'expirada' }) => void;
}

export type ServerToClientEvents = SesionServidorACliente &
  CitasServidorACliente &
  ChatServidorACliente &
  ExpedienteServidorACliente &
  AdminServidorACliente &
  ForosServidorACliente &
  ActividadesServidorACliente &
  PacientesServidorACliente &
  SesionesServidorACliente &
  SupervisionServidorACliente &
  DerechosServidorACliente;
export type ClientToServerEvents = CitasClienteAServidor &
  ChatClienteAServidor &
  ForosClienteAServidor &
  SesionesClienteAServidor &
  SupervisionClienteAServidor;

const PREFIJO_PACIENTE = 'paciente:';

/** Personal rooms (ARCHITECTURE.md, Real time). */
export const sala = {
  psicologo: (id: number) => `psicologo:${id}`,
  paciente: (id: number) => `${PREFIJO_PACIENTE}${id}`,
  admin: (id: number) => `admin:${id}`,
  /** Every administrator's socket (the dashboard's live figures). */
  administradores: 'administradores',
} as const;

/** The patient whose personal room this is (the inverse of `sala.paciente`), else null. */
export function pacienteDeSala(s: string): number | null {
  return s.startsWith(PREFIJO_PACIENTE) ? Number(s.slice(PREFIJO_PACIENTE.length)) : null;
}
