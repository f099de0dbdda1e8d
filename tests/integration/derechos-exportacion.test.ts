// The right of access (issue 56, decision 376): "Descargar mis datos" gives a ZIP whose JSON
// validates against the shared schema and holds her data decrypted (diary, chat, evidence bytes,
// forum posts) and nobody else's; its PDF opens and names each section; an administrator's export
// of a patient works and is audited; other roles are refused; exports are limited per account.
import { ExportacionSchema, EXPORTACIONES_POR_VENTANA, TEXTO_EXPORTACION } from '@miduelo/shared/derechos-exportacion';
import { SECCIONES_PDF } from '@miduelo/server/modules/derechos/exportacion-pdf';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { asignarA, llamar, PNG, subir, usarAppDeActividades } from '../helpers/actividades';
import { inyectarCon } from '../helpers/app';
import { crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';

const c = usarAppDeActividades({ pacientes: 2 });
const A = '/api/paciente';

async function descargar(token: string, url = `${A}/mis-datos/exportacion`) {
  const r = await inyectarCon(c.t.app, token, { method: 'GET', url });
  return r;
}

function abrirZip(cuerpo: Buffer) {
  const archivos = unzipSync(new Uint8Array(cuerpo));
  const texto = (n: string) => new TextDecoder().decode(archivos[n]);
  return { archivos, json: JSON.parse(texto('mis-datos.json')) as unknown, esquema: JSON.parse(texto('mis-datos.schema.json')), texto };
}

/** Her data through the API, as she would write it; and some of the second patient's. */
async function sembrar() {
  const [ella, otra] = c.p.tokensPacientes;
  const yo = llamar(c.t, ella);
  expect((await yo.post(`${A}/diario`, { emocion: 'Tristeza', intensidad: 8, nota: 'Hoy fue su cumpleaños, lo extrañé' })).statusCode).toBe(
    201,
  );
  expect(
    (await llamar(c.t, otra).post(`${A}/diario`, { emocion: 'Enojo', intensidad: 6, nota: 'Nota secreta de la otra paciente' })).statusCode,
  ).toBe(201);
  // Her conversation with her psychologist: both sides are hers to read.
  const psi = llamar(c.t, c.p.token);
  const chat = await psi.post('/api/psicologo/chats', { id_paciente: c.p.pacientes[0].id_paciente });
  const idChat = (chat.json() as { id_chat: number }).id_chat;
  await psi.post('/api/psicologo/mensajes', { id_chat: idChat, contenido: 'Hola, ¿cómo amaneciste hoy?' });
  await yo.post(`${A}/mensajes`, { id_chat: idChat, contenido: 'Un poco mejor, gracias por preguntar' });
  // An activity with an evidence file of hers.
  const [a] = await asignarA(c.t, c.p, { instrucciones_personalizadas: 'Escribe una carta breve' });
  const ev = await subir(c.t, ella, `${A}/actividades/${a.id_asignacion}/evidencias`, [
    { campo: 'comentario', valor: 'Mi dibujo del jardín' },
    { campo: 'archivo', archivo: PNG, nombre: 'jardín.png', tipo: 'image/png' },
  ]);
  expect(ev.statusCode, ev.body).toBe(201);
  // A forum: her post, and another participant's post beside it.
  const admin = await crearPsicologo(c.t.db, { rol_admin: true, nombre: 'Adelaida' });
  const tkAdmin = sesionPsicologo(c.t.app, admin);
  const ajena = await crearPaciente(c.t.db, { nombre: 'Filomena', apellido_paterno: 'Zárate' });
  const tkAjena = sesionPaciente(c.t.app, ajena);
  const foroApi = (tk: string) => llamar(c.t, tk);
  const f = await foroApi(tkAdmin).post('/api/foros', { titulo: 'Acompañarnos', descripcion: 'Un foro', publico: true });
  const idForo = (f.json() as { data: { id_foro: number } }).data.id_foro;
  await foroApi(ella).post(`/api/foros/${idForo}/unirse`);
  await foroApi(tkAjena).post(`/api/foros/${idForo}/unirse`);
  const tema = await foroApi(ella).post(`/api/foros/${idForo}/temas`, { titulo: 'Primera Navidad sin él' });
  const idTema = (tema.json() as { data: { id_tema: number } }).data.id_tema;
  expect(
    (await foroApi(ella).post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Me cuesta poner el árbol este año' })).statusCode,
  ).toBe(201);
  expect(
    (await foroApi(tkAjena).post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Te entiendo, a mí también me pasó' })).statusCode,
  ).toBe(201);
  return { admin, tkAdmin, ajena };
}

describe('descargar mis datos', () => {
  it('un ZIP con su JSON válido y descifrado, sus archivos, su PDF con cada sección, y nada de otras personas', async () => {
    const { ajena } = await sembrar();
    const r = await descargar(c.p.tokensPacientes[0]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="miduelo-mis-datos-\d+-\d{4}-\d{2}-\d{2}\.zip"$/);
    const z = abrirZip(r.rawPayload);
    const d = v.parse(ExportacionSchema, z.json);
    expect(z.esquema).toMatchObject({ type: 'object', required: expect.arrayContaining(['perfil', 'diario', 'conversaciones', 'foros']) });

    expect(d.perfil).toMatchObject({ id_paciente: c.p.pacientes[0].id_paciente, email: c.p.pacientes[0].email });
    expect(d.diario).toEqual([expect.objectContaining({ emocion: 'Tristeza', intensidad: 8, nota: 'Hoy fue su cumpleaños, lo extrañé' })]);
    expect(d.conversaciones).toEqual([
      {
        con: 'psicologo',
        mensajes: [
          expect.objectContaining({ remitente: 'psicologo', contenido: 'Hola, ¿cómo amaneciste hoy?' }),
          expect.objectContaining({ remitente: 'paciente', contenido: 'Un poco mejor, gracias por preguntar' }),
        ],
      },
    ]);
    const act = d.actividades[0];
    expect(act.instrucciones).toBe('Escribe una carta breve');
    expect(act.evidencias).toEqual([expect.objectContaining({ comentario: 'Mi dibujo del jardín', nombre_archivo: 'jardín.png' })]);
    const ruta = act.evidencias[0].archivo_en_zip as string;
    expect(Buffer.from(z.archivos[ruta]).equals(PNG)).toBe(true);
    expect(d.foros).toEqual([
      expect.objectContaining({ tema: 'Primera Navidad sin él', contenido: 'Me cuesta poner el árbol este año', tema_propio: true }),
    ]);
    expect(d.expediente_clinico.como_solicitarlo).toBe(TEXTO_EXPORTACION.expediente);
    expect(d.avisos.rectificacion).toBe(TEXTO_EXPORTACION.rectificacion);

    // Nothing of anyone else: the second patient's diary, the other participant's post and name.
    const todo = Object.values(z.archivos)
      .map((b) => Buffer.from(b).toString('latin1') + new TextDecoder().decode(b))
      .join('\n');
    for (const ajeno of [
      'Nota secreta de la otra paciente',
      'Te entiendo, a mí también me pasó',
      'Filomena',
      ajena.email,
      'Zárate',
      'Adelaida',
    ])
      expect(todo).not.toContain(ajeno);
    expect(JSON.stringify(d)).not.toContain(c.p.pacientes[1].email);

    // The PDF opens and names each section, with her text readable.
    const pdf = await getDocumentProxy(new Uint8Array(z.archivos['mis-datos.pdf']));
    const { text } = await extractText(pdf, { mergePages: true });
    for (const s of SECCIONES_PDF) expect(text).toContain(s);
    expect(text).toContain('Hoy fue su cumpleaños, lo extrañé');
    expect(text).not.toContain('Nota secreta de la otra paciente');

    const filas = await c.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'exportar'), eq(auditoria.id_paciente, c.p.pacientes[0].id_paciente)));
    expect(filas).toEqual([
      expect.objectContaining({ actor_tipo: 'paciente', actor_id: c.p.pacientes[0].id_paciente, recurso: 'datos_paciente' }),
    ]);
  });

  it('el administrador descarga la de una paciente (auditado); psicólogo y otra paciente no pueden', async () => {
    const { tkAdmin, admin } = await sembrar();
    const id = c.p.pacientes[0].id_paciente;
    const r = await descargar(tkAdmin, `/api/admin/pacientes/${id}/exportacion`);
    expect(r.statusCode, r.body).toBe(200);
    const d = v.parse(ExportacionSchema, abrirZip(r.rawPayload).json);
    expect(d.perfil.id_paciente).toBe(id);
    expect(d.diario[0].nota).toBe('Hoy fue su cumpleaños, lo extrañé');
    const filas = await c.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'exportar'), eq(auditoria.id_paciente, id)));
    expect(filas).toEqual([expect.objectContaining({ actor_tipo: 'admin', actor_id: admin.id_psicologo })]);

    expect((await descargar(c.p.token, `/api/admin/pacientes/${id}/exportacion`)).statusCode).toBe(403);
    expect((await descargar(c.p.tokensPacientes[1], `/api/admin/pacientes/${id}/exportacion`)).statusCode).toBe(403);
    expect((await descargar(c.p.token)).statusCode).toBe(403);
    expect((await c.t.app.inject({ method: 'GET', url: `${A}/mis-datos/exportacion` })).statusCode).toBe(401);
    expect((await descargar(tkAdmin, '/api/admin/pacientes/999999/exportacion')).statusCode).toBe(404);
    const x = await descargar(tkAdmin, '/api/admin/pacientes/abc/exportacion');
    expect(x.statusCode).toBe(400);
  });

  it(`a partir de ${EXPORTACIONES_POR_VENTANA} descargas en una hora responde 429 a esa cuenta, no a otra`, async () => {
    const tk = c.p.tokensPacientes[0];
    for (let i = 0; i < EXPORTACIONES_POR_VENTANA; i++) expect((await descargar(tk)).statusCode).toBe(200);
    const r = await descargar(tk);
    expect(r.statusCode).toBe(429);
    expect(r.json()).toMatchObject({ code: 'DEMASIADAS_EXPORTACIONES', msg: expect.stringContaining('Espera') });
    expect((await descargar(c.p.tokensPacientes[1])).statusCode).toBe(200);
  });

  it('una paciente sin nada más que su cuenta recibe un ZIP válido con las secciones vacías', async () => {
    const r = await descargar(c.p.tokensPacientes[1]);
    expect(r.statusCode).toBe(200);
    const d = v.parse(ExportacionSchema, abrirZip(r.rawPayload).json);
    expect(d).toMatchObject({ diario: [], conversaciones: [], actividades: [], foros: [], citas: [] });
    expect(d.expediente_clinico.notas).toEqual({ total: 0, primera: null, ultima: null });
  });
});
