// The psychologist's live crisis alert (issue 52, decision 339): a patient's crisis message reaches
// her marked (`chat:mensaje`) with an alert naming the patient (`chat:alerta-crisis`) on every tab
// and device, whether it was sent over HTTP or the socket; the patient gets no alert; opening the
// conversation sends the unread count 0 with a newer revision, which ends the alert everywhere.
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import type { AlertaCrisisChat } from '@miduelo/shared/realtime-chat';
import { EventoAlertaCrisisChatSchema, EventoMensajeSchema } from '@miduelo/shared/realtime-chat';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { abrirChat, crearConsulta, idCliente } from '../helpers/chat';
import { esperarEvento, type SocketCliente, sincronizar, usarServidorDeSockets } from '../helpers/socket';

const srv = usarServidorDeSockets();
const socket = (token: string) => srv.socket(token);

function recolectar<T>(s: SocketCliente, evento: string): T[] {
  const lista: T[] = [];
  (s as unknown as { on(e: string, f: (p: T) => void): void }).on(evento, (p) => lista.push(p));
  return lista;
}

describe('alerta de crisis en vivo', () => {
  it('llega a cada conexión de la psicóloga con el nombre del paciente; el paciente no la recibe', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const [laptop, tel, pac] = await Promise.all([socket(c.psi.token), socket(c.psi.token), socket(c.pac[0].token)]);
    const alertasPac = recolectar(pac, 'chat:alerta-crisis');
    const enLaptop = esperarEvento<AlertaCrisisChat>(laptop, 'chat:alerta-crisis');
    const enTel = esperarEvento<AlertaCrisisChat>(tel, 'chat:alerta-crisis');
    const mensajeEnLaptop = esperarEvento<{ mensaje: Mensaje }>(laptop, 'chat:mensaje');
    const r = await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Ya no quiero vivir.' });
    expect(r.status).toBe(201);
    const m = await mensajeEnLaptop;
    expect(v.is(EventoMensajeSchema, { ...m, tipo: 'paciente' })).toBe(true);
    expect(m.mensaje).toMatchObject({ contenido: 'Ya no quiero vivir.', crisis: true });
    for (const a of [await enLaptop, await enTel]) {
      // The payload is what the shared schema the clients validate with accepts.
      expect(v.is(EventoAlertaCrisisChatSchema, a)).toBe(true);
      expect(a).toEqual({
        id_chat: id,
        id_paciente: c.pacientes[0].id_paciente,
        paciente: {
          nombre: c.pacientes[0].nombre,
          apellido_paterno: c.pacientes[0].apellido_paterno,
          apellido_materno: c.pacientes[0].apellido_materno,
        },
        crisis_sin_abrir: 1,
        rev: expect.any(Number),
      });
    }
    // Everything the server emitted to the patient for that send has left before this answer.
    await sincronizar(pac);
    expect(alertasPac).toEqual([]);
  });

  it('por socket igual que por HTTP; un mensaje sin crisis no alerta y la cuenta sube con cada uno de crisis', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const [psi, pac] = await Promise.all([socket(c.psi.token), socket(c.pac[0].token)]);
    const alertas = recolectar<AlertaCrisisChat>(psi, 'chat:alerta-crisis');
    const mensajes = recolectar<{ mensaje: Mensaje }>(psi, 'chat:mensaje');
    const tranquilo = await pac.emitWithAck('chat:enviar', { id_chat: id, contenido: 'Hoy dormí mejor.', id_cliente: idCliente() });
    expect(tranquilo).toMatchObject({ ok: true, data: { crisis: false } });
    const segunda = esperarEvento<AlertaCrisisChat>(psi, 'chat:alerta-crisis');
    const primera = await pac.emitWithAck('chat:enviar', { id_chat: id, contenido: 'Quisiera estar muerta.', id_cliente: idCliente() });
    expect(primera).toMatchObject({ ok: true, data: { crisis: true } });
    expect((await segunda).crisis_sin_abrir).toBe(1);
    const tercera = esperarEvento<AlertaCrisisChat>(psi, 'chat:alerta-crisis');
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Pienso en matarme.' });
    expect((await tercera).crisis_sin_abrir).toBe(2);
    expect(alertas.map((a) => a.crisis_sin_abrir)).toEqual([1, 2]);
    expect(mensajes.map((m) => m.mensaje.crisis)).toEqual([false, true, true]);
  });

  it('al abrir la conversación llega el 0 con una revisión más nueva que la de la alerta', async () => {
    const c = await crearConsulta(srv.t, 1);
    const id = await abrirChat(c);
    const [laptop, tel] = await Promise.all([socket(c.psi.token), socket(c.psi.token)]);
    const alerta = esperarEvento<AlertaCrisisChat>(tel, 'chat:alerta-crisis');
    await c.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'Me voy a quitar la vida.' });
    const a = await alerta;
    const cero = esperarEvento<{ id_chat: number; mensajes_no_leidos: number; rev: number }>(tel, 'chat:no-leidos');
    // She opens it on the laptop: the phone's alert ends too.
    expect((await c.psi.put(`/api/psicologo/chats/${id}/leer`)).status).toBe(200);
    const n = await cero;
    expect(n).toMatchObject({ id_chat: id, mensajes_no_leidos: 0 });
    expect(n.rev).toBeGreaterThan(a.rev);
    expect((await c.psi.get('/api/psicologo/chats')).body[0].crisis_sin_abrir).toBe(0);
    await sincronizar(laptop);
  });
});
