// Signalling of the online sessions over the socket (issue 54, decision 359): the patient waits,
// the psychologist sees it live and admits her, offers, answers and ICE candidates cross both ways;
// someone else's forged join or signal reaches nobody; leaving ends nothing; ending ends it for both.
import { salaSesion } from '@miduelo/shared/realtime-sesiones';
import { type AvisoEnSala, type EntradaSesion, type EstadoSala, MSG_SESION, type Senal } from '@miduelo/shared/sesiones-en-linea';
import { sesionEnLinea } from '@miduelo/server/db/schema/sesiones-en-linea';
import { cerrarSalasVencidas } from '@miduelo/server/modules/sesiones-en-linea/service';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliente, crearPractica, json, type Practica, psicologoApi } from '../helpers/agenda';
import { esperarEvento, type SocketCliente, sincronizar, usarServidorDeSockets } from '../helpers/socket';

const srv = usarServidorDeSockets();

type Recibido = { id_sesion: number; senal: Senal };
/** Collects every signal a socket receives. */
function senales(s: SocketCliente): Recibido[] {
  const r: Recibido[] = [];
  s.on('sesion:senal', (p) => r.push(p));
  return r;
}

/** Waits for the first event of a kind that satisfies `cond`. */
function esperarQue<T>(s: SocketCliente, evento: string, cond: (p: T) => boolean, ms = 5000): Promise<T> {
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

let p: Practica;
let otra: Practica;
let idSesion: number;

async function salaDeCita(practica: Practica, hora: string, idPaciente = practica.pacientes[0].id_paciente) {
  const r = await psicologoApi(srv.t, practica).crearCita({
    fecha: '2027-03-01',
    hora_inicio: hora,
    modalidad: 'En línea',
    estado: 'confirmada',
    id_paciente: idPaciente,
  });
  expect(r.statusCode).toBe(201);
  const idCita = json<{ id_cita: number }>(r).id_cita;
  const e = await cliente(srv.t, () => practica.token).post(`/api/psicologo/citas/${idCita}/sesion`, {});
  expect(e.statusCode).toBe(200);
  return json<EntradaSesion>(e).sesion.id_sesion;
}

beforeAll(async () => {
  srv.t.reloj.fijar('2027-03-01T09:00:00-06:00');
  p = await crearPractica(srv.t, 2);
  otra = await crearPractica(srv.t, 1);
  srv.t.reloj.fijar('2027-03-01T09:55:00-06:00');
  idSesion = await salaDeCita(p, '10:00');
});

describe('sala de espera, admisión y señales', () => {
  it('la paciente espera, la psicóloga lo ve en vivo, la admite y las señales cruzan en ambos sentidos; nadie más entra ni señala', async () => {
    const psi = await srv.socket(p.token);
    const pac = await srv.socket(p.tokensPacientes[0]);
    const intrusaPac = await srv.socket(p.tokensPacientes[1]);
    const intrusoPsi = await srv.socket(otra.token);
    const aPsi = senales(psi);
    const aPac = senales(pac);

    const e1 = await psi.emitWithAck('sesion:unirse', { id_sesion: idSesion });
    expect(e1).toEqual({
      ok: true,
      data: expect.objectContaining({ id_sesion: idSesion, psicologo_presente: true, paciente_presente: false, paciente_admitido: false }),
    });

    const espera = esperarQue<AvisoEnSala>(psi, 'sesion:en-sala', (a) => a.id_sesion === idSesion && a.esperando);
    const e2 = await pac.emitWithAck('sesion:unirse', { id_sesion: idSesion });
    expect(e2.ok && e2.data).toMatchObject({ paciente_presente: true, paciente_admitido: false, estado: 'programada' });
    expect(await espera).toMatchObject({ esperando: true, en_curso: false, terminada: false, paciente: 'Tomás Paciente Ruiz' });
    const activas = json<AvisoEnSala[]>(await cliente(srv.t, () => p.token).get('/api/psicologo/sesiones/activas'));
    expect(activas).toEqual([expect.objectContaining({ id_sesion: idSesion, esperando: true })]);

    // Not admitted yet: her signals go nowhere.
    expect(await pac.emitWithAck('sesion:senal', { id_sesion: idSesion, senal: { tipo: 'reiniciar' } })).toEqual({
      ok: false,
      msg: MSG_SESION.sinEntrar,
    });
    // The patient cannot admit herself.
    expect(await pac.emitWithAck('sesion:admitir', { id_sesion: idSesion })).toEqual({ ok: false, msg: MSG_SESION.soloPsicologo });

    const admitida = esperarQue<EstadoSala>(pac, 'sesion:estado', (x) => x.paciente_admitido);
    const enCurso = esperarQue<AvisoEnSala>(psi, 'sesion:en-sala', (a) => a.en_curso);
    const adm = await psi.emitWithAck('sesion:admitir', { id_sesion: idSesion });
    expect(adm.ok && adm.data).toMatchObject({
      paciente_admitido: true,
      estado: 'en_curso',
      psicologo_presente: true,
      paciente_presente: true,
    });
    await admitida;
    expect(await enCurso).toMatchObject({ esperando: false, en_curso: true });

    const oferta: Senal = { tipo: 'oferta', sdp: 'v=0 oferta' };
    const respuesta: Senal = { tipo: 'respuesta', sdp: 'v=0 respuesta' };
    const ice: Senal = { tipo: 'ice', candidato: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 } };
    const llegaOferta = esperarEvento<Recibido>(pac, 'sesion:senal');
    expect(await psi.emitWithAck('sesion:senal', { id_sesion: idSesion, senal: oferta })).toEqual({ ok: true, data: null });
    expect(await llegaOferta).toEqual({ id_sesion: idSesion, senal: oferta });
    const llegaRespuesta = esperarEvento<Recibido>(psi, 'sesion:senal');
    await pac.emitWithAck('sesion:senal', { id_sesion: idSesion, senal: respuesta });
    expect(await llegaRespuesta).toEqual({ id_sesion: idSesion, senal: respuesta });
    await psi.emitWithAck('sesion:senal', { id_sesion: idSesion, senal: ice });
    await pac.emitWithAck('sesion:senal', { id_sesion: idSesion, senal: { tipo: 'ice', candidato: null } });
    await sincronizar(psi, pac);

    // Another patient of hers and another psychologist: refused, and the two parties get nothing.
    for (const intruso of [intrusaPac, intrusoPsi]) {
      expect(await intruso.emitWithAck('sesion:unirse', { id_sesion: idSesion })).toEqual({ ok: false, msg: MSG_SESION.noEncontrada });
      expect(await intruso.emitWithAck('sesion:senal', { id_sesion: idSesion, senal: oferta })).toEqual({
        ok: false,
        msg: MSG_SESION.sinEntrar,
      });
      expect(await intruso.emitWithAck('sesion:admitir', { id_sesion: idSesion })).toMatchObject({ ok: false });
      expect(await intruso.emitWithAck('sesion:terminar', { id_sesion: idSesion })).toMatchObject({ ok: false });
      intruso.emit('sesion:senal', { id_sesion: idSesion, senal: ice });
    }
    expect(
      await intrusaPac.emitWithAck('sesion:senal', { id_sesion: idSesion, senal: { tipo: 'oferta', sdp: 'x'.repeat(20_001) } }),
    ).toEqual({
      ok: false,
      msg: MSG_SESION.senalInvalida,
    });
    await sincronizar(intrusaPac, intrusoPsi, psi, pac);
    expect(aPac.map((x) => x.senal.tipo)).toEqual(['oferta', 'ice']);
    expect(aPsi.map((x) => x.senal)).toEqual([respuesta, { tipo: 'ice', candidato: null }]);
    const [fila] = await srv.t.db.select().from(sesionEnLinea).where(eq(sesionEnLinea.id_sesion, idSesion));
    expect(fila).toMatchObject({ terminada_en: null, gracia_min: 0 });
    expect(fila.entro_psicologo_en).not.toBeNull();
    expect(fila.entro_paciente_en).not.toBeNull();
    expect(fila.iniciada_en?.toISOString()).toBe('2027-03-01T15:55:00.000Z');

    // Leaving ends nothing for the other party; back in, she enters the room directly.
    const seFue = esperarQue<EstadoSala>(psi, 'sesion:estado', (x) => !x.paciente_presente);
    pac.emit('sesion:salir', { id_sesion: idSesion });
    expect(await seFue).toMatchObject({ estado: 'en_curso', psicologo_presente: true });
    const vuelta = await pac.emitWithAck('sesion:unirse', { id_sesion: idSesion });
    expect(vuelta.ok && vuelta.data).toMatchObject({ paciente_presente: true, paciente_admitido: true });
    const llega = esperarEvento<Recibido>(pac, 'sesion:senal');
    await psi.emitWithAck('sesion:senal', { id_sesion: idSesion, senal: oferta });
    expect((await llega).senal).toEqual(oferta);

    // Her connection drops: the psychologist sees it ("Reconectando…").
    const cayo = esperarQue<EstadoSala>(psi, 'sesion:estado', (x) => !x.paciente_presente);
    pac.disconnect();
    expect(await cayo).toMatchObject({ estado: 'en_curso', psicologo_presente: true, paciente_presente: false });
    for (const s of [psi, intrusaPac, intrusoPsi]) s.close();
  });

  it('la psicóloga termina la sesión para ambas; después nadie señala ni entra', async () => {
    srv.t.reloj.fijar('2027-03-01T10:55:00-06:00');
    const id = await salaDeCita(p, '11:00', p.pacientes[1].id_paciente);
    const psi = await srv.socket(p.token);
    const pac = await srv.socket(p.tokensPacientes[1]);
    await psi.emitWithAck('sesion:unirse', { id_sesion: id });
    await pac.emitWithAck('sesion:unirse', { id_sesion: id });
    await psi.emitWithAck('sesion:admitir', { id_sesion: id });
    expect(await pac.emitWithAck('sesion:terminar', { id_sesion: id })).toEqual({ ok: false, msg: MSG_SESION.soloPsicologo });

    const finPac = esperarEvento<{ id_sesion: number }>(pac, 'sesion:terminada');
    const finPsi = esperarEvento<{ id_sesion: number }>(psi, 'sesion:terminada');
    const aviso = esperarQue<AvisoEnSala>(psi, 'sesion:en-sala', (a) => a.terminada);
    const r = await psi.emitWithAck('sesion:terminar', { id_sesion: id });
    expect(r.ok && r.data).toMatchObject({ estado: 'terminada', psicologo_presente: false, paciente_presente: false });
    expect(await finPac).toEqual({ id_sesion: id });
    expect(await finPsi).toEqual({ id_sesion: id });
    expect(await aviso).toMatchObject({ terminada: true, en_curso: false });
    const [fila] = await srv.t.db.select().from(sesionEnLinea).where(eq(sesionEnLinea.id_sesion, id));
    expect(fila.terminada_por).toBe('psicologo');
    expect(fila.terminada_en?.toISOString()).toBe('2027-03-01T16:55:00.000Z');

    expect(await pac.emitWithAck('sesion:senal', { id_sesion: id, senal: { tipo: 'reiniciar' } })).toEqual({
      ok: false,
      msg: MSG_SESION.sinEntrar,
    });
    expect(await pac.emitWithAck('sesion:unirse', { id_sesion: id })).toEqual({ ok: false, msg: MSG_SESION.terminada });
    const http = await cliente(srv.t, () => p.tokensPacientes[1]).post(`/api/paciente/sesiones/${id}/entrar`, {});
    expect([http.statusCode, json(http).msg]).toEqual([409, MSG_SESION.terminada]);
    expect(salaSesion(id)).toBe(`sesion:${id}`);
    psi.close();
    pac.close();
  });

  it('cancelar la cita a media sesión la termina para ambas: salen de la sala y nadie vuelve a entrar', async () => {
    srv.t.reloj.fijar('2027-03-01T11:55:00-06:00');
    const idCita = json<{ id_cita: number }>(
      await psicologoApi(srv.t, p).crearCita({
        fecha: '2027-03-01',
        hora_inicio: '12:00',
        modalidad: 'En línea',
        estado: 'confirmada',
        id_paciente: p.pacientes[0].id_paciente,
      }),
    ).id_cita;
    const e = await cliente(srv.t, () => p.token).post(`/api/psicologo/citas/${idCita}/sesion`, {});
    const id = json<EntradaSesion>(e).sesion.id_sesion;
    const psi = await srv.socket(p.token);
    const pac = await srv.socket(p.tokensPacientes[0]);
    await psi.emitWithAck('sesion:unirse', { id_sesion: id });
    await pac.emitWithAck('sesion:unirse', { id_sesion: id });
    await psi.emitWithAck('sesion:admitir', { id_sesion: id });

    const finPac = esperarEvento<{ id_sesion: number }>(pac, 'sesion:terminada');
    const finPsi = esperarEvento<{ id_sesion: number }>(psi, 'sesion:terminada');
    const suya = esperarQue<{ sesion: { id_sesion: number; estado: string } }>(pac, 'mi-sesion:cambio', (x) => x.sesion.id_sesion === id);
    const r = await psicologoApi(srv.t, p).actualizarCita(idCita, { estado: 'cancelada' });
    expect(r.statusCode).toBe(200);
    expect(await finPac).toEqual({ id_sesion: id });
    expect(await finPsi).toEqual({ id_sesion: id });
    expect((await suya).sesion.estado).toBe('terminada');
    const [fila] = await srv.t.db.select().from(sesionEnLinea).where(eq(sesionEnLinea.id_sesion, id));
    expect([fila.terminada_por, fila.terminada_en?.toISOString()]).toEqual(['ventana', '2027-03-01T17:55:00.000Z']);
    // Out of the room: a signal reaches nobody and is refused; entering again is refused.
    expect(await pac.emitWithAck('sesion:senal', { id_sesion: id, senal: { tipo: 'reiniciar' } })).toEqual({
      ok: false,
      msg: MSG_SESION.sinEntrar,
    });
    expect(await pac.emitWithAck('sesion:unirse', { id_sesion: id })).toMatchObject({ ok: false });
    const http = await cliente(srv.t, () => p.tokensPacientes[0]).post(`/api/paciente/sesiones/${id}/entrar`, {});
    expect([http.statusCode, json(http).msg]).toEqual([409, MSG_SESION.cancelada]);
    psi.close();
    pac.close();
  });

  it('si las dos siguen dentro cuando pasa el horario, la sala termina sola y se les avisa una vez', async () => {
    srv.t.reloj.fijar('2027-03-01T12:55:00-06:00');
    const id = await salaDeCita(p, '13:00', p.pacientes[1].id_paciente);
    const psi = await srv.socket(p.token);
    const pac = await srv.socket(p.tokensPacientes[1]);
    await psi.emitWithAck('sesion:unirse', { id_sesion: id });
    await pac.emitWithAck('sesion:unirse', { id_sesion: id });
    await psi.emitWithAck('sesion:admitir', { id_sesion: id });
    // Still within its hour: the pass leaves it alone.
    srv.t.reloj.fijar('2027-03-01T13:59:00-06:00');
    await cerrarSalasVencidas(srv.t.app.ctx);
    expect((await srv.t.db.select().from(sesionEnLinea).where(eq(sesionEnLinea.id_sesion, id)))[0].terminada_en).toBeNull();

    const finPac = esperarEvento<{ id_sesion: number }>(pac, 'sesion:terminada');
    const finPsi = esperarEvento<{ id_sesion: number }>(psi, 'sesion:terminada');
    let avisos = 0;
    psi.on('sesion:terminada', () => avisos++);
    srv.t.reloj.fijar('2027-03-01T14:00:30-06:00');
    await Promise.all([cerrarSalasVencidas(srv.t.app.ctx), cerrarSalasVencidas(srv.t.app.ctx)]);
    expect(await finPac).toEqual({ id_sesion: id });
    expect(await finPsi).toEqual({ id_sesion: id });
    const [fila] = await srv.t.db.select().from(sesionEnLinea).where(eq(sesionEnLinea.id_sesion, id));
    expect([fila.terminada_por, fila.terminada_en?.toISOString()]).toEqual(['ventana', '2027-03-01T20:00:00.000Z']);
    await sincronizar(psi);
    expect(avisos).toBe(1);
    expect(await pac.emitWithAck('sesion:unirse', { id_sesion: id })).toEqual({ ok: false, msg: MSG_SESION.yaCerro });
    psi.close();
    pac.close();
  });

  it('una sesión abierta desde el chat llega a la app de la paciente', async () => {
    const pac = await srv.socket(otra.tokensPacientes[0]);
    const aviso = esperarEvento<{ sesion: { id_cita: number | null; estado: string } }>(pac, 'mi-sesion:cambio');
    const r = await cliente(srv.t, () => otra.token).post(`/api/psicologo/pacientes/${otra.pacientes[0].id_paciente}/sesion`, {});
    expect(r.statusCode).toBe(201);
    expect((await aviso).sesion).toMatchObject({ id_cita: null, estado: 'programada' });
    pac.close();
  });
});
