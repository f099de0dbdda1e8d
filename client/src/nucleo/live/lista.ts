// Pure merge of a plain live list (appointments, exceptions, forum topics…): items are merged by
// id, never appended; an item carrying a version ignores older copies; a deleted id stays deleted
// even if an older copy of it arrives later; changes received while a reload was in flight are
// replayed over its answer.

export type Clave = number | string;

export interface OpcionesLista<T> {
  id: (item: T) => Clave;
  /** Monotonic version of an item (e.g. `version` of an appointment); without it, the last copy wins. */
  version?: (item: T) => number;
  /** Whether the item belongs to the shown list (e.g. an appointment moved out of the shown week). */
  incluir?: (item: T) => boolean;
  orden?: (a: T, b: T) => number;
}

export type CambioLista<T> = { tipo: 'guardado'; item: T } | { tipo: 'eliminado'; item: T };

export interface ListaViva<T> {
  items: T[];
  /** Highest version seen per id (also of items no longer shown). */
  versiones: ReadonlyMap<Clave, number>;
  eliminados: ReadonlySet<Clave>;
}

export const listaVacia = <T>(): ListaViva<T> => ({ items: [], versiones: new Map(), eliminados: new Set() });

const ordenada = <T>(items: T[], op: OpcionesLista<T>) => (op.orden ? [...items].sort(op.orden) : items);

/** Applies one change (a socket event, or this tab's own answer from the server). */
export function aplicarCambio<T>(lista: ListaViva<T>, cambio: CambioLista<T>, op: OpcionesLista<T>): ListaViva<T> {
  const id = op.id(cambio.item);
  if (cambio.tipo === 'eliminado') {
    return { ...lista, items: lista.items.filter((x) => op.id(x) !== id), eliminados: new Set(lista.eliminados).add(id) };
  }
  if (lista.eliminados.has(id)) return lista;
  let versiones = lista.versiones;
  if (op.version) {
    const v = op.version(cambio.item);
    if (v < (lista.versiones.get(id) ?? Number.NEGATIVE_INFINITY)) return lista;
    versiones = new Map(lista.versiones).set(id, v);
  }
  const sin = lista.items.filter((x) => op.id(x) !== id);
  const dentro = op.incluir ? op.incluir(cambio.item) : true;
  return { ...lista, versiones, items: dentro ? ordenada([...sin, cambio.item], op) : sin };
}

/**
 * A fresh answer from the server replaces the list; deleted ids stay out, versions are recorded,
 * and the changes received while the request was in flight are applied on top of it.
 */
export function fusionarRespuesta<T>(
  lista: ListaViva<T>,
  respuesta: T[],
  cambiosDuranteCarga: readonly CambioLista<T>[],
  op: OpcionesLista<T>,
): ListaViva<T> {
  const versiones = new Map(lista.versiones);
  const porId = new Map<Clave, T>();
  for (const item of respuesta) {
    const id = op.id(item);
    if (lista.eliminados.has(id)) continue;
    if (op.incluir && !op.incluir(item)) continue;
    if (op.version) {
      const v = op.version(item);
      // A newer copy came by event before this (older) answer: the answer's copy is stale.
      if (v < (versiones.get(id) ?? Number.NEGATIVE_INFINITY)) {
        const local = lista.items.find((x) => op.id(x) === id);
        if (local) porId.set(id, local);
        continue;
      }
      versiones.set(id, v);
    }
    porId.set(id, item);
  }
  let nueva: ListaViva<T> = { items: ordenada([...porId.values()], op), versiones, eliminados: lista.eliminados };
  for (const c of cambiosDuranteCarga) nueva = aplicarCambio(nueva, c, op);
  return nueva;
}

/** Merges items by id into a plain array (no versions): a reply and an event about the same item
 * leave one copy, the newer one given last. */
export function fusionarPorId<T>(
  actuales: readonly T[],
  nuevos: readonly T[],
  id: (item: T) => Clave,
  orden?: (a: T, b: T) => number,
): T[] {
  const porId = new Map<Clave, T>();
  for (const x of actuales) porId.set(id(x), x);
  for (const x of nuevos) porId.set(id(x), x);
  const items = [...porId.values()];
  return orden ? items.sort(orden) : items;
}
