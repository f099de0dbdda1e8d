import { describe, expect, it } from 'vitest';
import { aplicarCambio, fusionarPorId, fusionarRespuesta, listaVacia, type OpcionesLista } from '@/nucleo/live/lista';

interface Cita {
  id: number;
  version: number;
  fecha: string;
}

const op: OpcionesLista<Cita> = {
  id: (c) => c.id,
  version: (c) => c.version,
  incluir: (c) => c.fecha >= '2026-03-02' && c.fecha <= '2026-03-08',
  orden: (a, b) => a.fecha.localeCompare(b.fecha) || a.id - b.id,
};
const cita = (id: number, version: number, fecha = '2026-03-03'): Cita => ({ id, version, fecha });

describe('aplicarCambio', () => {
  it('merges an event by id instead of appending a second copy', () => {
    let l = aplicarCambio(listaVacia<Cita>(), { tipo: 'guardado', item: cita(1, 1) }, op);
    l = aplicarCambio(l, { tipo: 'guardado', item: cita(1, 2, '2026-03-04') }, op);
    expect(l.items).toEqual([cita(1, 2, '2026-03-04')]);
  });

  it('ignores an older version than the one shown', () => {
    let l = aplicarCambio(listaVacia<Cita>(), { tipo: 'guardado', item: cita(1, 3, '2026-03-05') }, op);
    l = aplicarCambio(l, { tipo: 'guardado', item: cita(1, 2, '2026-03-03') }, op);
    expect(l.items).toEqual([cita(1, 3, '2026-03-05')]);
  });

  it('keeps a deleted item out when a late copy of it arrives', () => {
    let l = aplicarCambio(listaVacia<Cita>(), { tipo: 'guardado', item: cita(1, 1) }, op);
    l = aplicarCambio(l, { tipo: 'eliminado', item: cita(1, 1) }, op);
    l = aplicarCambio(l, { tipo: 'guardado', item: cita(1, 2) }, op);
    expect(l.items).toEqual([]);
  });

  it('drops an item that moved out of the shown range, and sorts what stays', () => {
    let l = aplicarCambio(listaVacia<Cita>(), { tipo: 'guardado', item: cita(2, 1, '2026-03-06') }, op);
    l = aplicarCambio(l, { tipo: 'guardado', item: cita(1, 1, '2026-03-02') }, op);
    expect(l.items.map((c) => c.id)).toEqual([1, 2]);
    l = aplicarCambio(l, { tipo: 'guardado', item: cita(2, 2, '2026-03-10') }, op);
    expect(l.items.map((c) => c.id)).toEqual([1]);
  });
});

describe('fusionarRespuesta', () => {
  it('replays the changes received while the request was in flight over its answer', () => {
    const antes = listaVacia<Cita>();
    const cambios = [
      { tipo: 'guardado' as const, item: cita(3, 1, '2026-03-07') },
      { tipo: 'eliminado' as const, item: cita(2, 1) },
    ];
    let durante = antes;
    for (const c of cambios) durante = aplicarCambio(durante, c, op);
    const r = fusionarRespuesta(durante, [cita(1, 1), cita(2, 1)], cambios, op);
    expect(r.items.map((c) => c.id)).toEqual([1, 3]);
  });

  it('keeps a newer copy that came by event over a stale copy in the answer', () => {
    const l = aplicarCambio(listaVacia<Cita>(), { tipo: 'guardado', item: cita(1, 5, '2026-03-06') }, op);
    const r = fusionarRespuesta(l, [cita(1, 4, '2026-03-03')], [], op);
    expect(r.items).toEqual([cita(1, 5, '2026-03-06')]);
  });

  it('a fresh answer removes what the server no longer lists', () => {
    const l = fusionarRespuesta(listaVacia<Cita>(), [cita(1, 1), cita(2, 1)], [], op);
    expect(fusionarRespuesta(l, [cita(2, 1)], [], op).items.map((c) => c.id)).toEqual([2]);
  });
});

describe('fusionarPorId', () => {
  it('an HTTP reply and an event about the same item leave one copy, the last given', () => {
    const r = fusionarPorId(
      [{ id: 1, t: 'a' }],
      [
        { id: 2, t: 'b' },
        { id: 1, t: 'a2' },
      ],
      (x) => x.id,
      (a, b) => a.id - b.id,
    );
    expect(r).toEqual([
      { id: 1, t: 'a2' },
      { id: 2, t: 'b' },
    ]);
  });
});
