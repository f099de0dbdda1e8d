// The psychologist's notes (issue 13; spec 1 §2, §5, §7 Notes, §8; spec 2 §2, §5; decisions 102,
// 104): newest first, the spec's limits and messages on the server, the type fixed to test when
// tied to an application, search over title and content, title and content encrypted at rest (a
// dump of every text column shows none of them), an audit row per read and write, another
// psychologist's ids answering 404 with no row changed, and the events to the psychologist's room.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '@miduelo/server/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Aplicacion, Nota } from '@miduelo/shared/expediente';
import type { NotaEvento } from '@miduelo/shared/realtime-expediente';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { conAvisoCaido } from '../helpers/aviso';
import { type Api, api, aplicar, auditoriaDe, B, contarFilas, filasSql, testPorNombre } from '../helpers/expediente';
import { crearPaciente, crearPsicologo, type Paciente, type Psicologo, sesionPsicologo } from '../helpers/fabricas';
import { conectar, esperarConexion, esperarEvento, type SocketCliente, sincronizar } from '../helpers/socket';
import { huellaTablas } from '../helpers/sondeo';

const TITULO = 'Aniversario de Remedios';
const CONTENIDO = 'Insomnio persistente desde el velorio; habló de la abuela y del funeral en Oaxaca.';
const PALABRAS = ['remedios', 'aniversario', 'insomnio', 'velorio', 'abuela', 'funeral', 'oaxaca'];

let t: AppDePrueba;
let psi: Psicologo;
let otro: Psicologo;
let pac: Paciente;
let otroPac: Paciente;
let c: Api;
let cOtro: Api;

beforeAll(async () => {
  t = await crearAppDePrueba({ config: { registrosClinicosPorMinuto: 100_000 } });
  t.reloj.fijar('2027-03-01T10:00:00-06:00');
  psi = await crearPsicologo(t.db);
  otro = await crearPsicologo(t.db);
  pac = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
  otroPac = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
  c = api(t, sesionPsicologo(t.app, psi));
  cOtro = api(t, sesionPsicologo(t.app, otro));
});
afterAll(() => t?.cerrar());

async function crear(cuerpo: Record<string, unknown>) {
  return c.post(`${B}/notas`, { id_paciente: pac.id_paciente, ...cuerpo });
}

