// Health text at rest (issue 10, decision 070): messages and appointment notes are stored encrypted,
// a dump of every text column shows none of them, rows written before encryption are encrypted at
// start, and a new key re-encrypts what the old one wrote. Decision 311 adds what patients write in
// the forums (a topic's title, a report's reason) and in their evidence (a file's name, a link).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '@miduelo/server/app';
import type { Config } from '@miduelo/server/config';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { asignarA, PNG, subir } from '../helpers/actividades';
import { crearPractica, type Practica, psicologoApi } from '../helpers/agenda';
import { cliente } from '../helpers/chat';

type Fila = Record<string, unknown>;
const MENSAJE = 'Extraño muchísimo a la abuela Remedios desde el velorio';
const NOTAS = 'Insomnio persistente tras el funeral de Remedios';
const SOLICITUD = 'Quisiera hablar de Anselmo, mi hermano';
const TITULO_TEMA = 'Perdí a Eustaquio en marzo';
const MOTIVO = 'Habla de Fulgencio, mi esposo, sin mi permiso';
const NOMBRE_ARCHIVO = 'carta-a-Teodomiro.png';
const ENLACE = 'https://drive.example.com/compartido/Hermenegilda-privado';
const INSTRUCCIONES = 'Escríbele una carta a tu abuela';
const COMENTARIO = 'La ofrenda que pusimos juntas';
const NOTA_DIARIO = 'Hoy fue su cumpleaños';
const PALABRAS = ['remedios', 'velorio', 'abuela', 'insomnio', 'funeral', 'anselmo', 'hermano'];
const PALABRAS_311 = ['eustaquio', 'fulgencio', 'teodomiro', 'hermenegilda'];

let abiertas: AppDePrueba[] = [];
let otras: FastifyInstance[] = [];
let directorios: string[] = [];
afterEach(async () => {
  for (const a of otras) await a.close();
  for (const t of abiertas) await t.cerrar();
  for (const d of directorios) rmSync(d, { recursive: true, force: true });
  abiertas = [];
  otras = [];
  directorios = [];
});

async function nuevaApp() {
  // Evidence files go to a directory of this test's own (a start-up step reads every file there).
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'miduelo-cifrado-'));
  directorios.push(dataDir);
  const t = await crearAppDePrueba({ env: { DATA_DIR: dataDir } });
  t.reloj.fijar('2027-03-01T09:00:00-06:00');
  abiertas.push(t);
  return t;
}

/** Another server process starting on the same database (its onReady runs the start-up step). */
async function arrancarOtra(t: AppDePrueba, config: Partial<Config> = {}, listo = true) {
  const app = await buildApp({ config: { ...t.config, ...config }, db: t.db, logger: false });
  otras.push(app);
  if (listo) await app.ready();
  return app;
}

async function filas(t: AppDePrueba, consulta: ReturnType<typeof sql>): Promise<Fila[]> {
  const r = await t.db.execute(consulta);
  return (Array.isArray(r) ? r : (r as unknown as { rows: Fila[] }).rows) as Fila[];
}

/** A practice with a chat holding one message of each side, and notes written by both. */
async function escribirPorLaApi(t: AppDePrueba) {
  const p = await crearPractica(t, 1);
  const psi = cliente(t, p.token);
  const pac = cliente(t, p.tokensPacientes[0]);
  const idChat = (await psi.post('/api/psicologo/chats', { id_paciente: p.pacientes[0].id_paciente })).body.id_chat as number;
  expect((await pac.post('/api/paciente/mensajes', { id_chat: idChat, contenido: MENSAJE })).status).toBe(201);
  expect((await psi.post('/api/psicologo/mensajes', { id_chat: idChat, contenido: 'Gracias por contarme, ¿100% segura?' })).status).toBe(
    201,
  );
  const cita = await psicologoApi(t, p).crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', notas: NOTAS });
  expect(cita.statusCode).toBe(201);
  const solicitud = await pac.post('/api/paciente/citas/solicitar', {
    fecha: '2027-03-03',
    hora_inicio: '11:00',
    modalidad: 'En línea',
    notas: SOLICITUD,
  });
  expect(solicitud.status).toBe(201);
  return { p, psi, pac, idChat, idCita: cita.json().id_cita as number };
}

/** What the patient writes in a forum (a topic's title, the reason of a report) and in her evidence
 * (an uploaded file's name, a shared link), all through the API. */
