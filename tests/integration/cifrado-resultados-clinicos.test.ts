// Issue 52, finding 2 (decisions 335, 336): a dump showed test scores, interpretations, risk flags,
// every answer, the diary's emotion and intensity, the date of the loss and a risk flag in the audit
// log. Now they are stored encrypted (padded, so equal lengths tell nothing), the API answers the
// same values, rows stored before (through migration 0024 from the old column types) are encrypted
// at start, and a new key re-encrypts them.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@miduelo/server/app';
import type { Config } from '@miduelo/server/config';
import { abrirDb, type DbHandle } from '@miduelo/server/db/client';
import { columnasRegistradas } from '@miduelo/server/db/cifrar-pendientes';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import type { Aplicacion } from '@miduelo/shared/expediente';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { INSTANTE_LUNES_9 } from '../helpers/agenda';
import { api, aplicar, B, filasSql, testPorNombre } from '../helpers/expediente';
import { crearPaciente, crearPsicologo, type Paciente, type Psicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';

const E1 = /^e1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/;
const FECHA_PERDIDA = '2019-03-04';
/** The encrypted columns of this finding, read raw for one patient. */
const CRUDO = (idPaciente: number) => sql`
  select 'aplicacion_test.puntaje_total' as col, puntaje_total as v from aplicacion_test where id_paciente = ${idPaciente}
  union all select 'aplicacion_test.interpretacion', interpretacion from aplicacion_test where id_paciente = ${idPaciente}
  union all select 'aplicacion_test.riesgo', riesgo from aplicacion_test where id_paciente = ${idPaciente}
  union all select 'respuesta_test.respuesta', r.respuesta from respuesta_test r join aplicacion_test a using (id_aplicacion)
             where a.id_paciente = ${idPaciente}
  union all select 'diario_emocion.emocion', emocion from diario_emocion where id_paciente = ${idPaciente}
  union all select 'diario_emocion.intensidad', intensidad from diario_emocion where id_paciente = ${idPaciente}
  union all select 'paciente.fecha_perdida', fecha_perdida from paciente where id_paciente = ${idPaciente} and fecha_perdida is not null`;

let limpiar: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of limpiar.reverse()) await f();
  limpiar = [];
});

async function nuevaApp(): Promise<AppDePrueba> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'miduelo-resultados-'));
  const t = await crearAppDePrueba({ env: { DATA_DIR: dataDir } });
  t.reloj.fijar(INSTANTE_LUNES_9);
  limpiar.push(
    () => rmSync(dataDir, { recursive: true, force: true }),
    () => t.cerrar(),
  );
  return t;
}

/** Another server starting on a database (its onReady runs the start-up step). */
async function arrancar(t: AppDePrueba, db: DbHandle['db'], config: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: { ...t.config, ...config }, db, logger: false });
  limpiar.push(() => app.close());
  await app.ready();
  return app;
}

