// Psychological tests of the clinical record (issue 13; spec 1 §2, §3, §5, §7 Tests; decisions
// 100–104): the seeded catalogue, scoring on the server against hand-computed examples (reverse
// items, offsets, band edges, the alert item), every validation message with nothing written, the
// history, evolution, answers, result and PDF (parsed back), audit rows for every read and export,
// the risk flag, and another psychologist's ids answering 404 with no row changed.
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Aplicacion, Evolucion, Respuesta, Test, TestDetalle } from '@miduelo/shared/expediente';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { conAvisoCaido } from '../helpers/aviso';
import { type Api, api, aplicar, auditoriaDe, B, contarFilas, filasSql, respuestas, testPorNombre } from '../helpers/expediente';
import { crearPaciente, crearPsicologo, type Paciente, type Psicologo, sesionPsicologo } from '../helpers/fabricas';
import { huellaTablas } from '../helpers/sondeo';

let t: AppDePrueba;
let psi: Psicologo;
let otro: Psicologo;
let pac: Paciente;
let c: Api;
let cOtro: Api;
let itrd: TestDetalle;
let icg: TestDetalle;
let tam: TestDetalle;

beforeAll(async () => {
  // One psychologist applies dozens of tests across the file: the per-minute limit is
  // tests/integration/limites-de-volumen's subject, not this file's.
  t = await crearAppDePrueba({ config: { registrosClinicosPorMinuto: 100_000 } });
  t.reloj.fijar('2027-03-01T10:30:00-06:00');
  psi = await crearPsicologo(t.db, { nombre: 'Lucía', apellidoPaterno: 'Peña' });
  otro = await crearPsicologo(t.db);
  pac = await crearPaciente(t.db, {
    id_psicologo: psi.id_psicologo,
    nombre: 'José',
    apellido_paterno: 'Muñoz',
    apellido_materno: 'Ibáñez',
  });
  c = api(t, sesionPsicologo(t.app, psi));
  cOtro = api(t, sesionPsicologo(t.app, otro));
  itrd = await testPorNombre(c, 'ITRD');
  icg = await testPorNombre(c, 'IDC');
  tam = await testPorNombre(c, 'Tamizaje');
});
afterAll(() => t?.cerrar());

/** A fresh patient of the psychologist (each scoring case starts clean). */
async function nuevoPaciente() {
  return crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
}

async function puntaje(test: TestDetalle, valor: (orden: number) => unknown) {
  const p = await nuevoPaciente();
  const r = await aplicar(c, test, p.id_paciente, valor);
  expect(r.statusCode, r.body).toBe(201);
  return (r.json() as Aplicacion).resultado;
}

