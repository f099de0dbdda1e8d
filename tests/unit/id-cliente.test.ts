// The client id of a form's create (decision 313, client/src/lib/id-cliente.ts): the same payload
// again keeps its id (a retry after a lost answer stores nothing twice); a changed payload gets a
// new one (the change is stored, not answered with the first record); a new opening starts over.
import { describe, expect, it, vi } from 'vitest';
import { idsPorContenido, useIdCliente } from '@/lib/id-cliente';

// Unit tests run in node, without a DOM to mount a component: React's hooks are replaced by a model
// of one mounted component, enough for this hook: refs and memos kept between renders, and an
// effect run after a render whose dependencies changed, the previous one's cleanup first.
const react = vi.hoisted(() => {
  interface Celda {
    valor?: unknown;
    deps?: unknown[];
    limpiar?: unknown;
  }
  let celdas: Celda[] = [];
  let i = 0;
  let efectos: (() => void)[] = [];
  const siguiente = (): Celda => {
    celdas[i] ??= {};
    return celdas[i++];
  };
  const cambiaron = (antes: unknown[] | undefined, ahora: unknown[]) =>
    antes === undefined || antes.length !== ahora.length || antes.some((x, k) => !Object.is(x, ahora[k]));
  const limpiar = (c: Celda) => {
    if (typeof c.limpiar === 'function') c.limpiar();
    c.limpiar = undefined;
  };
  return {
    useRef(inicial: unknown) {
      const c = siguiente();
      if (!('valor' in c)) c.valor = { current: inicial };
      return c.valor;
    },
    useMemo(crear: () => unknown, deps: unknown[]) {
      const c = siguiente();
      if (cambiaron(c.deps, deps)) {
        c.valor = crear();
        c.deps = deps;
      }
      return c.valor;
    },
    useEffect(efecto: () => unknown, deps: unknown[]) {
      const c = siguiente();
      if (!cambiaron(c.deps, deps)) return;
      c.deps = deps;
      efectos.push(() => {
        limpiar(c);
        c.limpiar = efecto();
      });
    },
    /** One render of the component: its hooks in order, then the effects it scheduled. */
    render<T>(componente: () => T): T {
      i = 0;
      const r = componente();
      const ahora = efectos;
      efectos = [];
      for (const e of ahora) e();
      return r;
    },
    desmontar() {
      for (const c of celdas) limpiar(c);
      celdas = [];
    },
  };
});
// The path the client's `import … from 'react'` resolves to (the tests package has no react).
vi.mock('../../client/node_modules/react/index.js', () => react);

const nota = (contenido: string) => ({ id_paciente: 7, titulo: 'Sesión 7', contenido, tipo: 'general', id_aplicacion: null });

describe('idsPorContenido', () => {
  it('the same payload keeps its id; a changed one gets a new id; an earlier one, its earlier id', () => {
    let n = 0;
    const ids = idsPorContenido(() => `id-${++n}`);
    expect(ids.idPara(nota('Primera versión'))).toBe('id-1');
    expect(ids.idPara(nota('Primera versión'))).toBe('id-1');
    expect(ids.idPara(nota('Primera versión, corregida'))).toBe('id-2');
    expect(ids.idPara({ ...nota('Primera versión'), tipo: 'test' })).toBe('id-3');
    // Back to what the first attempt sent: that attempt's id (the server may hold it already).
    expect(ids.idPara(nota('Primera versión'))).toBe('id-1');
    expect(idsPorContenido().idPara(nota('x'))).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('useIdCliente', () => {
  it('in one opening: the same payload → the same id, a changed payload → a new id, across renders', () => {
    const h1 = react.render(() => useIdCliente(true));
    const a = h1.idPara(nota('Primera versión'));
    // She types (a render of the same opening): the hook and its ids stay.
    const h2 = react.render(() => useIdCliente(true));
    expect(h2).toBe(h1);
    expect(h2.idPara(nota('Primera versión'))).toBe(a);
    const b = h2.idPara(nota('Primera versión, y lo que añadió'));
    expect(b).not.toBe(a);
    expect(h2.idPara(nota('Primera versión, y lo que añadió'))).toBe(b);
    react.desmontar();
  });

  it('a new opening → new ids, even for the same payload', () => {
    const h = react.render(() => useIdCliente(true));
    const a = h.idPara(nota('Igual'));
    react.render(() => useIdCliente(false));
    react.render(() => useIdCliente(true));
    const otra = h.idPara(nota('Igual'));
    expect(otra).not.toBe(a);
    // Another test opened in the same dialog (its key changes from one id to another).
    const t = react.render(() => useIdCliente(3));
    const x = t.idPara(nota('Igual'));
    expect(x).not.toBe(otra);
    react.render(() => useIdCliente(4));
    expect(t.idPara(nota('Igual'))).not.toBe(x);
    react.desmontar();
  });

  it('renovar: the next save gets a new id for the same payload', () => {
    const h = react.render(() => useIdCliente(true));
    const a = h.idPara(nota('Igual'));
    h.renovar();
    const b = h.idPara(nota('Igual'));
    expect(b).not.toBe(a);
    expect(h.idPara(nota('Igual'))).toBe(b);
    react.desmontar();
  });
});
