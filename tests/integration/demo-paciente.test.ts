// The demo practice as the patient's app sees it (decision 211): Lucía logs in with nothing left to
// accept, her diary has entries of the last days, and she belongs to a public forum with posts.
import { DEMO, sembrarDemo } from '@miduelo/server/db/seed';
import { mensaje } from '@miduelo/server/db/schema/chat';
import { foroMensaje } from '@miduelo/server/db/schema/foros';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
  await sembrarDemo(t.db, t.reloj.ahora(), t.app.demo.sembradores, async () => true);
});
afterAll(() => t.cerrar());

describe('la paciente de la demo en la app', () => {
  it('inicia sesión sin documentos pendientes, con diario y con un foro en el que participa y que tiene mensajes', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/paciente/iniciar-sesion',
      payload: { email: DEMO.paciente, contrasena: DEMO.contrasena },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().consentimientos_pendientes).toEqual([]);
    const token: string = login.json().token;
    const get = async (url: string) => (await inyectarCon(t.app, token, { method: 'GET', url })).json();

    const consentimientos = await get('/api/paciente/consentimientos');
    expect(consentimientos.map((c: { tipo: string; al_dia: boolean }) => [c.tipo, c.al_dia])).toEqual([
      ['aviso_privacidad', true],
      ['consentimiento_informado', true],
    ]);

    const diario = await get('/api/paciente/diario');
    expect(diario.length).toBeGreaterThanOrEqual(3);
    expect(diario.some((e: { compartida: boolean }) => e.compartida)).toBe(true);
    expect(diario.some((e: { compartida: boolean }) => !e.compartida)).toBe(true);

    const foros = await get('/api/foros?publico=true');
    const suyo = foros.data.find((f: { es_participante: boolean }) => f.es_participante);
    expect(suyo).toMatchObject({ titulo: 'Acompañarnos en el duelo', rol_usuario: 'miembro' });
    const temas = await get(`/api/foros/${suyo.id_foro}/temas`);
    expect(temas.data.some((x: { total_mensajes: number }) => x.total_mensajes > 0)).toBe(true);
  });
});

describe('las conversaciones de la demo', () => {
  // The screens list a conversation by its sequence and print each message's time: an answer must
  // never read earlier than the message it answers.
  it('en cada chat y cada tema, cada mensaje lleva una hora posterior a la del anterior', async () => {
    const chats = await t.db
      .select({ grupo: mensaje.id_chat, seq: mensaje.seq, fecha: mensaje.fecha_envio })
      .from(mensaje)
      .orderBy(asc(mensaje.id_chat), asc(mensaje.seq));
    const temas = await t.db
      .select({ grupo: foroMensaje.id_tema, seq: foroMensaje.seq, fecha: foroMensaje.fecha_envio })
      .from(foroMensaje)
      .orderBy(asc(foroMensaje.id_tema), asc(foroMensaje.seq));
    for (const [nombre, filas] of [
      ['chat', chats],
      ['tema', temas],
    ] as const) {
      expect(filas.length, nombre).toBeGreaterThan(3);
      const fueraDeOrden = filas.filter((f, i) => i > 0 && filas[i - 1].grupo === f.grupo && f.fecha <= filas[i - 1].fecha);
      expect(fueraDeOrden.map((f) => `${nombre} ${f.grupo} #${f.seq}`)).toEqual([]);
    }
  });
});
