// The client id of a form's create (decision 313, client/src/lib/id-cliente.ts): the same payload
// again keeps its id (a retry after a lost answer stores nothing twice); a changed payload gets a
// new one (the change is stored, not answered with the first record). The hook around it
// (useIdCliente: a new opening starts over) runs in real React in tests/e2e/expediente.test.ts.
import { describe, expect, it } from 'vitest';
import { idsPorContenido } from '@/nucleo/id-cliente';

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
