// Decisions 291–293: the administration lists follow every write that changes one of their rows
// (`admin:cambio`, to administrators only, with nothing but which account); a reassignment made from a
// stale screen changes nothing and answers 409 with the patient as she is now; a patient's phone or
// email change reaches her psychologist's open list and file (`pacientes:cambio` 'actualizado').
import { MSG_ADMINISTRACION } from '@miduelo/shared/administracion';
import type { AdminCambio } from '@miduelo/shared/realtime-administracion';
import type { CitaCambio, MiCitaCambio } from '@miduelo/shared/realtime-agenda';
import type { PacientesCambio } from '@miduelo/shared/realtime-pacientes';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { paciente, psicologo } from '@miduelo/server/db/schema/cuentas';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inyectarCon } from '../helpers/app';
import { versionesVigentes } from '../helpers/consentimiento';
import { crearPaciente, crearPsicologo, type Psicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { type SocketCliente, sincronizar, usarServidorDeSockets } from '../helpers/socket';

const srv = usarServidorDeSockets();
let admin: Psicologo;
let otroAdmin: Psicologo;
let tkAdmin: string;
let tkOtroAdmin: string;

beforeAll(async () => {
  admin = await crearPsicologo(srv.t.db, { rol_admin: true, nombre: 'Adela' });
  otroAdmin = await crearPsicologo(srv.t.db, { rol_admin: true, nombre: 'Berta' });
  tkAdmin = sesionPsicologo(srv.t.app, admin);
  tkOtroAdmin = sesionPsicologo(srv.t.app, otroAdmin);
});

type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';
const llamar = (metodo: Metodo, url: string, payload?: object, token = tkAdmin) =>
  inyectarCon(srv.t.app, token, { method: metodo, url, ...(payload ? { payload } : {}) });
const reasignar = (idPaciente: number, cuerpo: object, token = tkAdmin) =>
  llamar('PUT', `/api/admin/pacientes/${idPaciente}/reasignar`, cuerpo, token);
const psicologoDe = async (idPaciente: number) =>
  (await srv.t.db.select().from(paciente).where(eq(paciente.id_paciente, idPaciente)))[0]?.id_psicologo;
const reasignaciones = (idPaciente: number) =>
  srv.t.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.accion, 'reasignar'), eq(auditoria.id_recurso, String(idPaciente))));

/** Every `evento` a socket receives, in order. */
function grabar<T>(s: SocketCliente, evento: 'admin:cambio' | 'pacientes:cambio' | 'cita:cambio' | 'mi-cita:cambio'): T[] {
  const recibidos: T[] = [];
  (s as unknown as { on(e: string, f: (x: T) => void): void }).on(evento, (x) => recibidos.push(x));
  return recibidos;
}