describe('crear, listar, leer, editar y eliminar', () => {
  let primera: Nota;
  let segunda: Nota;

  it('POST /notas crea una nota general (recortada) y responde 201 con sus fechas', async () => {
    const r = await crear({ titulo: `  ${TITULO}  `, contenido: CONTENIDO, tipo: 'general' });
    expect(r.statusCode, r.body).toBe(201);
    primera = r.json();
    expect(primera).toMatchObject({
      id_paciente: pac.id_paciente,
      titulo: TITULO,
      contenido: CONTENIDO,
      tipo: 'general',
      id_aplicacion: null,
    });
    expect(primera.fecha_creacion).toBe('2027-03-01T16:00:00.000Z');
    expect(primera.fecha_actualizacion).toBe(primera.fecha_creacion);
  });

  it('GET /pacientes/{id}/notas: la más reciente primero', async () => {
    t.reloj.avanzar(60_000);
    segunda = (await crear({ titulo: 'Seguimiento', contenido: 'Mejor semana' })).json();
    const r = await c.get(`${B}/pacientes/${pac.id_paciente}/notas`);
    expect(r.statusCode).toBe(200);
    expect((r.json() as Nota[]).map((n) => n.id_nota)).toEqual([segunda.id_nota, primera.id_nota]);
  });

  it('?q= busca sin distinguir mayúsculas ni acentos en título y contenido', async () => {
    const buscar = async (q: string) =>
      ((await c.get(`${B}/pacientes/${pac.id_paciente}/notas?q=${encodeURIComponent(q)}`)).json() as Nota[]).map((n) => n.titulo);
    expect(await buscar('REMEDIOS')).toEqual([TITULO]);
    expect(await buscar('oaxaca')).toEqual([TITULO]);
    expect(await buscar('semána')).toEqual(['Seguimiento']);
    expect(await buscar('emedio')).toEqual([TITULO]);
    expect(await buscar('nada de esto')).toEqual([]);
    expect(await buscar('')).toHaveLength(2);
  });

  it('GET /notas/{id} responde la nota', async () => {
    const r = await c.get(`${B}/notas/${primera.id_nota}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(primera);
  });

  it('PUT /notas/{id} cambia título y contenido y fija fecha_actualizacion', async () => {
    t.reloj.avanzar(5 * 60_000);
    const r = await c.put(`${B}/notas/${primera.id_nota}`, { titulo: 'Aniversario (editada)', contenido: 'Contenido nuevo' });
    expect(r.statusCode, r.body).toBe(200);
    const n = r.json() as Nota;
    expect(n).toMatchObject({
      titulo: 'Aniversario (editada)',
      contenido: 'Contenido nuevo',
      fecha_creacion: primera.fecha_creacion,
      version: 2,
    });
    expect(n.fecha_actualizacion).toBe('2027-03-01T16:06:00.000Z');
  });

  it('DELETE /notas/{id} la elimina; después responde 404', async () => {
    const r = await c.del(`${B}/notas/${segunda.id_nota}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id_nota: segunda.id_nota });
    const otra = await c.get(`${B}/notas/${segunda.id_nota}`);
    expect(otra.statusCode).toBe(404);
    expect(otra.json().msg).toBe('Nota no encontrada');
    expect((await c.del(`${B}/notas/${segunda.id_nota}`)).statusCode).toBe(404);
  });

  it('cada lectura y escritura deja su fila de auditoría, sin texto clínico', async () => {
    const filas = await auditoriaDe(t, pac.id_paciente);
    const acciones = filas.map((f) => `${f.accion} ${f.recurso}`);
    expect(acciones.filter((a) => a === 'crear nota')).toHaveLength(2);
    expect(acciones).toContain('modificar nota');
    expect(acciones).toContain('eliminar nota');
    expect(filas.filter((f) => f.accion === 'leer' && f.recurso === 'nota' && f.id_recurso === String(primera.id_nota))).toHaveLength(1);
    expect(filas.filter((f) => f.accion === 'leer' && f.recurso === 'nota' && f.id_recurso === null).length).toBeGreaterThanOrEqual(7);
    for (const f of filas) expect(f).toMatchObject({ actor_tipo: 'psicologo', actor_id: psi.id_psicologo, ip: '127.0.0.1' });
    const texto = JSON.stringify(filas).toLowerCase();
    for (const p of PALABRAS) expect(texto).not.toContain(p);
  });
});

describe('reglas (spec 1 §5): 400 con el mensaje de la especificación y nada escrito', () => {
  const casos: Array<[string, Record<string, unknown>, string]> = [
    ['sin título', { contenido: 'x' }, 'Por favor ingresa un título'],
    ['título en blanco', { titulo: '   ', contenido: 'x' }, 'Por favor ingresa un título'],
    ['sin contenido', { titulo: 'x' }, 'Por favor ingresa contenido para la nota'],
    ['contenido en blanco', { titulo: 'x', contenido: '\n  ' }, 'Por favor ingresa contenido para la nota'],
    ['título de 101', { titulo: 'a'.repeat(101), contenido: 'x' }, 'El título no puede superar 100 caracteres'],
    ['contenido de 1001', { titulo: 'x', contenido: 'b'.repeat(1001) }, 'El contenido no puede superar 1000 caracteres'],
    ['tipo desconocido', { titulo: 'x', contenido: 'y', tipo: 'secreta' }, 'El tipo de nota debe ser general o test'],
    ['sin paciente', { id_paciente: undefined, titulo: 'x', contenido: 'y' }, 'Selecciona un paciente válido'],
  ];
  for (const [nombre, cuerpo, msg] of casos) {
    it(`${nombre} → «${msg}»`, async () => {
      const antes = await contarFilas(t);
      const r = await crear(cuerpo);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().msg).toBe(msg);
      expect(await contarFilas(t)).toEqual(antes);
    });
  }

  it('los límites cuentan el texto recortado: 100 y 1000 caracteres se aceptan', async () => {
    const r = await crear({ titulo: ` ${'ñ'.repeat(100)} `, contenido: 'é'.repeat(1000) });
    expect(r.statusCode, r.body).toBe(201);
    const n = r.json() as Nota;
    expect(n.titulo).toHaveLength(100);
    expect((await c.put(`${B}/notas/${n.id_nota}`, { titulo: 'x', contenido: 'c'.repeat(1001) })).json().msg).toBe(
      'El contenido no puede superar 1000 caracteres',
    );
    expect((await c.put(`${B}/notas/${n.id_nota}`, { titulo: '', contenido: 'c' })).json().msg).toBe('Por favor ingresa un título');
    expect((await c.get(`${B}/notas/${n.id_nota}`)).json()).toMatchObject({ version: 1 });
  });
});

