// Live agenda: what one party does reaches the other party's sockets (and every tab of the
// psychologist) after commit, and nothing reaches anyone else.
import type { CitaCambio, DisponibilidadCambio, ExcepcionCambio, MiCitaCambio } from '@miduelo/shared/realtime-agenda';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cliente, crearPractica, json, type Practica, psicologoApi, usarAppDeAgenda } from '../helpers/agenda';
import { conectar, esperarConexion, esperarEvento, type SocketCliente } from '../helpers/socket';

const ag = usarAppDeAgenda({ escuchar: true });
let otro: Practica;
const abiertos: SocketCliente[] = [];

async function abrir(token: string) {
  const s = conectar(ag.t.url, token);
  abiertos.push(s);
  await esperarConexion(s);
  return s;
}

/** Every agenda event a socket receives, in order. */
function grabar(s: SocketCliente) {
  const eventos: Array<[string, unknown]> = [];
  for (const e of ['cita:cambio', 'mi-cita:cambio', 'disponibilidad:cambio', 'excepcion:cambio'] as const) {
    (s as unknown as { on(e: string, f: (x: unknown) => void): void }).on(e, (x) => eventos.push([e, x]));
  }
  return eventos;
}
/** The ids of the appointments in recorded events, by event name. */
const ids = (eventos: Array<[string, unknown]>) => eventos.map(([e, x]) => [e, (x as { cita: { id_cita: number } }).cita.id_cita]);

afterAll(() => {
  for (const s of abiertos) s.close();
});
beforeEach(async () => {
  otro = await crearPractica(ag.t, 1);
});