describe('listas de administración en vivo (decisión 291)', () => {
  it('cada escritura que cambia una fila llega a todos los administradores conectados, solo con qué cuenta; nadie más la oye', async () => {
    const db = srv.t.db;
    const porValidar = await crearPsicologo(db, { cedula_validada: false });
    const suya = await crearPsicologo(db);
    const aInhabilitar = await crearPsicologo(db);
    const aEliminar = await crearPsicologo(db);
    const pac = await crearPaciente(db, { id_psicologo: suya.id_psicologo });
    const sinAsignar = await crearPaciente(db);
    const aDeshabilitar = await crearPaciente(db, { id_psicologo: suya.id_psicologo });
    const sockets = [
      await srv.socket(tkAdmin),
      await srv.socket(tkOtroAdmin),
      await srv.socket(sesionPsicologo(srv.t.app, suya)),
      await srv.socket(sesionPaciente(srv.t.app, pac)),
    ];
    const oidos = sockets.map((s) => grabar<AdminCambio>(s, 'admin:cambio'));
    const esperados: AdminCambio[] = [];
    const acto = async (que: string, r: Promise<{ statusCode: number; body: string }>, estado: number, cambio?: AdminCambio) => {
      const hecho = await r;
      expect(hecho.statusCode, `${que}: ${hecho.body}`).toBe(estado);
      if (cambio) esperados.push(cambio);
    };

    const psiUrl = (p: Psicologo) => `/api/admin/psicologos/${p.id_psicologo}`;
    await acto('validar a mano', llamar('PUT', `${psiUrl(porValidar)}/validar-cedula-manual`), 200, {
      recurso: 'psicologo',
      id: porValidar.id_psicologo,
    });
    // Already validated: nothing changed, nothing said.
    await acto('validar otra vez', llamar('PUT', `${psiUrl(porValidar)}/validar-cedula`, { cedula_validada: true }), 200);
    await acto('reasignar', reasignar(sinAsignar.id_paciente, { id_psicologo: porValidar.id_psicologo, id_psicologo_actual: null }), 200, {
      recurso: 'paciente',
      id: sinAsignar.id_paciente,
    });
    // Refused: no one hears anything.
    await acto('reasignar a una cuenta que no existe', reasignar(pac.id_paciente, { id_psicologo: 999999 }), 404);
    await acto('inhabilitar psicólogo', llamar('PUT', `${psiUrl(aInhabilitar)}/status`, { status: 'inactivo' }), 200, {
      recurso: 'psicologo',
      id: aInhabilitar.id_psicologo,
    });
    await acto(
      'deshabilitar paciente',
      llamar('PUT', `/api/admin/pacientes/${aDeshabilitar.id_paciente}/status`, { status: 'inactivo' }),
      200,
      {
        recurso: 'paciente',
        id: aDeshabilitar.id_paciente,
      },
    );
    await acto('eliminar psicólogo', llamar('DELETE', psiUrl(aEliminar)), 200, { recurso: 'psicologo', id: aEliminar.id_psicologo });

    // A psychologist registers and activates the account from the emailed link.
    const desde = srv.t.buzon.correos.length;
    const registro = await srv.t.app.inject({
      method: 'POST',
      url: '/api/psicologo/registro',
      payload: {
        nombre: 'Valeria',
        apellidoPaterno: 'Gómez',
        apellidoMaterno: '',
        fecha_nacimiento: '1990-02-01',
        especialidad: 'Tanatología',
        cedula: '7123456',
        telefono: '5512345678',
        correo: 'valeria.en.vivo@ejemplo.mx',
        contrasena: 'Segura#2025',
        aceptaTerminos: true,
      },
    });
    expect(registro.statusCode, registro.body).toBe(201);
    const [nueva] = await db.select().from(psicologo).where(eq(psicologo.correo, 'valeria.en.vivo@ejemplo.mx'));
    esperados.push({ recurso: 'psicologo', id: nueva.id_psicologo });
    const token = srv.t.buzon
      .enlace(await srv.t.buzon.esperar('valeria.en.vivo@ejemplo.mx', { desde }))
      .split('/')
      .pop();
    await acto('activar', srv.t.app.inject({ method: 'GET', url: `/api/psicologo/activar/${token}` }), 200, {
      recurso: 'psicologo',
      id: nueva.id_psicologo,
    });

    // A patient registers with a linking code.
    const alta = await srv.t.app.inject({
      method: 'POST',
      url: '/api/paciente/registro',
      payload: {
        nombre: 'Rosa',
        apellido_paterno: 'Núñez',
        fecha_nacimiento: '1970-03-03',
        email: 'rosa.en.vivo@correo.mx',
        telefono: '5511223344',
        contrasena: 'Paciente#2025',
        codigo_vinculacion: suya.codigo_vinculacion,
        consentimientos: await versionesVigentes(srv.t.app),
      },
    });
    expect(alta.statusCode, alta.body).toBe(201);
    const [rosa] = await db.select().from(paciente).where(eq(paciente.email, 'rosa.en.vivo@correo.mx'));
    esperados.push({ recurso: 'paciente', id: rosa.id_paciente });

    // Contact data the lists show, changed by their owners.
    await acto(
      'perfil de la paciente',
      inyectarCon(srv.t.app, sesionPaciente(srv.t.app, pac), {
        method: 'PUT',
        url: '/api/paciente/perfil',
        payload: { telefono: '5600000001', email: pac.email },
      }),
      200,
      { recurso: 'paciente', id: pac.id_paciente },
    );
    await acto(
      'perfil del psicólogo',
      inyectarCon(srv.t.app, sesionPsicologo(srv.t.app, suya), {
        method: 'PUT',
        url: '/api/psicologo/actualizar-perfil',
        payload: { telefono: '5600000002', correo: suya.correo },
      }),
      200,
      { recurso: 'psicologo', id: suya.id_psicologo },
    );

    await sincronizar(...sockets);
    expect(oidos[0]).toEqual(esperados);
    expect(oidos[1]).toEqual(esperados);
    // A psychologist and a patient hear none of it.
    expect(oidos[2]).toEqual([]);
    expect(oidos[3]).toEqual([]);
  });
});

