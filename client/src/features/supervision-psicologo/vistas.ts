// Which openings the shell's notice still owes the psychologist (decision 369). She dismisses the
// notice when she has read it; the highest opening id she dismissed is kept on this device (per
// psychologist), so the notice survives reloads and navigation, leaves every tab at once, and comes
// back only for a newer opening.
import type { Apertura } from '@miduelo/shared/supervision';
import { masRecienteAntes } from '@/lib/supervision-psicologo';

/** With no mark on this device (a new browser), only this recent an opening is told again. */
export const VENTANA_SIN_MARCA_MS = 7 * 24 * 3600_000;

export const claveVista = (idPsicologo: number) => `miduelo:supervision-vista:${idPsicologo}`;

/** The openings to tell, newest first: newer than the dismissed mark, or recent when there is none. */
export function pendientesDeAviso(lista: readonly Apertura[], vista: number | null, ahoraMs: number): Apertura[] {
  return lista
    .filter((a) => (vista === null ? ahoraMs - Date.parse(a.abierta_en) <= VENTANA_SIN_MARCA_MS : a.id_apertura > vista))
    .sort(masRecienteAntes);
}

export function leerVista(idPsicologo: number): number | null {
  try {
    const n = Number(localStorage.getItem(claveVista(idPsicologo)));
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/** Marks every opening up to `idApertura` read (never lowers the mark another tab set). */
export function guardarVista(idPsicologo: number, idApertura: number): number {
  const nueva = Math.max(idApertura, leerVista(idPsicologo) ?? 0);
  try {
    localStorage.setItem(claveVista(idPsicologo), String(nueva));
  } catch {
    // Private mode without storage: the notice leaves this tab and may come back on a reload.
  }
  return nueva;
}
