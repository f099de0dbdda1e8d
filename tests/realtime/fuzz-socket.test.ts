// Property-based fuzzing of every client→server socket event (issue 10): arbitrary payloads, with
// and without an acknowledgement callback, from sessions of each kind. Properties: the server never
// drops the sender nor a bystander; every ack that refuses carries a Spanish `msg` and never the
// 500-like `ERROR_INTERNO`; a refused event writes no row. Reproduce with the FUZZ_SEED printed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { anidado, CORRIDAS, parametros, resumen, SEMILLA, valorRaro } from '../helpers/fuzz';
import type { SocketCliente } from '../helpers/socket';
import {
  crearEscenario,
  emitirConAck,
  emitirLibre,
  type Escenario,
  eventosDelServidor,
  huellaTablas,
  problemaDeMensaje,
  type Rol,
  socketDe,
} from '../helpers/sondeo';

let t: AppDePrueba;
let e: Escenario;
let eventos: string[] = [];
const abiertos: SocketCliente[] = [];

beforeAll(async () => {
  t = await crearAppDePrueba();
  await t.escuchar();
  e = await crearEscenario(t);
  const todos = new Set<string>();
  for (const rol of ['psicologo', 'paciente', 'admin'] as Rol[])
    for (const ev of await eventosDelServidor(t, e.token(rol) as string)) todos.add(ev);
  eventos = [...todos].sort();
});
afterAll(async () => {
  for (const s of abiertos) s.close();
  await t?.cerrar();
});

async function abrir(rol: Rol) {
  const s = await socketDe(t, e.token(rol) as string);
  abiertos.push(s);
  return s;
}

/** A payload: anything, or the event's own fields (ids of real conversations among them) with strange values. */
function payloadRaro(ev: string) {
  const idReal = ev.startsWith('chat-admin:') ? e.idChatAdmin : e.p1.idChat;
  const campo = ev.startsWith('chat-admin:') ? 'id_chat_admin' : 'id_chat';
  const id = fc.oneof(fc.constant(idReal), valorRaro);
  return fc.oneof(
    valorRaro,
    anidado,
    fc.record(
      { [campo]: id, contenido: valorRaro, id_cliente: valorRaro, despues_de: valorRaro, escribiendo: valorRaro },
      { requiredKeys: [] },
    ),
    fc.record({ [campo]: fc.constant(idReal), contenido: valorRaro }),
  );
}

const CON_ACK = /:(unirse|enviar)$/;
let casos = 0;

describe(`fuzz de sockets (semilla ${SEMILLA}; FUZZ_SEED=${SEMILLA} lo repite)`, () => {
  it('enumera los eventos que el servidor escucha', () => {
    expect(eventos.length).toBeGreaterThan(0);
  });

  it('cada evento y rol: el servidor no cae ni desconecta, acks en español, nada escrito al rechazar', async () => {
    const inicio = Date.now();
    const fallos: string[] = [];
    // A bystander of another practice: must stay connected whatever the others send.
    const testigo = await abrir('otroPaciente');
    for (const rol of ['psicologo', 'paciente', 'admin', 'otroPsicologo'] as Rol[]) {
      let s = await abrir(rol);
      for (const ev of eventos) {
        try {
          await fc.assert(
            fc.asyncProperty(payloadRaro(ev), fc.boolean(), async (payload, conAck) => {
              casos++;
              if (!s.connected) s = await abrir(rol);
              const antes = await huellaTablas(t);
              let ack: { ok?: boolean; msg?: unknown; code?: unknown } | undefined;
              // Events that answer (their typed signature takes an ack) are awaited; to the others a
              // callback is passed too, and must be ignored without harm.
              if (conAck && CON_ACK.test(ev)) ack = await emitirConAck(s, ev, payload);
              else if (conAck) emitirLibre(s, ev, payload, () => {});
              else emitirLibre(s, ev, payload);
              // A round trip on the same socket: the event above was handled before this answer.
              const eco = await emitirConAck(s, 'chat:unirse', { id_chat: 2_000_000_000 });
              const visto = `${rol} ${ev} ${JSON.stringify(payload)?.slice(0, 200)} ack=${JSON.stringify(ack)?.slice(0, 200)}`;
              if (!s.connected || !testigo.connected) throw new Error(`desconectado: ${visto}`);
              if (eco?.ok !== false) throw new Error(`el eco no respondió como antes: ${JSON.stringify(eco)}`);
              if (ack && ack.ok !== true) {
                if (
                  ack.code === 'ERROR_INTERNO' ||
                  (typeof (ack as { status?: number }).status === 'number' && (ack as { status: number }).status >= 500)
                )
                  throw new Error(`error interno: ${visto}`);
                const p = problemaDeMensaje(ack.msg);
                if (p) throw new Error(`${p}: ${visto}`);
              }
              if (!(ack?.ok === true && ev.endsWith(':enviar')) && JSON.stringify(await huellaTablas(t)) !== JSON.stringify(antes))
                throw new Error(`escritura sin éxito: ${visto}`);
            }),
            parametros(CORRIDAS),
          );
        } catch (err) {
          fallos.push(`${rol} ${ev}: ${resumen(err)}`);
        }
      }
    }
    // The server still serves: a normal conversation opens.
    const sano = await abrir('psicologo');
    expect((await emitirConAck(sano, 'chat:unirse', { id_chat: e.p1.idChat })).ok).toBe(true);
    console.info(
      `fuzz de sockets: ${casos} casos en ${eventos.length} eventos, ${((Date.now() - inicio) / 1000).toFixed(1)} s, semilla ${SEMILLA}`,
    );
    expect(fallos, `semilla ${SEMILLA}`).toEqual([]);
  }, 600_000);
});