describe('notas de test', () => {
  let aplicacion: Aplicacion;
  beforeAll(async () => {
    const icg = await testPorNombre(c, 'IDC');
    aplicacion = (await aplicar(c, icg, pac.id_paciente, () => 2)).json();
  });

  it('con id_aplicacion el tipo queda fijo en test', async () => {
    const r = await crear({ titulo: 'IDC', contenido: 'Resultado bajo', tipo: 'general', id_aplicacion: aplicacion.id_aplicacion });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ tipo: 'test', id_aplicacion: aplicacion.id_aplicacion });
  });

  it('una aplicación de otro paciente → 400; de otro psicólogo o inexistente → 404; nada escrito', async () => {
    const antes = await contarFilas(t);
    const r = await c.post(`${B}/notas`, {
      id_paciente: otroPac.id_paciente,
      titulo: 'x',
      contenido: 'y',
      id_aplicacion: aplicacion.id_aplicacion,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('La aplicación de test no pertenece a este paciente');
    const r2 = await crear({ titulo: 'x', contenido: 'y', id_aplicacion: 999_999 });
    expect(r2.statusCode).toBe(404);
    expect(r2.json().msg).toBe('Aplicación de test no encontrada');
    expect(await contarFilas(t)).toEqual(antes);
  });
});

describe('otro psicólogo', () => {
  it('404 en cada ruta de notas y ninguna fila cambia', async () => {
    const n = (await crear({ titulo: TITULO, contenido: CONTENIDO })).json() as Nota;
    const antes = await huellaTablas(t);
    const respuestas = [
      await cOtro.get(`${B}/pacientes/${pac.id_paciente}/notas`),
      await cOtro.get(`${B}/notas/${n.id_nota}`),
      await cOtro.post(`${B}/notas`, { id_paciente: pac.id_paciente, titulo: 'x', contenido: 'y' }),
      await cOtro.put(`${B}/notas/${n.id_nota}`, { titulo: 'x', contenido: 'y' }),
      await cOtro.del(`${B}/notas/${n.id_nota}`),
    ];
    for (const r of respuestas) {
      expect(r.statusCode, r.body).toBe(404);
      expect(r.body).not.toContain('Remedios');
    }
    expect(await huellaTablas(t)).toEqual(antes);
  });
});

