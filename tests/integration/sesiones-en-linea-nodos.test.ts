// Online sessions on two nodes through Redis (issue 54, decision 359): the patient's socket on one
// node, the psychologist's on the other, one database. The psychologist sees her waiting, admits her
// (her socket moves rooms on the other node), signals cross both ways and ending reaches her.
import { randomBytes } from 'node:crypto';
import { buildApp } from '@miduelo/server/app';
import type { AvisoEnSala, EntradaSesion, EstadoSala, Senal } from '@miduelo/shared/sesiones-en-linea';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliente, crearPractica, json, psicologoApi } from '../helpers/agenda';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { conectar, esperarConexion, esperarEvento, type SocketCliente } from '../helpers/socket';

import { motivoSinRedis, REDIS_URL } from '../helpers/nodos';

const sinRedis = await motivoSinRedis();
if (sinRedis) {
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 pero ${sinRedis}`);
  console.warn(`Prueba de sesiones en línea en dos nodos omitida: ${sinRedis}`);
}

function esperarQue<T>(s: SocketCliente, evento: string, cond: (p: T) => boolean, ms = 8000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No llegó ${evento} esperado`)), ms);
    const f = (p: T) => {
      if (!cond(p)) return;
      clearTimeout(timer);
      (s as unknown as { off(e: string, f: (p: T) => void): void }).off(evento, f);
      resolve(p);
    };
    (s as unknown as { on(e: string, f: (p: T) => void): void }).on(evento, f);
  });
}

describe.skipIf(sinRedis)('sesiones en línea en dos nodos con Redis', () => {
  let t: AppDePrueba;
  let otro: FastifyInstance;
  let urlOtro = '';
  const sockets: SocketCliente[] = [];
  const abrir = async (url: string, token: string) => {
    const s = conectar(url, token);
    sockets.push(s);
    await esperarConexion(s);
    return s;
  };

  beforeAll(async () => {
    t = await crearAppDePrueba({ env: { REDIS_URL, REDIS_PREFIX: `prueba-sesiones-en-linea-${randomBytes(4).toString('hex')}` } });
    await t.escuchar();
    // Node B: another app (its own sockets and Redis connections) on the same database.
    otro = await buildApp({ config: t.config, db: t.db, logger: false });
    await otro.listen({ port: 0, host: '127.0.0.1' });
    const dir = otro.server.address();
    urlOtro = typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '';
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await otro?.close();
    await t?.cerrar();
  });

  it('la paciente en un nodo, la psicóloga en el otro: espera, admisión, señales y fin', async () => {
    t.reloj.fijar('2027-03-01T09:00:00-06:00');
    const p = await crearPractica(t, 1);
    const c = await psicologoApi(t, p).crearCita({
      fecha: '2027-03-01',
      hora_inicio: '09:30',
      modalidad: 'En línea',
      estado: 'confirmada',
    });
    expect(c.statusCode).toBe(201);
    t.reloj.fijar('2027-03-01T09:25:00-06:00');
    const e = await cliente(t, () => p.token).post(`/api/psicologo/citas/${json<{ id_cita: number }>(c).id_cita}/sesion`, {});
    const id = json<EntradaSesion>(e).sesion.id_sesion;

    const psi = await abrir(t.url, p.token);
    const pac = await abrir(urlOtro, p.tokensPacientes[0]);
    expect((await psi.emitWithAck('sesion:unirse', { id_sesion: id })).ok).toBe(true);
    const espera = esperarQue<AvisoEnSala>(psi, 'sesion:en-sala', (a) => a.id_sesion === id && a.esperando);
    const enEspera = await pac.emitWithAck('sesion:unirse', { id_sesion: id });
    expect(enEspera.ok && enEspera.data).toMatchObject({ psicologo_presente: true, paciente_presente: true, paciente_admitido: false });
    await espera;

    const admitida = esperarQue<EstadoSala>(pac, 'sesion:estado', (x) => x.paciente_admitido);
    const adm = await psi.emitWithAck('sesion:admitir', { id_sesion: id });
    expect(adm.ok && adm.data).toMatchObject({ paciente_admitido: true, paciente_presente: true });
    await admitida;

    const oferta: Senal = { tipo: 'oferta', sdp: 'v=0 desde el nodo A' };
    const respuesta: Senal = { tipo: 'respuesta', sdp: 'v=0 desde el nodo B' };
    const llegaOferta = esperarEvento<{ senal: Senal }>(pac, 'sesion:senal', 8000);
    expect(await psi.emitWithAck('sesion:senal', { id_sesion: id, senal: oferta })).toEqual({ ok: true, data: null });
    expect((await llegaOferta).senal).toEqual(oferta);
    const llegaRespuesta = esperarEvento<{ senal: Senal }>(psi, 'sesion:senal', 8000);
    expect(await pac.emitWithAck('sesion:senal', { id_sesion: id, senal: respuesta })).toEqual({ ok: true, data: null });
    expect((await llegaRespuesta).senal).toEqual(respuesta);

    const fin = esperarEvento<{ id_sesion: number }>(pac, 'sesion:terminada', 8000);
    expect((await psi.emitWithAck('sesion:terminar', { id_sesion: id })).ok).toBe(true);
    expect(await fin).toEqual({ id_sesion: id });
    // She left the room on her node: her signals reach nobody now.
    expect((await pac.emitWithAck('sesion:senal', { id_sesion: id, senal: respuesta })).ok).toBe(false);
  });
});
