// Open sessions and devices (issue 56, decisions 380–381): the profile lists the account's sessions
// with device, browser and place; closing one refuses its token at once and drops its socket;
// "close all others" keeps this one; another account cannot close mine; a new device mails.
import { sesionAbierta } from '@miduelo/server/db/schema/sesiones-abiertas';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { MSG_DISPOSITIVOS, type SesionAbierta } from '@miduelo/shared/dispositivos';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inyectarCon } from '../helpers/app';
import { CONTRASENA, crearPaciente, crearPsicologo } from '../helpers/fabricas';
import { esperarEvento, usarServidorDeSockets } from '../helpers/socket';

const srv = usarServidorDeSockets();

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Entrada {
  token: string;
  equipo: string;
}

/** A login as a browser makes it: its user agent, its address and its device cookie if it has one. */
async function entrar(
  cuenta: 'psicologo' | 'paciente',
  correo: string,
  o: { agente: string; ip?: string; equipo?: string },
): Promise<Entrada> {
  const res = await srv.t.app.inject({
    method: 'POST',
    url: `/api/${cuenta}/iniciar-sesion`,
    payload: cuenta === 'psicologo' ? { correo, contrasena: CONTRASENA } : { email: correo, contrasena: CONTRASENA },
    headers: { 'user-agent': o.agente, ...(o.equipo ? { cookie: `md_equipo=${o.equipo}` } : {}) },
    remoteAddress: o.ip ?? '127.0.0.1',
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'md_equipo');
  expect(cookie?.httpOnly).toBe(true);
  return { token: (res.json() as { token: string }).token, equipo: cookie?.value ?? '' };
}

const listar = async (token: string) => {
  const res = await inyectarCon(srv.t.app, token, { method: 'GET', url: '/api/sesiones' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SesionAbierta[];
};
const perfil = (token: string) => inyectarCon(srv.t.app, token, { method: 'GET', url: '/api/psicologo/perfil' });

describe('lista de sesiones', () => {
  it('muestra la sesión actual y otra con su dispositivo, navegador, sistema y lugar', async () => {
    const p = await crearPsicologo(srv.t.db);
    const pc = await entrar('psicologo', p.correo, { agente: CHROME_WINDOWS, ip: '192.168.1.20' });
    await entrar('psicologo', p.correo, { agente: SAFARI_IPHONE, ip: '201.141.12.7' });
    const lista = await listar(pc.token);
    expect(lista).toHaveLength(2);
    expect(lista[0]).toMatchObject({
      actual: true,
      dispositivo: 'Computadora',
      navegador: 'Chrome 131',
      sistema: 'Windows 10',
      lugar: 'Red local',
    });
    expect(lista[1]).toMatchObject({
      actual: false,
      dispositivo: 'Teléfono Apple iPhone',
      navegador: 'Mobile Safari 17',
      sistema: 'iOS 17.5',
      lugar: '201.141.12.7',
    });
  });

  it('una sesión cerrada con «Cerrar sesión» o vencida ya no aparece', async () => {
    const p = await crearPsicologo(srv.t.db);
    const a = await entrar('psicologo', p.correo, { agente: CHROME_WINDOWS });
    const b = await entrar('psicologo', p.correo, { agente: SAFARI_IPHONE });
    expect((await inyectarCon(srv.t.app, b.token, { method: 'POST', url: '/api/psicologo/cerrar-sesion' })).statusCode).toBe(200);
    expect((await listar(a.token)).map((s) => s.actual)).toEqual([true]);
    // A psychologist's session lasts 8 h: the other one, left open, is gone from the list after it.
    const c = await entrar('psicologo', p.correo, { agente: SAFARI_IPHONE });
    srv.t.reloj.avanzar(7 * 3600_000);
    const d = await entrar('psicologo', p.correo, { agente: CHROME_WINDOWS });
    srv.t.reloj.avanzar(2 * 3600_000);
    expect((await listar(d.token)).length).toBe(1);
    expect((await perfil(c.token)).statusCode).toBe(401);
  });
});

describe('cerrar sesiones', () => {
  it('cerrar otra: su token responde 401 al momento y su socket se desconecta; queda auditado', async () => {
    const p = await crearPsicologo(srv.t.db);
    const a = await entrar('psicologo', p.correo, { agente: CHROME_WINDOWS });
    const b = await entrar('psicologo', p.correo, { agente: SAFARI_IPHONE });
    // The other device's token is in use (its check cached) and its socket open.
    expect((await perfil(b.token)).statusCode).toBe(200);
    const s = await srv.socket(b.token);
    const revocada = esperarEvento<{ motivo: string }>(s, 'sesion:revocada');
    const desconectado = new Promise<string>((resolve) => s.once('disconnect', resolve));

    const otra = (await listar(a.token)).find((x) => !x.actual)!;
    const res = await inyectarCon(srv.t.app, a.token, { method: 'DELETE', url: `/api/sesiones/${otra.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: MSG_DISPOSITIVOS.cerrada, cerradas: 1 });
    expect((await revocada).motivo).toBe('cierre');
    expect(await desconectado).toBe('io server disconnect');
    expect((await perfil(b.token)).statusCode).toBe(401);
    expect((await perfil(a.token)).statusCode).toBe(200);
    expect((await listar(a.token)).map((x) => x.actual)).toEqual([true]);
    const filas = await srv.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'cerrar_sesion_dispositivo'), eq(auditoria.id_recurso, String(p.id_psicologo))));
    expect(filas).toHaveLength(1);
    expect(filas[0].actor_id).toBe(p.id_psicologo);
  });

  it('la sesión actual no se cierra por esta vía (409) y sigue abierta', async () => {
    const p = await crearPsicologo(srv.t.db);
    const a = await entrar('psicologo', p.correo, { agente: CHROME_WINDOWS });
    const [actual] = await listar(a.token);
    const res = await inyectarCon(srv.t.app, a.token, { method: 'DELETE', url: `/api/sesiones/${actual.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(MSG_DISPOSITIVOS.esLaActual);
    expect((await perfil(a.token)).statusCode).toBe(200);
  });

  it('«Cerrar todas las demás» cierra las otras y deja la actual', async () => {
    const pac = await crearPaciente(srv.t.db, { id_psicologo: (await crearPsicologo(srv.t.db)).id_psicologo });
    const app = await entrar('paciente', pac.email, { agente: SAFARI_IPHONE });
    const otra1 = await entrar('paciente', pac.email, { agente: CHROME_WINDOWS });
    const otra2 = await entrar('paciente', pac.email, { agente: CHROME_WINDOWS, equipo: otra1.equipo });
    const s = await srv.socket(otra2.token);
    const desconectado = new Promise<string>((resolve) => s.once('disconnect', resolve));
    const res = await inyectarCon(srv.t.app, app.token, { method: 'POST', url: '/api/sesiones/cerrar-otras' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: MSG_DISPOSITIVOS.cerradas(2), cerradas: 2 });
    expect(await desconectado).toBe('io server disconnect');
    const perfilPac = (tk: string) => inyectarCon(srv.t.app, tk, { method: 'GET', url: '/api/paciente/perfil' });
    expect((await perfilPac(otra1.token)).statusCode).toBe(401);
    expect((await perfilPac(otra2.token)).statusCode).toBe(401);
    expect((await perfilPac(app.token)).statusCode).toBe(200);
    expect((await listar(app.token)).map((x) => x.actual)).toEqual([true]);
  });

  it('otra cuenta no puede cerrar mis sesiones: 404 y nada cambia', async () => {
    const yo = await crearPsicologo(srv.t.db);
    const otro = await crearPsicologo(srv.t.db);
    const mia = await entrar('psicologo', yo.correo, { agente: CHROME_WINDOWS });
    const suya = await entrar('psicologo', otro.correo, { agente: CHROME_WINDOWS });
    const pac = await crearPaciente(srv.t.db, { id_psicologo: otro.id_psicologo });
    const dePaciente = await entrar('paciente', pac.email, { agente: SAFARI_IPHONE });
    const [m] = await listar(mia.token);
    for (const tk of [suya.token, dePaciente.token]) {
      const res = await inyectarCon(srv.t.app, tk, { method: 'DELETE', url: `/api/sesiones/${m.id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(MSG_DISPOSITIVOS.noEncontrada);
    }
    expect((await perfil(mia.token)).statusCode).toBe(200);
    expect(await srv.t.db.select().from(sesionAbierta).where(eq(sesionAbierta.id, m.id))).toHaveLength(1);
    const mal = await inyectarCon(srv.t.app, mia.token, { method: 'DELETE', url: '/api/sesiones/abc' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().msg).toBe(MSG_DISPOSITIVOS.identificadorInvalido);
  });
});

describe('aviso de dispositivo nuevo', () => {
  it('un dispositivo nuevo avisa por correo una vez; el mismo dispositivo ya no', async () => {
    const p = await crearPsicologo(srv.t.db);
    const buzon = srv.t.buzon;
    const desde = buzon.correos.length;
    // The account's first device is the one it starts on: nothing to compare with, no mail.
    const pc = await entrar('psicologo', p.correo, { agente: CHROME_WINDOWS });
    await entrar('psicologo', p.correo, { agente: CHROME_WINDOWS, equipo: pc.equipo });
    expect(buzon.correos.slice(desde).filter((c) => c.para === p.correo.toLowerCase())).toHaveLength(0);

    const tel = await entrar('psicologo', p.correo, { agente: SAFARI_IPHONE, ip: '201.141.12.7' });
    const c = await buzon.esperar(p.correo, { desde });
    expect(c.asunto).toBe('Nuevo inicio de sesión en tu cuenta de MiDuelo');
    expect(c.texto).toContain('Teléfono Apple iPhone · Mobile Safari 17 · iOS 17.5');
    expect(c.texto).toContain('Lugar: 201.141.12.7.');
    expect(c.texto).toContain('Si no fuiste tú');
    expect(c.texto).not.toContain(tel.token);
    expect(c.texto).not.toContain(tel.equipo);

    const antes = buzon.correos.length;
    await entrar('psicologo', p.correo, { agente: SAFARI_IPHONE, equipo: tel.equipo });
    // Mail of a login is sent before the login answers: nothing more arrived for this account.
    expect(buzon.correos.slice(antes).filter((x) => x.para === p.correo.toLowerCase())).toHaveLength(0);
  });
});
