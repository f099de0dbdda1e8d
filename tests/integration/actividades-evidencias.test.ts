// Evidence and the patient's side (/api/paciente): uploads streamed to storage with their type read
// from the content, files served only to whom may see them with safe headers and an audit row, the
// patient's visibility switch followed by every psychologist view (list, counts, file, modules),
// and the failures: too large, wrong type behind a valid name, SVG/HTML, path-like names, aborted.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { almacenEnDisco } from '@miduelo/server/modules/actividades/almacen';
import { MSG_ACTIVIDADES } from '@miduelo/shared/actividades';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { archivosGuardados, asignarA, llamar, PNG, type Parte, subir, usarAppDeActividades } from '../helpers/actividades';
import { crearPractica } from '../helpers/agenda';
import { conAvisoCaido } from '../helpers/aviso';
import { conectar, esperarConexion, esperarEvento } from '../helpers/socket';
import { huellaTablas } from '../helpers/sondeo';

const c = usarAppDeActividades({ escuchar: true });
const P = '/api/psicologo';
const A = '/api/paciente';
const psi = () => llamar(c.t, c.p.token);
const pac = () => llamar(c.t, c.p.tokensPacientes[0]);

async function filas<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  const r = await c.t.db.execute(q);
  return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
}
const contarEvidencias = async () => (await filas<{ n: number }>(sql`select count(*)::int as n from evidencia`))[0].n;

function error(r: { statusCode: number; json(): unknown }, status: number, msg: string) {
  expect(r.statusCode, JSON.stringify(r.json())).toBe(status);
  expect(r.json()).toMatchObject({ msg, mensaje: msg });
}

async function subirImagen(idAsignacion: number, o: { visible?: boolean; comentario?: string; nombre?: string } = {}) {
  const r = await subir(c.t, c.p.tokensPacientes[0], `${A}/actividades/${idAsignacion}/evidencias`, [
    ...(o.comentario ? [{ campo: 'comentario', valor: o.comentario }] : []),
    ...(o.visible !== undefined ? [{ campo: 'visible_para_psicologo', valor: String(o.visible) }] : []),
    { campo: 'archivo', archivo: PNG, nombre: o.nombre ?? 'dibujo.png', tipo: 'image/png' },
  ]);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id_evidencia: number; archivo_url: string; tipo_archivo: string };
}

describe('lado del paciente', () => {
  it('ve sus módulos y actividades con instrucciones, fecha límite y prioridad', async () => {
    await asignarA(c.t, c.p, { prioridad: 'alta', instrucciones_personalizadas: 'Solo diez minutos' });
    const acts = (await pac().get(`${A}/actividades`)).json() as Array<Record<string, unknown>>;
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ prioridad: 'alta', fecha_limite: '2027-03-10', instrucciones_personalizadas: 'Solo diez minutos' });
    const mods = (await pac().get(`${A}/modulos`)).json() as Array<{ actividades_en_proceso: number }>;
    expect(mods).toHaveLength(5);
    expect(mods[0].actividades_en_proceso).toBe(1);
    // Another patient's activity reads as absent.
    const otro = llamar(c.t, c.p.tokensPacientes[1]);
    error(await otro.get(`${A}/actividades/${acts[0].id_asignacion}`), 404, MSG_ACTIVIDADES.asignacionNoEncontrada);
    expect((await otro.get(`${A}/actividades`)).json()).toEqual([]);
  });

  it('inicia por su cuenta una actividad de módulo (una sola vez en proceso) y la finaliza', async () => {
    const mods = (await pac().get(`${A}/modulos`)).json() as Array<{ actividades: Array<{ id_actividad: number }> }>;
    const id = mods[2].actividades[1].id_actividad;
    const r = await pac().post(`${A}/modulos/actividades/${id}/iniciar`, {});
    expect(r.statusCode, r.body).toBe(201);
    const a = r.json() as { id_asignacion: number; estado: string };
    expect(a.estado).toBe('en_proceso');
    error(await pac().post(`${A}/modulos/actividades/${id}/iniciar`, {}), 409, MSG_ACTIVIDADES.yaIniciada);
    const fin = await pac().patch(`${A}/actividades/${a.id_asignacion}`, { estado: 'finalizada' });
    expect(fin.json()).toMatchObject({ estado: 'finalizada', fecha_completada: expect.any(String) });
    // The psychologist's file shows it in the module.
    const vistos = (await psi().get(`${P}/pacientes/${c.p.pacientes[0].id_paciente}/modulos`)).json() as Array<{
      progreso: number;
      actividades: Array<{ estado: string }>;
    }>;
    expect(vistos[2]).toMatchObject({ progreso: 25 });
    expect(vistos[2].actividades[1].estado).toBe('finalizada');
  });

  it('una plantilla personalizada no se inicia desde la app (409)', async () => {
    const propia = (await psi().post(`${P}/actividades`, { titulo: 'Propia', tipo: 'Otro' })).json() as { id_actividad: number };
    error(await pac().post(`${A}/modulos/actividades/${propia.id_actividad}/iniciar`, {}), 409, MSG_ACTIVIDADES.soloModulo);
  });
});

