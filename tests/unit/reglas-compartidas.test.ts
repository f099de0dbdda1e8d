import { formularioRegistroSchema, formularioRestablecerSchema, loginSchema, MSG, recuperarSchema } from '@miduelo/shared/cuentas';
import { generarContrasenaSegura, mensajeContrasena, requisitosFaltantes } from '@miduelo/shared/cuentas-contrasena';
import { edadEnAnios, fechaEnZona, horaEnZona, tiempoRelativo } from '@miduelo/shared/fechas';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const formulario = (o: Record<string, unknown> = {}) => ({
  nombre: 'Ana',
  apellidoPaterno: 'Paz',
  apellidoMaterno: '',
  fecha_nacimiento: '1990-01-01',
  especialidad: 'Duelo',
  cedulaProfesional: '1234567',
  numTelefonico: '5512345678',
  correo: 'ana@x.mx',
  contrasena: 'Clave#123',
  confirmarContrasena: 'Clave#123',
  aceptaTerminos: true,
  ...o,
});
const errores = (r: ReturnType<typeof v.safeParse>) => (r.success ? {} : (v.flatten(r.issues).nested ?? {}));

describe('reglas de contraseña', () => {
  it('lista lo que falta en el orden del formulario', () => {
    expect(requisitosFaltantes('')).toEqual([
      'Al menos 8 caracteres',
      'Una letra mayúscula',
      'Una letra minúscula',
      'Un número',
      'Un carácter especial',
    ]);
    expect(mensajeContrasena('abcdefgh')).toBe('La contraseña debe contener: Una letra mayúscula, Un número, Un carácter especial');
    expect(mensajeContrasena('Abcdefg1"')).toBeNull();
    expect(mensajeContrasena('Abcdefg1_')).toBe('La contraseña debe contener: Un carácter especial');
  });
  it('genera contraseñas de 12 caracteres que cumplen todas las reglas', () => {
    const vistas = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const c = generarContrasenaSegura();
      expect(c).toHaveLength(12);
      expect(mensajeContrasena(c)).toBeNull();
      vistas.add(c);
    }
    expect(vistas.size).toBe(200);
  });
});

describe('formulario de registro', () => {
  const hoy = '2026-11-22';
  it('acepta un formulario válido', () => {
    expect(v.safeParse(formularioRegistroSchema(hoy), formulario()).success).toBe(true);
  });
  it.each([
    [{ nombre: '' }, 'nombre', MSG.nombreObligatorio],
    [{ apellidoMaterno: 'Z' }, 'apellidoMaterno', MSG.apellidoCorto],
    [{ fecha_nacimiento: '2010-01-01' }, 'fecha_nacimiento', 'Debes tener al menos 18 años (tienes 16 años)'],
    [{ fecha_nacimiento: '1930-01-01' }, 'fecha_nacimiento', 'La edad máxima permitida es 90 años (tienes 96 años)'],
    [{ especialidad: '' }, 'especialidad', MSG.especialidadObligatoria],
    [{ cedulaProfesional: '' }, 'cedulaProfesional', MSG.cedulaObligatoria],
    [{ numTelefonico: '' }, 'numTelefonico', MSG.telefonoObligatorio],
    [{ correo: 'x@' }, 'correo', MSG.correoInvalido],
    [{ confirmarContrasena: '' }, 'confirmarContrasena', MSG.confirmarObligatorio],
    [{ confirmarContrasena: 'Otra#1234' }, 'confirmarContrasena', MSG.contrasenasNoCoinciden],
    [{ aceptaTerminos: false }, 'aceptaTerminos', MSG.aceptaTerminos],
  ])('%o → %s: %s', (cambio, campo, mensaje) => {
    const e = errores(v.safeParse(formularioRegistroSchema(hoy), formulario(cambio))) as Record<string, string[]>;
    expect(e[campo]?.[0]).toBe(mensaje);
  });
  it('restablecer exige confirmación igual', () => {
    const e = errores(v.safeParse(formularioRestablecerSchema, { nuevaContrasena: 'Clave#123', confirmarContrasena: 'x' })) as Record<
      string,
      string[]
    >;
    expect(e.confirmarContrasena?.[0]).toBe(MSG.contrasenasNoCoinciden);
  });
  it('login y recuperación', () => {
    expect((errores(v.safeParse(loginSchema, { correo: '', contrasena: '' })) as Record<string, string[]>).correo?.[0]).toBe(
      MSG.loginCamposObligatorios,
    );
    expect(v.safeParse(recuperarSchema, { correoOTelefono: '5512345678' }).success).toBe(true);
    expect(v.safeParse(recuperarSchema, { correoOTelefono: 'a@b.mx' }).success).toBe(true);
    expect(v.safeParse(recuperarSchema, { correoOTelefono: '551234' }).success).toBe(false);
  });
});

describe('fechas', () => {
  it('calcula la edad según el cumpleaños', () => {
    expect(edadEnAnios('2000-11-23', '2026-11-22')).toBe(25);
    expect(edadEnAnios('2000-11-22', '2026-11-22')).toBe(26);
    expect(edadEnAnios('2000-02-29', '2026-02-28')).toBe(25);
  });
  it('la noche en Ciudad de México ya es mañana en UTC', () => {
    const instante = new Date('2026-11-23T04:30:00Z');
    expect(fechaEnZona(instante, 'America/Mexico_City')).toBe('2026-11-22');
    expect(horaEnZona(instante, 'America/Mexico_City')).toBe('22:30');
  });
  it('tiempo relativo de spec 1 §9', () => {
    const ahora = new Date('2026-11-22T12:00:00Z');
    const hace = (ms: number) => new Date(ahora.getTime() - ms);
    expect(tiempoRelativo(hace(30_000), ahora)).toBe('Ahora');
    expect(tiempoRelativo(hace(5 * 60_000), ahora)).toBe('5m');
    expect(tiempoRelativo(hace(3 * 3600_000), ahora)).toBe('3h');
    expect(tiempoRelativo(hace(2 * 86_400_000), ahora)).toBe('2d');
    expect(tiempoRelativo(new Date(2026, 9, 5, 12), ahora)).toBe('05/10');
    // Older than a week, with the clinic's zone: that zone's day, whatever the machine's.
    const noche = new Date('2026-10-06T04:30:00Z');
    expect(tiempoRelativo(noche, ahora, 'America/Mexico_City')).toBe('05/10');
    expect(tiempoRelativo(noche, ahora, 'Asia/Tokyo')).toBe('06/10');
  });
});
