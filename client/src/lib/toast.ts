import { TOAST_MS } from '@miduelo/shared/constants';
import { create } from 'zustand';

export type TipoToast = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  tipo: TipoToast;
  titulo: string;
  texto?: string;
  /** Milliseconds the toast stays on screen (3 s unless the spec says otherwise). */
  duracion: number;
}

export interface OpcionesToast {
  duracion?: number;
}

interface ToastState {
  toasts: Toast[];
  mostrar: (toast: Omit<Toast, 'id' | 'duracion'> & OpcionesToast) => void;
  cerrar: (id: number) => void;
}

let siguienteId = 1;

export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  mostrar: ({ tipo, titulo, texto, duracion = TOAST_MS }) => {
    // The same message is never stacked twice while it is still visible.
    const repetido = get().toasts.some((t) => t.titulo === titulo && (t.texto ?? '') === (texto ?? ''));
    if (repetido) return;
    const id = siguienteId++;
    set((s) => ({ toasts: [...s.toasts, { id, tipo, titulo, texto, duracion }] }));
  },
  cerrar: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

const atajo =
  (tipo: TipoToast) =>
  (titulo: string, texto?: string, opciones: OpcionesToast = {}): void =>
    useToasts.getState().mostrar({ tipo, titulo, texto, ...opciones });

/** Imperative toasts, callable from event handlers and non-React code. */
export const toast = {
  exito: atajo('success'),
  error: atajo('error'),
  aviso: atajo('warning'),
  info: atajo('info'),
};
