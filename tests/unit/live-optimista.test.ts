import { describe, expect, it } from 'vitest';
import {
  agregarPendiente,
  buscarPendiente,
  cambiarPendiente,
  esFalloDeRed,
  nuevoIdCliente,
  pendientesAReintentar,
} from '@/nucleo/live/optimista';
import { fusionarPorSeq } from '@/nucleo/live/secuencia';

interface Item {
  seq: number | null;
  id_cliente: string | null;
  estado: 'enviado' | 'enviando' | 'error';
  texto: string;
}

const pendiente = (id_cliente: string): Item => ({ seq: null, id_cliente, estado: 'enviando', texto: id_cliente });

describe('optimistic send', () => {
  it('client ids are url-safe and distinct', () => {
    const ids = new Set(Array.from({ length: 200 }, nuevoIdCliente));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('a pending copy shows at once after the stored items, once per client id', () => {
    const base = fusionarPorSeq<Item>([], [{ seq: 1, id_cliente: null, texto: 'x' }]);
    let items = agregarPendiente(base, pendiente('a'));
    items = agregarPendiente(items, pendiente('a'));
    expect(items.map((m) => m.id_cliente)).toEqual([null, 'a']);
    expect(buscarPendiente(items, 'a')?.estado).toBe('enviando');
  });

  it('a failed send is marked, retried only when the failure was the network or the server', () => {
    let items = [pendiente('a'), pendiente('b'), pendiente('c')];
    items = cambiarPendiente(items, 'a', { estado: 'error' });
    items = cambiarPendiente(items, 'b', { estado: 'error' });
    const sinRed = new Set(['a', 'c']);
    expect(pendientesAReintentar(items, sinRed).map((m) => m.id_cliente)).toEqual(['a']);
    expect([0, 500, 503].every(esFalloDeRed)).toBe(true);
    expect([400, 403, 404, 409, 429].some(esFalloDeRed)).toBe(false);
  });

  it('the stored answer with the same client id replaces the pending copy (a retry never shows twice)', () => {
    const items = agregarPendiente<Item>([], pendiente('a'));
    const r = fusionarPorSeq<Item>(items, [
      { seq: 7, id_cliente: 'a', texto: 'a' },
      { seq: 7, id_cliente: 'a', texto: 'a' },
    ]);
    expect(r).toEqual([{ seq: 7, id_cliente: 'a', texto: 'a', estado: 'enviado' }]);
  });
});
