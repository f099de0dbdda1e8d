// The client id of a create (decision 313, client/src/nucleo/id-cliente.ts), one implementation for
// both apps: the same payload again keeps its id (a retry after a lost answer stores nothing twice);
// a changed payload gets a new one (the change is stored, not answered with the first record); after
// a save or a 409 ID_CLIENTE_DISTINTO the next save is another request. The web's hook around it
// (useIdCliente: a new opening starts over) runs in real React in tests/e2e/expediente.test.ts; the
// app's diary and evidence forms in tests/e2e/app-diario-foros.test.ts and app-actividades.test.ts.
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/nucleo/http';
import { idsPorContenido, renovarSiDistinto } from '@/nucleo/id-cliente';

const nota = (contenido: string) => ({ id_paciente: 7, titulo: 'Sesión 7', contenido, tipo: 'general', id_aplicacion: null });

describe('idsPorContenido', () => {
  it('the same payload keeps its id; a changed one gets a new id; an earlier one, its earlier id', () => {
    let n = 0;
    const ids = idsPorContenido({ nuevo: () => `id-${++n}` });
    expect(ids.idPara(nota('Primera versión'))).toBe('id-1');
    expect(ids.idPara(nota('Primera versión'))).toBe('id-1');
    expect(ids.idPara(nota('Primera versión, corregida'))).toBe('id-2');
    expect(ids.idPara({ ...nota('Primera versión'), tipo: 'test' })).toBe('id-3');
    // Back to what the first attempt sent: that attempt's id (the server may hold it already).
    expect(ids.idPara(nota('Primera versión'))).toBe('id-1');
  });

  it('one id format for both apps, within what the server takes (8–64 of [A-Za-z0-9_-])', () => {
    const id = idsPorContenido().idPara('x');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('el primer envío usa el id con que se abrió (el de una entrada guardada en el teléfono)', () => {
    expect(idsPorContenido({ inicial: { id: 'guardado-12345678' } }).idPara('x')).toBe('guardado-12345678');
    // Kept on the phone with what it sent: the same content keeps it, a change does not.
    expect(idsPorContenido({ inicial: { id: 'guardado-12345678', contenido: 'x' } }).idPara('x')).toBe('guardado-12345678');
    expect(idsPorContenido({ inicial: { id: 'guardado-12345678', contenido: 'x' } }).idPara('y')).not.toBe('guardado-12345678');
  });

  it('tras guardar o tras un 409 ID_CLIENTE_DISTINTO, el siguiente envío es otra petición aunque el contenido sea el mismo', () => {
    const ids = idsPorContenido();
    const primero = ids.idPara('a');
    ids.renovar();
    const segundo = ids.idPara('a');
    expect(segundo).not.toBe(primero);
    // Another refusal keeps the id; the 409 of a known id with other content renews it.
    renovarSiDistinto(ids, new ApiError(400, { msg: 'x', code: 'VALIDACION' }));
    expect(ids.idPara('a')).toBe(segundo);
    renovarSiDistinto(ids, new ApiError(409, { msg: 'x', code: 'ID_CLIENTE_DISTINTO' }));
    expect(ids.idPara('a')).not.toBe(segundo);
  });
});
