// When an appointment's room is worth offering (issue 54, decisions 358 and 363): an "En línea"
// appointment, not cancelled, from 10 minutes before its start to its end, in the clinic's zone.
// Only a hint for showing "Entrar a la sesión": the server decides (its grace may keep the room
// open longer), and its Spanish refusal is what she reads otherwise.
import type { CitaPaciente } from '@miduelo/shared/agenda';
import { MSG_SESION, SALA_ABRE_ANTES_MIN, type SesionEnLinea } from '@miduelo/shared/sesiones-en-linea';
import { horaClinica, hoyClinica } from './fechas';

const minutos = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** `ahora`: the clinic's date and time (HH:MM), now unless given. */
export function salaAbiertaAhora(
  c: Pick<CitaPaciente, 'modalidad' | 'estado' | 'fecha' | 'hora_inicio' | 'hora_fin'>,
  ahora: { fecha: string; hora: string } = { fecha: hoyClinica(), hora: horaClinica() },
): boolean {
  if (c.modalidad !== 'En línea' || c.estado === 'cancelada') return false;
  // Minutes from the start of today: tomorrow's 00:00 appointment opens at 23:50 today.
  const dias = (Date.parse(`${c.fecha}T00:00:00Z`) - Date.parse(`${ahora.fecha}T00:00:00Z`)) / 86_400_000;
  if (dias !== 0 && dias !== 1) return false;
  const m = minutos(ahora.hora);
  const inicio = dias * 1440 + minutos(c.hora_inicio);
  return m >= inicio - SALA_ABRE_ANTES_MIN && m < dias * 1440 + minutos(c.hora_fin);
}

/** Merges a live change of one of her rooms into the list: an ended one leaves. */
export function aplicarSesion(lista: SesionEnLinea[] | undefined, s: SesionEnLinea): SesionEnLinea[] {
  const resto = (lista ?? []).filter((x) => x.id_sesion !== s.id_sesion);
  return s.estado === 'terminada' ? resto : [...resto, s].sort((a, b) => a.abre_en.localeCompare(b.abre_en));
}

/** Appointments whose room is over for good in this visit of the app (ended by her psychologist, or
 * its window closed), with the reason to show instead of "Entrar a la sesión". Kept in memory: after
 * a reload, entering answers the same reason and the button gives way then. */
const acabadas = new Map<number, string>();

export function marcarSalaAcabada(idCita: number | null | undefined, motivo: string): void {
  if (idCita != null) acabadas.set(idCita, motivo);
}

export function salaAcabada(idCita: number): string | null {
  return acabadas.get(idCita) ?? null;
}

/** The reason an ended room gives: her psychologist ended it, or its time was over. */
export function motivoDeFin(s: Pick<SesionEnLinea, 'terminada_por'>): string {
  return s.terminada_por === 'psicologo' ? MSG_SESION.terminada : MSG_SESION.yaCerro;
}
