import { createContext, useContext } from 'react';
import type { AgendaEnVivo } from './use-agenda-en-vivo';

/** The open agenda screen's live data, for its modals (screen state, not a global store). */
export const AgendaContexto = createContext<AgendaEnVivo | null>(null);

export function useAgendaContexto(): AgendaEnVivo {
  const agenda = useContext(AgendaContexto);
  if (!agenda) throw new Error('useAgendaContexto fuera de la pantalla de agenda');
  return agenda;
}
