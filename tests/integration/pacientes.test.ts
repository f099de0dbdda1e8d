import { claveAlfabetica, porApellido } from '@miduelo/shared/nombres';
import { MSG_PACIENTES, type Paciente } from '@miduelo/shared/pacientes';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { consultar } from '../helpers/base-datos';
import { crearPaciente, crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { cliente, crearPractica, INSTANTE_LUNES_9, json, type Practica, psicologoApi, refirmar } from '../helpers/agenda';

let t: AppDePrueba;
let p: Practica;
let api: ReturnType<typeof psicologoApi>;

beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());
beforeEach(async () => {
  t.reloj.fijar(INSTANTE_LUNES_9);
  p = await crearPractica(t, 0);
  api = psicologoApi(t, p);
});

describe('GET /api/psicologo/lista-pacientes', () => {
  it('sin pacientes responde una lista vacía', async () => {
    const r = await api.get('/api/psicologo/lista-pacientes');
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual([]);
  });

  it('lista solo los propios con los campos del spec, ordenados por apellido; sin contraseñas', async () => {
    const z = await crearPaciente(t.db, {
      id_psicologo: p.psicologo.id_psicologo,
      nombre: 'Ana',
      apellido_paterno: 'Zamora',
      apellido_materno: null,
    });
    const b = await crearPaciente(t.db, { id_psicologo: p.psicologo.id_psicologo, nombre: 'Luis', apellido_paterno: 'Barrios' });
    await crearPaciente(t.db, { id_psicologo: (await crearPsicologo(t.db)).id_psicologo });
    await crearPaciente(t.db, { id_psicologo: null });
    const r = await api.get('/api/psicologo/lista-pacientes');
    const lista = json<Array<Record<string, unknown>>>(r);
    expect(lista.map((x) => x.id_paciente)).toEqual([b.id_paciente, z.id_paciente]);
    expect(lista[1]).toEqual({
      id_paciente: z.id_paciente,
      nombre: 'Ana',
      apellido_paterno: 'Zamora',
      apellido_materno: null,
      email: z.email,
      telefono: z.telefono,
      fecha_nacimiento: '1992-08-15',
      status: 'activo',
      // The clinical record's risk flag (decision 104): no test applied, no flag.
      riesgo: false,
      // Anniversary awareness (decision 128): no loss recorded, no mark.
      fecha_perdida: null,
      persona_perdida: null,
      aniversario: null,
    });
    expect(r.body).not.toMatch(/contrasena|argon2/i);
  });

  it('el orden de la lista es el de porApellido, el que la web aplica a las filas que cambian en vivo', async () => {
    // Accents, case, a shared surname (then the name) and a shared full name (then the id).
    const nombres: Array<[string, string]> = [
      ['Rosa', 'Muñoz'],
      ['Raúl', 'Munguía'],
      ['Sara', 'Murillo'],
      ['Ana', 'Álvarez'],
      ['Beto', 'Alvarez'],
      ['Ana', 'alvarez'],
      ['Zoe', 'Zamora'],
      ['Ana', 'Zamora'],
      ['Ana', 'Zamora'],
      ['Óscar', 'Núñez'],
      ['Oscar', 'Nuñez'],
      ['Luis', 'de la Cruz'],
      ['Eva', 'Barrios'],
    ];
    for (const [nombre, apellido_paterno] of nombres) {
      await crearPaciente(t.db, { id_psicologo: p.psicologo.id_psicologo, nombre, apellido_paterno });
    }
    const lista = json<Paciente[]>(await api.get('/api/psicologo/lista-pacientes'));
    expect(lista).toHaveLength(nombres.length);
    const ordenada = [...lista].reverse().sort(porApellido);
    expect(lista.map((x) => x.id_paciente)).toEqual(ordenada.map((x) => x.id_paciente));
    // The Spanish alphabet (decision 271): 'Álvarez' among the A's, 'ñ' after 'n', lower case
    // among capitals; equal spellings but for accents or case by name, then by id.
    expect(lista.map((x) => `${x.nombre} ${x.apellido_paterno}`)).toEqual([
      'Ana Álvarez',
      'Ana alvarez',
      'Beto Alvarez',
      'Eva Barrios',
      'Luis de la Cruz',
      'Raúl Munguía',
      'Rosa Muñoz',
      'Sara Murillo',
      'Óscar Núñez',
      'Oscar Nuñez',
      'Ana Zamora',
      'Ana Zamora',
      'Zoe Zamora',
    ]);
  });

  it('las claves guardadas por PostgreSQL son las de claveAlfabetica, también tras cambiar el nombre (decisión 284)', async () => {
    // The list reads the stored keys; the web sorts its live rows with claveAlfabetica. Any name —
    // accents, 'ñ', capitals, letters beyond Spanish, emoji — must give one key on both sides.
    const letras = [..."aAeEnNñÑzZ áÁéÉíÍóÓúÚüÜçÇßàÀœ-'.", '😀', 'İ', 'ǅ'];
    const nombre = fc.array(fc.constantFrom(...letras), { minLength: 1, maxLength: 12 }).map((xs) => xs.join(''));
    const x = await crearPaciente(t.db, { id_psicologo: p.psicologo.id_psicologo });
    await fc.assert(
      fc.asyncProperty(nombre, nombre, async (apellido, pila) => {
        await t.db.execute(sql`update paciente set apellido_paterno = ${apellido}, nombre = ${pila} where id_paciente = ${x.id_paciente}`);
        const [f] = await consultar(t.db, sql`select clave_apellido, clave_nombre from paciente where id_paciente = ${x.id_paciente}`);
        expect(f).toEqual({ clave_apellido: claveAlfabetica(apellido), clave_nombre: claveAlfabetica(pila) });
      }),
      { numRuns: 60 },
    );
  });

  it('las claves de orden no salen del servidor', async () => {
    await crearPaciente(t.db, { id_psicologo: p.psicologo.id_psicologo, nombre: 'Irene', apellido_paterno: 'Ñúñez' });
    const r = await api.get('/api/psicologo/lista-pacientes');
    expect(r.body).not.toMatch(/clave_|n~/);
  });
});

