// Live pushes of the online sessions. The presence in a room is read from the sockets in it (on
// every node, through the adapter), by each socket's session type: nothing about presence is stored
// but the first entry of each party.
import { sala } from '@miduelo/shared/realtime';
import { salaEsperaSesion, salaSesion } from '@miduelo/shared/realtime-sesiones';
import type { EstadoSala } from '@miduelo/shared/sesiones-en-linea';
import type { Realtime } from '../../plugins/realtime';
import { aDto, avisoDe, cierraEn, estadoDe, type SalaCreada } from './dto';

const salasDe = (id: number) => [salaSesion(id), salaEsperaSesion(id)];

/** Who is in the room and the waiting room now; `excluir`: a socket that is leaving. */
export async function presencia(realtime: Realtime, idSesion: number, excluir?: string) {
  const [dentro, espera] = await Promise.all([
    realtime.io.in(salaSesion(idSesion)).fetchSockets(),
    realtime.io.in(salaEsperaSesion(idSesion)).fetchSockets(),
  ]);
  const tipo = (l: typeof dentro, t: 'psicologo' | 'paciente') => l.some((x) => x.id !== excluir && x.data.sesion?.tipo === t);
  return {
    psicologo: tipo(dentro, 'psicologo'),
    pacienteDentro: tipo(dentro, 'paciente'),
    pacienteEsperando: tipo(espera, 'paciente'),
  };
}

export async function hayEsperando(realtime: Realtime, idSesion: number): Promise<boolean> {
  return (await presencia(realtime, idSesion)).pacienteEsperando;
}

export async function estadoSala(realtime: Realtime, s: SalaCreada, excluir?: string): Promise<{ estado: EstadoSala; esperando: boolean }> {
  const p = await presencia(realtime, s.id_sesion, excluir);
  const terminada = s.terminada_en !== null;
  return {
    estado: {
      id_sesion: s.id_sesion,
      estado: estadoDe(s),
      psicologo_presente: !terminada && p.psicologo,
      paciente_presente: !terminada && (p.pacienteDentro || p.pacienteEsperando),
      paciente_admitido: s.iniciada_en !== null,
      cierra_en: cierraEn(s).toISOString(),
    },
    esperando: p.pacienteEsperando,
  };
}

/** The room's state to both of its rooms, and the notice to the psychologist wherever she is. */
export async function publicarEstado(realtime: Realtime, s: SalaCreada, excluir?: string): Promise<EstadoSala> {
  const { estado, esperando } = await estadoSala(realtime, s, excluir);
  realtime.emitir(salasDe(s.id_sesion), 'sesion:estado', estado);
  avisarEnSala(realtime, s, esperando);
  return estado;
}

export function avisarEnSala(realtime: Realtime, s: SalaCreada, esperando: boolean) {
  realtime.emitir(sala.psicologo(s.id_psicologo), 'sesion:en-sala', avisoDe(s, esperando));
}

/** To the patient's personal room: a room of hers opened, changed or ended. */
export function avisarMiSesion(realtime: Realtime, s: SalaCreada) {
  realtime.emitir(sala.paciente(s.id_paciente), 'mi-sesion:cambio', { sesion: aDto(s) });
}

/** The session ended (by the psychologist or by time): everyone in it is told and leaves it. */
export function publicarTerminada(realtime: Realtime, s: SalaCreada) {
  const salas = salasDe(s.id_sesion);
  realtime.emitir(salas, 'sesion:terminada', { id_sesion: s.id_sesion });
  realtime.io.in(salas).socketsLeave(salas);
  avisarEnSala(realtime, s, false);
  avisarMiSesion(realtime, s);
}
