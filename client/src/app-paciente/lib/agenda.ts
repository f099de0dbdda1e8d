import type { CitaPaciente } from '@miduelo/shared/agenda';
import { hoyClinica, horaClinica } from './fechas';

/** Merges a live change into the list: a newer version wins, a removed one leaves. */
export function aplicarCambio(lista: CitaPaciente[] | undefined, tipo: 'creada' | 'actualizada' | 'eliminada', cita: CitaPaciente) {
  const resto = (lista ?? []).filter((c) => c.id_cita !== cita.id_cita);
  const actual = (lista ?? []).find((c) => c.id_cita === cita.id_cita);
  if (tipo === 'eliminada') return resto;
  if (actual && actual.version > cita.version) return lista ?? [];
  return ordenar([...resto, cita]);
}

export function ordenar(lista: CitaPaciente[]): CitaPaciente[] {
  return [...lista].sort((a, b) => (a.fecha + a.hora_inicio).localeCompare(b.fecha + b.hora_inicio));
}

export function esProxima(c: CitaPaciente): boolean {
  const hoy = hoyClinica();
  return c.fecha > hoy || (c.fecha === hoy && c.hora_fin.slice(0, 5) > horaClinica());
}

/** The next appointment that still stands (pending or confirmed). */
export function siguiente(lista: CitaPaciente[] | undefined): CitaPaciente | null {
  return ordenar((lista ?? []).filter((c) => c.estado !== 'cancelada' && esProxima(c)))[0] ?? null;
}
