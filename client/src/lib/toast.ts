import { TOAST_MS } from '@miduelo/shared/constants';
import { create } from 'zustand';

export type TipoToast = 'success' | 'error' | 'warning' | 'info';

interface Toast {
  id: number;
  tipo: TipoToast;
  titulo: string;
  texto?: string;
  /** Milliseconds the toast stays on screen (3 s unless the spec says otherwise). */
  duracion: number;
}

interface OpcionesToast {
  duracion?: number;
}

interface ToastState {
  toasts: Toast[];
  mostrar: (toast: Omit<Toast, 'id' | 'duracion'> & OpcionesToast) => void;
  cerrar: (id: number) => void;
}

let siguienteId = 1;
/** When each visible toast is due to close (epoch ms), to carry it across a full reload. */
const vencen = new Map<number, number>();
const CLAVE_PENDIENTES = 'miduelo:toasts-pendientes';

export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  mostrar: ({ tipo, titulo, texto, duracion = TOAST_MS }) => {
    // The same message is never stacked twice while it is still visible.
    const repetido = get().toasts.some((t) => t.titulo === titulo && (t.texto ?? '') === (texto ?? ''));
    if (repetido) return;
    const id = siguienteId++;
    vencen.set(id, Date.now() + duracion);
    set((s) => ({ toasts: [...s.toasts, { id, tipo, titulo, texto, duracion }] }));
  },
  cerrar: (id) => {
    vencen.delete(id);
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
}));

/**
 * Logout reloads the page (spec 1 §4), which would cut the 'Sesión Expirada' warning (5 s,
 * spec 2 §8) after half a second. The visible toasts are kept for the next page with the time
 * they still had.
 */
export function conservarToastsAlRecargar(): void {
  const ahora = Date.now();
  const pendientes = useToasts
    .getState()
    .toasts.map(({ tipo, titulo, texto, id }) => ({ tipo, titulo, texto, hasta: vencen.get(id) ?? ahora }))
    .filter((t) => t.hasta - ahora > 250);
  try {
    if (pendientes.length > 0) sessionStorage.setItem(CLAVE_PENDIENTES, JSON.stringify(pendientes));
  } catch {
    // Private mode without storage: the toast simply ends with the page.
  }
}

const TIPOS = new Set<unknown>(['success', 'error', 'warning', 'info']);

function restaurarPendientes(): void {
  let pendientes: Array<{ tipo: TipoToast; titulo: string; texto?: string; hasta: number }> = [];
  try {
    pendientes = JSON.parse(sessionStorage.getItem(CLAVE_PENDIENTES) ?? '[]');
    sessionStorage.removeItem(CLAVE_PENDIENTES);
  } catch {
    return;
  }
  const ahora = Date.now();
  for (const t of Array.isArray(pendientes) ? pendientes : []) {
    if (!TIPOS.has(t?.tipo) || typeof t.titulo !== 'string' || typeof t.hasta !== 'number' || t.hasta <= ahora) continue;
    useToasts.getState().mostrar({ tipo: t.tipo, titulo: t.titulo, texto: t.texto, duracion: t.hasta - ahora });
  }
}

if (typeof window !== 'undefined') restaurarPendientes();

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
