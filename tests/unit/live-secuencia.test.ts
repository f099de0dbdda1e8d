import { describe, expect, it } from 'vitest';
import { fusionarPorSeq, primerSeq, sincronizarDespuesDe, ultimoSeqContiguo } from '@/nucleo/live/secuencia';

interface Item {
  seq: number | null;
  id_cliente: string | null;
  estado: 'enviado' | 'enviando' | 'error';
  texto: string;
  leido?: boolean;
}

const guardado = (seq: number, texto = `m${seq}`, id_cliente: string | null = null) => ({ seq, id_cliente, texto });
const pendiente = (id_cliente: string, texto = id_cliente): Item => ({ seq: null, id_cliente, estado: 'enviando', texto });

describe('fusionarPorSeq', () => {
  it('keeps each sequence number once, in order, whatever the arrival order', () => {
    const a = fusionarPorSeq<Item>([], [guardado(3), guardado(1)]);
    const b = fusionarPorSeq<Item>(a, [guardado(2), guardado(3, 'm3 otra copia')]);
    expect(b.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(b.find((m) => m.seq === 3)?.texto).toBe('m3 otra copia');
    expect(b.every((m) => m.estado === 'enviado')).toBe(true);
  });

  it('replaces the pending copy of a send when the stored message with its client id arrives', () => {
    const conPendiente = [...fusionarPorSeq<Item>([], [guardado(1)]), pendiente('c-1', 'hola'), pendiente('c-2', 'adiós')];
    const r = fusionarPorSeq<Item>(conPendiente, [guardado(2, 'hola', 'c-1')]);
    expect(r.map((m) => [m.seq, m.id_cliente])).toEqual([
      [1, null],
      [2, 'c-1'],
      [null, 'c-2'],
    ]);
  });

  it('lets the caller keep local knowledge (a read receipt that came before the copy)', () => {
    const leido = fusionarPorSeq<Item>([], [{ ...guardado(1), leido: true }]);
    const r = fusionarPorSeq<Item>(leido, [{ ...guardado(1), leido: false }], (n, p) => ({ ...n, leido: n.leido || Boolean(p?.leido) }));
    expect(r[0].leido).toBe(true);
  });

  it('returns the same array when nothing new arrives', () => {
    const a = fusionarPorSeq<Item>([], [guardado(1)]);
    expect(fusionarPorSeq<Item>(a, [])).toBe(a);
  });
});

describe('ultimoSeqContiguo / primerSeq', () => {
  it('ignore pending sends', () => {
    const items = [...fusionarPorSeq<Item>([], [guardado(4), guardado(5)]), pendiente('x')];
    expect(ultimoSeqContiguo(items)).toBe(5);
    expect(primerSeq(items)).toBe(4);
    expect(ultimoSeqContiguo([])).toBe(0);
    expect(primerSeq([pendiente('y')])).toBeNull();
  });

  it('stops before a hole: an item that arrived past a missed one does not move the resync point', () => {
    const items = fusionarPorSeq<Item>([], [guardado(4), guardado(5), guardado(7), guardado(8)]);
    expect(ultimoSeqContiguo(items)).toBe(5);
  });
});

/** A resync of `items` against a server holding `servidor`, in batches of `lote`. */
async function sincronizarContra(servidor: ReturnType<typeof guardado>[], inicial: Item[], lote: number) {
  let items = inicial;
  const pedidos: number[] = [];
  const recibidos = await sincronizarDespuesDe({
    desde: () => ultimoSeqContiguo(items),
    pedir: async (despues_de, limite) => {
      pedidos.push(despues_de);
      return servidor.filter((m) => m.seq > despues_de).slice(0, limite);
    },
    aplicar: (l) => {
      items = fusionarPorSeq<Item>(items, l);
    },
    seqDe: (m) => m.seq,
    lote,
  });
  return { items, pedidos, recibidos };
}

describe('sincronizarDespuesDe', () => {
  it('fills a hole left by a lost event instead of asking after the highest sequence number', async () => {
    const servidor = Array.from({ length: 4 }, (_, i) => guardado(i + 1));
    // Seq 2 was lost with the connection; seq 3 came by event.
    const items: Item[] = fusionarPorSeq<Item>([], [servidor[0], servidor[2]]);
    const r = await sincronizarContra(servidor, items, 10);
    expect(r.pedidos).toEqual([1]);
    expect(r.items.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });

  it('asks after the last known sequence number in batches until a short batch', async () => {
    const servidor = Array.from({ length: 7 }, (_, i) => guardado(i + 1));
    const { items, pedidos, recibidos } = await sincronizarContra(servidor, fusionarPorSeq<Item>([], servidor.slice(0, 2)), 2);
    expect(pedidos).toEqual([2, 4, 6]);
    expect(recibidos.map((m) => m.seq)).toEqual([3, 4, 5, 6, 7]);
    expect(items.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('drops items at or before the sequence it asked after (an overlapping answer)', async () => {
    const aplicados: number[][] = [];
    await sincronizarDespuesDe({
      desde: () => 5,
      pedir: async () => [guardado(4), guardado(5), guardado(6)],
      aplicar: (lote) => aplicados.push(lote.map((m) => m.seq)),
      seqDe: (m) => m.seq,
      lote: 10,
    });
    expect(aplicados).toEqual([[6]]);
  });
});
