// The patient app's client ids (decision 313): an id is kept while what a save sends is unchanged,
// and a changed save gets a new one — so the server never answers an older content for it.
import { describe, expect, it } from 'vitest';
import { idParaEnviar, nuevoIdDeEnvio, renovarIdDeEnvio } from '@/app-paciente/lib/id-cliente';

describe('id de cliente por envío', () => {
  it('el mismo contenido conserva el id; otro contenido toma uno nuevo, y lo conserva mientras no cambie', () => {
    const e = nuevoIdDeEnvio();
    const primero = idParaEnviar(e, 'a');
    expect(primero).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(idParaEnviar(e, 'a')).toBe(primero);
    const segundo = idParaEnviar(e, 'b');
    expect(segundo).not.toBe(primero);
    expect(idParaEnviar(e, 'b')).toBe(segundo);
  });

  it('el primer envío usa el id con que se abrió (el de una entrada guardada en el teléfono)', () => {
    expect(idParaEnviar(nuevoIdDeEnvio('guardado-12345678'), 'x')).toBe('guardado-12345678');
    // Kept on the phone with what it sent: the same content keeps it, a change does not.
    expect(idParaEnviar(nuevoIdDeEnvio('guardado-12345678', 'x'), 'x')).toBe('guardado-12345678');
    expect(idParaEnviar(nuevoIdDeEnvio('guardado-12345678', 'x'), 'y')).not.toBe('guardado-12345678');
  });

  it('tras guardar o tras un 409, el siguiente envío es otra petición aunque el contenido sea el mismo', () => {
    const e = nuevoIdDeEnvio();
    const primero = idParaEnviar(e, 'a');
    renovarIdDeEnvio(e);
    expect(idParaEnviar(e, 'a')).not.toBe(primero);
  });
});