describe('cifrado en reposo', () => {
  it('una lectura de la base muestra solo texto cifrado; ninguna columna de texto contiene palabras de la nota', async () => {
    const n = (await crear({ titulo: TITULO, contenido: CONTENIDO })).json() as Nota;
    const [fila] = await filasSql<{ titulo: string; contenido: string }>(
      t,
      sql`select titulo, contenido from nota where id_nota = ${n.id_nota}`,
    );
    expect(fila.titulo).toMatch(/^e1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(fila.contenido).toMatch(/^e1\.k1\./);
    const columnas = await filasSql<{ table_schema: string; table_name: string; column_name: string }>(
      t,
      sql`select table_schema, table_name, column_name from information_schema.columns
           where table_schema not in ('pg_catalog', 'information_schema')
             and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`,
    );
    expect(columnas.map((x) => `${x.table_name}.${x.column_name}`)).toEqual(
      expect.arrayContaining(['nota.titulo', 'nota.contenido', 'respuesta_test.respuesta']),
    );
    const hallazgos: string[] = [];
    for (const col of columnas) {
      const tabla = sql`${sql.identifier(col.table_schema)}.${sql.identifier(col.table_name)}`;
      for (const p of PALABRAS) {
        const [f] = await filasSql<{ n: number }>(
          t,
          sql`select count(*)::int as n from ${tabla} where translate(lower(${sql.identifier(col.column_name)}::text), 'áéíóúüñ', 'aeiouun') like ${`%${p}%`}`,
        );
        if (Number(f.n) > 0) hallazgos.push(`${col.table_name}.${col.column_name}: ${p}`);
      }
    }
    expect(hallazgos).toEqual([]);
  });
});

describe('la auditoría falla cerrada', () => {
  it('sin fila de auditoría no se lee ni se escribe una nota', async () => {
    await t.db.execute(
      sql`create or replace function prueba_sin_auditoria() returns trigger language plpgsql as $$ begin raise exception 'auditoría caída'; end $$`,
    );
    await t.db.execute(
      sql`create trigger prueba_sin_auditoria before insert on auditoria for each row execute function prueba_sin_auditoria()`,
    );
    try {
      const antes = await contarFilas(t);
      const l = await c.get(`${B}/pacientes/${pac.id_paciente}/notas`);
      expect(l.statusCode).toBe(500);
      expect(l.body).not.toContain('Remedios');
      expect((await crear({ titulo: 'x', contenido: 'y' })).statusCode).toBe(500);
      expect(await contarFilas(t)).toEqual(antes);
    } finally {
      await t.db.execute(sql`drop trigger prueba_sin_auditoria on auditoria`);
    }
  });
});

describe('en vivo', () => {
  let s: SocketCliente;
  let sOtro: SocketCliente;
  beforeAll(async () => {
    await t.escuchar();
    s = conectar(t.url, sesionPsicologo(t.app, psi));
    sOtro = conectar(t.url, sesionPsicologo(t.app, otro));
    await Promise.all([esperarConexion(s), esperarConexion(sOtro)]);
  });
  afterAll(() => {
    s?.close();
    sOtro?.close();
  });

  it('crear, editar y eliminar llegan a la sala del psicólogo (otra pestaña), no a otro psicólogo', async () => {
    const ajenos: unknown[] = [];
    sOtro.on('expediente:nota', (p) => ajenos.push(p));
    const creada = esperarEvento<NotaEvento>(s, 'expediente:nota');
    const n = (await crear({ titulo: 'En vivo', contenido: 'Desde otra pestaña' })).json() as Nota;
    expect(await creada).toEqual({ tipo: 'creada', id_paciente: pac.id_paciente, nota: n });
    const editada = esperarEvento<NotaEvento>(s, 'expediente:nota');
    await c.put(`${B}/notas/${n.id_nota}`, { titulo: 'En vivo 2', contenido: 'Editada' });
    expect(await editada).toMatchObject({ tipo: 'actualizada', nota: { id_nota: n.id_nota, titulo: 'En vivo 2', version: 2 } });
    const eliminada = esperarEvento<NotaEvento>(s, 'expediente:nota');
    await c.del(`${B}/notas/${n.id_nota}`);
    expect(await eliminada).toMatchObject({ tipo: 'eliminada', nota: { id_nota: n.id_nota } });
    await sincronizar(sOtro);
    expect(ajenos).toEqual([]);
  });

  it('aplicar un test publica la aplicación y la bandera de riesgo del paciente', async () => {
    const icg = await testPorNombre(c, 'IDC');
    const evento = esperarEvento<{ id_paciente: number; riesgo_paciente: boolean; aplicacion: Aplicacion }>(s, 'expediente:aplicacion');
    t.reloj.avanzar(60 * 60_000);
    await aplicar(c, icg, pac.id_paciente, () => 5);
    expect(await evento).toMatchObject({
      id_paciente: pac.id_paciente,
      riesgo_paciente: true,
      aplicacion: { resultado: { puntaje_total: 76 } },
    });
  });
});

// Last: after it, the file's app (k1 only) no longer opens what the rotation re-encrypted.
describe('rotación de la llave', () => {
  it('un arranque con una llave nueva primero vuelve a cifrar notas y respuestas (también las de sí/no, decisión 335)', async () => {
    const n = (await crear({ titulo: TITULO, contenido: CONTENIDO })).json() as Nota;
    const tam = await testPorNombre(c, 'Tamizaje');
    const a = (await aplicar(c, tam, pac.id_paciente, (o) => (o === 9 ? 'Texto libre de la pérdida' : 'no'))).json() as Aplicacion;
    const llaves = [{ id: 'k2', material: randomBytes(32) }, ...t.config.llaves];
    const otra = await buildApp({ config: { ...t.config, llaves }, db: t.db, logger: false });
    try {
      await otra.ready();
      const [fila] = await filasSql<{ titulo: string; contenido: string }>(
        t,
        sql`select titulo, contenido from nota where id_nota = ${n.id_nota}`,
      );
      expect(fila.titulo).toMatch(/^e1\.k2\./);
      expect(fila.contenido).toMatch(/^e1\.k2\./);
      const respuestas = await filasSql<{ respuesta: string; tipo_respuesta: string }>(
        t,
        sql`select r.respuesta, q.tipo_respuesta from respuesta_test r join test_pregunta q using (id_pregunta) where r.id_aplicacion = ${a.id_aplicacion}`,
      );
      expect(respuestas.filter((r) => r.tipo_respuesta === 'texto').map((r) => r.respuesta.slice(0, 6))).toEqual(['e1.k2.']);
      expect(respuestas.filter((r) => r.tipo_respuesta === 'si_no').every((r) => r.respuesta.startsWith('e1.k2.'))).toBe(true);
      const leida = await otra.inject({
        method: 'GET',
        url: `${B}/notas/${n.id_nota}`,
        headers: {
          authorization: `Bearer ${otra.sesiones.firmarPsicologo({ id_psicologo: psi.id_psicologo, correo: psi.correo, nombre: psi.nombre, apellido: psi.apellidoPaterno, rol_admin: false, version: psi.versionSesion })}`,
        },
      });
      expect(leida.json()).toMatchObject({ titulo: TITULO, contenido: CONTENIDO });
    } finally {
      await otra.close();
    }
  }, 120_000);
});

describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
  it('crear, editar y eliminar una nota: la respuesta de cada uno y una sola nota guardada', async () => {
    const p = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const notasDe = () =>
      filasSql<{ id_nota: number; version: number }>(t, sql`select id_nota, version from nota where id_paciente = ${p.id_paciente}`);
    const r = await conAvisoCaido(t, () => c.post(`${B}/notas`, { id_paciente: p.id_paciente, titulo: 'Primera', contenido: 'Contenido' }));
    expect(r.statusCode, r.body).toBe(201);
    const n = r.json() as Nota;
    expect(await notasDe()).toEqual([{ id_nota: n.id_nota, version: 1 }]);
    const editada = await conAvisoCaido(t, () => c.put(`${B}/notas/${n.id_nota}`, { titulo: 'Primera (editada)', contenido: 'Otro' }));
    expect(editada.statusCode, editada.body).toBe(200);
    expect(editada.json()).toMatchObject({ id_nota: n.id_nota, titulo: 'Primera (editada)' });
    expect(await notasDe()).toEqual([{ id_nota: n.id_nota, version: 2 }]);
    const borrada = await conAvisoCaido(t, () => c.del(`${B}/notas/${n.id_nota}`));
    expect(borrada.statusCode, borrada.body).toBe(200);
    expect(borrada.json()).toEqual({ id_nota: n.id_nota, msg: 'Nota eliminada' });
    expect(await notasDe()).toEqual([]);
  });
});

