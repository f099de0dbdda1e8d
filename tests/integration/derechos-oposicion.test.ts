// Opposition to specific uses of her data (issue 56, decision 377): the switches are hers, audited,
// validated; and each use honours them — no reminder mail (appointment or activity), no push, and
// her forum posts and participation shown to others as "Participante".
import { NOMBRE_ANONIMO_FORO } from '@miduelo/shared/derechos-oposicion';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { enviarRecordatorios } from '@miduelo/server/modules/agenda/jobs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INSTANTE_LUNES_9 } from '../helpers/agenda';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { abrirChat, type Consulta, cliente, crearConsulta, idCliente } from '../helpers/chat';
import { crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { iniciarServicioPush, type ServicioPush } from '../helpers/push';

let t: AppDePrueba;
let push: ServicioPush;
let c: Consulta;
const R = '/api/paciente/mis-datos/oposicion';
const TODO_NO = { correos: false, push: false, foro_sin_nombre: false };

beforeAll(async () => {
  push = await iniciarServicioPush();
  t = await crearAppDePrueba({ config: push.config });
});
afterAll(async () => {
  await t.cerrar();
  await push.cerrar();
});
beforeEach(async () => {
  push.recibidos.length = 0;
  t.reloj.fijar(INSTANTE_LUNES_9);
  c = await crearConsulta(t, 2);
});

const oponerse = async (i: number, cambios: Partial<typeof TODO_NO>) => {
  const r = await c.pac[i].put(R, { ...TODO_NO, ...cambios });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe('los interruptores', () => {
  it('empiezan sin oposición, se guardan, son de cada paciente y cada cambio queda en la auditoría', async () => {
    expect((await c.pac[0].get(R)).body).toEqual({ ...TODO_NO, actualizada_en: null });
    const r = await oponerse(0, { push: true, foro_sin_nombre: true });
    expect(r).toEqual({ correos: false, push: true, foro_sin_nombre: true, actualizada_en: expect.any(String) });
    expect((await c.pac[0].get(R)).body).toMatchObject({ push: true, foro_sin_nombre: true });
    expect((await c.pac[1].get(R)).body).toEqual({ ...TODO_NO, actualizada_en: null });
    const filas = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'cambiar_oposicion'), eq(auditoria.id_paciente, c.pacientes[0].id_paciente)));
    expect(filas).toEqual([
      expect.objectContaining({ actor_tipo: 'paciente', detalle: { push: true, foro_sin_nombre: true }, recurso: 'oposicion_paciente' }),
    ]);
  });

  it('un cuerpo incompleto, con campos de más o de otro tipo es 400 y no cambia nada; otros roles no entran', async () => {
    for (const malo of [{ correos: true }, { ...TODO_NO, extra: 1 }, { ...TODO_NO, push: 'si' }, []]) {
      const r = await c.pac[0].put(R, malo);
      expect(r.status).toBe(400);
      expect(r.body.msg).toEqual(expect.any(String));
    }
    expect((await c.pac[0].get(R)).body).toEqual({ ...TODO_NO, actualizada_en: null });
    expect((await c.psi.get(R)).status).toBe(403);
    expect((await c.psi.put(R, TODO_NO)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: R })).statusCode).toBe(401);
  });
});