describe('GET /api/psicologo/paciente/{id}', () => {
  it('devuelve al paciente propio; uno inexistente o con id inválido no', async () => {
    const x = await crearPaciente(t.db, { id_psicologo: p.psicologo.id_psicologo, nombre: 'Carmen' });
    let r = await api.get(`/api/psicologo/paciente/${x.id_paciente}`);
    expect(r.statusCode).toBe(200);
    expect(json(r)).toMatchObject({ id_paciente: x.id_paciente, nombre: 'Carmen', fecha_nacimiento: '1992-08-15' });
    r = await api.get('/api/psicologo/paciente/999999');
    expect(r.statusCode).toBe(404);
    expect(json(r).msg).toBe(MSG_PACIENTES.noEncontrado);
    r = await api.get('/api/psicologo/paciente/abc');
    expect(r.statusCode).toBe(400);
  });
});

describe('GET /api/psicologo/paciente/{id}/proxima-cita', () => {
  it('la siguiente cita no cancelada que aún no termina, la cita misma; ninguna → null', async () => {
    const x = await crearPaciente(t.db, { id_psicologo: p.psicologo.id_psicologo });
    const proxima = async () => {
      const r = await api.get(`/api/psicologo/paciente/${x.id_paciente}/proxima-cita`);
      expect(r.statusCode).toBe(200);
      return json<null | { id_cita: number; estado: string }>(r);
    };
    const vacia = await api.get(`/api/psicologo/paciente/${x.id_paciente}/proxima-cita`);
    expect(vacia.statusCode).toBe(200);
    expect(vacia.body).toBe('null');
    expect(await proxima()).toBeNull();
    const cancelada = json<{ id_cita: number }>(
      await api.crearCita({ id_paciente: x.id_paciente, fecha: '2027-03-01', hora_inicio: '10:00', estado: 'cancelada' }),
    );
    const hoy = json<{ id_cita: number }>(
      await api.crearCita({ id_paciente: x.id_paciente, fecha: '2027-03-01', hora_inicio: '12:00', estado: 'confirmada' }),
    );
    const luego = json<{ id_cita: number }>(await api.crearCita({ id_paciente: x.id_paciente, fecha: '2027-03-04', hora_inicio: '10:00' }));
    expect(cancelada.id_cita).toBeGreaterThan(0);
    expect(await proxima()).toMatchObject({ id_cita: hoy.id_cita, estado: 'confirmada', paciente: { nombre: 'Tomás' } });
    t.reloj.fijar('2027-03-01T12:30:00-06:00');
    refirmar(t, p);
    expect((await proxima())?.id_cita).toBe(hoy.id_cita);
    t.reloj.fijar('2027-03-01T13:00:00-06:00');
    refirmar(t, p);
    expect((await proxima())?.id_cita).toBe(luego.id_cita);
    const ajeno = await api.get('/api/psicologo/paciente/999999/proxima-cita');
    expect(ajeno.statusCode).toBe(404);
    expect(json(ajeno).msg).toBe(MSG_PACIENTES.noEncontrado);
  });
});

describe('GET /api/psicologo/perfil-basico', () => {
  it('devuelve el código de vinculación del psicólogo de la sesión', async () => {
    const otro = await crearPsicologo(t.db, { codigo_vinculacion: 'QWERTY9' });
    const r = await cliente(t, () => sesionPsicologo(t.app, otro)).get('/api/psicologo/perfil-basico');
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({
      id_psicologo: otro.id_psicologo,
      nombre: otro.nombre,
      apellidoPaterno: otro.apellidoPaterno,
      apellidoMaterno: otro.apellidoMaterno,
      codigo_vinculacion: 'QWERTY9',
    });
    expect(r.body).not.toMatch(/contrasena|correo|cedula/);
  });
});
