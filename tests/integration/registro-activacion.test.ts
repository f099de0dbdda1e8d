import { MSG } from '@miduelo/shared/cuentas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psicologo } from '@miduelo/server/db/schema/cuentas';
import { eq } from 'drizzle-orm';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { crearPsicologo } from '../helpers/fabricas';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

const valido = (o: Record<string, unknown> = {}) => ({
  nombre: 'Valeria',
  apellidoPaterno: 'Gómez',
  apellidoMaterno: '',
  fecha_nacimiento: '1990-02-01',
  especialidad: 'Tanatología',
  cedula: '1234567',
  telefono: '5512345678',
  correo: 'valeria@ejemplo.mx',
  contrasena: 'Segura#2025',
  aceptaTerminos: true,
  ...o,
});

const registrar = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/psicologo/registro', payload: body as object });
const contar = async () => (await t.db.select().from(psicologo)).length;

describe('POST /api/psicologo/registro', () => {
  it.each([
    [{ nombre: '' }, 'nombre', MSG.nombreObligatorio],
    [{ nombre: 'A' }, 'nombre', MSG.nombreCorto],
    [{ apellidoPaterno: undefined }, 'apellidoPaterno', MSG.apellidoPaternoObligatorio],
    [{ apellidoPaterno: 'G' }, 'apellidoPaterno', MSG.apellidoCorto],
    [{ apellidoMaterno: 'X' }, 'apellidoMaterno', MSG.apellidoCorto],
    [{ fecha_nacimiento: '' }, 'fecha_nacimiento', MSG.fechaNacimientoObligatoria],
    [{ especialidad: 'ab' }, 'especialidad', MSG.especialidadCorta],
    [{ cedula: '' }, 'cedula', MSG.cedulaObligatoria],
    [{ cedula: '123456' }, 'cedula', MSG.cedulaInvalida],
    [{ cedula: '12345678901' }, 'cedula', MSG.cedulaInvalida],
    [{ cedula: '12345a7' }, 'cedula', MSG.cedulaInvalida],
    [{ telefono: '55123' }, 'telefono', MSG.telefonoInvalido],
    [{ telefono: '' }, 'telefono', MSG.telefonoObligatorio],
    [{ correo: 'no-es-correo' }, 'correo', MSG.correoInvalido],
    [{ correo: '' }, 'correo', MSG.correoObligatorio],
    [
      { contrasena: 'abc' },
      'contrasena',
      'La contraseña debe contener: Al menos 8 caracteres, Una letra mayúscula, Un número, Un carácter especial',
    ],
    [{ contrasena: 'abcdefgH1' }, 'contrasena', 'La contraseña debe contener: Un carácter especial'],
    [{ aceptaTerminos: false }, 'aceptaTerminos', MSG.aceptaTerminos],
    [{ nombre: 'Ana\u0000' }, 'nombre', MSG.caracteresInvalidos],
    [{ especialidad: 'Clínica \ud800' }, 'especialidad', MSG.caracteresInvalidos],
    [{ apellidoMaterno: 'Ru\u0000iz' }, 'apellidoMaterno', MSG.caracteresInvalidos],
    [{ apellidoMaterno: 42 }, 'apellidoMaterno', MSG.apellidoMaternoInvalido],
  ])('rechaza %o con el mensaje del formulario', async (cambio, campo, mensaje) => {
    const r = await registrar(valido(cambio));
    expect(r.statusCode).toBe(400);
    expect(r.json().errores[campo]).toBe(mensaje);
    expect(await contar()).toBe(0);
  });

  it('rechaza edades fuera de 18 a 90 con la edad calculada', async () => {
    t.reloj.fijar('2026-06-15T12:00:00-06:00');
    let r = await registrar(valido({ fecha_nacimiento: '2009-06-16' }));
    expect(r.json().msg).toBe('Debes tener al menos 18 años (tienes 16 años)');
    r = await registrar(valido({ fecha_nacimiento: '1935-06-15' }));
    expect(r.json().msg).toBe('La edad máxima permitida es 90 años (tienes 91 años)');
    r = await registrar(valido({ fecha_nacimiento: '2008-06-15' }));
    expect(r.statusCode).toBe(201);
    t.reloj.fijar(new Date());
  });

  it('una fecha de nacimiento posterior a hoy se dice como tal, no como una edad negativa; nada se escribe', async () => {
    t.reloj.fijar('2026-06-15T12:00:00-06:00');
    const antes = await contar();
    const r = await registrar(valido({ fecha_nacimiento: '2030-02-01' }));
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(MSG.fechaNacimientoFutura);
    expect(r.json().errores.fecha_nacimiento).toBe(MSG.fechaNacimientoFutura);
    expect(r.body).not.toMatch(/tienes -/);
    expect(await contar()).toBe(antes);
    t.reloj.fijar(new Date());
  });

  it('registra, no guarda la contraseña en claro, envía el enlace de activación y no deja iniciar sesión antes de activar', async () => {
    const desde = t.buzon.correos.length;
    const r = await registrar(valido({ correo: 'Nueva@Ejemplo.mx', cedula: '7654321', campoExtra: 'ignorado', rol_admin: true }));
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual({ msg: MSG.registroExitoso });
    const [fila] = await t.db.select().from(psicologo).where(eq(psicologo.correo, 'nueva@ejemplo.mx'));
    expect(fila.rol_admin).toBe(false);
    expect(fila.contrasenaHash).toMatch(/^\$argon2id\$/);
    expect(fila.activadoEn).toBeNull();

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion',
      payload: { correo: 'nueva@ejemplo.mx', contrasena: 'Segura#2025' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ requiereActivacion: true, msg: MSG.cuentaNoActivada });

    const correo = await t.buzon.esperar('nueva@ejemplo.mx', { desde });
    expect(correo.asunto).toBe('Activa tu cuenta de MiDuelo');
    expect(correo.texto).toContain('48 horas');
    const enlace = t.buzon.enlace(correo);
    expect(enlace).toMatch(/^http:\/\/miduelo\.test\/activar-cuenta\//);
    const token = enlace.split('/').pop();

    const act = await t.app.inject({ method: 'GET', url: `/api/psicologo/activar/${token}` });
    expect(act.statusCode).toBe(200);
    expect(act.json().msg).toBe(MSG.activacionExitosa);
    const otraVez = await t.app.inject({ method: 'GET', url: `/api/psicologo/activar/${token}` });
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json().msg).toBe(MSG.tokenActivacionInvalido);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion',
      payload: { correo: 'nueva@ejemplo.mx', contrasena: 'Segura#2025' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().usuario.codigo_vinculacion).toBe(fila.codigo_vinculacion);
    expect(fila.codigo_vinculacion).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  });

  it('con correo o cédula ya registrados responde lo mismo que a un registro nuevo, no crea nada y avisa a la dueña', async () => {
    await crearPsicologo(t.db, { correo: 'dup@ejemplo.mx', cedula: '5555555' });
    const antes = await contar();
    const nuevo = await registrar(valido({ correo: 'nuevo-dup@ejemplo.mx', cedula: '5555557' }));
    let desde = t.buzon.correos.length;
    let r = await registrar(valido({ correo: 'DUP@ejemplo.mx', cedula: '5555556' }));
    expect(r.statusCode).toBe(nuevo.statusCode);
    expect(r.body).toBe(nuevo.body);
    let aviso = await t.buzon.esperar('dup@ejemplo.mx', { desde });
    expect(aviso.asunto).toBe('Intento de registro con tu cuenta de MiDuelo');
    expect(aviso.texto).toContain('tu correo electrónico');
    expect(aviso.texto).toContain('inicia sesión');
    desde = t.buzon.correos.length;
    r = await registrar(valido({ correo: 'otro@ejemplo.mx', cedula: '5555555' }));
    expect(r.statusCode).toBe(201);
    expect(r.body).toBe(nuevo.body);
    aviso = await t.buzon.esperar('dup@ejemplo.mx', { desde });
    expect(aviso.texto).toContain('tu cédula profesional');
    expect(await contar()).toBe(antes + 1);
  });

  it('el enlace de activación caduca a las 48 horas', async () => {
    const desde = t.buzon.correos.length;
    await registrar(valido({ correo: 'tarde@ejemplo.mx', cedula: '3333333' }));
    const token = t.buzon
      .enlace(await t.buzon.esperar('tarde@ejemplo.mx', { desde }))
      .split('/')
      .pop();
    t.reloj.avanzar(48 * 3600_000 + 1000);
    const r = await t.app.inject({ method: 'GET', url: `/api/psicologo/activar/${token}` });
    t.reloj.fijar(new Date());
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(MSG.tokenActivacionExpirado);
  });

  it('reenviar activación contesta lo mismo exista o no la cuenta, y el enlace anterior deja de valer', async () => {
    const desde = t.buzon.correos.length;
    await registrar(valido({ correo: 'reenvio@ejemplo.mx', cedula: '4444444' }));
    const viejo = t.buzon
      .enlace(await t.buzon.esperar('reenvio@ejemplo.mx', { desde }))
      .split('/')
      .pop();
    const desde2 = t.buzon.correos.length;
    const a = await t.app.inject({ method: 'POST', url: '/api/psicologo/reenviar-activacion', payload: { correo: 'reenvio@ejemplo.mx' } });
    const b = await t.app.inject({ method: 'POST', url: '/api/psicologo/reenviar-activacion', payload: { correo: 'nadie@ejemplo.mx' } });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    const nuevo = t.buzon
      .enlace(await t.buzon.esperar('reenvio@ejemplo.mx', { desde: desde2 }))
      .split('/')
      .pop();
    expect(nuevo).not.toBe(viejo);
    expect((await t.app.inject({ method: 'GET', url: `/api/psicologo/activar/${viejo}` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/psicologo/activar/${nuevo}` })).statusCode).toBe(200);
    const vacio = await t.app.inject({ method: 'POST', url: '/api/psicologo/reenviar-activacion', payload: {} });
    expect(vacio.json().msg).toBe(MSG.reenvioSinCorreo);
  });
});
