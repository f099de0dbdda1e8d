// The safety net (issue 55, decision 366): a patient's crisis message the psychologist has not
// opened within ALERTA_CRISIS_MINUTOS raises exactly one alert to every administrator (however many
// ticks or nodes run the timer), until one acknowledges it with what was done; a patient's messages
// unanswered for 48 hours bring the psychologist one kind reminder per waiting stretch. The tick
// functions are called with a moved clock, as the jobs call them with `config.now()`.
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { alertaCrisis } from '@miduelo/server/db/schema/supervision';
import { alertarCrisisVencidas, recordarSinRespuesta } from '@miduelo/server/modules/supervision/jobs';
import { MSG_SUPERVISION } from '@miduelo/shared/supervision';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { abrirChat, cliente, crearConsulta } from '../helpers/chat';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { esperarEvento, sincronizar, usarServidorDeSockets } from '../helpers/socket';

const srv = usarServidorDeSockets();
const t = () => srv.t;
const MIN = 60_000;
const CRISIS = 'Ya no quiero vivir, no aguanto más.';

async function crearAdmin(nombre = 'Andrea') {
  const a = await crearPsicologo(t().db, { rol_admin: true, nombre });
  const token = sesionPsicologo(t().app, a);
  return { admin: a, token, api: cliente(t(), token) };
}

/** A conversation whose patient wrote a crisis message at the test clock's now. */
async function conCrisis(texto = CRISIS) {
  const c = await crearConsulta(t(), 1);
  const id = await abrirChat(c);
  const enviado = t().reloj.ahora();
  const r = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: texto });
  expect(r.status).toBe(201);
  return { c, id, enviado, idMensaje: r.body.id_mensaje as number };
}

const tras = (d: Date, ms: number) => new Date(d.getTime() + ms);
const alertasDe = (idChat: number) => t().db.select().from(alertaCrisis).where(eq(alertaCrisis.id_chat, idChat));