describe('subir y ver evidencia', () => {
  it('visible: el psicólogo la lista y abre el archivo con cabeceras seguras y auditoría', async () => {
    const [a] = await asignarA(c.t, c.p);
    const ev = await subirImagen(a.id_asignacion, { visible: true, comentario: 'Mi dibujo del jardín' });
    expect(ev).toMatchObject({ tipo_archivo: 'imagen', archivo_url: `${A}/evidencias/${ev.id_evidencia}/archivo` });
    const lista = (await psi().get(`${P}/actividades/asignadas/${a.id_asignacion}/evidencias`)).json() as Array<Record<string, unknown>>;
    expect(lista).toEqual([
      expect.objectContaining({
        id_evidencia: ev.id_evidencia,
        comentario: 'Mi dibujo del jardín',
        archivo_url: `${P}/evidencias/${ev.id_evidencia}/archivo`,
        mime: 'image/png',
        nombre_archivo: 'dibujo.png',
      }),
    ]);
    const f = await psi().get(`${P}/evidencias/${ev.id_evidencia}/archivo`);
    expect(f.statusCode).toBe(200);
    expect(f.headers['content-type']).toBe('image/png');
    expect(f.headers['x-content-type-options']).toBe('nosniff');
    expect(f.headers['content-disposition']).toMatch(/^inline; filename="dibujo.png"/);
    expect(f.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.compare(f.rawPayload, PNG)).toBe(0);
    const d = await psi().get(`${P}/evidencias/${ev.id_evidencia}/archivo?descargar=1`);
    expect(d.headers['content-disposition']).toMatch(/^attachment;/);
    const audit = await filas<{ accion: string; actor_tipo: string; id_paciente: number }>(
      sql`select accion, actor_tipo, id_paciente from auditoria where recurso = 'evidencia' and id_recurso = ${String(ev.id_evidencia)} order by id_auditoria`,
    );
    expect(audit.map((x) => x.accion)).toEqual(['crear', 'leer', 'descargar']);
    expect(audit.slice(1).every((x) => x.actor_tipo === 'psicologo' && x.id_paciente === c.p.pacientes[0].id_paciente)).toBe(true);
    // The comment is stored encrypted.
    const crudo = await filas<{ comentario: string }>(sql`select comentario from evidencia where id_evidencia = ${ev.id_evidencia}`);
    expect(crudo[0].comentario).not.toContain('jardín');
  });

  it('privada (por defecto): nunca se sirve, lista ni cuenta al psicólogo; el paciente sí la ve', async () => {
    const [a] = await asignarA(c.t, c.p);
    const ev = await subirImagen(a.id_asignacion);
    const base = `${P}/actividades/asignadas/${a.id_asignacion}`;
    expect((await psi().get(`${base}/evidencias`)).json()).toEqual([]);
    error(await psi().get(`${P}/evidencias/${ev.id_evidencia}/archivo`), 404, MSG_ACTIVIDADES.evidenciaNoEncontrada);
    const lista = (await psi().get(`${P}/paciente/${c.p.pacientes[0].id_paciente}/actividades`)).json() as Array<Record<string, unknown>>;
    expect(lista[0]).toMatchObject({ visible_para_psicologo: false, evidencias: [], total_evidencias: 0 });
    expect((await psi().get(`${P}/paciente/${c.p.pacientes[0].id_paciente}/actividades/estadisticas`)).json()).toMatchObject({
      conEvidencia: 0,
    });
    const mods = (await psi().get(`${P}/pacientes/${c.p.pacientes[0].id_paciente}/modulos`)).json() as Array<{
      actividades: Array<{ evidencias: unknown[] }>;
    }>;
    expect(mods[0].actividades[0].evidencias).toEqual([]);
    expect((await psi().get(`${P}/pacientes/${c.p.pacientes[0].id_paciente}/modulos`)).body).not.toContain(String(ev.archivo_url));
    // The patient's own view and file.
    expect(((await pac().get(`${A}/actividades/${a.id_asignacion}/evidencias`)).json() as unknown[]).length).toBe(1);
    expect((await pac().get(`${A}/evidencias/${ev.id_evidencia}/archivo`)).statusCode).toBe(200);
    // Another patient never.
    error(
      await llamar(c.t, c.p.tokensPacientes[1]).get(`${A}/evidencias/${ev.id_evidencia}/archivo`),
      404,
      MSG_ACTIVIDADES.evidenciaNoEncontrada,
    );
    // The switch opens it; closing it again hides it.
    const abierto = await pac().put(`${A}/actividades/${a.id_asignacion}/visibilidad`, { visible_para_psicologo: true });
    expect(abierto.json()).toMatchObject({ visible_para_psicologo: true });
    expect(((await psi().get(`${base}/evidencias`)).json() as unknown[]).length).toBe(1);
    expect((await psi().get(`${P}/paciente/${c.p.pacientes[0].id_paciente}/actividades/estadisticas`)).json()).toMatchObject({
      conEvidencia: 1,
    });
    await pac().put(`${A}/actividades/${a.id_asignacion}/visibilidad`, { visible_para_psicologo: false });
    expect((await psi().get(`${base}/evidencias`)).json()).toEqual([]);
    error(await pac().put(`${A}/actividades/${a.id_asignacion}/visibilidad`, {}), 400, MSG_ACTIVIDADES.visibilidadRequerida);
  });

  it('ocultada o borrada después de verla: el archivo ya no se sirve al psicólogo (404) ni se audita su lectura', async () => {
    const [a] = await asignarA(c.t, c.p);
    const oculta = await subirImagen(a.id_asignacion, { visible: true });
    const archivo = `${P}/evidencias/${oculta.id_evidencia}/archivo`;
    expect((await psi().get(archivo)).statusCode).toBe(200);
    await pac().put(`${A}/actividades/${a.id_asignacion}/visibilidad`, { visible_para_psicologo: false });
    error(await psi().get(archivo), 404, MSG_ACTIVIDADES.evidenciaNoEncontrada);
    error(await psi().get(`${archivo}?descargar=1`), 404, MSG_ACTIVIDADES.evidenciaNoEncontrada);
    const lecturas = await filas<{ accion: string }>(
      sql`select accion from auditoria where recurso = 'evidencia' and id_recurso = ${String(oculta.id_evidencia)} order by id_auditoria`,
    );
    expect(lecturas.map((x) => x.accion)).toEqual(['crear', 'leer']);

    // Shared again, then deleted: gone for good.
    await pac().put(`${A}/actividades/${a.id_asignacion}/visibilidad`, { visible_para_psicologo: true });
    expect((await psi().get(archivo)).statusCode).toBe(200);
    expect((await pac().del(`${A}/evidencias/${oculta.id_evidencia}`)).statusCode).toBe(200);
    error(await psi().get(archivo), 404, MSG_ACTIVIDADES.evidenciaNoEncontrada);
  });

  it('el psicólogo de otro paciente no ve la evidencia aunque sea visible', async () => {
    const [a] = await asignarA(c.t, c.p);
    const ev = await subirImagen(a.id_asignacion, { visible: true });
    const otro = llamar(c.t, (await crearPractica(c.t, 1)).token);
    error(await otro.get(`${P}/evidencias/${ev.id_evidencia}/archivo`), 404, MSG_ACTIVIDADES.evidenciaNoEncontrada);
  });

  it('enlaces externos: el tipo sale del enlace; archivo y enlace a la vez o ninguno → 400', async () => {
    const [a] = await asignarA(c.t, c.p);
    const u = `${A}/actividades/${a.id_asignacion}/evidencias`;
    const r = await subir(c.t, c.p.tokensPacientes[0], u, [{ campo: 'url', valor: 'https://youtu.be/dQw4w9WgXcQ' }]);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ tipo_archivo: 'video', es_archivo: false, archivo_url: 'https://youtu.be/dQw4w9WgXcQ' });
    error(
      await subir(c.t, c.p.tokensPacientes[0], u, [{ campo: 'comentario', valor: 'hola' }]),
      400,
      MSG_ACTIVIDADES.evidenciaSinContenido,
    );
    error(
      await subir(c.t, c.p.tokensPacientes[0], u, [
        { campo: 'url', valor: 'https://ejemplo.com/a.pdf' },
        { campo: 'archivo', archivo: PNG, nombre: 'a.png' },
      ]),
      400,
      MSG_ACTIVIDADES.evidenciaArchivoYEnlace,
    );
    error(
      await subir(c.t, c.p.tokensPacientes[0], u, [{ campo: 'url', valor: 'javascript:alert(1)' }]),
      400,
      MSG_ACTIVIDADES.enlaceInvalido,
    );
  });

  it('el psicólogo también puede adjuntar un archivo a la actividad; no cambia el interruptor del paciente', async () => {
    const [a] = await asignarA(c.t, c.p);
    const r = await subir(c.t, c.p.token, `${P}/actividades/asignadas/${a.id_asignacion}/evidencia`, [
      { campo: 'archivo', archivo: PNG, nombre: 'guia.png' },
      { campo: 'visible_para_psicologo', valor: 'false' },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ subida_por: 'psicologo' });
    const lista = (await psi().get(`${P}/paciente/${c.p.pacientes[0].id_paciente}/actividades`)).json() as Array<Record<string, unknown>>;
    expect(lista[0]).toMatchObject({ visible_para_psicologo: false, total_evidencias: 1 });
  });
});