async function escribirEnForoYEvidencias(t: AppDePrueba, p: Practica) {
  const psi = cliente(t, p.token);
  const pac = cliente(t, p.tokensPacientes[0]);
  const foro = await psi.post('/api/foros', { titulo: 'Acompañarnos', descripcion: 'Un espacio', publico: true });
  expect(foro.status).toBe(201);
  const idForo = foro.body.data.id_foro as number;
  expect((await pac.post(`/api/foros/${idForo}/unirse`)).status).toBe(200);
  const tema = await pac.post(`/api/foros/${idForo}/temas`, { titulo: TITULO_TEMA });
  expect(tema.status).toBe(201);
  expect(tema.body.data.titulo).toBe(TITULO_TEMA);
  const idTema = tema.body.data.id_tema as number;
  const post = await psi.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Bienvenida al foro' });
  expect(post.status).toBe(201);
  expect((await pac.post(`/api/foros/mensajes/${post.body.data.id_mensaje}/reportar`, { motivo: MOTIVO })).status).toBe(201);

  const [a] = await asignarA(t, p);
  const url = `/api/paciente/actividades/${a.id_asignacion}/evidencias`;
  const archivo = await subir(t, p.tokensPacientes[0], url, [
    { campo: 'visible_para_psicologo', valor: 'true' },
    { campo: 'archivo', archivo: PNG, nombre: NOMBRE_ARCHIVO, tipo: 'image/png' },
  ]);
  expect(archivo.statusCode, archivo.body).toBe(201);
  expect(archivo.json().nombre_archivo).toBe(NOMBRE_ARCHIVO);
  const enlace = await subir(t, p.tokensPacientes[0], url, [{ campo: 'url', valor: ENLACE }]);
  expect(enlace.statusCode, enlace.body).toBe(201);
  expect(enlace.json().archivo_url).toBe(ENLACE);
  return { psi, pac, idForo, idTema, idAsignacion: a.id_asignacion, idArchivo: archivo.json().id_evidencia as number };
}

/** What the API answers of those four texts: the topic list, the moderators' reports, the
 * psychologist's evidence list and the file's download name. */
async function leidosPorLaApi(
  t: AppDePrueba,
  p: Practica,
  e: Awaited<ReturnType<typeof escribirEnForoYEvidencias>>,
  app: FastifyInstance = t.app,
) {
  const psi = cliente({ ...t, app }, p.token);
  const temas = (await psi.get(`/api/foros/${e.idForo}/temas`)).body.data as { titulo: string }[];
  const reportes = (await psi.get(`/api/foros/${e.idForo}/reportes`)).body.data as { motivo: string; tema: string }[];
  const evidencias = (await psi.get(`/api/psicologo/actividades/asignadas/${e.idAsignacion}/evidencias`)).body as {
    nombre_archivo: string | null;
    archivo_url: string;
    es_archivo: boolean;
  }[];
  const descarga = await inyectarCon(app, p.token, { method: 'GET', url: `/api/psicologo/evidencias/${e.idArchivo}/archivo?descargar=1` });
  expect(descarga.rawPayload.equals(PNG)).toBe(true);
  const mensajes = (await psi.get(`/api/foros/temas/${e.idTema}/mensajes`)).body.meta as { titulo_tema: string };
  return {
    temas: temas.map((x) => x.titulo),
    tituloDelTema: mensajes.titulo_tema,
    reportes: reportes.map((r) => [r.tema, r.motivo]),
    nombres: evidencias.filter((x) => x.es_archivo).map((x) => x.nombre_archivo),
    enlaces: evidencias.filter((x) => !x.es_archivo).map((x) => x.archivo_url),
    descarga: String(descarga.headers['content-disposition']),
  };
}

const LEIDOS = {
  temas: [TITULO_TEMA],
  tituloDelTema: TITULO_TEMA,
  reportes: [[TITULO_TEMA, MOTIVO]],
  nombres: [NOMBRE_ARCHIVO],
  enlaces: [ENLACE],
  descarga: `attachment; filename="${NOMBRE_ARCHIVO}"; filename*=UTF-8''${NOMBRE_ARCHIVO}`,
};

