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

describe('nombres sin caracteres de control ni de dirección', () => {
  it('rechaza controles C0/C1 y marcas o anulaciones bidireccionales con un mensaje en español, y acepta nombres reales', async () => {
    const v = await import('valibot');
    const { MSG, PersonaSchema, PersonaPacienteSchema, registroPsicologoSchema } = await import('@miduelo/shared/cuentas');
    const { textoDeNombre } = await import('@miduelo/shared/comun');
    const malos = ['\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f', '\u0007', '\t', '\n', '\u0085', '\u009b', '\u007f'];
    for (const c of malos) {
      expect(textoDeNombre(`Ana${c}Pérez`)).toBe(false);
      const r = v.safeParse(v.pick(PersonaSchema, ['nombre']), { nombre: `Ana${c}Pérez` });
      expect(r.success).toBe(false);
      expect(r.issues?.[0].message).toBe(MSG.caracteresNombre);
    }
    for (const bueno of ['José María', 'Ñúñez-O’Brien', "D'Angelo", 'Ana Sofía de la Cruz', 'Zoë Ålund'])
      expect(textoDeNombre(bueno)).toBe(true);
    const pac = v.safeParse(v.pick(PersonaPacienteSchema, ['apellido_paterno', 'apellido_materno']), {
      apellido_paterno: 'Ruiz\u202e',
      apellido_materno: 'Gil\u2067',
    });
    expect(pac.issues?.map((i) => i.message)).toEqual([MSG.caracteresNombre, MSG.caracteresNombre]);
    const psi = v.safeParse(v.pick(registroPsicologoSchema('2026-01-01'), ['especialidad']), { especialidad: 'Tanatología\u202e' });
    expect(psi.issues?.[0].message).toBe(MSG.caracteresNombre);
  });
});