describe('cada uso respeta la oposición', () => {
  it('correos: el recordatorio de cita no sale a quien se opuso, sí a quien no', async () => {
    const [a, b] = c.pacientes;
    await oponerse(0, { correos: true });
    for (const [p, hora] of [
      [a, '10:00'],
      [b, '11:00'],
    ] as const) {
      const r = await c.psi.post('/api/psicologo/citas', {
        id_paciente: p.id_paciente,
        fecha: '2027-03-02',
        hora_inicio: hora,
        modalidad: 'Presencial',
        estado: 'confirmada',
      });
      expect(r.status).toBe(201);
    }
    const ctx = { db: t.db, config: t.config, mailer: t.app.mailer, log: t.app.log };
    expect(await enviarRecordatorios(ctx, new Date('2027-03-01T11:00:00-06:00'))).toBe(1);
    await t.buzon.esperar(b.email);
    expect(t.buzon.correos.filter((m) => m.para === a.email.toLowerCase())).toEqual([]);
    // Not retried later either.
    expect(await enviarRecordatorios(ctx, new Date('2027-03-01T11:05:00-06:00'))).toBe(0);
  });

  it('correos: el recordatorio de una actividad no llega por correo (el aviso en la app sí se envía)', async () => {
    await oponerse(0, { correos: true });
    const acts = (await c.psi.get('/api/psicologo/actividades')).body as Array<{ id_actividad: number; origen: string }>;
    const id_actividad = acts.find((x) => x.origen === 'modulo')?.id_actividad;
    const asignar = await c.psi.post('/api/psicologo/actividades/asignar', {
      id_actividad,
      pacientes: [c.pacientes[0].id_paciente, c.pacientes[1].id_paciente],
      fecha_limite: '2027-03-10',
    });
    expect(asignar.status).toBe(201);
    const [a0, a1] = asignar.body.asignaciones as Array<{ id_asignacion: number }>;
    expect((await c.psi.post(`/api/psicologo/actividades/asignadas/${a0.id_asignacion}/recordatorio`)).status).toBe(200);
    expect((await c.psi.post(`/api/psicologo/actividades/asignadas/${a1.id_asignacion}/recordatorio`)).status).toBe(200);
    await t.buzon.esperar(c.pacientes[1].email);
    expect(t.buzon.correos.filter((m) => m.para === c.pacientes[0].email.toLowerCase())).toEqual([]);
  });

  it('push: ninguna notificación a quien se opuso, aunque sus preferencias digan «todo»', async () => {
    const s = push.suscripcion();
    expect((await c.pac[0].post('/api/paciente/push/suscripciones', s)).status).toBe(201);
    const id = await abrirChat(c);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Antes de oponerse', id_cliente: idCliente() });
    await push.esperar(1);
    await oponerse(0, { push: true });
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Después de oponerse', id_cliente: idCliente() });
    await Promise.all([...t.app.pushPendientes]);
    expect(push.recibidos).toHaveLength(1);
  });

  it('foros: sus publicaciones y su participación se muestran como «Participante»; las de los demás, con su nombre', async () => {
    const admin = await crearPsicologo(t.db, { rol_admin: true, nombre: 'Adelaida' });
    const adm = cliente(t, sesionPsicologo(t.app, admin));
    const otra = await crearPaciente(t.db, { nombre: 'Filomena', apellido_paterno: 'Zárate' });
    const otraApi = cliente(t, sesionPaciente(t.app, otra));
    const ella = c.pac[0];
    const f = await adm.post('/api/foros', { titulo: 'Acompañarnos', descripcion: 'Un foro', publico: true });
    const idForo = f.body.data.id_foro as number;
    await ella.post(`/api/foros/${idForo}/unirse`);
    await otraApi.post(`/api/foros/${idForo}/unirse`);
    const tema = await ella.post(`/api/foros/${idForo}/temas`, { titulo: 'Primera Navidad sin él' });
    const idTema = tema.body.data.id_tema as number;
    await ella.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Antes de elegir' });
    await otraApi.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Te entiendo' });

    const autores = async () => {
      const r = await otraApi.get(`/api/foros/temas/${idTema}/mensajes`);
      return (r.body.data as Array<{ autor: { nombre: string; apellido: string }; contenido: string }>).map((m) => [
        m.contenido,
        m.autor.nombre,
      ]);
    };
    expect(await autores()).toEqual([
      ['Antes de elegir', c.pacientes[0].nombre],
      ['Te entiendo', 'Filomena'],
    ]);
    await oponerse(0, { foro_sin_nombre: true });
    await ella.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Después de elegir' });
    expect(await autores()).toEqual([
      ['Antes de elegir', NOMBRE_ANONIMO_FORO],
      ['Te entiendo', 'Filomena'],
      ['Después de elegir', NOMBRE_ANONIMO_FORO],
    ]);
    const temas = await otraApi.get(`/api/foros/${idForo}/temas`);
    expect(JSON.stringify(temas.body)).not.toContain(c.pacientes[0].nombre);
    const participantes = await adm.get(`/api/foros/${idForo}/participantes`);
    const nombres = (participantes.body.data as Array<{ usuario: { nombre: string } }>).map((p) => p.usuario.nombre);
    expect(nombres).toContain(NOMBRE_ANONIMO_FORO);
    expect(nombres).not.toContain(c.pacientes[0].nombre);
    expect(nombres).toContain('Filomena');
  });
});
