// No message lost or duplicated under concurrency: retries with one client id store one message,
// parallel senders get gap-free sequence numbers, unread counts match the stored messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { abrirChat, crearConsulta, filaChat, filasDe, idCliente, noLeidosGuardados } from '../helpers/chat';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

describe('envío idempotente y concurrente', () => {
  it('reintentos simultáneos con el mismo id_cliente guardan un solo mensaje y todos reciben el mismo', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const clave = idCliente();
    const rs = await Promise.all(
      Array.from({ length: 12 }, () =>
        c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'Nos vemos el jueves', id_cliente: clave }),
      ),
    );
    expect(rs.filter((r) => r.status === 201)).toHaveLength(1);
    expect(rs.filter((r) => r.status === 200)).toHaveLength(11);
    expect(new Set(rs.map((r) => r.body.id_mensaje)).size).toBe(1);
    const filas = await filasDe(t, id);
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({ seq: 1, id_cliente: clave });
    // The rolled-back reservations left no gap.
    expect((await filaChat(t, id)).ultimo_seq).toBe(1);
    expect((await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'siguiente' })).body.seq).toBe(2);
  });

  it('el mismo id_cliente en otra conversación es otro mensaje', async () => {
    const c = await crearConsulta(t, 2);
    const a = await abrirChat(c, 0);
    const b = await abrirChat(c, 1);
    const clave = idCliente();
    const ra = await c.psi.post('/api/psicologo/mensajes', { id_chat: a, contenido: 'x', id_cliente: clave });
    const rb = await c.psi.post('/api/psicologo/mensajes', { id_chat: b, contenido: 'x', id_cliente: clave });
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(ra.body.id_mensaje).not.toBe(rb.body.id_mensaje);
  });

  it('envíos paralelos de ambos participantes reciben números 1..N únicos y sin huecos', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const envios = Array.from({ length: 16 }, (_, i) =>
      i % 2
        ? c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: `psi ${i}`, id_cliente: idCliente() })
        : c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: `pac ${i}`, id_cliente: idCliente() }),
    );
    const rs = await Promise.all(envios);
    expect(rs.every((r) => r.status === 201)).toBe(true);
    expect(rs.map((r) => r.body.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const filas = await filasDe(t, id);
    expect(filas.map((m) => m.seq)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect((await filaChat(t, id)).ultimo_seq).toBe(16);
    // The list's last message is the one with the highest sequence number.
    const [resumen] = (await c.psi.get('/api/psicologo/chats')).body;
    expect(resumen.ultimo_mensaje.contenido).toBe(filas[15].contenido);
  });

  it('con envíos y lecturas entrelazados, el contador de no leídos coincide siempre con lo guardado', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < 14; i++) {
      ops.push(c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: `p${i}` }));
      if (i % 3 === 0) ops.push(c.psi.put(`/api/psicologo/chats/${id}/leer`));
      if (i % 4 === 0) ops.push(c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: `r${i}` }));
    }
    await Promise.all(ops);
    const lista = (await c.psi.get('/api/psicologo/chats')).body;
    expect(lista[0].mensajes_no_leidos).toBe(await noLeidosGuardados(t, id, 'psicologo'));
    const delPaciente = (await c.pac[0].get('/api/paciente/chats')).body;
    expect(delPaciente[0].mensajes_no_leidos).toBe(await noLeidosGuardados(t, id, 'paciente'));
    await c.psi.put(`/api/psicologo/chats/${id}/leer`);
    expect(await noLeidosGuardados(t, id, 'psicologo')).toBe(0);
    expect((await c.psi.get('/api/psicologo/chats')).body[0].mensajes_no_leidos).toBe(0);
  });
});
