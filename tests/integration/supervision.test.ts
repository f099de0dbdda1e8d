// Supervision with accountability (issue 55, decision 365): administrators see every
// psychologist–patient conversation's metadata; its content only through an opening with a motive
// and a reason, for 30 minutes, read-only, in the audit log, told to the psychologist live and by
// mail. Psychologists and patients reach none of it.
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { aperturaSupervision } from '@miduelo/server/db/schema/supervision';
import { ETIQUETA_MOTIVO_SUPERVISION, MSG_SUPERVISION } from '@miduelo/shared/supervision';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { abrirChat, type Cliente, cliente, crearConsulta, filasDe } from '../helpers/chat';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { esperarEvento, type SocketCliente, sincronizar, usarServidorDeSockets } from '../helpers/socket';

const srv = usarServidorDeSockets();
const t = () => srv.t;

const RAZON = 'Queja formal de la familia sobre la atención recibida esta semana.';
const TEXTO = 'Hoy soñé con mi mamá y desperté llorando.';

async function crearAdmin(nombre = 'Andrea') {
  const a = await crearPsicologo(t().db, { rol_admin: true, nombre, apellidoPaterno: 'Supervisora' });
  const token = sesionPsicologo(t().app, a);
  return { admin: a, token, api: cliente(t(), token) };
}

/** A psychologist, one patient, their conversation with one patient message. */
async function conversacion(texto = TEXTO) {
  const c = await crearConsulta(t(), 1);
  const id = await abrirChat(c);
  const r = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: texto });
  expect(r.status).toBe(201);
  return { c, id };
}

const abrir = (api: Cliente, id: number, cuerpo: unknown = { motivo: 'queja', razon: RAZON }) =>
  api.post(`/api/admin/supervision/chats/${id}/aperturas`, cuerpo);

const aperturasGuardadas = async (idChat: number) =>
  t().db.select().from(aperturaSupervision).where(eq(aperturaSupervision.id_chat, idChat));

describe('autorización', () => {
  it('psicólogos y pacientes no alcanzan ninguna ruta de supervisión (403), y no se escribe nada', async () => {
    const { c, id } = await conversacion();
    const rutas: [keyof Cliente, string, unknown?][] = [
      ['get', '/api/admin/supervision'],
      ['post', `/api/admin/supervision/chats/${id}/aperturas`, { motivo: 'queja', razon: RAZON }],
      ['get', `/api/admin/supervision/chats/${id}/mensajes`],
      ['get', '/api/admin/alertas-crisis'],
      ['post', '/api/admin/alertas-crisis/1/reconocer', { accion: 'Llamé a la paciente.' }],
    ];
    for (const quien of [c.psi, c.pac[0]]) {
      for (const [metodo, url, cuerpo] of rutas) {
        const r = metodo === 'get' ? await quien.get(url) : await quien.post(url, cuerpo);
        expect([url, r.status]).toEqual([url, 403]);
        expect(r.body.msg).not.toContain(TEXTO);
      }
    }
    // Authenticated before validated: a bad body still answers 403, not 400.
    expect((await c.psi.post(`/api/admin/supervision/chats/${id}/aperturas`, { motivo: 'x' })).status).toBe(403);
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/supervision' })).statusCode).toBe(401);
    expect((await c.pac[0].get('/api/psicologo/supervisiones')).status).toBe(403);
    expect(await aperturasGuardadas(id)).toEqual([]);
  });

  it('sin apertura el administrador no lee el contenido; la apertura es de quien la abrió', async () => {
    const { id } = await conversacion();
    const a = await crearAdmin();
    const r = await a.api.get(`/api/admin/supervision/chats/${id}/mensajes`);
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe(MSG_SUPERVISION.sinApertura);
    expect(JSON.stringify(r.body)).not.toContain('soñé');
    expect((await abrir(a.api, id)).status).toBe(201);
    const otra = await crearAdmin('Beatriz');
    expect((await otra.api.get(`/api/admin/supervision/chats/${id}/mensajes`)).status).toBe(403);
  });

  it('un motivo o una razón inválidos responden en español y no abren nada', async () => {
    const { id } = await conversacion();
    const a = await crearAdmin();
    const casos: [unknown, string][] = [
      [{ razon: RAZON }, MSG_SUPERVISION.motivoObligatorio],
      [{ motivo: 'curiosidad', razon: RAZON }, MSG_SUPERVISION.motivoObligatorio],
      [{ motivo: 'queja' }, MSG_SUPERVISION.razonObligatoria],
      [{ motivo: 'queja', razon: 'Muy corta.' }, MSG_SUPERVISION.razonCorta],
      [{ motivo: 'queja', razon: `${'a'.repeat(19)}\u200b\u200b ` }, MSG_SUPERVISION.razonCorta],
      [{ motivo: 'queja', razon: 'x'.repeat(501) }, MSG_SUPERVISION.razonLarga],
      [{ motivo: 'queja', razon: `${RAZON}\u0000` }, MSG_SUPERVISION.textoInvalido],
      [{ motivo: 'queja', razon: `${RAZON}\ud800` }, MSG_SUPERVISION.textoInvalido],
    ];
    for (const [cuerpo, msg] of casos) {
      const r = await abrir(a.api, id, cuerpo);
      expect([r.status, r.body.msg]).toEqual([400, msg]);
    }
    expect(await aperturasGuardadas(id)).toEqual([]);
    // The limits are inclusive: 20 and 500 characters (an emoji counts once).
    expect((await abrir(a.api, id, { motivo: 'crisis', razon: `${'😀'.repeat(19)}a` })).status).toBe(201);
    expect((await abrir(a.api, id, { motivo: 'crisis', razon: 'r'.repeat(500) })).status).toBe(201);
  });

  it('solo conversaciones psicólogo–paciente: la conversación de un administrador no se supervisa (404)', async () => {
    const a = await crearAdmin();
    const otra = await crearAdmin('Carmen');
    const psi = await crearPsicologo(t().db);
    const chat = await a.api.post('/api/admin/chats', { destinatario_tipo: 'psicologo', destinatario_id: psi.id_psicologo });
    expect(chat.status).toBe(201);
    const r = await abrir(otra.api, chat.body.id_chat_admin);
    expect([r.status, r.body.msg]).toEqual([404, MSG_SUPERVISION.conversacionNoEncontrada]);
    expect((await abrir(otra.api, 999_999)).status).toBe(404);
  });
});

