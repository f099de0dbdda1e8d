// Crisis language in the chat (issue 52, decisions 338 and 339): a patient's message that holds it is
// delivered as always and marked by the server as it is stored; the mark is a plain column beside
// the encrypted text, in the message's payload for both sides, and the psychologist's list counts
// the marked messages she has not opened until she opens the conversation.
import { FRASES_CRISIS } from '@miduelo/shared/foros-crisis';
import { mensaje } from '@miduelo/server/db/schema/chat';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { abrirChat, cliente, crearConsulta, filasDe, idCliente } from '../helpers/chat';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

const CRISIS = 'Ya no quiero vivir, doctora. No puedo más sin él.';

describe('marca de crisis en los mensajes del paciente', () => {
  it('el mensaje se entrega como siempre, marcado; la marca se guarda aparte del texto cifrado', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const r = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: CRISIS, id_cliente: idCliente() });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ contenido: CRISIS, remitente: 'paciente', crisis: true });
    // The psychologist reads it, marked.
    const mensajes = await c.psi.get(`/api/psicologo/chats/${id}/mensajes`);
    expect(mensajes.body).toEqual([expect.objectContaining({ contenido: CRISIS, crisis: true, leido: false })]);
    // Stored: the text encrypted, the mark in its own column.
    const [cruda] = await t.db.select().from(mensaje).where(eq(mensaje.id_chat, id));
    expect(cruda.contenido).not.toContain('vivir');
    expect(cruda.crisis).toBe(true);
  });

  it('solo se juzgan las palabras del paciente, y solo las de crisis', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const psi = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: '¿Has sentido que ya no quieres vivir?' });
    expect(psi.body.crisis).toBe(false);
    const pac = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Hoy fue un día tranquilo, gracias.' });
    expect(pac.body.crisis).toBe(false);
    // Accents, case and punctuation do not matter, as in the forums.
    const otra = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'ME QUIERO MORÍR!!' });
    expect(otra.body.crisis).toBe(true);
    expect((await filasDe(t, id)).map((m) => m.crisis)).toEqual([false, false, true]);
  });

  it('detecta cada frase de la lista compartida de los foros', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const marcas: boolean[] = [];
    for (const [i, frase] of FRASES_CRISIS.slice(0, 12).entries()) {
      const r = await c.pac[0].post('/api/paciente/mensajes', {
        id_chat: id,
        contenido: `Hoy... ${frase}.`,
        id_cliente: `frase-${i}-xxxx`,
      });
      marcas.push(r.body.crisis);
    }
    expect(marcas).toEqual(Array(12).fill(true));
  });

  it('envíos simultáneos (agrupados en lotes sobre PostgreSQL) guardan cada uno su propia marca', async () => {
    const c = await crearConsulta(t, 8);
    const ids = await Promise.all(c.pacientes.map((_, i) => abrirChat(c, i)));
    const textos = ids.map((_, i) => (i % 2 === 0 ? `Quiero matarme (${i})` : `Todo bien por aquí (${i})`));
    const r = await Promise.all(ids.map((id, i) => c.pac[i].post('/api/paciente/mensajes', { id_chat: id, contenido: textos[i] })));
    expect(r.map((x) => [x.body.contenido, x.body.crisis])).toEqual(textos.map((tx, i) => [tx, i % 2 === 0]));
    const guardadas = await Promise.all(ids.map(async (id) => (await filasDe(t, id)).map((m) => m.crisis)));
    expect(guardadas).toEqual(ids.map((_, i) => [i % 2 === 0]));
  });

  it('un reintento con el mismo id_cliente responde la misma marca y no guarda dos veces', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const clave = idCliente();
    const a = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: CRISIS, id_cliente: clave });
    const b = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: CRISIS, id_cliente: clave });
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ id_mensaje: a.body.id_mensaje, crisis: true });
    expect(await filasDe(t, id)).toHaveLength(1);
  });
});

describe('lo que la psicóloga no ha abierto', () => {
  it('su lista cuenta los mensajes de crisis sin abrir hasta que abre la conversación; la marca del mensaje queda', async () => {
    const c = await crearConsulta(t, 2);
    const id = await abrirChat(c, 0);
    const otro = await abrirChat(c, 1);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: CRISIS });
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Perdón por escribir tan tarde.' });
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Pienso en quitarme la vida.' });
    await c.pac[1].post('/api/paciente/mensajes', { id_chat: otro, contenido: 'Nos vemos el jueves.' });
    const conteos = async () =>
      Object.fromEntries(
        ((await c.psi.get('/api/psicologo/chats')).body as { id_chat: number; crisis_sin_abrir: number }[]).map((x) => [
          x.id_chat,
          x.crisis_sin_abrir,
        ]),
      );
    expect(await conteos()).toEqual({ [id]: 2, [otro]: 0 });
    // The patient's own list never counts her own messages.
    expect((await c.pac[0].get('/api/paciente/chats')).body[0].crisis_sin_abrir).toBe(0);

    const leer = await c.psi.put(`/api/psicologo/chats/${id}/leer`);
    expect(leer.status).toBe(200);
    expect(await conteos()).toEqual({ [id]: 0, [otro]: 0 });
    const mensajes = await c.psi.get(`/api/psicologo/chats/${id}/mensajes`);
    expect(mensajes.body.map((m: { crisis: boolean; leido: boolean }) => [m.crisis, m.leido])).toEqual([
      [true, true],
      [false, true],
      [true, true],
    ]);
  });

  it('la marca se consulta sin abrir ningún texto: los de crisis sin abrir de más de N minutos (issue 55)', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    t.reloj.fijar('2026-05-04T10:00:00Z');
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: CRISIS });
    t.reloj.fijar('2026-05-04T10:40:00Z');
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Voy a matarme.' });
    t.reloj.fijar(new Date());
    const viejos = await t.db
      .select({ seq: mensaje.seq })
      .from(mensaje)
      .where(
        and(
          eq(mensaje.id_chat, id),
          eq(mensaje.crisis, true),
          eq(mensaje.leido, false),
          sql`${mensaje.fecha_envio} < '2026-05-04T10:30:00Z'`,
        ),
      );
    expect(viejos).toEqual([{ seq: 1 }]);
  });

  it('a quien no participa en la conversación no se le cuenta ni se le muestra nada', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: CRISIS });
    const ajena = cliente(t, sesionPsicologo(t.app, await crearPsicologo(t.db)));
    expect((await ajena.get('/api/psicologo/chats')).body).toEqual([]);
    expect((await ajena.get(`/api/psicologo/chats/${id}/mensajes`)).status).toBe(404);
  });
});