describe('dos pestañas editan la misma nota (decisión 307)', () => {
  let p: Paciente;
  beforeAll(async () => {
    p = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
  });
  const nueva = async () =>
    (await c.post(`${B}/notas`, { id_paciente: p.id_paciente, titulo: 'Sesión 4', contenido: 'Habló del hermano.' })).json() as Nota;

  it('la segunda en guardar, abierta sobre la versión 1, recibe 409 con la nota actual y no borra la primera', async () => {
    const n = await nueva();
    // Tab A and tab B both opened the note at version 1; B saves first.
    const b = await c.put(`${B}/notas/${n.id_nota}`, { titulo: 'Sesión 4', contenido: 'Habló del hermano y del accidente.', version: 1 });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toMatchObject({ version: 2 });
    const modificacionesAntes = (await auditoriaDe(t, p.id_paciente)).filter((f) => f.accion === 'modificar').length;

    const a = await c.put(`${B}/notas/${n.id_nota}`, { titulo: 'Sesión 4 (A)', contenido: 'Texto de la pestaña A.', version: 1 });
    expect(a.statusCode, a.body).toBe(409);
    expect(a.json()).toEqual({
      code: 'NOTA_DESACTUALIZADA',
      msg: 'Esta nota se modificó en otra pestaña o en otro dispositivo mientras la editabas. No se guardaron tus cambios, para no borrar los otros: revisa la versión actual y vuelve a guardar.',
      nota: b.json(),
    });
    const guardada = (await c.get(`${B}/notas/${n.id_nota}`)).json() as Nota;
    expect(guardada).toMatchObject({ contenido: 'Habló del hermano y del accidente.', version: 2 });
    const filas = await auditoriaDe(t, p.id_paciente);
    expect(filas.filter((f) => f.accion === 'modificar')).toHaveLength(modificacionesAntes);

    // Having seen the current version, A saves over it on purpose.
    const otraVez = await c.put(`${B}/notas/${n.id_nota}`, { titulo: 'Sesión 4 (A)', contenido: 'Texto de la pestaña A.', version: 2 });
    expect(otraVez.statusCode, otraVez.body).toBe(200);
    expect(otraVez.json()).toMatchObject({ contenido: 'Texto de la pestaña A.', version: 3 });
  });

  it('dos guardados a la vez sobre la misma versión: uno 200, el otro 409', async () => {
    const n = await nueva();
    const [x, y] = await Promise.all([
      c.put(`${B}/notas/${n.id_nota}`, { titulo: 'X', contenido: 'Desde el portátil', version: 1 }),
      c.put(`${B}/notas/${n.id_nota}`, { titulo: 'Y', contenido: 'Desde el teléfono', version: 1 }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const ganadora = (x.statusCode === 200 ? x : y).json() as Nota;
    expect(((await c.get(`${B}/notas/${n.id_nota}`)).json() as Nota).contenido).toBe(ganadora.contenido);
  });

  it('sin version (otro cliente) se guarda como antes; una version inválida → 400 y nada cambia', async () => {
    const n = await nueva();
    const sin = await c.put(`${B}/notas/${n.id_nota}`, { titulo: 'Sin versión', contenido: 'Cliente antiguo' });
    expect(sin.statusCode, sin.body).toBe(200);
    const mala = await c.put(`${B}/notas/${n.id_nota}`, { titulo: 'Mala', contenido: 'x', version: 'dos' });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().msg).toBe('La versión de la nota no es válida');
    expect(((await c.get(`${B}/notas/${n.id_nota}`)).json() as Nota).titulo).toBe('Sin versión');
  });
});

describe('un reintento tras una respuesta perdida no guarda la nota dos veces (decisión 313)', () => {
  const ID = 'nota-0123456789abcdef';
  let p: Paciente;
  beforeAll(async () => {
    p = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
  });
  const cuerpo = (extra: Record<string, unknown> = {}) => ({
    id_paciente: p.id_paciente,
    titulo: 'Sesión 7',
    contenido: 'Habló de la carta a su padre.',
    ...extra,
  });
  const notasDe = async (idPaciente: number) =>
    filasSql<{ id_nota: number; id_cliente: string | null }>(
      t,
      sql`select id_nota, id_cliente from nota where id_paciente = ${idPaciente} order by id_nota`,
    );
  const creaciones = async (idPaciente: number) =>
    (await auditoriaDe(t, idPaciente)).filter((f) => f.accion === 'crear' && f.recurso === 'nota').length;

  it('el mismo id_cliente dos veces: una sola nota; la segunda responde 200 con la misma nota y sin otra fila de auditoría', async () => {
    const antes = (await notasDe(p.id_paciente)).length;
    const primera = await c.post(`${B}/notas`, cuerpo({ id_cliente: ID }));
    expect(primera.statusCode, primera.body).toBe(201);
    const n = primera.json() as Nota;
    expect(n).toMatchObject({ titulo: 'Sesión 7', contenido: 'Habló de la carta a su padre.' });
    t.reloj.avanzar(30_000);
    const otra = await c.post(`${B}/notas`, cuerpo({ id_cliente: ID }));
    expect(otra.statusCode, otra.body).toBe(200);
    expect(otra.json()).toEqual(n);
    const filas = await notasDe(p.id_paciente);
    expect(filas).toHaveLength(antes + 1);
    expect(filas.filter((f) => f.id_cliente === ID)).toEqual([{ id_nota: n.id_nota, id_cliente: ID }]);
    expect(await creaciones(p.id_paciente)).toBe(antes + 1);
  });

  it('dos peticiones a la vez con el mismo id_cliente: una sola nota, las dos responden la misma', async () => {
    const q = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const id = 'a-la-vez-0123456789';
    const r = await Promise.all(
      Array.from({ length: 4 }, () =>
        c.post(`${B}/notas`, { id_paciente: q.id_paciente, titulo: 'Doble clic', contenido: 'Una vez', id_cliente: id }),
      ),
    );
    for (const x of r) expect([200, 201], x.body).toContain(x.statusCode);
    expect(r.filter((x) => x.statusCode === 201)).toHaveLength(1);
    const ids = new Set(r.map((x) => (x.json() as Nota).id_nota));
    expect(ids.size).toBe(1);
    expect(await notasDe(q.id_paciente)).toEqual([{ id_nota: [...ids][0], id_cliente: id }]);
    expect(await creaciones(q.id_paciente)).toBe(1);
  });

  it('ids distintos: dos notas; sin id_cliente se guarda como antes (201 cada vez)', async () => {
    const q = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const x = await c.post(`${B}/notas`, { id_paciente: q.id_paciente, titulo: 'A', contenido: 'a', id_cliente: 'primero-abcdefgh' });
    const y = await c.post(`${B}/notas`, { id_paciente: q.id_paciente, titulo: 'A', contenido: 'a', id_cliente: 'segundo-abcdefgh' });
    expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
    expect(x.json().id_nota).not.toBe(y.json().id_nota);
    const sin1 = await c.post(`${B}/notas`, { id_paciente: q.id_paciente, titulo: 'B', contenido: 'b' });
    const sin2 = await c.post(`${B}/notas`, { id_paciente: q.id_paciente, titulo: 'B', contenido: 'b', id_cliente: null });
    expect([sin1.statusCode, sin2.statusCode]).toEqual([201, 201]);
    expect(sin1.json().id_nota).not.toBe(sin2.json().id_nota);
    expect((await notasDe(q.id_paciente)).map((f) => f.id_cliente)).toEqual(['primero-abcdefgh', 'segundo-abcdefgh', null, null]);
  });

  for (const [nombre, valor] of [
    ['demasiado corto', 'x'],
    ['de 65 caracteres', 'a'.repeat(65)],
    ['un número', 12345678],
    ['con caracteres fuera de A–Z, 0–9, - y _', 'nota con espacios'],
  ] as const) {
    it(`un id_cliente ${nombre} → 400 «El identificador de la petición no es válido» y nada escrito`, async () => {
      const antes = await contarFilas(t);
      const r = await c.post(`${B}/notas`, cuerpo({ id_cliente: valor }));
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().msg).toBe('El identificador de la petición no es válido');
      expect(await contarFilas(t)).toEqual(antes);
    });
  }

  const DISTINTO = {
    code: 'ID_CLIENTE_DISTINTO',
    msg: 'Esta petición ya se guardó con otro contenido. No se guardó nada: revisa lo guardado y vuelve a guardar.',
  };
  const notaGuardada = async (idNota: number) =>
    (
      await filasSql<{ version: number; tipo: string; id_aplicacion: number | null }>(
        t,
        sql`select version, tipo, id_aplicacion from nota where id_nota = ${idNota}`,
      )
    )[0];

  it('el mismo id_cliente con otro título, otro contenido, otro tipo u otra aplicación → 409 ID_CLIENTE_DISTINTO; la nota guardada sigue igual y nada se escribe', async () => {
    const q = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const tam = await testPorNombre(c, 'Tamizaje');
    const a = (await aplicar(c, tam, q.id_paciente, (o) => (o === 9 ? 'Texto libre' : 'no'))).json() as Aplicacion;
    const id = 'distinto-0123456789';
    const base = {
      id_paciente: q.id_paciente,
      titulo: 'Sesión 8',
      contenido: 'Primera versión del texto.',
      tipo: 'general',
      id_cliente: id,
    };
    const r0 = await c.post(`${B}/notas`, base);
    expect(r0.statusCode, r0.body).toBe(201);
    const n = r0.json() as Nota;
    for (const cambio of [
      { titulo: 'Sesión 8 (corregido)' },
      { contenido: 'Primera versión del texto, y lo que añadió después.' },
      { tipo: 'test' },
      { id_aplicacion: a.id_aplicacion },
    ]) {
      const antes = await huellaTablas(t);
      const r = await c.post(`${B}/notas`, { ...base, ...cambio });
      expect(r.statusCode, `${JSON.stringify(cambio)}: ${r.body}`).toBe(409);
      expect(r.json()).toEqual(DISTINTO);
      expect(r.body).not.toContain('Primera versión');
      expect(await huellaTablas(t)).toEqual(antes);
    }
    expect(await notasDe(q.id_paciente)).toEqual([{ id_nota: n.id_nota, id_cliente: id }]);
    expect(await notaGuardada(n.id_nota)).toEqual({ version: 1, tipo: 'general', id_aplicacion: null });
    expect(await creaciones(q.id_paciente)).toBe(1);
    const leida = (await c.get(`${B}/notas/${n.id_nota}`)).json() as Nota;
    expect(leida).toEqual(n);

    // The same note again, with the spaces the schema trims: the same content → 200 as before.
    const igual = await c.post(`${B}/notas`, { ...base, titulo: '  Sesión 8 ', contenido: 'Primera versión del texto.\n' });
    expect(igual.statusCode, igual.body).toBe(200);
    expect(igual.json()).toEqual(n);
  });

  it('una nota con aplicación, repetida igual → 200; con otra aplicación o sin ella → 409', async () => {
    const q = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const tam = await testPorNombre(c, 'Tamizaje');
    const a1 = (await aplicar(c, tam, q.id_paciente, (o) => (o === 9 ? 'Uno' : 'no'))).json() as Aplicacion;
    const a2 = (await aplicar(c, tam, q.id_paciente, (o) => (o === 9 ? 'Dos' : 'si'))).json() as Aplicacion;
    const id = 'con-aplicacion-0123';
    const base = {
      id_paciente: q.id_paciente,
      titulo: 'Sobre el tamizaje',
      contenido: 'Lo comentamos.',
      id_aplicacion: a1.id_aplicacion,
      id_cliente: id,
    };
    const n = (await c.post(`${B}/notas`, base)).json() as Nota;
    expect(n).toMatchObject({ tipo: 'test', id_aplicacion: a1.id_aplicacion });
    // The type is fixed to test with an application: 'general' sent beside it is the same note.
    const igual = await c.post(`${B}/notas`, { ...base, tipo: 'general' });
    expect(igual.statusCode, igual.body).toBe(200);
    expect(igual.json()).toEqual(n);
    for (const cambio of [{ id_aplicacion: a2.id_aplicacion }, { id_aplicacion: null, tipo: 'test' }]) {
      const r = await c.post(`${B}/notas`, { ...base, ...cambio });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toEqual(DISTINTO);
    }
    expect(await notasDe(q.id_paciente)).toEqual([{ id_nota: n.id_nota, id_cliente: id }]);
  });

  it('dos peticiones a la vez con el mismo id_cliente y distinto contenido: una nota, la otra 409 y su texto no se da por guardado', async () => {
    const q = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const id = 'carrera-distinta-0123';
    const [x, y] = await Promise.all([
      c.post(`${B}/notas`, { id_paciente: q.id_paciente, titulo: 'Versión X', contenido: 'Texto X', id_cliente: id }),
      c.post(`${B}/notas`, { id_paciente: q.id_paciente, titulo: 'Versión Y', contenido: 'Texto Y', id_cliente: id }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    const [ganadora, perdedora] = x.statusCode === 201 ? [x, y] : [y, x];
    expect(perdedora.json()).toEqual(DISTINTO);
    const n = ganadora.json() as Nota;
    expect(await notasDe(q.id_paciente)).toEqual([{ id_nota: n.id_nota, id_cliente: id }]);
    expect(await creaciones(q.id_paciente)).toBe(1);
  });

  it('otro psicólogo con el mismo id_cliente: 404 sin el paciente; con el paciente reasignado, 409 y nada escrito ni revelado', async () => {
    const q = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const id = 'ajeno-0123456789';
    const n = (
      await c.post(`${B}/notas`, { id_paciente: q.id_paciente, titulo: TITULO, contenido: CONTENIDO, id_cliente: id })
    ).json() as Nota;
    let antes = await huellaTablas(t);
    const sinPaciente = await cOtro.post(`${B}/notas`, { id_paciente: q.id_paciente, titulo: 'x', contenido: 'y', id_cliente: id });
    expect(sinPaciente.statusCode, sinPaciente.body).toBe(404);
    expect(sinPaciente.json().msg).toBe('Paciente no encontrado');
    expect(await huellaTablas(t)).toEqual(antes);

    await t.db.execute(sql`update paciente set id_psicologo = ${otro.id_psicologo} where id_paciente = ${q.id_paciente}`);
    antes = await huellaTablas(t);
    const r = await cOtro.post(`${B}/notas`, { id_paciente: q.id_paciente, titulo: 'Otra', contenido: 'Otro texto', id_cliente: id });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toEqual({
      code: 'ID_CLIENTE_AJENO',
      msg: 'Otro psicólogo ya guardó un registro de este paciente con este identificador de petición. No se guardó nada: vuelve a abrir el formulario y guarda de nuevo.',
    });
    expect(r.body).not.toContain('Remedios');
    expect(r.body).not.toContain(String(n.id_nota));
    expect(await huellaTablas(t)).toEqual(antes);
    expect(await notasDe(q.id_paciente)).toEqual([{ id_nota: n.id_nota, id_cliente: id }]);
  });
});
