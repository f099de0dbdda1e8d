// A forum's topics by pages of 20 (spec 2 §9): the pages a screen reloads for what it shows, and
// how a page joins the list (decision 254); a topic's posts read whole again, with the hide or show
// that arrives during the read applied over its answer (decisions 257, 269).
import { type Meta, type Tema, temasHasta, unirTemas } from '@miduelo/shared/foros';
import { lectorDeTema } from '@miduelo/shared/foros-lectura';
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

describe('lectorDeTema', () => {
  type Post = { seq: number; oculto: boolean };
  /** A topic of `n` posts as the server answers `despues_de`/`limite`; `antes` runs before each answer. */
  function tema(n: number, antes: (despuesDe: number) => void = () => {}) {
    const posts: Post[] = Array.from({ length: n }, (_, i) => ({ seq: i + 1, oculto: false }));
    const pedidas: number[] = [];
    const pedir = async (despuesDe: number, limite: number) => {
      pedidas.push(despuesDe);
      const r = posts.filter((m) => m.seq > despuesDe).slice(0, limite);
      antes(despuesDe);
      return r.map((m) => ({ ...m }));
    };
    return { posts, pedidas, pedir };
  }

  it('lee el tema entero desde su primer mensaje, en lotes, hasta un lote corto', async () => {
    const t = tema(1200);
    const leidos: Post[] = [];
    await lectorDeTema<Post>().releer(t.pedir, (l) => leidos.push(...l));
    expect(t.pedidas).toEqual([0, 500, 1000]);
    expect(leidos.map((m) => m.seq)).toEqual(t.posts.map((m) => m.seq));
    const exacto = tema(500);
    await lectorDeTema<Post>().releer(exacto.pedir, () => {});
    expect(exacto.pedidas).toEqual([0, 500]);
  });

  it('un cambio que llega durante la lectura se aplica sobre su respuesta; después, la copia del servidor gana', async () => {
    const lector = lectorDeTema<Post>();
    // The server answers the first batch as it was before the post was hidden; the event arrives
    // before that answer does.
    const t = tema(3, (despuesDe) => {
      if (despuesDe === 0) lector.anotar(2, (m) => ({ ...m, oculto: true }));
    });
    const leidos: Post[] = [];
    await lector.releer(t.pedir, (l) => leidos.push(...l));
    expect(leidos.find((m) => m.seq === 2)?.oculto).toBe(true);
    // No read on its way: a change is not kept, the next read is the server's copy.
    lector.anotar(3, (m) => ({ ...m, oculto: true }));
    const otra: Post[] = [];
    await lector.releer(tema(3).pedir, (l) => otra.push(...l));
    expect(otra.map((m) => m.oculto)).toEqual([false, false, false]);
  });
});