describe('reintento de una subida con id_cliente (decisión 313)', () => {
  const imagen = { campo: 'archivo', archivo: PNG, nombre: 'dibujo.png', tipo: 'image/png' } as const;
  const urlPac = (id: number) => `${A}/actividades/${id}/evidencias`;
  const estado = async () => ({ filas: await contarEvidencias(), archivos: archivosGuardados(c.dataDir).length });

  it.each([
    ['antes', 'antes del archivo'],
    ['despues', 'después del archivo'],
  ])('paciente, id %s: un envío repetido deja una fila y un archivo; el reintento responde 200 con la misma evidencia', async (donde) => {
    const [a] = await asignarA(c.t, c.p);
    const id = { campo: 'id_cliente', valor: `ev-${donde}-${a.id_asignacion}-abc` };
    const partes =
      donde === 'antes'
        ? [{ campo: 'comentario', valor: 'Mi dibujo' }, id, imagen]
        : [{ campo: 'comentario', valor: 'Mi dibujo' }, imagen, id];
    const antes = await estado();
    const r1 = await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), partes);
    expect(r1.statusCode, r1.body).toBe(201);
    expect(await estado()).toEqual({ filas: antes.filas + 1, archivos: antes.archivos + 1 });
    const huella = await huellaTablas(c.t);
    const archivos = archivosGuardados(c.dataDir);
    const r2 = await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), partes);
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json()).toEqual(r1.json());
    expect(await huellaTablas(c.t)).toEqual(huella);
    expect(archivosGuardados(c.dataDir)).toEqual(archivos);
    // The stored file is still the evidence's.
    const f = await pac().get((r1.json() as { archivo_url: string }).archivo_url);
    expect(f.statusCode).toBe(200);
    expect(f.rawPayload.equals(PNG)).toBe(true);
  });

  it('psicólogo: el mismo id dos veces, una evidencia; el mismo id del paciente en la misma actividad es otra subida suya', async () => {
    const [a] = await asignarA(c.t, c.p);
    const id = { campo: 'id_cliente', valor: `ev-psi-${a.id_asignacion}-abcd` };
    const delPaciente = await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), [
      { campo: 'comentario', valor: 'Secreto' },
      id,
      imagen,
    ]);
    expect(delPaciente.statusCode).toBe(201);
    const antes = await estado();
    const url = `${P}/actividades/asignadas/${a.id_asignacion}/evidencia`;
    const r1 = await subir(c.t, c.p.token, url, [id, { campo: 'archivo', archivo: PNG, nombre: 'guia.png' }]);
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json()).toMatchObject({ subida_por: 'psicologo', comentario: null });
    expect(r1.body).not.toContain('Secreto');
    const r2 = await subir(c.t, c.p.token, url, [{ campo: 'archivo', archivo: PNG, nombre: 'guia.png' }, id]);
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json()).toEqual(r1.json());
    expect(await estado()).toEqual({ filas: antes.filas + 1, archivos: antes.archivos + 1 });
  });

  it('dos subidas simultáneas con el mismo id: una fila y un archivo, una 201 y otra 200 con la misma evidencia', async () => {
    const [a] = await asignarA(c.t, c.p);
    const partes = [imagen, { campo: 'id_cliente', valor: `ev-conc-${a.id_asignacion}-abc` }];
    const antes = await estado();
    const [r1, r2] = await Promise.all([
      subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), partes),
      subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), partes),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 201]);
    expect(r1.json()).toEqual(r2.json());
    expect(await estado()).toEqual({ filas: antes.filas + 1, archivos: antes.archivos + 1 });
  });

  it('un enlace con el mismo id dos veces: una fila', async () => {
    const [a] = await asignarA(c.t, c.p);
    const partes = [
      { campo: 'url', valor: 'https://www.youtube.com/watch?v=abc' },
      { campo: 'id_cliente', valor: `ev-enlace-${a.id_asignacion}` },
    ];
    const antes = await contarEvidencias();
    expect((await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), partes)).statusCode).toBe(201);
    expect((await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), partes)).statusCode).toBe(200);
    expect(await contarEvidencias()).toBe(antes + 1);
  });

  it('sin id_cliente cada envío es una evidencia, como antes', async () => {
    const [a] = await asignarA(c.t, c.p);
    const antes = await estado();
    expect((await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), [imagen])).statusCode).toBe(201);
    expect((await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), [imagen])).statusCode).toBe(201);
    expect(await estado()).toEqual({ filas: antes.filas + 2, archivos: antes.archivos + 2 });
  });

  it.each([
    ['x', 'antes'],
    ['a'.repeat(65), 'despues'],
    ['12 34 56 78', 'antes'],
    ['', 'despues'],
  ])('id_cliente %j (%s del archivo) → 400, sin fila ni archivo', async (valor, donde) => {
    const [a] = await asignarA(c.t, c.p);
    const id = { campo: 'id_cliente', valor };
    const antes = { huella: await huellaTablas(c.t), archivos: archivosGuardados(c.dataDir) };
    error(
      await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), donde === 'antes' ? [id, imagen] : [imagen, id]),
      400,
      MSG_ACTIVIDADES.idClienteInvalido,
    );
    expect(await huellaTablas(c.t)).toEqual(antes.huella);
    expect(archivosGuardados(c.dataDir)).toEqual(antes.archivos);
  });

  // Stripe's rule: the same id with other content is not a retry. The first answer was lost and the
  // patient changed the form: answering the first evidence would lose the change without a word. A
  // file is compared by name and size (no hash of its content is stored).
  const otraImagen = { ...imagen, archivo: Buffer.concat([PNG, Buffer.alloc(16)]) };
  const cambiosArchivo: Array<[string, Parte[]]> = [
    ['otro comentario', [{ campo: 'comentario', valor: 'Mi dibujo de la playa' }, imagen]],
    ['sin comentario', [imagen]],
    [
      'otro nombre de archivo',
      [
        { campo: 'comentario', valor: 'Mi dibujo' },
        { ...imagen, nombre: 'otro.png' },
      ],
    ],
    ['otro tamaño', [{ campo: 'comentario', valor: 'Mi dibujo' }, otraImagen]],
    [
      'un enlace en lugar del archivo',
      [
        { campo: 'comentario', valor: 'Mi dibujo' },
        { campo: 'url', valor: 'https://example.com/dibujo' },
      ],
    ],
  ];
  for (const donde of ['antes', 'despues'] as const)
    it.each(cambiosArchivo)(
      `archivo, id ${donde}: el mismo id con %s → 409 ID_CLIENTE_DISTINTO, sin fila ni archivo nuevos`,
      async (nombre, cambio) => {
        const [a] = await asignarA(c.t, c.p);
        const id = { campo: 'id_cliente', valor: `ev-dist-${donde}-${a.id_asignacion}` };
        const conId = (ps: Parte[]) => (donde === 'antes' ? [id, ...ps] : [...ps, id]);
        const primera = [{ campo: 'comentario', valor: 'Mi dibujo' }, imagen];
        const r1 = await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), conId(primera));
        expect(r1.statusCode, r1.body).toBe(201);
        const antes = { huella: await huellaTablas(c.t), archivos: archivosGuardados(c.dataDir) };
        const r = await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), conId(cambio));
        expect(r.statusCode, `${nombre}: ${r.body}`).toBe(409);
        expect(r.json()).toMatchObject({ code: 'ID_CLIENTE_DISTINTO' });
        error(r, 409, MSG_ACTIVIDADES.idClienteDistinto);
        expect(await huellaTablas(c.t)).toEqual(antes.huella);
        // The refused retry's file, stored when the id came after it, is removed: no orphan.
        expect(archivosGuardados(c.dataDir)).toEqual(antes.archivos);
        const r2 = await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), conId(primera));
        expect(r2.statusCode, r2.body).toBe(200);
        expect(r2.json()).toEqual(r1.json());
        expect(archivosGuardados(c.dataDir)).toEqual(antes.archivos);
      },
    );

  it.each([
    [
      'otro enlace',
      [
        { campo: 'url', valor: 'https://www.youtube.com/watch?v=xyz' },
        { campo: 'comentario', valor: 'Mi canción' },
      ],
    ],
    [
      'otro comentario',
      [
        { campo: 'url', valor: 'https://www.youtube.com/watch?v=abc' },
        { campo: 'comentario', valor: 'La canción' },
      ],
    ],
    ['un archivo en lugar del enlace', [{ campo: 'comentario', valor: 'Mi canción' }, imagen]],
  ] as Array<[string, Parte[]]>)('enlace: el mismo id con %s → 409 ID_CLIENTE_DISTINTO, nada escrito', async (_n, cambio) => {
    const [a] = await asignarA(c.t, c.p);
    const id = { campo: 'id_cliente', valor: `ev-enlace-dist-${a.id_asignacion}` };
    const primera = [id, { campo: 'url', valor: 'https://www.youtube.com/watch?v=abc' }, { campo: 'comentario', valor: 'Mi canción' }];
    expect((await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), primera)).statusCode).toBe(201);
    const antes = { huella: await huellaTablas(c.t), archivos: archivosGuardados(c.dataDir) };
    error(await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), [id, ...cambio]), 409, MSG_ACTIVIDADES.idClienteDistinto);
    expect(await huellaTablas(c.t)).toEqual(antes.huella);
    expect(archivosGuardados(c.dataDir)).toEqual(antes.archivos);
    // The link as the schema trims it is the same link.
    const igual = [id, { campo: 'url', valor: '  https://www.youtube.com/watch?v=abc ' }, { campo: 'comentario', valor: 'Mi canción' }];
    expect((await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), igual)).statusCode).toBe(200);
  });

  it('psicólogo: el mismo id con otro archivo → 409, sin fila ni archivo nuevos', async () => {
    const [a] = await asignarA(c.t, c.p);
    const id = { campo: 'id_cliente', valor: `ev-psi-dist-${a.id_asignacion}` };
    const url = `${P}/actividades/asignadas/${a.id_asignacion}/evidencia`;
    expect((await subir(c.t, c.p.token, url, [{ campo: 'archivo', archivo: PNG, nombre: 'guia.png' }, id])).statusCode).toBe(201);
    const antes = { huella: await huellaTablas(c.t), archivos: archivosGuardados(c.dataDir) };
    error(
      await subir(c.t, c.p.token, url, [{ campo: 'archivo', archivo: PNG, nombre: 'guia-2.png' }, id]),
      409,
      MSG_ACTIVIDADES.idClienteDistinto,
    );
    expect(await huellaTablas(c.t)).toEqual(antes.huella);
    expect(archivosGuardados(c.dataDir)).toEqual(antes.archivos);
  });

  it('otro paciente con el id de una subida ajena: 404 (la actividad no es suya), nada escrito', async () => {
    const [a] = await asignarA(c.t, c.p);
    const id = { campo: 'id_cliente', valor: `ev-ajena-${a.id_asignacion}` };
    expect((await subir(c.t, c.p.tokensPacientes[0], urlPac(a.id_asignacion), [id, imagen])).statusCode).toBe(201);
    const antes = { huella: await huellaTablas(c.t), archivos: archivosGuardados(c.dataDir) };
    const r = await subir(c.t, c.p.tokensPacientes[1], urlPac(a.id_asignacion), [id, imagen]);
    error(r, 404, MSG_ACTIVIDADES.asignacionNoEncontrada);
    expect(await huellaTablas(c.t)).toEqual(antes.huella);
    expect(archivosGuardados(c.dataDir)).toEqual(antes.archivos);
  });
});