describe('catálogo sembrado por migración', () => {
  it('GET /tests lista los tres instrumentos con escala, bandas y rango; GET /tests/{id} trae las preguntas', async () => {
    const r = await c.get(`${B}/tests`);
    expect(r.statusCode).toBe(200);
    const lista = r.json() as Test[];
    expect(lista.map((x) => [x.nombre, x.tipo_escala, x.puntaje_minimo, x.puntaje_maximo, x.bandas_validadas])).toEqual([
      ['Inventario Texas Revisado de Duelo (ITRD)', 'likert_5', 21, 105, false],
      ['Inventario de Duelo Complicado (IDC)', 'likert_5', 0, 76, true],
      ['Tamizaje de factores de riesgo en duelo (Sí/No)', 'si_no', 0, 8, false],
    ]);
    expect(itrd.preguntas).toHaveLength(21);
    expect(icg.preguntas).toHaveLength(19);
    expect(tam.preguntas.map((p) => p.tipo_respuesta)).toEqual([...Array(8).fill('si_no'), 'texto']);
    expect(itrd.preguntas[0]).toMatchObject({ orden: 1, tipo_respuesta: 'escala' });
    // Descriptive bands say so where they are shown.
    for (const b of itrd.bandas) expect(b.interpretacion).toContain('no validada');
    expect(itrd.fecha_creacion).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('un test que no existe responde 404 con mensaje en español', async () => {
    const r = await c.get(`${B}/tests/999999`);
    expect(r.statusCode).toBe(404);
    expect(r.json().msg).toBe('Test no encontrado');
  });
});

describe('puntuación en el servidor contra ejemplos calculados a mano', () => {
  it('ITRD (1–5, sin inversos): 21, bordes 49/50 y 77/78, 105', async () => {
    expect(await puntaje(itrd, () => 1)).toMatchObject({ puntaje_total: 21, riesgo: false });
    const b49 = await puntaje(itrd, (o) => (o <= 7 ? 3 : 2)); // 7·3 + 14·2
    expect(b49).toMatchObject({ puntaje_total: 49, riesgo: false });
    expect(b49?.interpretacion).toMatch(/^Intensidad de duelo baja/);
    const b50 = await puntaje(itrd, (o) => (o <= 8 ? 3 : 2)); // 8·3 + 13·2
    expect(b50).toMatchObject({ puntaje_total: 50, riesgo: false });
    expect(b50?.interpretacion).toMatch(/^Intensidad de duelo moderada/);
    expect(await puntaje(itrd, (o) => (o <= 14 ? 4 : 3))).toMatchObject({ puntaje_total: 77, riesgo: false }); // 14·4 + 7·3
    const b78 = await puntaje(itrd, (o) => (o <= 15 ? '4' : '3')); // 15·4 + 6·3, numbers as strings
    expect(b78).toMatchObject({ puntaje_total: 78, riesgo: true });
    expect(b78?.interpretacion).toMatch(/^Intensidad de duelo alta/);
    expect(await puntaje(itrd, () => 5)).toMatchObject({ puntaje_total: 105, riesgo: true });
  });

  it('IDC (1–5 leído como 0–4): 0, borde 25/26 del punto de corte publicado, 76', async () => {
    expect(await puntaje(icg, () => 1)).toMatchObject({ puntaje_total: 0, riesgo: false });
    const b25 = await puntaje(icg, (o) => (o <= 6 ? 3 : 2)); // 6·2 + 13·1
    expect(b25).toMatchObject({ puntaje_total: 25, riesgo: false, interpretacion: 'Por debajo del punto de corte publicado (≤ 25)' });
    const b26 = await puntaje(icg, (o) => (o <= 7 ? 3 : 2)); // 7·2 + 12·1
    expect(b26).toMatchObject({ puntaje_total: 26, riesgo: true });
    expect(b26?.interpretacion).toMatch(/^Por encima del punto de corte publicado \(> 25\)/);
    expect(await puntaje(icg, () => 5)).toMatchObject({ puntaje_total: 76, riesgo: true });
  });

  it('Tamizaje Sí/No: el reactivo inverso (red de apoyo) y el de alerta, bordes 2/3 y 5/6', async () => {
    const texto = (o: number, r: unknown) => (o === 9 ? 'Falleció su madre en enero' : r);
    // Every factor absent and support present: 0. Support absent (reverse item, 'no'): 1.
    expect(await puntaje(tam, (o) => texto(o, o === 6 ? 'si' : 'no'))).toMatchObject({ puntaje_total: 0, riesgo: false });
    expect(await puntaje(tam, (o) => texto(o, 'no'))).toMatchObject({ puntaje_total: 1, riesgo: false });
    // 1 and 2 'sí' with support: 2; the same without support: 3 (middle band). Booleans and 'Sí' are accepted.
    const b2 = await puntaje(tam, (o) => texto(o, o <= 2 ? 'Sí' : o === 6));
    expect(b2).toMatchObject({ puntaje_total: 2, riesgo: false });
    expect(b2?.interpretacion).toMatch(/^Pocos factores/);
    const b3 = await puntaje(tam, (o) => texto(o, o <= 2 ? 'si' : 'no'));
    expect(b3).toMatchObject({ puntaje_total: 3, riesgo: false });
    expect(b3?.interpretacion).toMatch(/^Varios factores/);
    expect(await puntaje(tam, (o) => texto(o, o <= 5 || o === 6 ? 'si' : 'no'))).toMatchObject({ puntaje_total: 5, riesgo: false });
    const b6 = await puntaje(tam, (o) => texto(o, o <= 7 ? 'si' : 'no'));
    expect(b6).toMatchObject({ puntaje_total: 6, riesgo: true });
    // Thoughts of self-harm: flagged whatever the total (1 here, lowest band).
    const alerta = await puntaje(tam, (o) => texto(o, o === 8 ? 'si' : o === 6 ? 'si' : 'no'));
    expect(alerta).toMatchObject({ puntaje_total: 1, riesgo: true });
  });

  it('el puntaje que mande el cliente se ignora', async () => {
    const p = await nuevoPaciente();
    const r = await c.post(`${B}/tests/aplicar`, {
      id_test: icg.id_test,
      id_paciente: p.id_paciente,
      respuestas: icg.preguntas.map((q) => ({ id_pregunta: q.id_pregunta, respuesta: 1 })),
      puntaje_total: 99,
      resultado: { puntaje_total: 99, interpretacion: 'x', riesgo: true },
    });
    expect(r.statusCode).toBe(201);
    expect((r.json() as Aplicacion).resultado).toMatchObject({ puntaje_total: 0, riesgo: false });
  });
});

describe('reglas de aplicación: 400 en español y nada escrito', () => {
  const casos: Array<[string, () => object, number, string]> = [
    [
      'falta una respuesta',
      () => ({ id_test: itrd.id_test, respuestas: itrd.preguntas.slice(1).map((q) => ({ id_pregunta: q.id_pregunta, respuesta: 3 })) }),
      400,
      'Por favor responde todas las preguntas (20/21)',
    ],
    ['ninguna respuesta', () => ({ id_test: itrd.id_test, respuestas: [] }), 400, 'Por favor responde todas las preguntas (0/21)'],
    [
      'un valor fuera de la escala',
      () => ({
        id_test: itrd.id_test,
        respuestas: itrd.preguntas.map((q) => ({ id_pregunta: q.id_pregunta, respuesta: q.orden === 3 ? 6 : 3 })),
      }),
      400,
      'La respuesta de la pregunta 3 debe ser un número entero del 1 al 5',
    ],
    [
      'un valor no entero',
      () => ({
        id_test: itrd.id_test,
        respuestas: itrd.preguntas.map((q) => ({ id_pregunta: q.id_pregunta, respuesta: q.orden === 1 ? 2.5 : 3 })),
      }),
      400,
      'La respuesta de la pregunta 1 debe ser un número entero del 1 al 5',
    ],
    [
      'un Sí/No inválido',
      () => ({
        id_test: tam.id_test,
        respuestas: tam.preguntas.map((q) => ({
          id_pregunta: q.id_pregunta,
          respuesta: q.orden === 4 ? 'quizá' : q.orden === 9 ? 'Texto' : 'no',
        })),
      }),
      400,
      'La respuesta de la pregunta 4 debe ser Sí o No',
    ],
    [
      'un texto vacío cuenta como sin responder',
      () => ({
        id_test: tam.id_test,
        respuestas: tam.preguntas.map((q) => ({ id_pregunta: q.id_pregunta, respuesta: q.orden === 9 ? '   ' : 'no' })),
      }),
      400,
      'Por favor responde todas las preguntas (8/9)',
    ],
    [
      'un texto demasiado largo',
      () => ({
        id_test: tam.id_test,
        respuestas: tam.preguntas.map((q) => ({ id_pregunta: q.id_pregunta, respuesta: q.orden === 9 ? 'x'.repeat(1001) : 'no' })),
      }),
      400,
      'La respuesta de la pregunta 9 debe tener texto (máximo 1000 caracteres)',
    ],
    [
      'una pregunta de otro test',
      () => ({
        id_test: itrd.id_test,
        respuestas: [
          ...itrd.preguntas.map((q) => ({ id_pregunta: q.id_pregunta, respuesta: 3 })),
          { id_pregunta: icg.preguntas[0].id_pregunta, respuesta: 3 },
        ],
      }),
      400,
      'Una respuesta no corresponde a ninguna pregunta de este test',
    ],
    [
      'una pregunta repetida',
      () => ({
        id_test: itrd.id_test,
        respuestas: [
          ...itrd.preguntas.map((q) => ({ id_pregunta: q.id_pregunta, respuesta: 3 })),
          { id_pregunta: itrd.preguntas[0].id_pregunta, respuesta: 4 },
        ],
      }),
      400,
      'Una pregunta tiene más de una respuesta',
    ],
    ['sin test', () => ({ respuestas: [] }), 400, 'Selecciona un test válido'],
    [
      'respuestas que no son lista',
      () => ({ id_test: itrd.id_test, respuestas: 'todas' }),
      400,
      'Las respuestas deben ser una lista de preguntas con su respuesta',
    ],
    ['un test que no existe', () => ({ id_test: 99999, respuestas: [] }), 404, 'Test no encontrado'],
  ];
  for (const [nombre, cuerpo, estado, msg] of casos) {
    it(`${nombre} → ${estado} «${msg}»`, async () => {
      const antes = await contarFilas(t);
      const r = await c.post(`${B}/tests/aplicar`, { id_paciente: pac.id_paciente, ...cuerpo() });
      expect(r.statusCode, r.body).toBe(estado);
      expect(r.json().msg).toBe(msg);
      expect(await contarFilas(t)).toEqual(antes);
    });
  }
});

describe('historial, evolución, respuestas, resultado y PDF', () => {
  let primera: Aplicacion;
  let segunda: Aplicacion;
  let delTamizaje: Aplicacion;

  beforeAll(async () => {
    t.reloj.fijar('2027-01-10T09:00:00-06:00');
    primera = (await aplicar(c, itrd, pac.id_paciente, () => 5)).json();
    t.reloj.fijar('2027-02-10T09:00:00-06:00');
    delTamizaje = (
      await aplicar(c, tam, pac.id_paciente, (o) => (o === 9 ? 'Murió su hermano; ¿cómo seguir? Año difícil.' : o === 6 ? 'si' : 'no'))
    ).json();
    t.reloj.fijar('2027-03-01T10:30:00-06:00');
    segunda = (await aplicar(c, itrd, pac.id_paciente, (o) => (o <= 8 ? 3 : 2))).json();
  });

  it('POST /tests/aplicar responde la aplicación con estado completado y su resultado', () => {
    expect(segunda).toMatchObject({
      id_test: itrd.id_test,
      id_paciente: pac.id_paciente,
      test: { nombre: itrd.nombre, tipo_escala: 'likert_5' },
      estado: 'completado',
      resultado: { puntaje_total: 50, riesgo: false },
    });
    expect(new Date(segunda.fecha).toISOString()).toBe('2027-03-01T16:30:00.000Z');
  });

  it('GET /pacientes/{id}/tests: la más reciente primero', async () => {
    const r = await c.get(`${B}/pacientes/${pac.id_paciente}/tests`);
    expect(r.statusCode).toBe(200);
    expect((r.json() as Aplicacion[]).map((a) => a.id_aplicacion)).toEqual([
      segunda.id_aplicacion,
      delTamizaje.id_aplicacion,
      primera.id_aplicacion,
    ]);
  });

  it('GET /pacientes/{id}/tests/graficas: filas fecha, nombre_test, puntaje, interpretación, de la más antigua; ?id_test filtra', async () => {
    const todas = (await c.get(`${B}/pacientes/${pac.id_paciente}/tests/graficas`)).json() as Evolucion[];
    expect(todas.map((e) => [e.nombre_test, e.puntaje])).toEqual([
      [itrd.nombre, 105],
      [tam.nombre, 0],
      [itrd.nombre, 50],
    ]);
    const solo = (await c.get(`${B}/pacientes/${pac.id_paciente}/tests/graficas?id_test=${itrd.id_test}`)).json() as Evolucion[];
    expect(solo.map((e) => e.puntaje)).toEqual([105, 50]);
    expect(solo[0]).toMatchObject({ fecha: '2027-01-10T15:00:00.000Z', riesgo: true });
    expect(solo[0].interpretacion).toMatch(/^Intensidad de duelo alta/);
    const mal = await c.get(`${B}/pacientes/${pac.id_paciente}/tests/graficas?id_test=abc`);
    expect(mal.statusCode).toBe(400);
    expect(mal.json().msg).toBe('Selecciona un test válido');
  });

  it('GET …/respuestas: cada pregunta con su respuesta, el texto libre descifrado', async () => {
    const r = await c.get(`${B}/tests/aplicaciones/${delTamizaje.id_aplicacion}/respuestas`);
    expect(r.statusCode).toBe(200);
    const rs = r.json() as Respuesta[];
    expect(rs).toHaveLength(9);
    expect(rs[5]).toMatchObject({ respuesta: 'si', pregunta: { orden: 6, tipo_respuesta: 'si_no' } });
    expect(rs[8]).toMatchObject({
      respuesta: 'Murió su hermano; ¿cómo seguir? Año difícil.',
      pregunta: { orden: 9, tipo_respuesta: 'texto' },
    });
    // Stored encrypted.
    const [fila] = await filasSql<{ respuesta: string }>(
      t,
      sql`select respuesta from respuesta_test where id_aplicacion = ${delTamizaje.id_aplicacion} and id_pregunta = ${rs[8].id_pregunta}`,
    );
    expect(fila.respuesta).toMatch(/^e1\.k1\./);
    expect(fila.respuesta).not.toContain('hermano');
  });

  it('GET …/resultado responde la aplicación y su resultado', async () => {
    const r = await c.get(`${B}/tests/aplicaciones/${primera.id_aplicacion}/resultado`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id_aplicacion: primera.id_aplicacion, resultado: { puntaje_total: 105, riesgo: true } });
  });

  it('GET …/pdf: application/pdf con nombre de test y fecha; el texto (acentos y ñ) se lee de vuelta', async () => {
    const r = await c.get(`${B}/tests/aplicaciones/${segunda.id_aplicacion}/pdf`);
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe('attachment; filename="Inventario_Texas_Revisado_de_Duelo_ITRD_2027-03-01.pdf"');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await getDocumentProxy(new Uint8Array(r.rawPayload));
    const { text } = await extractText(doc, { mergePages: true });
    const plano = text.replace(/\s+/g, ' ');
    expect(plano).toContain('Inventario Texas Revisado de Duelo (ITRD)');
    expect(plano).toContain('José Muñoz Ibáñez');
    expect(plano).toContain('Lucía Peña');
    expect(plano).toContain('01/03/2027 10:30');
    expect(plano).toContain('Puntaje total: 50');
    expect(plano).toContain('Intensidad de duelo moderada');
    expect(plano).toContain('1. Tras su muerte me costaba relacionarme con algunas personas.');
    expect(plano).toContain('3 de 5 (Neutral)');
    expect(plano).toContain('Evolución de este test');
    // The evolution so far: both ITRD applications, not the screening.
    expect(plano).toMatch(/10\/01\/2027 09:00 Puntaje 105/);
    expect(plano).toMatch(/01\/03\/2027 10:30 Puntaje 50/);
  });

  it('GET …/notas: las notas ligadas a la aplicación', async () => {
    const n = await c.post(`${B}/notas`, {
      id_paciente: pac.id_paciente,
      titulo: 'Sobre el ITRD',
      contenido: 'Bajó respecto de enero',
      id_aplicacion: segunda.id_aplicacion,
    });
    expect(n.statusCode).toBe(201);
    expect(n.json()).toMatchObject({ tipo: 'test', id_aplicacion: segunda.id_aplicacion });
    const r = await c.get(`${B}/tests/aplicaciones/${segunda.id_aplicacion}/notas`);
    expect(r.statusCode).toBe(200);
    expect(r.json().map((x: { titulo: string }) => x.titulo)).toEqual(['Sobre el ITRD']);
  });

  it('cada lectura y cada exportación deja su fila de auditoría (quién, qué, paciente, desde dónde)', async () => {
    const desde = (await auditoriaDe(t, pac.id_paciente)).length;
    const id = segunda.id_aplicacion;
    for (const url of [
      `/pacientes/${pac.id_paciente}/tests`,
      `/pacientes/${pac.id_paciente}/tests/graficas`,
      `/tests/aplicaciones/${id}/respuestas`,
      `/tests/aplicaciones/${id}/resultado`,
      `/tests/aplicaciones/${id}/pdf`,
      `/tests/aplicaciones/${id}/notas`,
    ])
      expect((await c.get(`${B}${url}`)).statusCode).toBe(200);
    const filas = (await auditoriaDe(t, pac.id_paciente)).slice(desde);
    expect(filas.map((f) => [f.accion, f.recurso, f.id_recurso])).toEqual([
      ['leer', 'aplicacion_test', null],
      ['leer', 'aplicacion_test', null],
      ['leer', 'respuestas', String(id)],
      ['leer', 'aplicacion_test', String(id)],
      ['exportar', 'aplicacion_test', String(id)],
      ['leer', 'nota', null],
    ]);
    for (const f of filas)
      expect(f).toMatchObject({ actor_tipo: 'psicologo', actor_id: psi.id_psicologo, id_paciente: pac.id_paciente, ip: '127.0.0.1' });
    // The creation of an application was audited too, without any answer text or result (decision 335).
    const creacion = (await auditoriaDe(t, pac.id_paciente)).find(
      (f) => f.accion === 'crear' && f.id_recurso === String(delTamizaje.id_aplicacion),
    );
    expect(creacion).toMatchObject({ recurso: 'aplicacion_test', detalle: { id_test: tam.id_test, respuestas: 9 } });
    expect(creacion?.detalle).not.toHaveProperty('riesgo');
    expect(JSON.stringify(await auditoriaDe(t, pac.id_paciente))).not.toContain('hermano');
  });

  it('otro psicólogo: 404 en cada ruta y ninguna fila cambia (ni la auditoría)', async () => {
    const id = segunda.id_aplicacion;
    const antes = await huellaTablas(t);
    for (const url of [
      `/pacientes/${pac.id_paciente}/tests`,
      `/pacientes/${pac.id_paciente}/tests/graficas`,
      `/tests/aplicaciones/${id}/respuestas`,
      `/tests/aplicaciones/${id}/resultado`,
      `/tests/aplicaciones/${id}/pdf`,
      `/tests/aplicaciones/${id}/notas`,
    ]) {
      const r = await cOtro.get(`${B}${url}`);
      expect(r.statusCode, url).toBe(404);
      expect(r.body).not.toContain('Muñoz');
    }
    const r = await aplicar(cOtro, itrd, pac.id_paciente, () => 3);
    expect(r.statusCode).toBe(404);
    expect(r.json().msg).toBe('Paciente no encontrado');
    expect(await huellaTablas(t)).toEqual(antes);
  });
});

describe('bandera de riesgo', () => {
  it('un resultado en la banda más alta marca al paciente en la lista y en el expediente; uno posterior más bajo la quita', async () => {
    const p = await nuevoPaciente();
    const fila = async () =>
      ((await c.get(`${B}/lista-pacientes`)).json() as { id_paciente: number; riesgo: boolean }[]).find(
        (x) => x.id_paciente === p.id_paciente,
      );
    expect(await fila()).toMatchObject({ riesgo: false });
    await aplicar(c, icg, p.id_paciente, () => 4); // 57 > 25
    expect(await fila()).toMatchObject({ riesgo: true });
    expect((await c.get(`${B}/paciente/${p.id_paciente}`)).json()).toMatchObject({ riesgo: true });
    t.reloj.avanzar(60_000);
    await aplicar(c, icg, p.id_paciente, () => 1);
    expect(await fila()).toMatchObject({ riesgo: false });
    t.reloj.fijar('2027-03-01T10:30:00-06:00');
  });
});

describe('la auditoría falla cerrada', () => {
  it('si la fila de auditoría no se puede escribir, ni la lectura entrega datos ni la aplicación se guarda', async () => {
    await t.db.execute(
      sql`create or replace function prueba_sin_auditoria() returns trigger language plpgsql as $$ begin raise exception 'auditoría caída'; end $$`,
    );
    await t.db.execute(
      sql`create trigger prueba_sin_auditoria before insert on auditoria for each row execute function prueba_sin_auditoria()`,
    );
    try {
      const antes = await contarFilas(t);
      const lectura = await c.get(`${B}/pacientes/${pac.id_paciente}/tests`);
      expect(lectura.statusCode).toBe(500);
      expect(lectura.body).not.toContain('Inventario');
      const escritura = await aplicar(c, itrd, pac.id_paciente, () => 2);
      expect(escritura.statusCode).toBe(500);
      const pdf = await c.get(`${B}/tests/aplicaciones/1/pdf`);
      expect(pdf.statusCode).toBe(500);
      expect(await contarFilas(t)).toEqual(antes);
    } finally {
      await t.db.execute(sql`drop trigger prueba_sin_auditoria on auditoria`);
    }
  });
});

describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
  it('aplicar un test: 201 con el resultado y una sola aplicación con sus respuestas', async () => {
    const p = await nuevoPaciente();
    const r = await conAvisoCaido(t, () => aplicar(c, itrd, p.id_paciente, () => 3));
    expect(r.statusCode, r.body).toBe(201);
    const a = r.json() as Aplicacion;
    expect(a.resultado?.puntaje_total).toBe(63);
    const guardadas = await filasSql<{ id: number; respuestas: number }>(
      t,
      sql`select a.id_aplicacion as id, (select count(*)::int from respuesta_test r where r.id_aplicacion = a.id_aplicacion) as respuestas
            from aplicacion_test a where a.id_paciente = ${p.id_paciente}`,
    );
    expect(guardadas).toEqual([{ id: a.id_aplicacion, respuestas: 21 }]);
  });
});

