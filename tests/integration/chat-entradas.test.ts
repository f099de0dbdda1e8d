// Odd inputs to the chat API (issue 4: clear Spanish errors, never a 500, nothing written on failure).
import { MSG_CHAT } from '@miduelo/shared/chat';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { abrirChat, cliente, crearConsulta, filasDe, filaChat } from '../helpers/chat';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

/** Sends a raw JSON text, as a buggy or hostile client could. */
async function crudo(token: string, url: string, payload: string) {
  const r = await inyectarCon(t.app, token, { method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
  return { status: r.statusCode, body: r.json() };
}

describe('cuerpos que no son un objeto JSON', () => {
  it('las cuatro rutas de escritura responden 400 en español y no escriben nada', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const admin = await crearPsicologo(t.db, { rol_admin: true });
    const tokenAdmin = sesionPsicologo(t.app, admin);
    const rutas: [string, string][] = [
      [c.psi.token, '/api/psicologo/mensajes'],
      [c.pac[0].token, '/api/paciente/mensajes'],
      [c.psi.token, '/api/psicologo/chats'],
      [tokenAdmin, '/api/admin/chats'],
      [tokenAdmin, '/api/admin/mensajes'],
    ];
    for (const [token, url] of rutas) {
      for (const cuerpo of ['"hola"', '5', 'true']) {
        const r = await crudo(token, url, cuerpo);
        expect(r.status, `${url} ${cuerpo}`).toBe(400);
        expect(r.body.msg, `${url} ${cuerpo}`).toBe(MSG_GENERICO.cuerpoInvalido);
      }
    }
    expect(await filasDe(t, id)).toHaveLength(0);
    expect((await c.psi.get('/api/psicologo/chats')).body).toHaveLength(1);
    expect((await cliente(t, tokenAdmin).get('/api/admin/chats')).body).toHaveLength(0);
  });
});

describe('caracteres que la base de datos no guarda tal cual', () => {
  it('un mensaje con un carácter NUL o media pareja sustituta recibe 400 en español, no 500, y no se guarda', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    for (const contenido of ['hola\u0000mundo', 'vela \ud83d', '\udd6f sola']) {
      const r = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(MSG_CHAT.mensajeCaracteres);
      const p = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido });
      expect(p.status).toBe(400);
    }
    expect(await filasDe(t, id)).toHaveLength(0);
    expect((await filaChat(t, id)).ultimo_seq).toBe(0);
    // A whole pair (an emoji) is a character like any other.
    expect((await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'vela 🕯️' })).status).toBe(201);
  });

  it('una búsqueda con NUL no rompe la consulta: se ignora ese carácter', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'abrazo' });
    const r = await c.psi.get('/api/psicologo/chats/buscar?q=abr%00azo');
    expect(r.status).toBe(200);
    expect(r.body.map((x: { id_chat: number }) => x.id_chat)).toEqual([id]);
  });
});

describe('parámetros de consulta repetidos', () => {
  it('q, despues_de o limite dos veces responden 400 en español', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const q = await c.psi.get('/api/psicologo/chats/buscar?q=a&q=b');
    expect(q.status).toBe(400);
    expect(q.body.msg).toBe(MSG_CHAT.busquedaInvalida);
    for (const param of ['despues_de=1&despues_de=2', 'limite=1&limite=2', 'antes_de=3&antes_de=4']) {
      const r = await c.psi.get(`/api/psicologo/chats/${id}/mensajes?${param}`);
      expect(r.status, param).toBe(400);
      expect(r.body.msg, param).toBe(MSG_CHAT.idInvalido);
    }
  });
});