describe('los formatos de audio y video que la especificación nombra', () => {
  // Headers as the recorders write them, padded to the 4 KB the server reads to decide the type.
  const relleno = (...partes: (string | number[])[]) => {
    const b = Buffer.concat(partes.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
    return Buffer.concat([b, Buffer.alloc(4100 - b.length)]);
  };
  const u32le = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24];
  const casos = [
    // A voice note: Ogg with Opus inside, as Android recorders, WhatsApp and Firefox make them.
    {
      nombre: 'nota-de-voz.ogg',
      archivo: relleno('OggS', [0, 2], Array(20).fill(0), [1, 19], 'OpusHead'),
      tipo: 'audio',
      mime: 'audio/ogg; codecs=opus',
    },
    { nombre: 'cancion.ogg', archivo: relleno('OggS', [0, 2], Array(20).fill(0), [1, 30, 1], 'vorbis'), tipo: 'audio', mime: 'audio/ogg' },
    { nombre: 'video-de-la-camara.avi', archivo: relleno('RIFF', u32le(4000), 'AVI LIST'), tipo: 'video', mime: 'video/vnd.avi' },
  ];
  for (const caso of casos) {
    it(`${caso.nombre} (${caso.mime}) → 201, tipo ${caso.tipo}, servido con su tipo`, async () => {
      const [a] = await asignarA(c.t, c.p);
      const r = await subir(c.t, c.p.tokensPacientes[0], `${A}/actividades/${a.id_asignacion}/evidencias`, [
        { campo: 'visible_para_psicologo', valor: 'true' },
        { campo: 'archivo', archivo: caso.archivo, nombre: caso.nombre, tipo: 'application/octet-stream' },
      ]);
      expect(r.statusCode, r.body).toBe(201);
      const ev = r.json() as { id_evidencia: number; tipo_archivo: string };
      expect(ev.tipo_archivo).toBe(caso.tipo);
      const f = await psi().get(`${P}/evidencias/${ev.id_evidencia}/archivo`);
      expect(f.statusCode).toBe(200);
      expect(f.headers['content-type']).toBe(caso.mime);
      expect(f.headers['content-disposition']).toMatch(new RegExp(`^inline; filename="${caso.nombre}"`));
      expect(Buffer.compare(f.rawPayload, caso.archivo)).toBe(0);
    });
  }
});

