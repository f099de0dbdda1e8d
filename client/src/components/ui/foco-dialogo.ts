// Where focus goes when a dialog opens and closes (issue 53, decision 343). Radix returns it to a
// DialogTrigger, and to the page's body when the dialog was opened from state (most of ours): the
// next Tab then restarts at the top of the page. Every dialog of components/ui/ remembers instead
// what had focus when it opened, and goes back there; when that control is gone (a menu item, a
// dialog that opened this one, an appointment replaced by its update), to the control that opened
// the first dialog of the chain, or to one that carries the same `data-foco` key.

/** The opener of each open dialog (its content element), to go back through a chain of dialogs. */
const origenes = new WeakMap<Element, HTMLElement[]>();

const ENFOCABLES =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const DESTRUYE = /^(eliminar|borrar|quitar|desactivar|deshabilitar|desbloquear|descartar)/i;

/** A control that destroys (a danger button, `data-destructivo`, or named for it): a dialog never
 * opens on it. */
const esDestructivo = (el: Element) =>
  el.closest('[data-destructivo]') !== null || DESTRUYE.test((el.getAttribute('aria-label') ?? el.textContent ?? '').trim());

/** Remembers, for the dialog `contenido`, what had focus when it opened (and that element's own
 * chain when it sits in another dialog). */
export function recordarOrigen(contenido: Element | null): void {
  if (!contenido) return;
  const activo = document.activeElement;
  if (!(activo instanceof HTMLElement) || activo === document.body || contenido.contains(activo)) return;
  const padre = activo.closest('[role="dialog"],[role="alertdialog"]');
  const cadena = [activo, ...(padre ? (origenes.get(padre) ?? []) : [])];
  origenes.set(contenido, cadena);
}

const mostrado = (el: HTMLElement) => el.isConnected && el.getClientRects().length > 0 && !el.closest('[inert],[aria-hidden="true"]');

/** Sends focus back to the opener (or its stand-in); false when none is left on the page. */
export function devolverFoco(contenido: Element | null): boolean {
  const cadena = contenido ? (origenes.get(contenido) ?? []) : [];
  for (const el of cadena) {
    // Its keys, most precise first: "cita-12 celda-2027-03-02-11:00" finds the same appointment
    // after an update, or what now fills its cell.
    const claves = el.dataset.foco?.split(' ').filter(Boolean) ?? [];
    const candidatos = [el, ...claves.map((c) => document.querySelector<HTMLElement>(`[data-foco~="${CSS.escape(c)}"]`))];
    const destino = candidatos.find((x): x is HTMLElement => x !== null && mostrado(x));
    if (destino) {
      destino.focus();
      return true;
    }
  }
  return false;
}

/** The first control of the dialog that does not destroy anything (the close button at worst);
 * null leaves Radix's default. */
export function primerControlSeguro(contenido: Element | null): HTMLElement | null {
  if (!contenido) return null;
  const todos = [...contenido.querySelectorAll<HTMLElement>(ENFOCABLES)].filter((el) => el.getClientRects().length > 0);
  if (!todos.some(esDestructivo)) return null;
  return todos.find((el) => !esDestructivo(el)) ?? null;
}

/** The content element each dialog's ref held when it opened: React empties the ref on unmount,
 * before Radix asks where focus goes. */
const elementoDe = new WeakMap<object, Element>();

/** Focus on opening: never on a destructive control; on closing: back to the opener (decision 343). */
export function focoDeDialogo(contenido: { readonly current: HTMLElement | null }, alCerrar?: (e: Event) => void) {
  return {
    onOpenAutoFocus: (e: Event) => {
      if (contenido.current) elementoDe.set(contenido, contenido.current);
      recordarOrigen(contenido.current);
      const seguro = primerControlSeguro(contenido.current);
      if (seguro) {
        e.preventDefault();
        seguro.focus();
      }
    },
    onCloseAutoFocus: (e: Event) => {
      alCerrar?.(e);
      if (!e.defaultPrevented && devolverFoco(elementoDe.get(contenido) ?? null)) e.preventDefault();
    },
  };
}
