import { nombreCompleto } from '@miduelo/shared/nombres';
import { escaparHtml } from '@miduelo/server/mail/html';
import { describe, expect, it } from 'vitest';

describe('nombreCompleto', () => {
  it('une nombre y apellidos; el materno es opcional y lo vacío no deja espacios', () => {
    expect(nombreCompleto({ nombre: 'Lucía', apellido_paterno: 'Ramírez', apellido_materno: 'Ortega' })).toBe('Lucía Ramírez Ortega');
    expect(nombreCompleto({ nombre: 'Sofía', apellido_paterno: 'Castillo', apellido_materno: null })).toBe('Sofía Castillo');
    expect(nombreCompleto({ nombre: ' Jorge ', apellido_paterno: 'Mendoza', apellido_materno: '  ' })).toBe('Jorge Mendoza');
    expect(nombreCompleto(null)).toBe('');
  });
});

describe('escaparHtml (correos)', () => {
  it('lo que escribió una persona nunca es marcado en el correo', () => {
    expect(escaparHtml(`<b onclick="x">O'Neil & Cía</b>`)).toBe('&lt;b onclick=&quot;x&quot;&gt;O&#39;Neil &amp; Cía&lt;/b&gt;');
  });
});