describe('subidas rechazadas: respuesta en español, sin archivo y sin fila', () => {
  async function rechazada(partes: Parameters<typeof subir>[3], status: number, msg: string, token = c.p.tokensPacientes[0]) {
    const [a] = await asignarA(c.t, c.p);
    const antes = { filas: await contarEvidencias(), archivos: archivosGuardados(c.dataDir) };
    error(await subir(c.t, token, `${A}/actividades/${a.id_asignacion}/evidencias`, partes), status, msg);
    expect(await contarEvidencias()).toBe(antes.filas);
    expect(archivosGuardados(c.dataDir)).toEqual(antes.archivos);
  }

  it('más de 25 MB → 413', async () => {
    const grande = Buffer.concat([PNG, Buffer.alloc(25 * 1024 * 1024)]);
    await rechazada(
      [{ campo: 'archivo', archivo: grande, nombre: 'enorme.png', tipo: 'image/png' }],
      413,
      MSG_ACTIVIDADES.evidenciaDemasiadoGrande(25),
    );
  });

  it('texto con nombre y tipo de imagen → 415 (el tipo se lee del contenido)', async () => {
    await rechazada(
      [{ campo: 'archivo', archivo: Buffer.from('esto no es una imagen '.repeat(300)), nombre: 'foto.png', tipo: 'image/png' }],
      415,
      MSG_ACTIVIDADES.evidenciaTipoNoPermitido,
    );
  });

  it('SVG con script → 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    await rechazada(
      [{ campo: 'archivo', archivo: svg, nombre: 'dibujo.svg', tipo: 'image/svg+xml' }],
      415,
      MSG_ACTIVIDADES.evidenciaTipoNoPermitido,
    );
  });

  it('HTML → 415', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/psicologo/lista-pacientes")</script></body></html>');
    await rechazada(
      [{ campo: 'archivo', archivo: html, nombre: 'carta.pdf', tipo: 'application/pdf' }],
      415,
      MSG_ACTIVIDADES.evidenciaTipoNoPermitido,
    );
  });

  it('archivo vacío → 400', async () => {
    await rechazada([{ campo: 'archivo', archivo: Buffer.alloc(0), nombre: 'vacio.png' }], 400, MSG_ACTIVIDADES.evidenciaVacia);
  });

  it('dos archivos → 413', async () => {
    await rechazada(
      [
        { campo: 'archivo', archivo: PNG, nombre: 'a.png' },
        { campo: 'archivo2', archivo: PNG, nombre: 'b.png' },
      ],
      413,
      MSG_ACTIVIDADES.evidenciaDemasiados,
    );
  });

  it('JSON en lugar de multipart → 415', async () => {
    const [a] = await asignarA(c.t, c.p);
    error(
      await pac().post(`${A}/actividades/${a.id_asignacion}/evidencias`, { url: 'https://ejemplo.com' }),
      415,
      MSG_ACTIVIDADES.multipartRequerido,
    );
  });

  it('la actividad de otro paciente → 404 y nada escrito', async () => {
    const [a] = await asignarA(c.t, c.p);
    const antes = await huellaTablas(c.t);
    const r = await subir(c.t, c.p.tokensPacientes[1], `${A}/actividades/${a.id_asignacion}/evidencias`, [
      { campo: 'archivo', archivo: PNG, nombre: 'x.png' },
    ]);
    error(r, 404, MSG_ACTIVIDADES.asignacionNoEncontrada);
    expect(await huellaTablas(c.t)).toEqual(antes);
  });
});