describe('alerta de crisis', () => {
  it('si la psicóloga abre el mensaje a tiempo no hay alerta', async () => {
    const { c, id, enviado } = await conCrisis();
    await c.psi.put(`/api/psicologo/chats/${id}/leer`);
    await alertarCrisisVencidas(t().app.ctx, tras(enviado, 31 * MIN));
    expect(await alertasDe(id)).toEqual([]);
  });

  it('solo mensajes de crisis del paciente: ni los de la psicóloga ni los demás', async () => {
    const c = await crearConsulta(t(), 1);
    const id = await abrirChat(c);
    const enviado = t().reloj.ahora();
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: '¿Has pensado en quitarte la vida?' });
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Hoy fue un día tranquilo.' });
    await alertarCrisisVencidas(t().app.ctx, tras(enviado, 60 * MIN));
    expect(await alertasDe(id)).toEqual([]);
  });

  it('sin abrir: una sola alerta por mensaje, en vivo a cada administrador y sin el texto', async () => {
    const a = await crearAdmin();
    const b = await crearAdmin('Beatriz');
    const sa = await srv.socket(a.token);
    const sb = await srv.socket(b.token);
    const { c, id, enviado, idMensaje } = await conCrisis();

    // Before ALERTA_CRISIS_MINUTOS (30), nothing.
    await alertarCrisisVencidas(t().app.ctx, tras(enviado, 29 * MIN));
    expect(await alertasDe(id)).toEqual([]);

    const recibidas: unknown[] = [];
    sa.on('alerta-crisis:nueva', (p) => recibidas.push(p));
    const enB = esperarEvento<{ alerta: Record<string, unknown> }>(sb, 'alerta-crisis:nueva');
    // Two ticks at once, then a third: one alert.
    await Promise.all([
      alertarCrisisVencidas(t().app.ctx, tras(enviado, 31 * MIN)),
      alertarCrisisVencidas(t().app.ctx, tras(enviado, 31 * MIN)),
    ]);
    await alertarCrisisVencidas(t().app.ctx, tras(enviado, 45 * MIN));
    const filas = await alertasDe(id);
    expect(filas).toEqual([
      expect.objectContaining({ id_mensaje: idMensaje, id_psicologo: c.psicologo.id_psicologo, reconocida_en: null }),
    ]);

    const { alerta } = await enB;
    expect(alerta).toMatchObject({
      id_alerta: filas[0].id_alerta,
      id_chat: id,
      id_mensaje: idMensaje,
      id_psicologo: c.psicologo.id_psicologo,
      id_paciente: c.pacientes[0].id_paciente,
      paciente: { nombre: 'Paciente0' },
      enviado_en: enviado.toISOString(),
      reconocida_en: null,
    });
    expect(JSON.stringify(alerta)).not.toContain('vivir');
    await sincronizar(sa);
    expect(recibidas).toHaveLength(1);

    // The list of open alerts and the supervision list's crisis mark.
    const abiertas = await a.api.get('/api/admin/alertas-crisis');
    expect(abiertas.body.map((x: { id_chat: number }) => x.id_chat)).toContain(id);
    expect(JSON.stringify(abiertas.body)).not.toContain('vivir');
    const [fila] = (await a.api.get(`/api/admin/supervision?id_psicologo=${c.psicologo.id_psicologo}`)).body;
    expect(fila.crisis).toEqual({ alertas_abiertas: 1, sin_abrir: 1 });
    // The system's act is in the audit log.
    const [audit] = await t()
      .db.select()
      .from(auditoria)
      .where(eq(auditoria.id_recurso, String(filas[0].id_alerta)));
    expect(audit).toMatchObject({ actor_tipo: 'sistema', accion: 'alertar_crisis', recurso: 'alerta_crisis' });
  });

  it('dos instancias de la app sobre la misma base: una sola alerta por mensaje', async () => {
    const { id, enviado } = await conCrisis('Me quiero morir.');
    const otra = await buildApp({ config: t().config, db: t().db, logger: false });
    await otra.ready();
    try {
      const hora = tras(enviado, 40 * MIN);
      const n = await Promise.all([alertarCrisisVencidas(t().app.ctx, hora), alertarCrisisVencidas(otra.ctx, hora)]);
      expect(await alertasDe(id)).toHaveLength(1);
      expect(n[0] + n[1]).toBeLessThanOrEqual(1);
    } finally {
      await otra.close();
    }
  });

  it('atendida con lo que se hizo: desaparece en vivo para todos; una segunda vez responde 409', async () => {
    const a = await crearAdmin();
    const b = await crearAdmin('Beatriz');
    const sb = await srv.socket(b.token);
    const { c, id, enviado } = await conCrisis();
    await alertarCrisisVencidas(t().app.ctx, tras(enviado, 31 * MIN));
    const [fila] = await alertasDe(id);

    const corta = await a.api.post(`/api/admin/alertas-crisis/${fila.id_alerta}/reconocer`, { accion: 'ok' });
    expect([corta.status, corta.body.msg]).toEqual([400, MSG_SUPERVISION.accionCorta]);
    const vacia = await a.api.post(`/api/admin/alertas-crisis/${fila.id_alerta}/reconocer`, {});
    expect([vacia.status, vacia.body.msg]).toEqual([400, MSG_SUPERVISION.accionObligatoria]);
    expect((await c.psi.post(`/api/admin/alertas-crisis/${fila.id_alerta}/reconocer`, { accion: 'Llamé.' })).status).toBe(403);
    expect((await alertasDe(id))[0].reconocida_en).toBeNull();

    const evento = esperarEvento<{ id_alerta: number; id_chat: number; id_admin_reconoce: number }>(sb, 'alerta-crisis:reconocida');
    const accion = 'Llamé a la psicóloga; contactó a la paciente, que está acompañada por su familia.';
    const r = await a.api.post(`/api/admin/alertas-crisis/${fila.id_alerta}/reconocer`, { accion });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id_alerta: fila.id_alerta,
      accion,
      id_admin_reconoce: a.admin.id_psicologo,
      reconocida_en: expect.any(String),
    });
    expect(await evento).toMatchObject({ id_alerta: fila.id_alerta, id_chat: id, id_admin_reconoce: a.admin.id_psicologo });
    const abiertas = (await b.api.get('/api/admin/alertas-crisis')).body.map((x: { id_alerta: number }) => x.id_alerta);
    expect(abiertas).not.toContain(fila.id_alerta);

    const otra = await b.api.post(`/api/admin/alertas-crisis/${fila.id_alerta}/reconocer`, { accion: 'También la llamé.' });
    expect([otra.status, otra.body.msg]).toEqual([409, MSG_SUPERVISION.alertaYaReconocida]);
    expect((await b.api.post('/api/admin/alertas-crisis/999999/reconocer', { accion: 'Nada que hacer.' })).status).toBe(404);
    const [audit] = await t().db.select().from(auditoria).where(eq(auditoria.accion, 'reconocer_alerta_crisis'));
    expect(audit).toMatchObject({ actor_tipo: 'admin', actor_id: a.admin.id_psicologo, id_recurso: String(fila.id_alerta) });
    // Acknowledged, it is not raised again for the same message.
    await alertarCrisisVencidas(t().app.ctx, tras(enviado, 90 * MIN));
    expect(await alertasDe(id)).toHaveLength(1);
  });

  it('ALERTA_CRISIS_MINUTOS se configura (30 por omisión)', () => {
    expect(leerConfig({ DATA_DIR: '/tmp/miduelo-pruebas' }).alertaCrisisMinutos).toBe(30);
    expect(leerConfig({ DATA_DIR: '/tmp/miduelo-pruebas', ALERTA_CRISIS_MINUTOS: '5' }).alertaCrisisMinutos).toBe(5);
    expect(() => leerConfig({ DATA_DIR: '/tmp/miduelo-pruebas', ALERTA_CRISIS_MINUTOS: '0' })).toThrow();
  });
});

