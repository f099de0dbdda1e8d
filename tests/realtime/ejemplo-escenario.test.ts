// The worked example of tests/README.md, verbatim (tests/unit/readme-tests.test.ts keeps them equal):
// two parties connected, an awaited event, a drop and a resync.
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import { describe, expect, it } from 'vitest';
import { abrirChat, crearConsulta, idCliente } from '../helpers/chat';
import { esperarConexion, esperarEvento, usarServidorDeSockets } from '../helpers/socket';

// One listening app with its own fresh database for this file; its sockets close after the file.
const srv = usarServidorDeSockets();

describe('ejemplo: psicólogo y paciente en un chat en vivo', () => {
  it('el paciente recibe en vivo, cae, se pierde dos mensajes y los recupera al volver', async () => {
    // 1. Two parties: a psychologist with one patient (factories), their chat, one socket each.
    const c = await crearConsulta(srv.t, 1);
    const idChat = await abrirChat(c);
    const [psi, pac] = await Promise.all([srv.socket(c.psi.token), srv.socket(c.pac[0].token)]);

    // 2. An awaited event: start waiting BEFORE the action, then act through the HTTP API.
    const llegada = esperarEvento<{ mensaje: Mensaje }>(pac, 'chat:mensaje');
    await c.psi.post('/api/psicologo/mensajes', { id_chat: idChat, contenido: 'Hola, ¿cómo sigues?' });
    const { mensaje } = await llegada;
    expect(mensaje).toMatchObject({ contenido: 'Hola, ¿cómo sigues?', remitente: 'psicologo', seq: 1 });

    // 3. A drop: the patient's socket goes away while the psychologist keeps writing.
    pac.disconnect();
    await c.psi.post('/api/psicologo/mensajes', { id_chat: idChat, contenido: 'Te escribo mañana' });
    await c.psi.post('/api/psicologo/mensajes', { id_chat: idChat, contenido: 'Cuídate' });

    // 4. The resync: reconnect and ask for everything after the last seq seen.
    pac.connect();
    await esperarConexion(pac);
    const r = await pac.emitWithAck('chat:unirse', { id_chat: idChat, despues_de: mensaje.seq });
    if (!r.ok) throw new Error(r.msg);
    expect(r.data.mensajes.map((m) => [m.seq, m.contenido])).toEqual([
      [2, 'Te escribo mañana'],
      [3, 'Cuídate'],
    ]);
    expect(r.data).toMatchObject({ ultimo_seq: 3, hay_mas: false });

    // Live again, both ways: the patient answers over its socket and the psychologist hears it.
    const respuesta = esperarEvento<{ mensaje: Mensaje }>(psi, 'chat:mensaje');
    const ack = await pac.emitWithAck('chat:enviar', { id_chat: idChat, contenido: 'Gracias', id_cliente: idCliente() });
    expect(ack.ok).toBe(true);
    expect((await respuesta).mensaje).toMatchObject({ contenido: 'Gracias', remitente: 'paciente', seq: 4 });
  });
});