describe('todo o nada alrededor del commit', () => {
  it('si avisar a las pantallas abiertas falla después de asignar, la respuesta es 201 y la actividad queda asignada una vez (decisión 287)', async () => {
    const idPaciente = c.p.pacientes[0].id_paciente;
    const contar = async () =>
      (await filas<{ n: number }>(sql`select count(*)::int as n from actividad_asignada where id_paciente = ${idPaciente}`))[0].n;
    const antes = await contar();
    const realtime = c.t.app.realtime;
    const emitir = realtime.emitir;
    realtime.emitir = () => {
      throw new Error('aviso en vivo caído');
    };
    let asignadas: Awaited<ReturnType<typeof asignarA>>;
    try {
      asignadas = await asignarA(c.t, c.p, { pacientes: [idPaciente] });
    } finally {
      realtime.emitir = emitir;
    }
    expect(asignadas).toHaveLength(1);
    expect(await contar()).toBe(antes + 1);
  });

  describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
    const idPaciente = () => c.p.pacientes[0].id_paciente;
    const asignacionesDelPaciente = async () =>
      filas<{ id_asignacion: number; estado: string; visible_para_psicologo: boolean; recordatorio_en: Date | null }>(
        sql`select id_asignacion, estado, visible_para_psicologo, recordatorio_en from actividad_asignada
            where id_paciente = ${idPaciente()} order by id_asignacion`,
      );

    it('el paciente inicia una actividad de módulo: 201 y una sola asignación nueva', async () => {
      const mods = (await pac().get(`${A}/modulos`)).json() as Array<{ actividades: Array<{ id_actividad: number }> }>;
      const antes = await asignacionesDelPaciente();
      const r = await conAvisoCaido(c.t, () => pac().post(`${A}/modulos/actividades/${mods[1].actividades[0].id_actividad}/iniciar`, {}));
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toMatchObject({ estado: 'en_proceso' });
      expect(await asignacionesDelPaciente()).toHaveLength(antes.length + 1);
    });

    it('el paciente finaliza y cambia la visibilidad: 200 con el cambio guardado una vez', async () => {
      const [a] = await asignarA(c.t, c.p);
      const fin = await conAvisoCaido(c.t, () => pac().patch(`${A}/actividades/${a.id_asignacion}`, { estado: 'finalizada' }));
      expect(fin.statusCode, fin.body).toBe(200);
      expect(fin.json()).toMatchObject({ id_asignacion: a.id_asignacion, estado: 'finalizada' });
      const vis = await conAvisoCaido(c.t, () =>
        pac().put(`${A}/actividades/${a.id_asignacion}/visibilidad`, { visible_para_psicologo: true }),
      );
      expect(vis.statusCode, vis.body).toBe(200);
      expect(vis.json()).toMatchObject({ id_asignacion: a.id_asignacion, visible_para_psicologo: true });
      const guardadas = await asignacionesDelPaciente();
      expect(guardadas).toHaveLength(1);
      expect(guardadas[0]).toMatchObject({ estado: 'finalizada', visible_para_psicologo: true });
    });

    it('el paciente borra su evidencia: 200 y la fila y el archivo se fueron', async () => {
      const [a] = await asignarA(c.t, c.p);
      const ev = await subirImagen(a.id_asignacion);
      const antes = { filas: await contarEvidencias(), archivos: archivosGuardados(c.dataDir).length };
      const r = await conAvisoCaido(c.t, () => pac().del(`${A}/evidencias/${ev.id_evidencia}`));
      expect(r.statusCode, r.body).toBe(200);
      expect(await contarEvidencias()).toBe(antes.filas - 1);
      expect(archivosGuardados(c.dataDir)).toHaveLength(antes.archivos - 1);
    });

    it('el psicólogo elimina la asignación: 200 y ya no existe', async () => {
      const [a] = await asignarA(c.t, c.p);
      const r = await conAvisoCaido(c.t, () => psi().del(`${P}/actividades/asignadas/${a.id_asignacion}`));
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ ok: true });
      expect(await asignacionesDelPaciente()).toEqual([]);
    });

    it('el psicólogo envía un recordatorio: 200, un correo y el recordatorio anotado', async () => {
      const [a] = await asignarA(c.t, c.p);
      const desde = c.t.buzon.correos.length;
      const r = await conAvisoCaido(c.t, () => psi().post(`${P}/actividades/asignadas/${a.id_asignacion}/recordatorio`, {}));
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ ok: true, msg: MSG_ACTIVIDADES.recordatorioEnviado });
      await c.t.buzon.esperar(c.p.pacientes[0].email, { desde });
      expect(c.t.buzon.correos.slice(desde)).toHaveLength(1);
      expect((await asignacionesDelPaciente())[0].recordatorio_en).not.toBeNull();
    });
  });

  it('si avisar a las pantallas abiertas falla después de guardarla, la evidencia queda con su archivo y la respuesta es 201', async () => {
    const [a] = await asignarA(c.t, c.p);
    const antes = { filas: await contarEvidencias(), archivos: archivosGuardados(c.dataDir).length };
    const realtime = c.t.app.realtime;
    const emitir = realtime.emitir;
    // The notice after the commit fails (as a dropped connection while reading what to publish would).
    realtime.emitir = () => {
      throw new Error('aviso en vivo caído');
    };
    let r: Awaited<ReturnType<typeof subir>>;
    try {
      r = await subir(c.t, c.p.tokensPacientes[0], `${A}/actividades/${a.id_asignacion}/evidencias`, [
        { campo: 'visible_para_psicologo', valor: 'true' },
        { campo: 'archivo', archivo: PNG, nombre: 'carta.png', tipo: 'image/png' },
      ]);
    } finally {
      realtime.emitir = emitir;
    }
    expect(r.statusCode, r.body).toBe(201);
    const ev = r.json() as { id_evidencia: number };
    // One row and its one file: neither a row pointing at nothing nor a file without a row.
    expect(await contarEvidencias()).toBe(antes.filas + 1);
    expect(archivosGuardados(c.dataDir)).toHaveLength(antes.archivos + 1);
    const f = await psi().get(`${P}/evidencias/${ev.id_evidencia}/archivo`);
    expect(f.statusCode).toBe(200);
    expect(Buffer.compare(f.rawPayload, PNG)).toBe(0);
  });
});

