import { create } from 'zustand';

interface PeticionConfirmacion {
  titulo: string;
  texto?: string;
  confirmar?: string;
  cancelar?: string;
  peligro?: boolean;
}

interface ConfirmState {
  actual: (PeticionConfirmacion & { responder: (si: boolean) => void }) | null;
}

export const useConfirmacion = create<ConfirmState>()(() => ({ actual: null }));

/** Asks a yes/no question in an accessible dialog; resolves true when confirmed. */
export function confirmar(peticion: PeticionConfirmacion): Promise<boolean> {
  useConfirmacion.getState().actual?.responder(false);
  return new Promise((resolve) => {
    useConfirmacion.setState({
      actual: {
        ...peticion,
        responder: (si) => {
          useConfirmacion.setState({ actual: null });
          resolve(si);
        },
      },
    });
  });
}
