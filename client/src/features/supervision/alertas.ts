// The open crisis alerts of the administration (decision 366), shared by the bar's notice (on every
// administrator's screen) and the Supervisión screen. The notice loads and feeds them
// (`AvisoAlertasCrisis`); the screen reads them here and acts on them.
import type { AlertaCrisis } from '@miduelo/shared/supervision';
import { create } from 'zustand';

interface EstadoAlertas {
  /** Null until the first answer. */
  alertas: AlertaCrisis[] | null;
  error: boolean;
  recargar: () => void;
  /** One administrator acknowledged it here: it leaves at once, before the live event. */
  quitar: (idAlerta: number) => void;
}

export const useAlertasAdmin = create<EstadoAlertas>(() => ({
  alertas: null,
  error: false,
  recargar: () => undefined,
  quitar: () => undefined,
}));

/** Oldest first, once each. */
export function conAlerta(lista: AlertaCrisis[] | undefined, a: AlertaCrisis): AlertaCrisis[] | undefined {
  if (!lista) return lista;
  const otras = lista.filter((x) => x.id_alerta !== a.id_alerta);
  return [...otras, a].sort((x, y) => x.enviado_en.localeCompare(y.enviado_en) || x.id_alerta - y.id_alerta);
}

export const sinAlerta = (lista: AlertaCrisis[] | undefined, idAlerta: number) => lista?.filter((x) => x.id_alerta !== idAlerta);
