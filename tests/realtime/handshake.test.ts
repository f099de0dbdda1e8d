import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { INSTANTE_LUNES_9 } from '../helpers/agenda';
import { conectar, esperarConexion, esperarEvento, type SocketCliente } from '../helpers/socket';

let t: AppDePrueba;
let url: string;
const abiertos: SocketCliente[] = [];
const abrir = (token: string | undefined) => {
  const s = conectar(url, token);
  abiertos.push(s);
  return s;
};
beforeAll(async () => {
  t = await crearAppDePrueba();
  url = await t.escuchar();
});
afterAll(async () => {
  for (const s of abiertos) s.close();
  await t.cerrar();
});

describe('handshake del gateway Socket.IO', () => {
  it('acepta un token válido y entrega a ese socket lo dirigido a su cuenta', async () => {
    t.reloj.fijar(INSTANTE_LUNES_9);
    const p = await crearPsicologo(t.db);
    const pac = await crearPaciente(t.db, { id_psicologo: p.id_psicologo });
    const [s, sp] = [abrir(sesionPsicologo(t.app, p)), abrir(sesionPaciente(t.app, pac))];
    await Promise.all([esperarConexion(s), esperarConexion(sp)]);
    const alPsicologo = esperarEvento<{ cita: { id_cita: number } }>(s, 'cita:cambio');
    const alPaciente = esperarEvento<{ cita: { id_cita: number } }>(sp, 'mi-cita:cambio');
    const r = await inyectarCon(t.app, sesionPaciente(t.app, pac), {
      method: 'POST',
      url: '/api/paciente/citas/solicitar',
      payload: { fecha: '2027-03-02', hora_inicio: '10:00', modalidad: 'En línea' },
    });
    expect(r.statusCode).toBe(201);
    expect((await alPsicologo).cita.id_cita).toBe(r.json().id_cita);
    expect((await alPaciente).cita.id_cita).toBe(r.json().id_cita);
    t.reloj.fijar(new Date());
  });

  it('rechaza sin token, con token alterado, con alg none y con token expirado', async () => {
    const p = await crearPsicologo(t.db);
    const token = sesionPsicologo(t.app, p);
    const [h, c] = token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${c}.`;
    const alterado = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(c, 'base64url').toString()), id_psicologo: 999 })).toString('base64url')}.${token.split('.')[2]}`;
    await expect(esperarConexion(abrir(undefined))).rejects.toThrow('NO_AUTENTICADO');
    await expect(esperarConexion(abrir(alterado))).rejects.toThrow('TOKEN_INVALIDO');
    await expect(esperarConexion(abrir(none))).rejects.toThrow('TOKEN_INVALIDO');
    t.reloj.avanzar(9 * 3600_000);
    const expirado = abrir(token);
    await expect(esperarConexion(expirado)).rejects.toThrow('TOKEN_INVALIDO');
    t.reloj.fijar(new Date());
  });

  it('rechaza un token revocado y desconecta solo los sockets de la sesión cerrada', async () => {
    const p = await crearPsicologo(t.db);
    const a = sesionPsicologo(t.app, p);
    const b = sesionPsicologo(t.app, p);
    const sa = abrir(a);
    const sb = abrir(b);
    await Promise.all([esperarConexion(sa), esperarConexion(sb)]);
    const revocada = esperarEvento<{ motivo: string }>(sa, 'sesion:revocada');
    const desconectado = new Promise((r) => sa.once('disconnect', r));
    expect((await inyectarCon(t.app, a, { method: 'POST', url: '/api/psicologo/cerrar-sesion' })).statusCode).toBe(200);
    expect(await revocada).toEqual({ motivo: 'cierre' });
    await desconectado;
    expect(sb.connected).toBe(true);
    await expect(esperarConexion(abrir(a))).rejects.toThrow('TOKEN_INVALIDO');
  });

  it('deshabilitar la cuenta desconecta todos sus sockets', async () => {
    const admin = await crearPsicologo(t.db, { rol_admin: true });
    const pac = await crearPaciente(t.db);
    const s1 = abrir(sesionPaciente(t.app, pac));
    const s2 = abrir(sesionPaciente(t.app, pac));
    await Promise.all([esperarConexion(s1), esperarConexion(s2)]);
    const eventos = Promise.all([esperarEvento(s1, 'sesion:revocada'), esperarEvento(s2, 'sesion:revocada')]);
    await inyectarCon(t.app, sesionPsicologo(t.app, admin), {
      method: 'PUT',
      url: `/api/admin/pacientes/${pac.id_paciente}/status`,
      payload: { status: 'inactivo' },
    });
    expect(await eventos).toEqual([{ motivo: 'deshabilitada' }, { motivo: 'deshabilitada' }]);
  });
});