describe('volcado de la base de datos', () => {
  it('ninguna columna de texto de ninguna tabla contiene el texto de un mensaje o de unas notas', async () => {
    const t = await nuevaApp();
    const { p, psi, idChat } = await escribirPorLaApi(t);
    const foroYEvidencias = await escribirEnForoYEvidencias(t, p);
    // The API still answers the text …
    const mensajes = (await psi.get(`/api/psicologo/chats/${idChat}/mensajes`)).body as { contenido: string }[];
    expect(mensajes.map((m) => m.contenido)).toContain(MENSAJE);
    expect(await leidosPorLaApi(t, p, foroYEvidencias)).toEqual(LEIDOS);
    // … while a dump of every text-like column of every table holds none of its words.
    const columnas = await filas(
      t,
      sql`select table_schema, table_name, column_name from information_schema.columns
           where table_schema not in ('pg_catalog', 'information_schema')
             and (data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY'))`,
    );
    expect(columnas.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
      expect.arrayContaining([
        'mensaje.contenido',
        'mensaje.huellas',
        'cita.notas',
        'foro_tema.titulo',
        'foro_reporte.motivo',
        'evidencia.nombre_archivo',
        'evidencia.enlace',
      ]),
    );
    const hallazgos: string[] = [];
    let valores = 0;
    for (const c of columnas) {
      const col = sql.identifier(String(c.column_name));
      const tabla = sql`${sql.identifier(String(c.table_schema))}.${sql.identifier(String(c.table_name))}`;
      const [n] = await filas(t, sql`select count(${col})::int as n from ${tabla}`);
      valores += Number(n.n);
      for (const palabra of [...PALABRAS, ...PALABRAS_311]) {
        const [f] = await filas(
          t,
          sql`select count(*)::int as n from ${tabla}
               where translate(lower(${col}::text), 'áéíóúüñ', 'aeiouun') like ${`%${palabra}%`}`,
        );
        if (Number(f.n) > 0) hallazgos.push(`${c.table_name}.${c.column_name}: ${palabra}`);
      }
    }
    expect(valores).toBeGreaterThan(10);
    expect(hallazgos).toEqual([]);
    const [guardado] = await filas(t, sql`select contenido, huellas from mensaje where id_chat = ${idChat} order by seq limit 1`);
    expect(String(guardado.contenido)).toMatch(/^e1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    // The clinical record's tables (issue 13) add a dozen text columns to scan: more time on a busy machine.
  }, 120_000);

  it('un título de tema y un motivo de reporte de la longitud máxima caben cifrados', async () => {
    const t = await nuevaApp();
    const p = await crearPractica(t, 1);
    const psi = cliente(t, p.token);
    const idForo = (await psi.post('/api/foros', { titulo: 'Acompañarnos', descripcion: null, publico: true })).body.data.id_foro as number;
    // 255 and 500 characters of four bytes each: the longest values the shared schemas accept.
    const titulo = '🕯'.repeat(255);
    const motivo = '🕯'.repeat(500);
    const tema = await psi.post(`/api/foros/${idForo}/temas`, { titulo });
    expect(tema.status).toBe(201);
    expect(tema.body.data.titulo).toBe(titulo);
    const post = await psi.post(`/api/foros/temas/${tema.body.data.id_tema}/mensajes`, { contenido: 'Hola' });
    expect((await psi.post(`/api/foros/mensajes/${post.body.data.id_mensaje}/reportar`, { motivo })).status).toBe(201);
    expect(
      (await psi.get(`/api/foros/${idForo}/reportes`)).body.data.map((r: { tema: string; motivo: string }) => [r.tema, r.motivo]),
    ).toEqual([[titulo, motivo]]);
    // One character more is refused on the plain text, as before.
    expect((await psi.post(`/api/foros/${idForo}/temas`, { titulo: `${titulo}a` })).status).toBe(400);
  });

  it('la búsqueda por texto de mensaje sigue funcionando con palabras y comienzos de palabra', async () => {
    const t = await nuevaApp();
    const { psi, idChat } = await escribirPorLaApi(t);
    const ids = async (q: string) =>
      ((await psi.get(`/api/psicologo/chats/buscar?q=${encodeURIComponent(q)}`)).body as { id_chat: number }[]).map((c) => c.id_chat);
    expect(await ids('REMEDIOS')).toEqual([idChat]);
    expect(await ids('extrano muchisimo')).toEqual([idChat]);
    expect(await ids('velo')).toEqual([idChat]);
    expect(await ids('100%')).toEqual([idChat]);
    expect(await ids('remedios tristeza')).toEqual([]);
    expect(await ids('emedios')).toEqual([]);
  });
});

describe('filas guardadas antes del cifrado', () => {
  async function dejarEnClaro(t: AppDePrueba, idChat: number, idCita: number) {
    await t.db.execute(sql`update mensaje set contenido = ${MENSAJE}, huellas = null where id_chat = ${idChat} and seq = 1`);
    await t.db.execute(sql`update cita set notas = ${NOTAS} where id_cita = ${idCita}`);
  }

  it('se cifran al arrancar (mensajes con sus huellas, notas) y la API sigue devolviendo el texto', async () => {
    const t = await nuevaApp();
    const { p, psi, idChat, idCita } = await escribirPorLaApi(t);
    await dejarEnClaro(t, idChat, idCita);
    // Until a start encrypts them, reads show legacy rows as they are.
    expect(((await psi.get(`/api/psicologo/chats/${idChat}/mensajes`)).body as { contenido: string }[])[0].contenido).toBe(MENSAJE);

    await arrancarOtra(t);
    const [m] = await filas(t, sql`select contenido, huellas from mensaje where id_chat = ${idChat} and seq = 1`);
    expect(String(m.contenido)).toMatch(/^e1\.k1\./);
    expect(m.huellas).not.toBeNull();
    const [c] = await filas(t, sql`select notas from cita where id_cita = ${idCita}`);
    expect(String(c.notas)).toMatch(/^e1\.k1\./);

    expect(((await psi.get(`/api/psicologo/chats/${idChat}/mensajes`)).body as { contenido: string }[])[0].contenido).toBe(MENSAJE);
    expect(((await psi.get('/api/psicologo/chats/buscar?q=velorio')).body as { id_chat: number }[]).map((x) => x.id_chat)).toEqual([
      idChat,
    ]);
    const proxima = await psi.get(`/api/psicologo/paciente/${p.pacientes[0].id_paciente}/proxima-cita`);
    expect(proxima.body.notas).toBe(NOTAS);
  });

  it('los títulos de temas, motivos de reporte, nombres de archivo y enlaces se cifran al arrancar; una llave nueva los vuelve a cifrar', async () => {
    const t = await nuevaApp();
    const p = await crearPractica(t, 1);
    const e = await escribirEnForoYEvidencias(t, p);
    await t.db.execute(sql`update foro_tema set titulo = ${TITULO_TEMA} where id_tema = ${e.idTema}`);
    await t.db.execute(sql`update foro_reporte set motivo = ${MOTIVO}`);
    await t.db.execute(sql`update evidencia set nombre_archivo = ${NOMBRE_ARCHIVO} where clave is not null`);
    await t.db.execute(sql`update evidencia set enlace = ${ENLACE} where clave is null`);
    const guardados = () =>
      filas(
        t,
        sql`select titulo as v from foro_tema where id_tema = ${e.idTema}
            union all select motivo from foro_reporte
            union all select coalesce(nombre_archivo, enlace) from evidencia`,
      );
    // Until a start encrypts them, reads show legacy rows as they are.
    expect(await leidosPorLaApi(t, p, e)).toEqual(LEIDOS);

    await arrancarOtra(t);
    const cifrados = await guardados();
    expect(cifrados).toHaveLength(4);
    expect(cifrados.filter((f) => !/^e1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/.test(String(f.v)))).toEqual([]);
    expect(await leidosPorLaApi(t, p, e)).toEqual(LEIDOS);
    // Another start changes nothing.
    await arrancarOtra(t);
    expect(await guardados()).toEqual(cifrados);

    // Rotation: k2 first re-encrypts them.
    const k2 = { id: 'k2', material: randomBytes(32) };
    const nueva = await arrancarOtra(t, { llaves: [k2, ...t.config.llaves] });
    expect((await guardados()).filter((f) => !String(f.v).startsWith('e1.k2.'))).toEqual([]);
    expect(await leidosPorLaApi(t, p, e, nueva)).toEqual(LEIDOS);
  });

  it('tras arrancar con una llave nueva primero, ninguna columna guarda un valor con la anterior; después basta la nueva', async () => {
    const t = await nuevaApp();
    const { p, pac } = await escribirPorLaApi(t);
    const e = await escribirEnForoYEvidencias(t, p);
    // Every other text written encrypted: instructions, an evidence comment, a diary note.
    const [a] = await asignarA(t, p, { instrucciones_personalizadas: INSTRUCCIONES });
    const url = `/api/paciente/actividades/${a.id_asignacion}/evidencias`;
    const conComentario = await subir(t, p.tokensPacientes[0], url, [
      { campo: 'url', valor: 'https://example.org/ofrenda' },
      { campo: 'comentario', valor: COMENTARIO },
      { campo: 'visible_para_psicologo', valor: 'true' },
    ]);
    expect(conComentario.statusCode, conComentario.body).toBe(201);
    expect((await pac.post('/api/paciente/diario', { emocion: 'Tristeza', intensidad: 7, nota: NOTA_DIARIO })).status).toBe(201);

    const k2 = { id: 'k2', material: randomBytes(32) };
    await arrancarOtra(t, { llaves: [k2, ...t.config.llaves] });
    // No text column of any table keeps a value under k1: removing it loses nothing.
    const columnas = await filas(
      t,
      sql`select table_schema, table_name, column_name from information_schema.columns
           where table_schema not in ('pg_catalog', 'information_schema') and data_type in ('text', 'character varying')`,
    );
    const bajoK1: string[] = [];
    for (const c of columnas) {
      const col = sql.identifier(String(c.column_name));
      const tabla = sql`${sql.identifier(String(c.table_schema))}.${sql.identifier(String(c.table_name))}`;
      const [n] = await filas(t, sql`select count(*)::int as n from ${tabla} where ${col} like 'e1.k1.%'`);
      if (Number(n.n) > 0) bajoK1.push(`${c.table_name}.${c.column_name}`);
    }
    expect(bajoK1).toEqual([]);

    const soloK2 = await arrancarOtra(t, { llaves: [k2] });
    expect(await leidosPorLaApi(t, p, e, soloK2)).toEqual(LEIDOS);
    const vista = await inyectarCon(soloK2, p.tokensPacientes[0], { method: 'GET', url: `/api/paciente/actividades/${a.id_asignacion}` });
    expect(vista.statusCode, vista.body).toBe(200);
    expect(vista.json()).toMatchObject({
      instrucciones_personalizadas: INSTRUCCIONES,
      evidencias: [expect.objectContaining({ comentario: COMENTARIO })],
    });
    const diario = await inyectarCon(soloK2, p.tokensPacientes[0], { method: 'GET', url: '/api/paciente/diario' });
    expect(diario.statusCode, diario.body).toBe(200);
    expect(diario.json().map((x: { nota: string | null }) => x.nota)).toEqual([NOTA_DIARIO]);
  });

  it('dos nodos que arrancan juntos cifran cada fila una sola vez; un arranque más no cambia nada', async () => {
    const t = await nuevaApp();
    const { idChat, idCita } = await escribirPorLaApi(t);
    await dejarEnClaro(t, idChat, idCita);
    const a = await arrancarOtra(t, {}, false);
    const b = await arrancarOtra(t, {}, false);
    await Promise.all([a.ready(), b.ready()]);
    const antes = await filas(t, sql`select id_mensaje, contenido, huellas from mensaje order by id_mensaje`);
    const notasAntes = await filas(t, sql`select notas from cita where id_cita = ${idCita}`);
    expect(antes.every((f) => String(f.contenido).startsWith('e1.k1.') && f.huellas !== null)).toBe(true);
    expect(t.app.ctx.cifrador.descifrar(String(antes[0].contenido), 'mensaje.contenido')).toBe(MENSAJE);
    await arrancarOtra(t);
    expect(await filas(t, sql`select id_mensaje, contenido, huellas from mensaje order by id_mensaje`)).toEqual(antes);
    expect(await filas(t, sql`select notas from cita where id_cita = ${idCita}`)).toEqual(notasAntes);
  });

  it('una llave nueva primero en ENCRYPTION_KEY vuelve a cifrar lo escrito con la anterior', async () => {
    const t = await nuevaApp();
    const { p, idChat, idCita } = await escribirPorLaApi(t);
    const llaves = [{ id: 'k2', material: randomBytes(32) }, ...t.config.llaves];
    const nueva = await arrancarOtra(t, { llaves });
    const valores = await filas(t, sql`select contenido as v from mensaje union all select notas from cita where notas is not null`);
    expect(valores.length).toBeGreaterThanOrEqual(4);
    expect(valores.every((f) => String(f.v).startsWith('e1.k2.'))).toBe(true);
    const psi = cliente({ ...t, app: nueva }, p.token);
    const mensajes = (await psi.get(`/api/psicologo/chats/${idChat}/mensajes`)).body as { contenido: string }[];
    expect(mensajes[0].contenido).toBe(MENSAJE);
    // Search hashes were recomputed under the new key: the term still finds the chat.
    expect(((await psi.get('/api/psicologo/chats/buscar?q=abuela')).body as { id_chat: number }[]).map((x) => x.id_chat)).toEqual([idChat]);
    const citas = (await psi.get(`/api/psicologo/paciente/${p.pacientes[0].id_paciente}/proxima-cita`)).body;
    expect(citas.id_cita).toBe(idCita);
    expect(citas.notas).toBe(NOTAS);
  });
});