describe('la lista de supervisión: solo metadatos', () => {
  it('muestra a la psicóloga, al paciente, la espera, las marcas de crisis y el volumen, sin ningún texto', async () => {
    const { c, id } = await conversacion();
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Ya no quiero vivir.' });
    const a = await crearAdmin();
    // The administrator's own conversations never appear.
    await a.api.post('/api/admin/chats', { destinatario_tipo: 'psicologo', destinatario_id: c.psicologo.id_psicologo });
    const r = await a.api.get(`/api/admin/supervision?id_psicologo=${c.psicologo.id_psicologo}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        id_chat: id,
        id_psicologo: c.psicologo.id_psicologo,
        psicologo: { nombre: c.psicologo.nombre, apellido_paterno: c.psicologo.apellidoPaterno, apellido_materno: 'Suárez' },
        id_paciente: c.pacientes[0].id_paciente,
        paciente: { nombre: 'Paciente0', apellido_paterno: 'Paciente', apellido_materno: 'Ruiz' },
        ultima_actividad: expect.any(String),
        esperando: { mensajes: 2, desde: expect.any(String) },
        crisis: { alertas_abiertas: 0, sin_abrir: 1 },
        mensajes_7_dias: 2,
        sin_respuesta_48h: false,
        mi_apertura: null,
      },
    ]);
    const crudo = JSON.stringify(r.body);
    expect(crudo).not.toContain('soñé');
    expect(crudo).not.toContain('vivir');

    // The psychologist answers: nothing waits; an opening shows as the administrator's own.
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Aquí estoy, ¿hablamos?' });
    await c.psi.put(`/api/psicologo/chats/${id}/leer`);
    const ap = await abrir(a.api, id);
    const [fila] = (await a.api.get(`/api/admin/supervision?id_psicologo=${c.psicologo.id_psicologo}`)).body;
    expect(fila).toMatchObject({
      esperando: { mensajes: 0, desde: null },
      crisis: { alertas_abiertas: 0, sin_abrir: 0 },
      mensajes_7_dias: 3,
      mi_apertura: { id_apertura: ap.body.id_apertura, vence_en: ap.body.vence_en },
    });
  });

  it('filtra por espera, por crisis y por psicóloga, y marca los mensajes sin respuesta de más de 48 horas', async () => {
    const ahora = new Date();
    const c = await crearConsulta(t(), 3);
    const ids = [await abrirChat(c, 0), await abrirChat(c, 1), await abrirChat(c, 2)];
    t().reloj.fijar(new Date(ahora.getTime() - 50 * 3600_000));
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: ids[0], contenido: 'Hola, ¿podemos hablar?' });
    t().reloj.fijar(new Date(ahora.getTime() - 5 * 3600_000));
    await c.pac[1].post('/api/paciente/mensajes', { id_chat: ids[1], contenido: 'Me quiero morir.' });
    t().reloj.fijar(ahora);
    const a = await crearAdmin();
    const lista = async (q: string) =>
      ((await a.api.get(`/api/admin/supervision?id_psicologo=${c.psicologo.id_psicologo}${q}`)).body as { id_chat: number }[]).map(
        (x) => x.id_chat,
      );
    // Default order: crisis marks first, then the longest wait, then the rest.
    expect(await lista('')).toEqual([ids[1], ids[0], ids[2]]);
    expect(await lista('&espera_horas=48')).toEqual([ids[0]]);
    expect(await lista('&espera_horas=4')).toEqual([ids[1], ids[0]]);
    expect(await lista('&crisis=true')).toEqual([ids[1]]);
    expect(await lista('&crisis=false&orden=actividad')).toEqual([ids[2], ids[0]]);
    const filas = (await a.api.get(`/api/admin/supervision?id_psicologo=${c.psicologo.id_psicologo}`)).body;
    expect(filas.map((f: { id_chat: number; sin_respuesta_48h: boolean }) => [f.id_chat, f.sin_respuesta_48h])).toEqual([
      [ids[1], false],
      [ids[0], true],
      [ids[2], false],
    ]);
    const malo = await a.api.get('/api/admin/supervision?espera_horas=-1');
    expect([malo.status, malo.body.msg]).toEqual([400, MSG_SUPERVISION.esperaInvalida]);
    expect((await a.api.get('/api/admin/supervision?orden=nombre')).body.msg).toBe(MSG_SUPERVISION.ordenInvalido);
  });
});

describe('abrir una conversación', () => {
  it('queda en la auditoría con motivo y razón, y la psicóloga lo sabe en vivo y por correo, sin contenido clínico', async () => {
    const { c, id } = await conversacion();
    const a = await crearAdmin();
    const socketPsi = await srv.socket(c.psi.token);
    const evento = esperarEvento<{ apertura: Record<string, unknown> }>(socketPsi, 'supervision:abierta');
    const r = await abrir(a.api, id, { motivo: 'solicitud_psicologo', razon: RAZON });
    expect(r.status).toBe(201);
    const esperado = {
      id_apertura: expect.any(Number),
      id_chat: id,
      id_psicologo: c.psicologo.id_psicologo,
      id_paciente: c.pacientes[0].id_paciente,
      paciente: { nombre: 'Paciente0', apellido_paterno: 'Paciente', apellido_materno: 'Ruiz' },
      id_admin: a.admin.id_psicologo,
      admin: { nombre: 'Andrea', apellido_paterno: 'Supervisora', apellido_materno: 'Suárez' },
      motivo: 'solicitud_psicologo',
      razon: RAZON,
      abierta_en: t().reloj.ahora().toISOString(),
      vence_en: new Date(t().reloj.ahora().getTime() + 30 * 60_000).toISOString(),
    };
    expect(r.body).toEqual(esperado);
    expect((await evento).apertura).toEqual(esperado);

    const filas = await t()
      .db.select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'abrir_supervision'), eq(auditoria.id_recurso, String(id))));
    expect(filas).toEqual([
      expect.objectContaining({
        actor_tipo: 'admin',
        actor_id: a.admin.id_psicologo,
        recurso: 'chat',
        id_paciente: c.pacientes[0].id_paciente,
        detalle: expect.objectContaining({ motivo: 'solicitud_psicologo', razon: RAZON, id_apertura: r.body.id_apertura }),
      }),
    ]);

    const correo = await t().buzon.esperar(c.psicologo.correo);
    expect(correo.asunto).toBe('Una conversación tuya fue abierta en supervisión');
    expect(correo.texto).toContain('Andrea Supervisora');
    expect(correo.texto).toContain(ETIQUETA_MOTIVO_SUPERVISION.solicitud_psicologo);
    expect(correo.texto).toContain(RAZON);
    // The patient by her initials only, and nothing she wrote.
    expect(correo.texto).toContain('con P. P.');
    expect(correo.texto).not.toContain('Paciente0');
    expect(correo.texto).not.toContain('soñé');

    // Her own list in her profile; another psychologist's is empty.
    const suyas = await c.psi.get('/api/psicologo/supervisiones');
    expect(suyas.body).toEqual([esperado]);
    const otra = cliente(t(), sesionPsicologo(t().app, await crearPsicologo(t().db)));
    expect((await otra.get('/api/psicologo/supervisiones')).body).toEqual([]);
  });

  it('con la apertura lee los mensajes descifrados, sin marcarlos leídos; cada lectura se audita', async () => {
    const { c, id } = await conversacion();
    const a = await crearAdmin();
    await abrir(a.api, id);
    const r = await a.api.get(`/api/admin/supervision/chats/${id}/mensajes`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id_chat: id, id_psicologo: c.psicologo.id_psicologo, id_paciente: c.pacientes[0].id_paciente });
    expect(r.body.mensajes).toEqual([expect.objectContaining({ contenido: TEXTO, remitente: 'paciente', leido: false, seq: 1 })]);
    expect((await filasDe(t(), id)).map((m) => m.leido)).toEqual([false]);
    expect((await c.psi.get('/api/psicologo/chats')).body[0].mensajes_no_leidos).toBe(1);
    const lecturas = await t()
      .db.select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'leer'), eq(auditoria.recurso, 'conversacion_supervisada'), eq(auditoria.id_recurso, String(id))));
    expect(lecturas).toHaveLength(1);
    expect(JSON.stringify(lecturas[0].detalle)).not.toContain('soñé');
    // Read-only: the supervision API has no way to write, and the admin is no participant of the chat.
    const escribir = await a.api.post('/api/admin/mensajes', { id_chat_admin: id, contenido: 'Hola' });
    expect(escribir.status).toBe(404);
  });

  it('a los 30 minutos deja de leer (403), y reabrir pide motivo y razón de nuevo', async () => {
    const { id } = await conversacion();
    const a = await crearAdmin();
    await abrir(a.api, id);
    t().reloj.avanzar(29 * 60_000);
    expect((await a.api.get(`/api/admin/supervision/chats/${id}/mensajes`)).status).toBe(200);
    t().reloj.avanzar(60_000);
    const r = await a.api.get(`/api/admin/supervision/chats/${id}/mensajes`);
    expect([r.status, r.body.msg]).toEqual([403, MSG_SUPERVISION.aperturaVencida]);
    expect(JSON.stringify(r.body)).not.toContain('soñé');
    expect((await abrir(a.api, id, { motivo: 'queja' })).status).toBe(400);
    expect((await abrir(a.api, id)).status).toBe(201);
    expect((await a.api.get(`/api/admin/supervision/chats/${id}/mensajes`)).status).toBe(200);
    t().reloj.fijar(new Date());
  });
});

describe('lectura en vivo por socket', () => {
  const unirse = (s: SocketCliente, id: number) => s.emitWithAck('supervision:unirse', { id_chat: id });

  it('sin apertura no se une; con ella recibe los mensajes nuevos; al vencer deja de recibirlos', async () => {
    const { c, id } = await conversacion();
    const a = await crearAdmin();
    const s = await srv.socket(a.token);
    const sinAbrir = await unirse(s, id);
    expect(sinAbrir).toEqual({ ok: false, msg: MSG_SUPERVISION.sinApertura });
    // A psychologist's or a patient's socket is refused too, even with an opening of someone else.
    await abrir(a.api, id);
    for (const token of [c.psi.token, c.pac[0].token]) {
      expect(await unirse(await srv.socket(token), id)).toEqual({ ok: false, msg: MSG_SUPERVISION.sinApertura });
    }

    const ok = await unirse(s, id);
    expect(ok).toEqual({ ok: true, data: { id_chat: id, vence_en: expect.any(String), ultimo_seq: 1 } });
    const llega = esperarEvento<{ id_chat: number; mensaje: { contenido: string } }>(s, 'supervision:mensaje');
    // Every administrator's list hears that the conversation's figures changed (only its id).
    const otra = await srv.socket((await crearAdmin('Beatriz')).token);
    const cambio = esperarEvento<Record<string, unknown>>(otra, 'supervision:cambio');
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Sigo aquí, escribiendo.' });
    expect(await llega).toMatchObject({ id_chat: id, mensaje: { contenido: 'Sigo aquí, escribiendo.', remitente: 'paciente' } });
    expect(await cambio).toEqual({ id_chat: id });

    // 31 minutes later the next message is not relayed: the socket is told the opening lapsed.
    t().reloj.avanzar(31 * 60_000);
    const recibidos: unknown[] = [];
    s.on('supervision:mensaje', (p) => recibidos.push(p));
    const vencida = esperarEvento<{ id_chat: number }>(s, 'supervision:vencida');
    const pac = await srv.socket(c.pac[0].token);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Esto ya no debe verse.' });
    expect(await vencida).toEqual({ id_chat: id });
    await sincronizar(pac, s);
    expect(recibidos).toEqual([]);
    expect(await unirse(s, id)).toEqual({ ok: false, msg: MSG_SUPERVISION.aperturaVencida });
    t().reloj.fijar(new Date());
  });
});