describe('recordatorio de 48 horas sin respuesta', () => {
  it('un solo correo amable por cada espera, sin contenido; una nueva espera tras la respuesta trae otro', async () => {
    // Everything happens in the past (the app's own timer runs at the test clock, which never goes
    // past the real now here, so it cannot send a reminder before the explicit passes below).
    const base = new Date(Date.now() - 200 * 3600_000);
    const c = await crearConsulta(t(), 1);
    const id = await abrirChat(c);
    t().reloj.fijar(base);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Necesito contarte algo de mi hermano.' });
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Cuando puedas.' });
    const para = c.psicologo.correo;
    const correos = () => t().buzon.correos.filter((m) => m.para === para);

    await recordarSinRespuesta(t().app.ctx, tras(base, 47 * 3600_000));
    expect(correos()).toHaveLength(0);
    await Promise.all([
      recordarSinRespuesta(t().app.ctx, tras(base, 49 * 3600_000)),
      recordarSinRespuesta(t().app.ctx, tras(base, 49 * 3600_000)),
    ]);
    await recordarSinRespuesta(t().app.ctx, tras(base, 60 * 3600_000));
    const correo = await t().buzon.esperar(para);
    expect(correos()).toHaveLength(1);
    expect(correo.asunto).toBe('Un paciente espera tu respuesta en MiDuelo');
    expect(correo.texto).toContain('P. P. te dejó 2 mensajes');
    expect(correo.texto).not.toContain('hermano');
    expect(correo.texto).not.toContain('Paciente0');

    // She answers; the patient writes again; 48 hours later, one more reminder.
    t().reloj.fijar(tras(base, 61 * 3600_000));
    const respuesta = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Perdona la demora, aquí estoy.' });
    expect(respuesta.status).toBe(201);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Gracias.' });
    await recordarSinRespuesta(t().app.ctx, tras(base, (61 + 47) * 3600_000));
    expect(correos()).toHaveLength(1);
    await recordarSinRespuesta(t().app.ctx, tras(base, (61 + 49) * 3600_000));
    expect(correos()).toHaveLength(2);
    expect(correos()[1].texto).toContain('P. P. te dejó un mensaje');
    t().reloj.fijar(new Date());
  });

  it('un envío fallido se reintenta en la siguiente pasada', async () => {
    const ahora = new Date();
    const c = await crearConsulta(t(), 1);
    const id = await abrirChat(c);
    t().reloj.fijar(ahora);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: '¿Sigues ahí?' });
    t().reloj.fijar(new Date());
    const ctx = t().app.ctx;
    const falla = { ...ctx, mailer: { ...ctx.mailer, enviar: async () => Promise.reject(new Error('SMTP caído')) } };
    expect(await recordarSinRespuesta(falla, tras(ahora, 49 * 3600_000))).toBe(0);
    expect(t().buzon.correos.filter((m) => m.para === c.psicologo.correo)).toHaveLength(0);
    // Released: the next pass sends it (once).
    await recordarSinRespuesta(ctx, tras(ahora, 49 * 3600_000 + MIN));
    await recordarSinRespuesta(ctx, tras(ahora, 49 * 3600_000 + 2 * MIN));
    expect(t().buzon.correos.filter((m) => m.para === c.psicologo.correo)).toHaveLength(1);
  });
});
