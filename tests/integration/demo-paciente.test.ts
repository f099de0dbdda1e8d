// The demo practice as the patient's app sees it (decision 211): Lucía logs in with nothing left to
// accept, her diary has entries of the last days, and she belongs to a public forum with posts.
import { DEMO, sembrarDemo } from '@miduelo/server/db/seed';
import { mensaje } from '@miduelo/server/db/schema/chat';
import { foro, foroMensaje, foroParticipante, foroTema } from '@miduelo/server/db/schema/foros';
import { TEMAS_POR_PAGINA } from '@miduelo/shared/foros';
import { and, asc, eq, or, sql } from 'drizzle-orm';
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

describe('los foros de la demo', () => {
  it('el foro público tiene más temas que una página (Ver más temas) y nadie escribe antes de unirse', async () => {
    const [publico] = await t.db.select({ id: foro.id_foro }).from(foro).where(eq(foro.publico, true));
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(foroTema).where(eq(foroTema.id_foro, publico.id));
    expect(n).toBeGreaterThan(TEMAS_POR_PAGINA);
    const antesDeUnirse = await t.db
      .select({ tema: foroTema.titulo, seq: foroMensaje.seq })
      .from(foroMensaje)
      .innerJoin(foroTema, eq(foroTema.id_tema, foroMensaje.id_tema))
      .innerJoin(
        foroParticipante,
        and(
          eq(foroParticipante.id_foro, foroTema.id_foro),
          or(
            and(eq(foroMensaje.autor_tipo, 'psicologo'), eq(foroParticipante.id_psicologo, foroMensaje.autor_id)),
            and(eq(foroMensaje.autor_tipo, 'paciente'), eq(foroParticipante.id_paciente, foroMensaje.autor_id)),
          ),
        ),
      )
      .where(sql`${foroMensaje.fecha_envio} < ${foroParticipante.fecha_union}`);
    expect(antesDeUnirse).toEqual([]);
    // Every post's author takes part in its forum.
    const [{ sinParticipar }] = await t.db
      .select({ sinParticipar: sql<number>`count(*)::int` })
      .from(foroMensaje)
      .innerJoin(foroTema, eq(foroTema.id_tema, foroMensaje.id_tema))
      .where(
        sql`not exists (select 1 from foro_participante p where p.id_foro = ${foroTema.id_foro}
          and ((${foroMensaje.autor_tipo} = 'psicologo' and p.id_psicologo = ${foroMensaje.autor_id})
            or (${foroMensaje.autor_tipo} = 'paciente' and p.id_paciente = ${foroMensaje.autor_id})))`,
      );
    expect(sinParticipar).toBe(0);
  });
});