describe('reasignar desde una pantalla desactualizada (decisión 292)', () => {
  it('si el psicólogo cambió desde que la pantalla lo leyó: 409 con la fila actual, y nada cambia ni se avisa', async () => {
    const db = srv.t.db;
    const [a, b, c] = [await crearPsicologo(db), await crearPsicologo(db), await crearPsicologo(db, { nombre: 'Clara' })];
    const pac = await crearPaciente(db, { id_psicologo: a.id_psicologo });
    const sAdmin = await srv.socket(tkAdmin);
    const sPsi = await Promise.all([a, b, c].map((p) => srv.socket(sesionPsicologo(srv.t.app, p))));
    const admins = grabar<AdminCambio>(sAdmin, 'admin:cambio');
    const [deA, deB, deC] = sPsi.map((s) => grabar<PacientesCambio>(s, 'pacientes:cambio'));

    // The other administrator moves the patient from a to c.
    const suya = await reasignar(pac.id_paciente, { id_psicologo: c.id_psicologo, id_psicologo_actual: a.id_psicologo }, tkOtroAdmin);
    expect(suya.statusCode, suya.body).toBe(200);
    // This administrator's screen still shows a, and chooses b.
    const vieja = await reasignar(pac.id_paciente, { id_psicologo: b.id_psicologo, id_psicologo_actual: a.id_psicologo });
    expect(vieja.statusCode, vieja.body).toBe(409);
    expect(vieja.json()).toMatchObject({
      msg: MSG_ADMINISTRACION.reasignacionDesactualizada,
      code: 'REASIGNACION_DESACTUALIZADA',
      paciente: {
        id_paciente: pac.id_paciente,
        id_psicologo: c.id_psicologo,
        psicologo: { id_psicologo: c.id_psicologo, nombre: 'Clara' },
      },
    });
    expect(await psicologoDe(pac.id_paciente)).toBe(c.id_psicologo);
    expect((await reasignaciones(pac.id_paciente)).map((f) => f.detalle)).toEqual([{ de: a.id_psicologo, a: c.id_psicologo }]);
    // Choosing the very psychologist she now has is stale too (not 'ya asignado'): the screen did not know.
    expect((await reasignar(pac.id_paciente, { id_psicologo: c.id_psicologo, id_psicologo_actual: a.id_psicologo })).statusCode).toBe(409);

    await sincronizar(sAdmin, ...sPsi);
    expect(admins).toEqual([{ recurso: 'paciente', id: pac.id_paciente }]);
    expect([deA, deB, deC]).toEqual([
      [{ tipo: 'desvinculado', id_paciente: pac.id_paciente }],
      [],
      [{ tipo: 'vinculado', id_paciente: pac.id_paciente }],
    ]);

    // From the fresh row the same choice goes through.
    const fresca = await reasignar(pac.id_paciente, { id_psicologo: b.id_psicologo, id_psicologo_actual: c.id_psicologo });
    expect(fresca.statusCode, fresca.body).toBe(200);
    expect(await psicologoDe(pac.id_paciente)).toBe(b.id_psicologo);

    // 'Sin asignar' is a state the screen shows too (null).
    const sola = await crearPaciente(db);
    expect((await reasignar(sola.id_paciente, { id_psicologo: a.id_psicologo, id_psicologo_actual: null }, tkOtroAdmin)).statusCode).toBe(
      200,
    );
    const desdeSinAsignar = await reasignar(sola.id_paciente, { id_psicologo: b.id_psicologo, id_psicologo_actual: null });
    expect(desdeSinAsignar.statusCode, desdeSinAsignar.body).toBe(409);
    expect(desdeSinAsignar.json().paciente).toMatchObject({ id_psicologo: a.id_psicologo });
    expect(await psicologoDe(sola.id_paciente)).toBe(a.id_psicologo);

    const mal = await reasignar(sola.id_paciente, { id_psicologo: b.id_psicologo, id_psicologo_actual: 'otro' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().msg).toBe(MSG_ADMINISTRACION.psicologoActualInvalido);
  });

  it('dos administradores reasignan a la vez la misma fila «Sin asignar»: uno gana, el otro recibe 409 y no la pisa', async () => {
    const db = srv.t.db;
    const [b, c] = [await crearPsicologo(db), await crearPsicologo(db)];
    const pac = await crearPaciente(db);
    const [r1, r2] = await Promise.all([
      reasignar(pac.id_paciente, { id_psicologo: b.id_psicologo, id_psicologo_actual: null }),
      reasignar(pac.id_paciente, { id_psicologo: c.id_psicologo, id_psicologo_actual: null }, tkOtroAdmin),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const ganador = r1.statusCode === 200 ? b : c;
    expect(await psicologoDe(pac.id_paciente)).toBe(ganador.id_psicologo);
    expect((await reasignaciones(pac.id_paciente)).map((f) => f.detalle)).toEqual([{ de: null, a: ganador.id_psicologo }]);
    const perdedor = r1.statusCode === 409 ? r1 : r2;
    expect(perdedor.json().paciente).toMatchObject({ id_paciente: pac.id_paciente, id_psicologo: ganador.id_psicologo });
  });
});

describe('datos de una paciente cambiados en la app (decisión 293)', () => {
  it('su psicólogo oye que cambió su teléfono o su correo, sin sus datos; otro psicólogo no oye nada; sin cambios no se avisa', async () => {
    const db = srv.t.db;
    const suyo = await crearPsicologo(db);
    const ajeno = await crearPsicologo(db);
    const pac = await crearPaciente(db, { id_psicologo: suyo.id_psicologo });
    const sola = await crearPaciente(db);
    const sockets = [await srv.socket(sesionPsicologo(srv.t.app, suyo)), await srv.socket(sesionPsicologo(srv.t.app, ajeno))];
    const [oidoSuyo, oidoAjeno] = sockets.map((s) => grabar<PacientesCambio>(s, 'pacientes:cambio'));
    const perfil = (p: typeof pac, cuerpo: object) =>
      inyectarCon(srv.t.app, sesionPaciente(srv.t.app, p), { method: 'PUT', url: '/api/paciente/perfil', payload: cuerpo });

    const telefono = await perfil(pac, { telefono: '5611112222', email: pac.email });
    expect(telefono.statusCode, telefono.body).toBe(200);
    // The same data again: nothing changed.
    expect((await perfil(pac, { telefono: '5611112222', email: pac.email })).statusCode).toBe(200);
    const correo = await perfil(pac, { telefono: '5611112222', email: 'nuevo.correo@prueba.mx' });
    expect(correo.statusCode, correo.body).toBe(200);
    // A patient with no psychologist: no psychologist hears it.
    expect((await perfil(sola, { telefono: '5633334444', email: sola.email })).statusCode).toBe(200);

    await sincronizar(...sockets);
    const actualizado = { tipo: 'actualizado', id_paciente: pac.id_paciente };
    expect(oidoSuyo).toEqual([actualizado, actualizado]);
    expect(oidoAjeno).toEqual([]);
    // What the list and the file then read: the new data.
    const tk = sesionPsicologo(srv.t.app, suyo);
    const lista = (await llamar('GET', '/api/psicologo/lista-pacientes', undefined, tk)).json<{ id_paciente: number; email: string }[]>();
    expect(lista.find((x) => x.id_paciente === pac.id_paciente)?.email).toBe('nuevo.correo@prueba.mx');
    const ficha = (await llamar('GET', `/api/psicologo/paciente/${pac.id_paciente}`, undefined, tk)).json();
    expect(ficha).toMatchObject({ telefono: '5611112222', email: 'nuevo.correo@prueba.mx' });
  });
});

describe('reasignar cancela sus citas por venir con el psicólogo anterior (decisión 300)', () => {
  it('la agenda abierta del anterior y la app de la paciente oyen cada cancelación; nadie más, y un 409 no avisa nada', async () => {
    const db = srv.t.db;
    const [antes, despues] = [await crearPsicologo(db), await crearPsicologo(db)];
    const tkAntes = sesionPsicologo(srv.t.app, antes);
    const pac = await crearPaciente(db, { id_psicologo: antes.id_psicologo, nombre: 'Rosa' });
    const otra = await crearPaciente(db, { id_psicologo: antes.id_psicologo });
    await llamar(
      'POST',
      '/api/psicologo/disponibilidad',
      { id_psicologo: antes.id_psicologo, dia_semana: 'Lunes', hora_inicio: '08:00', hora_fin: '20:00' },
      tkAntes,
    );
    const crear = async (idPaciente: number, fecha: string, hora: string) => {
      const r = await llamar(
        'POST',
        '/api/psicologo/citas',
        { id_paciente: idPaciente, fecha, hora_inicio: hora, modalidad: 'Presencial' },
        tkAntes,
      );
      expect(r.statusCode, r.body).toBeLessThan(300);
      return r.json<{ id_cita: number; version: number }>();
    };
    const primera = await crear(pac.id_paciente, '2031-06-02', '10:00');
    const segunda = await crear(pac.id_paciente, '2031-06-09', '11:00');
    await crear(otra.id_paciente, '2031-06-02', '12:00');
    const [sAntes, sDespues, sPac, sOtra] = await Promise.all([
      srv.socket(tkAntes),
      srv.socket(sesionPsicologo(srv.t.app, despues)),
      srv.socket(sesionPaciente(srv.t.app, pac)),
      srv.socket(sesionPaciente(srv.t.app, otra)),
    ]);
    const agendaAntes = grabar<CitaCambio>(sAntes, 'cita:cambio');
    const agendaDespues = grabar<CitaCambio>(sDespues, 'cita:cambio');
    const app = grabar<MiCitaCambio>(sPac, 'mi-cita:cambio');
    const appOtra = grabar<MiCitaCambio>(sOtra, 'mi-cita:cambio');

    const vieja = await reasignar(pac.id_paciente, { id_psicologo: despues.id_psicologo, id_psicologo_actual: despues.id_psicologo });
    expect(vieja.statusCode, vieja.body).toBe(409);
    await sincronizar(sAntes, sDespues, sPac, sOtra);
    expect([agendaAntes, agendaDespues, app, appOtra]).toEqual([[], [], [], []]);

    const ok = await reasignar(pac.id_paciente, { id_psicologo: despues.id_psicologo, id_psicologo_actual: antes.id_psicologo });
    expect(ok.statusCode, ok.body).toBe(200);
    await sincronizar(sAntes, sDespues, sPac, sOtra);
    expect(agendaAntes.map((e) => [e.tipo, e.por, e.cita.id_cita, e.cita.estado, e.cita.version])).toEqual([
      ['actualizada', 'psicologo', primera.id_cita, 'cancelada', primera.version + 1],
      ['actualizada', 'psicologo', segunda.id_cita, 'cancelada', segunda.version + 1],
    ]);
    expect(agendaAntes[0]?.cita).toMatchObject({
      id_paciente: pac.id_paciente,
      fecha: '2031-06-02',
      hora_inicio: '10:00',
      paciente: { nombre: 'Rosa' },
    });
    expect(app.map((e) => [e.tipo, e.por, e.cita.id_cita, e.cita.estado, e.cita.version])).toEqual([
      ['actualizada', 'psicologo', primera.id_cita, 'cancelada', primera.version + 1],
      ['actualizada', 'psicologo', segunda.id_cita, 'cancelada', segunda.version + 1],
    ]);
    expect([agendaDespues, appOtra]).toEqual([[], []]);
  });
});
