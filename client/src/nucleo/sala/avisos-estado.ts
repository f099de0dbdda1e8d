// The psychologist's live rooms as a store only (issue 54): what the agenda reads without loading
// the feed (avisos.ts, started by the shell's notice), so its first load stays within budget.
import type { AvisoEnSala } from '@miduelo/shared/sesiones-en-linea';
import { create } from 'zustand';

interface EstadoAvisos {
  porSesion: Record<string, AvisoEnSala>;
}

/** `TEXTOS_SALA.enSala`, held equal by tests/unit/sala-calidad.test.ts: the agenda's first load
 * marks an appointment without loading the sessions' contract module (its schemas). */
export const EN_SALA = 'En sala';

export const useAvisosSalaStore = create<EstadoAvisos>(() => ({ porSesion: {} }));

export const vigente = (a: AvisoEnSala) => !a.terminada && (a.esperando || a.en_curso);

/** The rooms with someone in them, as the agenda shows them (the feed runs in the shell). */
export function useAvisosEnSala(): AvisoEnSala[] {
  const porSesion = useAvisosSalaStore((s) => s.porSesion);
  return Object.values(porSesion);
}