/** What the psychologist and the patient read of it all through the API. */
async function leido(app: FastifyInstance, psi: Psicologo, pac: Paciente) {
  const c = (token: string) => async (url: string) => {
    const r = await inyectarCon(app, token, { method: 'GET', url });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const comoPsi = c(sesionPsicologo(app, psi));
  const comoPac = c(sesionPaciente(app, pac));
  const historial = (await comoPsi(`${B}/pacientes/${pac.id_paciente}/tests`)) as Aplicacion[];
  const evolucion = (await comoPsi(`${B}/pacientes/${pac.id_paciente}/tests/graficas`)) as object[];
  const respuestas = (await comoPsi(`${B}/tests/aplicaciones/${historial[0].id_aplicacion}/respuestas`)) as { respuesta: string }[];
  const lista = (await comoPsi(`${B}/lista-pacientes`)) as { id_paciente: number; riesgo: boolean }[];
  const ficha = await comoPsi(`${B}/paciente/${pac.id_paciente}`);
  const diarioPsi = (await comoPsi(`${B}/pacientes/${pac.id_paciente}/diario?mes=2027-02`)) as object[];
  const diarioPac = (await comoPac('/api/paciente/diario')) as object[];
  return {
    resultados: historial.map((a) => a.resultado),
    evolucion: evolucion.map((e) => ({ ...e, fecha: undefined, id_aplicacion: undefined })),
    respuestas: [...new Set(respuestas.map((r) => r.respuesta))],
    riesgoEnLista: lista.find((x) => x.id_paciente === pac.id_paciente)?.riesgo,
    ficha: { riesgo: ficha.riesgo, fecha_perdida: ficha.fecha_perdida, aniversario: ficha.aniversario },
    diario: [diarioPsi, diarioPac].map((l) =>
      (l as { emocion: string; intensidad: number; fecha: string }[]).map(({ emocion, intensidad, fecha }) => ({
        emocion,
        intensidad,
        fecha,
      })),
    ),
  };
}

function esperado(interpretacion: string) {
  const resultado = { puntaje_total: 76, interpretacion, riesgo: true };
  return {
    resultados: [resultado],
    evolucion: [{ id_test: expect.any(Number), nombre_test: expect.stringContaining('IDC'), puntaje: 76, interpretacion, riesgo: true }],
    respuestas: ['5'],
    riesgoEnLista: true,
    ficha: { riesgo: true, fecha_perdida: FECHA_PERDIDA, aniversario: 'aniversario' },
    diario: [
      [{ emocion: 'Nostalgia', intensidad: 9, fecha: '2027-02-27' }],
      [{ emocion: 'Nostalgia', intensidad: 9, fecha: '2027-02-27' }],
    ],
  };
}

describe('volcado de la base de datos', () => {
  it('no muestra puntajes, interpretaciones, riesgo, respuestas, emociones ni la fecha de la pérdida; la API los devuelve igual', async () => {
    const t = await nuevaApp();
    const psi = await crearPsicologo(t.db);
    const [a, b] = [
      await crearPaciente(t.db, { id_psicologo: psi.id_psicologo }),
      await crearPaciente(t.db, { id_psicologo: psi.id_psicologo }),
    ];
    const c = api(t, sesionPsicologo(t.app, psi));
    const idc = await testPorNombre(c, 'IDC');
    // The highest band (risk) for one patient, the lowest for the other.
    const alto = (await aplicar(c, idc, a.id_paciente, () => 5)).json() as Aplicacion;
    const bajo = (await aplicar(c, idc, b.id_paciente, () => 1)).json() as Aplicacion;
    expect(alto.resultado).toMatchObject({ puntaje_total: 76, riesgo: true });
    expect(bajo.resultado).toMatchObject({ puntaje_total: 0, riesgo: false });
    const interpretacion = alto.resultado?.interpretacion as string;
    for (const [p, emocion, intensidad, fecha] of [
      [a, 'Nostalgia', 9, '2027-02-27'],
      [b, 'Calma', 2, '2027-02-26'],
    ] as const) {
      const r = await api(t, sesionPaciente(t.app, p)).post('/api/paciente/diario', { emocion, intensidad, fecha, compartida: true });
      expect(r.statusCode, r.body).toBe(201);
    }
    const perdida = await c.put(`${B}/paciente/${a.id_paciente}/perdida`, { fecha_perdida: FECHA_PERDIDA, persona_perdida: null });
    expect(perdida.statusCode, perdida.body).toBe(200);

    expect(await leido(t.app, psi, a)).toEqual(esperado(interpretacion));

    // Every value of those columns is a ciphertext, and a value's length says nothing: the highest
    // and the lowest band, 'true' and 'false', 76 and 0, 'Nostalgia' and 'Calma' store alike.
    const crudoA = await filasSql<{ col: string; v: string }>(t, CRUDO(a.id_paciente));
    const crudoB = await filasSql<{ col: string; v: string }>(t, CRUDO(b.id_paciente));
    expect(crudoA.length).toBe(3 + idc.preguntas.length + 3);
    expect([...crudoA, ...crudoB].filter((f) => !E1.test(f.v))).toEqual([]);
    const largos = (filas: { col: string; v: string }[]) =>
      Object.fromEntries(filas.filter((f) => f.col !== 'paciente.fecha_perdida').map((f) => [f.col, f.v.length]));
    expect(largos(crudoB)).toEqual(largos(crudoA));

    // No text, JSON or array column of any table holds the interpretation, the emotion or the date
    // (the catalogue's bands hold the interpretations: reference text, not a result).
    const columnas = await filasSql<{ table_schema: string; table_name: string; column_name: string }>(
      t,
      sql`select table_schema, table_name, column_name from information_schema.columns
           where table_schema not in ('pg_catalog', 'information_schema')
             and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
             and not (table_name = 'test_banda' and column_name = 'interpretacion')`,
    );
    expect(columnas.length).toBeGreaterThan(50);
    const hallazgos: string[] = [];
    for (const col of columnas) {
      const tabla = sql`${sql.identifier(col.table_schema)}.${sql.identifier(col.table_name)}`;
      for (const palabra of [interpretacion.toLowerCase(), 'nostalgia', FECHA_PERDIDA]) {
        const [f] = await filasSql<{ n: number }>(
          t,
          sql`select count(*)::int as n from ${tabla} where lower(${sql.identifier(col.column_name)}::text) like ${`%${palabra}%`}`,
        );
        if (Number(f.n) > 0) hallazgos.push(`${col.table_name}.${col.column_name}: ${palabra}`);
      }
    }
    expect(hallazgos).toEqual([]);
    // The audit log says what was done, never the result.
    const [aud] = await filasSql<{ n: number }>(t, sql`select count(*)::int as n from auditoria where detalle::text like '%riesgo%'`);
    expect(Number(aud.n)).toBe(0);
    // The one plain bit the patient list shows.
    expect(await filasSql(t, sql`select id_paciente from paciente_en_riesgo`)).toEqual([{ id_paciente: a.id_paciente }]);
  }, 120_000);
});

/** A fresh embedded database migrated up to, not including, migration 0024 of this finding. */
async function baseAntesDe0024(): Promise<DbHandle> {
  const raiz = path.resolve(import.meta.dirname, '../../migrations');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'miduelo-migraciones-'));
  limpiar.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(raiz, dir, { recursive: true });
  const diario = JSON.parse(readFileSync(path.join(raiz, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const hasta = diario.entries.findIndex((e) => e.tag === '0024_cifrado_de_resultados_clinicos');
  expect(hasta).toBeGreaterThan(0);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...diario, entries: diario.entries.slice(0, hasta) }));
  const handle = await abrirDb({ databaseUrl: null, dataDir: '', enMemoria: true });
  limpiar.push(() => handle.close());
  await migrate(drizzle(handle.pglite as never), { migrationsFolder: dir });
  return handle;
}

