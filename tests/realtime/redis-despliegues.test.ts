// Two deployments (two clinics, two databases) sharing one Redis: REDIS_PREFIX keeps their events
// and their disconnections apart. Needs a Redis (REDIS_URL); skipped without one, like the
// multi-node chat test.
import { prefijoDeBase } from '@miduelo/server/config';
import { sala } from '@miduelo/shared/realtime';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { abrirChat, crearConsulta } from '../helpers/chat';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { conectar, esperarConexion, esperarEvento, type SocketCliente, sincronizar } from '../helpers/socket';

const REDIS_URL = process.env.REDIS_URL;
const apps: AppDePrueba[] = [];
const abiertos: SocketCliente[] = [];
afterAll(async () => {
  for (const s of abiertos) s.close();
  for (const a of apps) await a.cerrar();
});

async function despliegue(prefijo: string) {
  const t = await crearAppDePrueba({ env: { REDIS_URL, REDIS_PREFIX: prefijo } });
  apps.push(t);
  await t.escuchar();
  return t;
}
async function socket(t: AppDePrueba, token: string) {
  const s = conectar(t.url, token);
  abiertos.push(s);
  await esperarConexion(s);
  return s;
}
function recolectar(s: SocketCliente, evento: string): unknown[] {
  const l: unknown[] = [];
  (s as unknown as { on(e: string, f: (p: unknown) => void): void }).on(evento, (p) => l.push(p));
  return l;
}

describe('REDIS_PREFIX por omisión', () => {
  it('distingue bases distintas y no depende de la contraseña', () => {
    const a = prefijoDeBase('postgres://u:uno@db.clinica-a:5432/miduelo', '/x');
    expect(prefijoDeBase('postgres://u:otra@db.clinica-a:5432/miduelo', '/y')).toBe(a);
    expect(prefijoDeBase('postgres://u:uno@db.clinica-b:5432/miduelo', '/x')).not.toBe(a);
    expect(prefijoDeBase('postgres://u:uno@db.clinica-a:5432/otra', '/x')).not.toBe(a);
    expect(prefijoDeBase(null, '/srv/a')).not.toBe(prefijoDeBase(null, '/srv/b'));
    expect(a).toMatch(/^miduelo-[0-9a-f]{10}$/);
  });
});

describe.skipIf(!REDIS_URL)('dos despliegues en un mismo Redis', () => {
  it('no reciben los chat:mensaje del otro ni se desconectan por sus bajas; con el mismo prefijo sí se mezclarían', async () => {
    const unico = `${process.pid}-${Date.now()}`;
    const [a, b, mismoQueA] = [await despliegue(`a-${unico}`), await despliegue(`b-${unico}`), await despliegue(`a-${unico}`)];
    // Fresh databases: each clinic's first psychologist and patient have the same ids.
    const ca = await crearConsulta(a, 1);
    const cb = await crearConsulta(b, 1);
    const cc = await crearConsulta(mismoQueA, 1);
    expect(cb.psicologo.id_psicologo).toBe(ca.psicologo.id_psicologo);
    expect(cc.psicologo.id_psicologo).toBe(ca.psicologo.id_psicologo);
    const id = await abrirChat(ca);
    const [sa, sb, sc] = [await socket(a, ca.psi.token), await socket(b, cb.psi.token), await socket(mismoQueA, cc.psi.token)];
    const enB = recolectar(sb, 'chat:mensaje');
    const enC = esperarEvento(sc, 'chat:mensaje');
    const enA = esperarEvento(sa, 'chat:mensaje');
    expect((await ca.pac[0].post('/api/paciente/mensajes', { id_chat: id, contenido: 'solo para la clínica A' })).status).toBe(201);
    await enA;
    await enC; // the control: the same prefix shares the stream, so the event crosses
    await sincronizar(sb);
    expect(enB).toEqual([]);

    // Clinic A's administrator disables its psychologist #1: clinic B's #1 stays connected.
    const admin = await crearPsicologo(a.db, { rol_admin: true });
    const cerradoEnA = new Promise((r) => sa.once('disconnect', r));
    const r = await inyectarCon(a.app, sesionPsicologo(a.app, admin), {
      method: 'PUT',
      url: `/api/admin/psicologos/${ca.psicologo.id_psicologo}/status`,
      payload: { status: 'inactivo' },
    });
    expect(r.statusCode).toBe(200);
    await cerradoEnA;
    await sincronizar(sb);
    expect(sb.connected).toBe(true);
  });
});

describe.skipIf(!REDIS_URL)('haySockets con varios nodos de un despliegue', () => {
  it('ve el socket de la sala en este nodo y en otro nodo, y ninguno donde no lo hay', async () => {
    const prefijo = `h-${process.pid}-${Date.now()}`;
    const [uno, dos] = [await despliegue(prefijo), await despliegue(prefijo)];
    const c = await crearConsulta(dos, 1);
    const s = await socket(dos, c.psi.token);
    const suSala = sala.psicologo(c.psicologo.id_psicologo);
    // Local (this node's rooms) and remote (asked through Redis).
    expect(await dos.app.realtime.haySockets(suSala)).toBe(true);
    expect(await uno.app.realtime.haySockets(suSala)).toBe(true);
    expect(await uno.app.realtime.haySockets(sala.psicologo(c.psicologo.id_psicologo + 1))).toBe(false);
    expect(await dos.app.realtime.haySockets(sala.psicologo(c.psicologo.id_psicologo + 1))).toBe(false);
    // hayAqui asks no other node: only the node that holds the socket says so.
    expect(dos.app.realtime.hayAqui(suSala)).toBe(true);
    expect(uno.app.realtime.hayAqui(suSala)).toBe(false);
    const cerrado = new Promise((r) => s.once('disconnect', r));
    s.close();
    await cerrado;
    await expect.poll(() => dos.app.realtime.haySockets(suSala)).toBe(false);
    await expect.poll(() => uno.app.realtime.haySockets(suSala)).toBe(false);
    expect(dos.app.realtime.hayAqui(suSala)).toBe(false);
  });
});