describe('nombres y almacenamiento', () => {
  it('un nombre con ruta nunca es ruta: se guarda con una clave aleatoria y se muestra solo el nombre final', async () => {
    const [a] = await asignarA(c.t, c.p);
    const antes = archivosGuardados(c.dataDir);
    const ev = await subirImagen(a.id_asignacion, { visible: true, nombre: '../../../etc/passwd.png' });
    const nuevos = archivosGuardados(c.dataDir).filter((x) => !antes.includes(x));
    expect(nuevos).toHaveLength(1);
    expect(nuevos[0]).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    const lista = (await psi().get(`${P}/actividades/asignadas/${a.id_asignacion}/evidencias`)).json() as Array<{ nombre_archivo: string }>;
    expect(lista[0].nombre_archivo).toBe('passwd.png');
    const f = await psi().get(`${P}/evidencias/${ev.id_evidencia}/archivo`);
    expect(f.headers['content-disposition']).toContain('filename="passwd.png"');
  });

  it('borrar la evidencia (paciente) o la asignación (psicólogo) borra su archivo', async () => {
    const [a] = await asignarA(c.t, c.p);
    const antes = archivosGuardados(c.dataDir);
    const ev = await subirImagen(a.id_asignacion);
    expect(archivosGuardados(c.dataDir).length).toBe(antes.length + 1);
    expect((await pac().del(`${A}/evidencias/${ev.id_evidencia}`)).statusCode).toBe(200);
    expect(archivosGuardados(c.dataDir)).toEqual(antes);
    await subirImagen(a.id_asignacion);
    expect((await psi().del(`${P}/actividades/asignadas/${a.id_asignacion}`)).statusCode).toBe(200);
    expect(archivosGuardados(c.dataDir)).toEqual(antes);
  });

  it('una subida cortada a la mitad no deja archivo ni fila', async () => {
    const [a] = await asignarA(c.t, c.p);
    const antes = { filas: await contarEvidencias(), archivos: archivosGuardados(c.dataDir) };
    const limite = '----corte';
    const contenido = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 7)]);
    const cabeza = Buffer.from(
      `--${limite}\r\nContent-Disposition: form-data; name="archivo"; filename="largo.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const total = cabeza.length + contenido.length + 100;
    const { port } = new URL(c.t.url);
    const s = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((r) => s.once('connect', () => r()));
    s.write(
      `POST ${A}/actividades/${a.id_asignacion}/evidencias HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${c.p.tokensPacientes[0]}\r\nContent-Type: multipart/form-data; boundary=${limite}\r\nContent-Length: ${total}\r\n\r\n`,
    );
    s.write(cabeza);
    s.write(contenido.subarray(0, 1024 * 1024));
    // Wait until the server is writing the file (a partial file appears), then cut the connection.
    await esperarQue(() => archivosGuardados(c.dataDir).some((x) => x.endsWith('.parte')));
    s.destroy();
    await esperarQue(() => archivosGuardados(c.dataDir).length === antes.archivos.length);
    expect(archivosGuardados(c.dataDir)).toEqual(antes.archivos);
    expect(await contarEvidencias()).toBe(antes.filas);
  });
});

describe('limpieza de parciales', () => {
  it('borra los .parte de más de una hora y deja los recientes y los completos', async () => {
    const raiz = path.join(c.dataDir, 'limpieza');
    mkdirSync(path.join(raiz, 'ab'), { recursive: true });
    const viejo = path.join(raiz, 'ab', 'viejo.parte');
    const nuevo = path.join(raiz, 'ab', 'nuevo.parte');
    const completo = path.join(raiz, 'ab', 'completo');
    for (const f of [viejo, nuevo, completo]) writeFileSync(f, 'x');
    const haceDos = new Date(Date.now() - 2 * 3600_000);
    utimesSync(viejo, haceDos, haceDos);
    utimesSync(completo, haceDos, haceDos);
    expect(await almacenEnDisco(raiz, c.t.app.ctx.cifrador).limpiarParciales(new Date(Date.now() - 3600_000))).toBe(1);
    expect([viejo, nuevo, completo].map((f) => existsSync(f))).toEqual([false, true, true]);
  });
});

async function esperarQue(cond: () => boolean, ms = 10_000) {
  const hasta = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > hasta) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setImmediate(r));
  }
}

describe('en vivo', () => {
  it('la subida visible llega al psicólogo; ocultarla le llega sin la evidencia', async () => {
    const [a] = await asignarA(c.t, c.p);
    const ss = conectar(c.t.url, c.p.token);
    await esperarConexion(ss);
    try {
      type Ev = {
        tipo: string;
        asignacion: { id_asignacion: number; evidencias: Array<{ id_evidencia: number }>; visible_para_psicologo: boolean };
      };
      const subida = esperarEvento<Ev>(ss, 'actividad:cambio');
      const ev = await subirImagen(a.id_asignacion, { visible: true });
      const e1 = await subida;
      expect(e1.asignacion.evidencias.map((x) => x.id_evidencia)).toEqual([ev.id_evidencia]);
      const oculta = esperarEvento<Ev>(ss, 'actividad:cambio');
      await pac().put(`${A}/actividades/${a.id_asignacion}/visibilidad`, { visible_para_psicologo: false });
      const e2 = await oculta;
      expect(e2.asignacion).toMatchObject({ visible_para_psicologo: false, evidencias: [] });
    } finally {
      ss.close();
    }
  });
});