describe('filas guardadas antes del cifrado', () => {
  it('la migración 0024 conserva los valores, el arranque los cifra, la API responde lo mismo; una llave nueva los vuelve a cifrar', async () => {
    const t = await nuevaApp();
    const handle = await baseAntesDe0024();
    const db = handle.db;
    const psi = await crearPsicologo(db);
    const pac = await crearPaciente(db, { id_psicologo: psi.id_psicologo });
    // Stored by the former version, in the former column types.
    const [banda] = await filasSql<{ id_test: number; interpretacion: string }>(
      { ...t, db },
      sql`select b.id_test, b.interpretacion from test_banda b join test x using (id_test) where x.clave = 'icg' and b.riesgo`,
    );
    await db.execute(sql`
      with a as (
        insert into aplicacion_test (id_test, id_paciente, id_psicologo, fecha, estado, puntaje_total, interpretacion, riesgo)
        values (${banda.id_test}, ${pac.id_paciente}, ${psi.id_psicologo}, now(), 'completado', 76, ${banda.interpretacion}, true)
        returning id_aplicacion)
      insert into respuesta_test (id_aplicacion, id_pregunta, respuesta)
      select a.id_aplicacion, q.id_pregunta, '5' from a, test_pregunta q where q.id_test = ${banda.id_test}`);
    await db.execute(sql`insert into diario_emocion (id_paciente, fecha, emocion, intensidad, compartida)
                         values (${pac.id_paciente}, '2027-02-27', 'Nostalgia', 9, true)`);
    await db.execute(sql`update paciente set fecha_perdida = ${FECHA_PERDIDA}::date where id_paciente = ${pac.id_paciente}`);

    // The migration turns them into text as they were, and derives the patient's flag.
    await aplicarMigraciones(handle, null);
    const crudo = async () =>
      Object.fromEntries((await filasSql<{ col: string; v: string }>({ ...t, db }, CRUDO(pac.id_paciente))).map((f) => [f.col, f.v]));
    expect(await crudo()).toEqual({
      'aplicacion_test.puntaje_total': '76',
      'aplicacion_test.interpretacion': banda.interpretacion,
      'aplicacion_test.riesgo': 'true',
      'respuesta_test.respuesta': '5',
      'diario_emocion.emocion': 'Nostalgia',
      'diario_emocion.intensidad': '9',
      'paciente.fecha_perdida': FECHA_PERDIDA,
    });
    expect(await filasSql({ ...t, db }, sql`select id_paciente from paciente_en_riesgo`)).toEqual([{ id_paciente: pac.id_paciente }]);

    // The first start encrypts every one; the API answers what it answered before.
    const k1 = await arrancar(t, db);
    const todos = async () => filasSql<{ col: string; v: string }>({ ...t, db }, CRUDO(pac.id_paciente)).then((f) => f.map((x) => x.v));
    const cifrados = await todos();
    const [preguntas] = await filasSql<{ n: number }>(
      { ...t, db },
      sql`select count(*)::int as n from test_pregunta where id_test = ${banda.id_test}`,
    );
    expect(cifrados.length).toBe(3 + Number(preguntas.n) + 3);
    expect(cifrados.filter((v) => !E1.test(v))).toEqual([]);
    expect(await leido(k1, psi, pac)).toEqual(esperado(banda.interpretacion));
    // Another start changes nothing.
    await arrancar(t, db);
    expect(await todos()).toEqual(cifrados);

    // Rotation: k2 first re-encrypts them all; then k2 alone reads everything.
    const k2 = { id: 'k2', material: randomBytes(32) };
    await arrancar(t, db, { llaves: [k2, ...t.config.llaves] });
    expect((await todos()).filter((v) => !v.startsWith('e1.k2.'))).toEqual([]);
    const soloK2 = await arrancar(t, db, { llaves: [k2] });
    expect(await leido(soloK2, psi, pac)).toEqual(esperado(banda.interpretacion));
  }, 120_000);
});

describe('la lista del README', () => {
  it('nombra exactamente las columnas que el arranque cifra, ni una más ni una menos', async () => {
    await nuevaApp();
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const seccion = readme.split('\n### What is stored encrypted\n')[1]?.split('\nValues drawn from')[0] ?? '';
    const lista = seccion
      .split('\n')
      .filter((l) => l.startsWith('- ') || l.startsWith('  '))
      .join('\n');
    const nombradas = [...new Set([...lista.matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((m) => m[1]))].sort();
    expect(nombradas.length).toBeGreaterThan(15);
    expect(nombradas).toEqual(columnasRegistradas());
  });
});