describe('un reintento tras una respuesta perdida no aplica el test dos veces (decisión 313)', () => {
  const cuerpo = (idPaciente: number, idCliente?: unknown) => ({
    id_test: itrd.id_test,
    id_paciente: idPaciente,
    respuestas: respuestas(itrd, () => 3),
    ...(idCliente === undefined ? {} : { id_cliente: idCliente }),
  });
  /** Each stored application of the patient with its number of answers, oldest first. */
  const guardadas = (idPaciente: number) =>
    filasSql<{ id: number; id_cliente: string | null; respuestas: number }>(
      t,
      sql`select a.id_aplicacion as id, a.id_cliente,
                 (select count(*)::int from respuesta_test r where r.id_aplicacion = a.id_aplicacion) as respuestas
            from aplicacion_test a where a.id_paciente = ${idPaciente} order by a.id_aplicacion`,
    );
  const creaciones = async (idPaciente: number) =>
    (await auditoriaDe(t, idPaciente)).filter((f) => f.accion === 'crear' && f.recurso === 'aplicacion_test').length;

  it('el mismo id_cliente dos veces: una aplicación con sus 21 respuestas; la segunda responde 200 con la misma', async () => {
    const p = await nuevoPaciente();
    const primera = await c.post(`${B}/tests/aplicar`, cuerpo(p.id_paciente, 'aplicar-0123456789'));
    expect(primera.statusCode, primera.body).toBe(201);
    const a = primera.json() as Aplicacion;
    expect(a.resultado?.puntaje_total).toBe(63);
    t.reloj.avanzar(30_000);
    const otra = await c.post(`${B}/tests/aplicar`, cuerpo(p.id_paciente, 'aplicar-0123456789'));
    expect(otra.statusCode, otra.body).toBe(200);
    expect(otra.json()).toEqual(a);
    expect(await guardadas(p.id_paciente)).toEqual([{ id: a.id_aplicacion, id_cliente: 'aplicar-0123456789', respuestas: 21 }]);
    expect(await creaciones(p.id_paciente)).toBe(1);
  });

  it('dos peticiones a la vez con el mismo id_cliente: una aplicación, sus respuestas una sola vez', async () => {
    const p = await nuevoPaciente();
    const r = await Promise.all(
      Array.from({ length: 4 }, () => c.post(`${B}/tests/aplicar`, cuerpo(p.id_paciente, 'a-la-vez-0123456789'))),
    );
    for (const x of r) expect([200, 201], x.body).toContain(x.statusCode);
    expect(r.filter((x) => x.statusCode === 201)).toHaveLength(1);
    const ids = new Set(r.map((x) => (x.json() as Aplicacion).id_aplicacion));
    expect(ids.size).toBe(1);
    expect(await guardadas(p.id_paciente)).toEqual([{ id: [...ids][0], id_cliente: 'a-la-vez-0123456789', respuestas: 21 }]);
    expect(await creaciones(p.id_paciente)).toBe(1);
  });

  it('ids distintos: dos aplicaciones; sin id_cliente se aplica como antes (201 cada vez)', async () => {
    const p = await nuevoPaciente();
    const r = [
      await c.post(`${B}/tests/aplicar`, cuerpo(p.id_paciente, 'primero-abcdefgh')),
      await c.post(`${B}/tests/aplicar`, cuerpo(p.id_paciente, 'segundo-abcdefgh')),
      await c.post(`${B}/tests/aplicar`, cuerpo(p.id_paciente)),
      await c.post(`${B}/tests/aplicar`, cuerpo(p.id_paciente, null)),
    ];
    expect(r.map((x) => x.statusCode)).toEqual([201, 201, 201, 201]);
    const filas = await guardadas(p.id_paciente);
    expect(filas.map((f) => [f.id_cliente, f.respuestas])).toEqual([
      ['primero-abcdefgh', 21],
      ['segundo-abcdefgh', 21],
      [null, 21],
      [null, 21],
    ]);
    expect(new Set(filas.map((f) => f.id)).size).toBe(4);
  });

  for (const [nombre, valor] of [
    ['demasiado corto', 'x'],
    ['de 65 caracteres', 'a'.repeat(65)],
    ['un número', 12345678],
  ] as const) {
    it(`un id_cliente ${nombre} → 400 «El identificador de la petición no es válido» y nada escrito`, async () => {
      const antes = await contarFilas(t);
      const r = await c.post(`${B}/tests/aplicar`, cuerpo(pac.id_paciente, valor));
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().msg).toBe('El identificador de la petición no es válido');
      expect(await contarFilas(t)).toEqual(antes);
    });
  }

  const DISTINTO = {
    code: 'ID_CLIENTE_DISTINTO',
    msg: 'Esta petición ya se guardó con otro contenido. No se guardó nada: revisa lo guardado y vuelve a guardar.',
  };
  /** The stored answers of an application as the server holds them (text still encrypted). */
  const respuestasGuardadas = (idAplicacion: number) =>
    filasSql<{ id_pregunta: number; respuesta: string }>(
      t,
      sql`select id_pregunta, respuesta from respuesta_test where id_aplicacion = ${idAplicacion} order by id_pregunta`,
    );
  const tamizaje = (idPaciente: number, texto: string, id: string, siNo: unknown = 'no') => ({
    id_test: tam.id_test,
    id_paciente: idPaciente,
    respuestas: respuestas(tam, (o) => (o === 9 ? texto : siNo)),
    id_cliente: id,
  });

  it('el mismo id_cliente con otra respuesta u otro test → 409 ID_CLIENTE_DISTINTO; la aplicación guardada sigue igual y nada se escribe', async () => {
    const p = await nuevoPaciente();
    const id = 'distinta-0123456789';
    const a = (await c.post(`${B}/tests/aplicar`, cuerpo(p.id_paciente, id))).json() as Aplicacion;
    const respuestasAntes = await respuestasGuardadas(a.id_aplicacion);
    const base = cuerpo(p.id_paciente, id);
    const otraRespuesta = base.respuestas.map((r, i) => (i === 4 ? { ...r, respuesta: 4 } : r));
    for (const [nombre, cambio] of [
      ['una respuesta cambiada', { respuestas: otraRespuesta }],
      ['otro test', { id_test: icg.id_test, respuestas: respuestas(icg, () => 3) }],
      ['una respuesta de menos', { respuestas: base.respuestas.slice(1) }],
    ] as const) {
      const antes = await huellaTablas(t);
      const r = await c.post(`${B}/tests/aplicar`, { ...base, ...cambio });
      expect(r.statusCode, `${nombre}: ${r.body}`).toBe(409);
      expect(r.json()).toEqual(DISTINTO);
      expect(r.body).not.toContain('Inventario');
      expect(await huellaTablas(t)).toEqual(antes);
    }
    expect(await guardadas(p.id_paciente)).toEqual([{ id: a.id_aplicacion, id_cliente: id, respuestas: 21 }]);
    expect(await respuestasGuardadas(a.id_aplicacion)).toEqual(respuestasAntes);
    expect(await creaciones(p.id_paciente)).toBe(1);

    // The same answers written otherwise ('3' for 3) and in another order are the same application.
    const igual = await c.post(`${B}/tests/aplicar`, {
      ...base,
      respuestas: [...base.respuestas].reverse().map((r) => ({ ...r, respuesta: String(r.respuesta) })),
    });
    expect(igual.statusCode, igual.body).toBe(200);
    expect(igual.json()).toEqual(a);
  });

  it('una respuesta de texto: otro texto → 409; el mismo con espacios, y sí/no escritos de otro modo → 200', async () => {
    const p = await nuevoPaciente();
    const id = 'texto-0123456789';
    const r0 = await c.post(`${B}/tests/aplicar`, tamizaje(p.id_paciente, 'Sueña con su madre.', id));
    expect(r0.statusCode, r0.body).toBe(201);
    const a = r0.json() as Aplicacion;
    const antes = await huellaTablas(t);
    const otro = await c.post(`${B}/tests/aplicar`, tamizaje(p.id_paciente, 'Sueña con su madre cada noche.', id));
    expect(otro.statusCode, otro.body).toBe(409);
    expect(otro.json()).toEqual(DISTINTO);
    expect(otro.body).not.toContain('Sueña');
    const otroSiNo = await c.post(`${B}/tests/aplicar`, tamizaje(p.id_paciente, 'Sueña con su madre.', id, 'si'));
    expect(otroSiNo.statusCode, otroSiNo.body).toBe(409);
    expect(await huellaTablas(t)).toEqual(antes);
    const igual = await c.post(`${B}/tests/aplicar`, tamizaje(p.id_paciente, '  Sueña con su madre. ', id, false));
    expect(igual.statusCode, igual.body).toBe(200);
    expect(igual.json()).toEqual(a);
    expect(await guardadas(p.id_paciente)).toEqual([{ id: a.id_aplicacion, id_cliente: id, respuestas: 9 }]);
  });

  it('dos peticiones a la vez con el mismo id_cliente y otras respuestas: una aplicación, la otra 409', async () => {
    const p = await nuevoPaciente();
    const id = 'carrera-distinta-0123';
    const [x, y] = await Promise.all([
      c.post(`${B}/tests/aplicar`, cuerpo(p.id_paciente, id)),
      c.post(`${B}/tests/aplicar`, { ...cuerpo(p.id_paciente, id), respuestas: respuestas(itrd, () => 2) }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    const [ganadora, perdedora] = x.statusCode === 201 ? [x, y] : [y, x];
    expect(perdedora.json()).toEqual(DISTINTO);
    const a = ganadora.json() as Aplicacion;
    expect(await guardadas(p.id_paciente)).toEqual([{ id: a.id_aplicacion, id_cliente: id, respuestas: 21 }]);
    expect(await creaciones(p.id_paciente)).toBe(1);
  });

  it('otro psicólogo con el mismo id_cliente: 404 sin el paciente; con el paciente reasignado, 409 y nada escrito ni revelado', async () => {
    const p = await nuevoPaciente();
    const id = 'ajeno-0123456789';
    const a = (await c.post(`${B}/tests/aplicar`, cuerpo(p.id_paciente, id))).json() as Aplicacion;
    let antes = await huellaTablas(t);
    const sinPaciente = await cOtro.post(`${B}/tests/aplicar`, cuerpo(p.id_paciente, id));
    expect(sinPaciente.statusCode, sinPaciente.body).toBe(404);
    expect(sinPaciente.json().msg).toBe('Paciente no encontrado');
    expect(await huellaTablas(t)).toEqual(antes);

    await t.db.execute(sql`update paciente set id_psicologo = ${otro.id_psicologo} where id_paciente = ${p.id_paciente}`);
    antes = await huellaTablas(t);
    const r = await cOtro.post(`${B}/tests/aplicar`, { ...cuerpo(p.id_paciente, id), respuestas: respuestas(itrd, () => 1) });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toEqual({
      code: 'ID_CLIENTE_AJENO',
      msg: 'Otro psicólogo ya guardó un registro de este paciente con este identificador de petición. No se guardó nada: vuelve a abrir el formulario y guarda de nuevo.',
    });
    expect(r.body).not.toContain('Inventario');
    expect(await huellaTablas(t)).toEqual(antes);
    expect(await guardadas(p.id_paciente)).toEqual([{ id: a.id_aplicacion, id_cliente: id, respuestas: 21 }]);
  });
});