describe('eventos de la agenda en vivo', () => {
  it('la solicitud de un paciente llega a todas las pestañas de su psicólogo y a nadie más', async () => {
    const [tab1, tab2, yo, vecino, ajeno, pacienteAjeno] = await Promise.all([
      abrir(ag.p.token),
      abrir(ag.p.token),
      abrir(ag.p.tokensPacientes[0]),
      abrir(ag.p.tokensPacientes[1]),
      abrir(otro.token),
      abrir(otro.tokensPacientes[0]),
    ]);
    const ruido = [grabar(vecino), grabar(ajeno), grabar(pacienteAjeno)];
    const llegada1 = esperarEvento<CitaCambio>(tab1, 'cita:cambio');
    const llegada2 = esperarEvento<CitaCambio>(tab2, 'cita:cambio');
    const propia = esperarEvento<MiCitaCambio>(yo, 'mi-cita:cambio');
    const r = await cliente(ag.t, () => ag.p.tokensPacientes[0]).post('/api/paciente/citas/solicitar', {
      fecha: '2027-03-02',
      hora_inicio: '10:00',
      modalidad: 'En línea',
      notas: 'Me cuesta dormir',
    });
    expect(r.statusCode).toBe(201);
    const e1 = await llegada1;
    expect(e1).toEqual({
      tipo: 'creada',
      por: 'paciente',
      cita: expect.objectContaining({
        id_cita: json<{ id_cita: number }>(r).id_cita,
        id_paciente: ag.p.pacientes[0].id_paciente,
        fecha: '2027-03-02',
        hora_inicio: '10:00',
        hora_fin: '11:00',
        estado: 'pendiente',
        modalidad: 'En línea',
        notas: 'Me cuesta dormir',
        paciente: { nombre: 'Tomás', apellido_paterno: 'Paciente', apellido_materno: 'Ruiz' },
      }),
    });
    expect(await llegada2).toEqual(e1);
    expect((await propia).cita).toMatchObject({ estado: 'pendiente', notas: 'Me cuesta dormir' });
    // Barrier: a later change that each of the others must receive. A socket gets its events in the
    // order the server emits them, so anything the request had sent them would have come first.
    const barreras = [
      esperarEvento(vecino, 'mi-cita:cambio'),
      esperarEvento(ajeno, 'cita:cambio'),
      esperarEvento(pacienteAjeno, 'mi-cita:cambio'),
    ];
    const delVecino = json<{ id_cita: number }>(
      await psicologoApi(ag.t, ag.p).crearCita({ fecha: '2027-03-03', hora_inicio: '10:00', id_paciente: ag.p.pacientes[1].id_paciente }),
    );
    const delOtro = json<{ id_cita: number }>(await psicologoApi(ag.t, otro).crearCita({ fecha: '2027-03-03', hora_inicio: '10:00' }));
    await Promise.all(barreras);
    expect(ruido.map(ids)).toEqual([
      [['mi-cita:cambio', delVecino.id_cita]],
      [['cita:cambio', delOtro.id_cita]],
      [['mi-cita:cambio', delOtro.id_cita]],
    ]);
  });

  it('el cambio del psicólogo llega al paciente (sin notas del psicólogo) y a su otra pestaña, después del commit', async () => {
    const api = ag.api;
    const c = json<{ id_cita: number; id_agenda: number }>(
      await api.crearCita({ fecha: '2027-03-02', hora_inicio: '12:00', notas: 'Revisar duelo complicado' }),
    );
    const [tab2, yo] = await Promise.all([abrir(ag.p.token), abrir(ag.p.tokensPacientes[0])]);
    const alPaciente = esperarEvento<MiCitaCambio>(yo, 'mi-cita:cambio');
    // On receipt, the change is already visible through the REST API (pushed after commit).
    const visto = new Promise<unknown>((resolve) => {
      tab2.once('cita:cambio', async () => resolve(json<Array<{ estado: string }>>(await api.citasDeAgenda(c.id_agenda))[0].estado));
    });
    expect((await api.actualizarCita(c.id_cita, { estado: 'confirmada' })).statusCode).toBe(200);
    const e = await alPaciente;
    expect(e).toEqual({
      tipo: 'actualizada',
      por: 'psicologo',
      cita: {
        id_cita: c.id_cita,
        fecha: '2027-03-02',
        hora_inicio: '12:00',
        hora_fin: '13:00',
        duracion: 60,
        modalidad: 'Presencial',
        estado: 'confirmada',
        notas: null,
        origen: 'psicologo',
        version: 2,
      },
    });
    expect(await visto).toBe('confirmada');

    const reagendada = esperarEvento<MiCitaCambio>(yo, 'mi-cita:cambio');
    const enTab = esperarEvento<CitaCambio>(tab2, 'cita:cambio');
    await api.actualizarCita(c.id_cita, { fecha: '2027-03-03', hora_inicio: '16:00' });
    expect((await reagendada).cita).toMatchObject({ fecha: '2027-03-03', hora_inicio: '16:00', version: 3 });
    expect((await enTab).cita).toMatchObject({ fecha: '2027-03-03', hora_inicio: '16:00', notas: 'Revisar duelo complicado' });

    const borrada = esperarEvento<CitaCambio>(tab2, 'cita:cambio');
    await api.eliminarCita(c.id_cita);
    expect(await borrada).toMatchObject({ tipo: 'eliminada', cita: { id_cita: c.id_cita } });
  });

  it('el paciente cancela desde la app y la agenda abierta lo ve', async () => {
    const api = ag.api;
    const c = json<{ id_cita: number }>(await api.crearCita({ fecha: '2027-03-04', hora_inicio: '10:00', estado: 'confirmada' }));
    const tab = await abrir(ag.p.token);
    const llegada = esperarEvento<CitaCambio>(tab, 'cita:cambio');
    await cliente(ag.t, () => ag.p.tokensPacientes[0]).put(`/api/paciente/citas/${c.id_cita}/cancelar`, {});
    expect(await llegada).toMatchObject({ tipo: 'actualizada', por: 'paciente', cita: { id_cita: c.id_cita, estado: 'cancelada' } });
  });

  it('disponibilidad y excepciones llegan a las demás pestañas del psicólogo', async () => {
    const api = ag.api;
    const tab = await abrir(ag.p.token);
    const disp = esperarEvento<DisponibilidadCambio>(tab, 'disponibilidad:cambio');
    await api.agregarDisponibilidad('Sábado', '10:00', '13:00');
    expect((await disp).disponibilidad.map((d) => `${d.dia_semana} ${d.hora_inicio}`)).toEqual(['Sábado 10:00']);
    const exc = esperarEvento<ExcepcionCambio>(tab, 'excepcion:cambio');
    await api.crearExcepcion({ fecha: '2027-03-06', motivo: 'Taller' });
    expect(await exc).toMatchObject({ tipo: 'creada', excepcion: { fecha: '2027-03-06', motivo: 'Taller' } });
  });

  it('una operación rechazada no emite nada', async () => {
    const api = ag.api;
    await api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' });
    const [tab, yo] = await Promise.all([abrir(ag.p.token), abrir(ag.p.tokensPacientes[1])]);
    const eventos = [grabar(tab), grabar(yo)];
    expect(
      (await api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:30', id_paciente: ag.p.pacientes[1].id_paciente })).statusCode,
    ).toBe(409);
    expect(
      (await api.crearCita({ fecha: '2027-03-06', hora_inicio: '10:30', id_paciente: ag.p.pacientes[1].id_paciente })).statusCode,
    ).toBe(400);
    // Barrier: an accepted change reaches both; the rejected ones, had they emitted, would be before it.
    const barreras = [esperarEvento(tab, 'cita:cambio'), esperarEvento(yo, 'mi-cita:cambio')];
    const aceptada = json<{ id_cita: number }>(
      await api.crearCita({ fecha: '2027-03-03', hora_inicio: '10:30', id_paciente: ag.p.pacientes[1].id_paciente }),
    );
    await Promise.all(barreras);
    expect(eventos.map(ids)).toEqual([[['cita:cambio', aceptada.id_cita]], [['mi-cita:cambio', aceptada.id_cita]]]);
  });
});
