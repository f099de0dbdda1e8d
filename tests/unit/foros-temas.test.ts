// A forum's topics by pages of 20 (spec 2 §9): the pages a screen reloads for what it shows, and
// how a page joins the list (decision 254).
import { type Meta, type Tema, temasHasta, unirTemas } from '@miduelo/shared/foros';
import { describe, expect, it } from 'vitest';

const tema = (id: number, minuto: number, ultimo_seq = 0): Tema => ({
  id_tema: id,
  id_foro: 1,
  titulo: `Tema ${id}`,
  total_mensajes: ultimo_seq,
  ultimo_seq,
  fecha_creacion: '2026-01-01T00:00:00.000Z',
  fecha_actividad: new Date(Date.UTC(2026, 0, 1, 0, minuto)).toISOString(),
  autor: { id: 1, nombre: 'Ana', apellido: 'Ruiz', tipo: 'psicologo' },
  no_leidos: null,
});

/** A forum of `n` topics as the server pages them: most recent activity first. */
function foro(n: number) {
  const todos = Array.from({ length: n }, (_, i) => tema(i + 1, i)).reverse();
  const pedidas: [number, number][] = [];
  const pedir = async (page: number, limit: number) => {
    pedidas.push([page, limit]);
    const meta: Meta = { total: n, page, limit, totalPages: Math.ceil(n / limit) };
    return { data: todos.slice((page - 1) * limit, page * limit), meta };
  };
  return { todos, pedidas, pedir };
}

describe('temasHasta', () => {
  it('lo que se muestra se relee en una página cuando cabe en 100', async () => {
    const f = foro(130);
    const r = await temasHasta(f.pedir, 60);
    expect(f.pedidas).toEqual([[1, 60]]);
    expect(r.data.map((t) => t.id_tema)).toEqual(f.todos.slice(0, 60).map((t) => t.id_tema));
    expect(r.meta.total).toBe(130);
  });

  it('más de 100: páginas de 100, sin pasar de lo mostrado; la siguiente página de 20 empieza justo después', async () => {
    const f = foro(250);
    const r = await temasHasta(f.pedir, 140);
    expect(f.pedidas).toEqual([
      [1, 100],
      [2, 100],
    ]);
    expect(r.data).toHaveLength(140);
    expect(r.data.map((t) => t.id_tema)).toEqual(f.todos.slice(0, 140).map((t) => t.id_tema));
    const siguiente = await f.pedir(140 / 20 + 1, 20);
    expect(unirTemas(r.data, siguiente.data).map((t) => t.id_tema)).toEqual(f.todos.slice(0, 160).map((t) => t.id_tema));
  });

  it('un foro con menos temas que los pedidos devuelve los que hay', async () => {
    const f = foro(7);
    expect((await temasHasta(f.pedir, 20)).data).toHaveLength(7);
  });
});

describe('unirTemas', () => {
  it('cada tema una vez, con la copia de la publicación más reciente, en el orden del servidor', () => {
    const viejo = tema(5, 10, 3);
    const nuevo = { ...tema(5, 50, 4), total_mensajes: 4 };
    const r = unirTemas([tema(9, 40), viejo, tema(2, 5)], [nuevo, tema(7, 20), { ...tema(9, 40), titulo: 'repetido' }]);
    expect(r.map((t) => t.id_tema)).toEqual([5, 9, 7, 2]);
    expect(r[0]).toEqual(nuevo);
    // A page read before a live update does not take it back.
    expect(unirTemas(r, [viejo])[0]).toEqual(nuevo);
  });

  it('a igual actividad, el tema más nuevo primero (como ordena el servidor)', () => {
    expect(unirTemas([], [tema(3, 0), tema(8, 0), tema(4, 0)]).map((t) => t.id_tema)).toEqual([8, 4, 3]);
  });
});
