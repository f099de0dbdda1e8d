// Issue 15, administration: every Admin API call of spec 2 §7 with its rules and messages, an
// authorization table run as anonymous, patient, psychologist and administrator, the licence
// registry client against a fake registry started here, live effects (a disabled account's socket,
// the limited banner's event, the dashboard's figures) and the audit row of every act.
import { and, eq } from 'drizzle-orm';
import { MSG, MSG_ADMIN } from '@miduelo/shared/cuentas';
import { MSG_ADMINISTRACION } from '@miduelo/shared/administracion';
import type { PacientesCambio } from '@miduelo/shared/realtime-pacientes';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { cita } from '@miduelo/server/db/schema/agenda';
import { paciente, psicologo } from '@miduelo/server/db/schema/cuentas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { conAvisoCaido } from '../helpers/aviso';
import { crearPaciente, crearPsicologo, type Psicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { iniciarRegistroFalso, type RegistroFalso } from '../helpers/registro-cedulas';
import { conectar, esperarConexion, esperarEvento, sincronizar } from '../helpers/socket';

let t: AppDePrueba;
let sinRegistro: AppDePrueba;
let registro: RegistroFalso;
let admin: Psicologo;
let tkAdmin: string;

beforeAll(async () => {
  registro = await iniciarRegistroFalso();
  t = await crearAppDePrueba({ env: { CEDULA_API_URL: registro.url }, config: { cedulaApiTimeoutMs: 400 } });
  await t.escuchar();
  sinRegistro = await crearAppDePrueba();
  admin = await crearPsicologo(t.db, { rol_admin: true, nombre: 'Adela' });
  tkAdmin = sesionPsicologo(t.app, admin);
});
afterAll(async () => {
  await t?.cerrar();
  await sinRegistro?.cerrar();
  await registro?.cerrar();
});

const llamar = (metodo: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = tkAdmin, app = t) =>
  inyectarCon(app.app, token, { method: metodo, url, ...(payload ? { payload } : {}) });
const filasAuditoria = (accion: string, idRecurso: number) =>
  t.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.accion, accion), eq(auditoria.id_recurso, String(idRecurso))));
const leerPsicologo = async (id: number) => (await t.db.select().from(psicologo).where(eq(psicologo.id_psicologo, id)))[0];
const leerPaciente = async (id: number) => (await t.db.select().from(paciente).where(eq(paciente.id_paciente, id)))[0];

/** The psychologist takes appointments on Mondays, 08:00 to 20:00. */
const abrirLunes = (idPsicologo: number, tk: string) =>
  llamar(
    'POST',
    '/api/psicologo/disponibilidad',
    { id_psicologo: idPsicologo, dia_semana: 'Lunes', hora_inicio: '08:00', hora_fin: '20:00' },
    tk,
  );
/** An appointment of hers on a Monday years ahead (always to come). */
const reservar = (tk: string, idPaciente: number, hora: string) =>
  llamar('POST', '/api/psicologo/citas', { id_paciente: idPaciente, fecha: '2031-06-02', hora_inicio: hora, modalidad: 'En línea' }, tk);

describe('cada ruta de administración: solo administradores (anónimo 401, paciente y psicólogo 403, nada escrito)', () => {
  const rutas: Array<[string, 'GET' | 'POST' | 'PUT' | 'DELETE', (x: { psi: Psicologo; idPac: number }) => string, object?]> = [
    ['listar psicólogos', 'GET', () => '/api/admin/psicologos'],
    ['un psicólogo', 'GET', ({ psi }) => `/api/admin/psicologos/${psi.id_psicologo}`],
    ['validar cédula', 'PUT', ({ psi }) => `/api/admin/psicologos/${psi.id_psicologo}/validar-cedula`, { cedula_validada: true }],
    ['validar cédula por API', 'POST', ({ psi }) => `/api/admin/psicologos/${psi.id_psicologo}/validar-cedula-api`, { cedula: '1111111' }],
    ['validar cédula manual', 'PUT', ({ psi }) => `/api/admin/psicologos/${psi.id_psicologo}/validar-cedula-manual`],
    ['estado de psicólogo', 'PUT', ({ psi }) => `/api/admin/psicologos/${psi.id_psicologo}/status`, { status: 'inactivo' }],
    ['eliminar psicólogo', 'DELETE', ({ psi }) => `/api/admin/psicologos/${psi.id_psicologo}`],
    ['listar pacientes', 'GET', () => '/api/admin/pacientes'],
    ['reasignar', 'PUT', ({ idPac }) => `/api/admin/pacientes/${idPac}/reasignar`, { id_psicologo: 1 }],
    ['estado de paciente', 'PUT', ({ idPac }) => `/api/admin/pacientes/${idPac}/status`, { status: 'inactivo' }],
    ['estadísticas', 'GET', () => '/api/admin/estadisticas'],
    ['auditoría', 'GET', () => '/api/admin/auditoria'],
    ['verificar', 'GET', () => '/api/admin/verificar'],
    ['perfil', 'PUT', () => '/api/admin/perfil', { telefono: '5599887766' }],
    ['cambiar contraseña', 'PUT', () => '/api/admin/cambiar-contrasena', { contrasena_actual: 'x', nueva_contrasena: 'Otra#Clave22' }],
    ['solicitar cambio de correo', 'POST', () => '/api/admin/solicitar-cambio-correo', { nuevo_correo: 'cambio@prueba.mx' }],
    ['confirmar cambio de correo', 'POST', () => '/api/admin/confirmar-cambio-correo', { token: 'x'.repeat(20) }],
    ['registrar administrador', 'POST', () => '/api/psicologo/registro-admin', {}],
  ];
  for (const [nombre, metodo, url, cuerpo] of rutas) {
    it(nombre, async () => {
      const psi = await crearPsicologo(t.db, { cedula_validada: false });
      const pac = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
      const u = url({ psi, idPac: pac.id_paciente });
      const antesAud = (await t.db.select().from(auditoria)).length;
      const roles: Array<[string, string | undefined, number]> = [
        ['anónimo', undefined, 401],
        ['paciente', sesionPaciente(t.app, pac), 403],
        ['psicólogo', sesionPsicologo(t.app, psi), 403],
      ];
      for (const [rol, token, esperado] of roles) {
        const r = await t.app.inject({
          method: metodo,
          url: u,
          ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
          ...(cuerpo ? { payload: cuerpo } : {}),
        });
        expect(r.statusCode, `${rol}: ${r.body}`).toBe(esperado);
        expect(typeof r.json().msg).toBe('string');
      }
      expect((await t.db.select().from(auditoria)).length).toBe(antesAud);
      expect(await leerPsicologo(psi.id_psicologo)).toMatchObject({ status: 'activo', cedula_validada: false });
      expect((await leerPaciente(pac.id_paciente))?.id_psicologo).toBe(psi.id_psicologo);
      const comoAdmin = await llamar(metodo, u, cuerpo);
      expect([401, 403], comoAdmin.body).not.toContain(comoAdmin.statusCode);
      expect(comoAdmin.statusCode).toBeLessThan(500);
    });
  }
});

describe('listas', () => {
  it('psicólogos: columnas de la tabla, sin contraseñas; pacientes con su psicólogo o sin asignar', async () => {
    const psi = await crearPsicologo(t.db, { nombre: 'Listada', cedula_validada: false, direccionConsultorio: 'Calle 5' });
    await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const suelto = await crearPaciente(t.db, { id_psicologo: null, nombre: 'Suelto' });
    const r = await llamar('GET', '/api/admin/psicologos');
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toMatch(/contrasena|argon2|version/i);
    const fila = r.json().find((x: { id_psicologo: number }) => x.id_psicologo === psi.id_psicologo);
    expect(fila).toMatchObject({
      nombre: 'Listada',
      correo: psi.correo,
      telefono: psi.telefono,
      cedula: psi.cedula,
      cedula_validada: false,
      status: 'activo',
      especialidad: psi.especialidad,
      codigo_vinculacion: psi.codigo_vinculacion,
      direccionConsultorio: 'Calle 5',
      total_pacientes: 1,
      activada: true,
    });
    expect(typeof fila.createdAt).toBe('string');
    const uno = await llamar('GET', `/api/admin/psicologos/${psi.id_psicologo}`);
    expect(uno.json()).toEqual(fila);
    expect((await llamar('GET', '/api/admin/psicologos/999999')).statusCode).toBe(404);

    const p = await llamar('GET', '/api/admin/pacientes');
    expect(p.statusCode).toBe(200);
    const sinAsignar = p.json().find((x: { id_paciente: number }) => x.id_paciente === suelto.id_paciente);
    expect(sinAsignar).toMatchObject({ nombre: 'Suelto', id_psicologo: null, psicologo: null, status: 'activo', email: suelto.email });
    const asignado = p.json().find((x: { id_psicologo: number | null }) => x.id_psicologo === psi.id_psicologo);
    expect(asignado.psicologo).toEqual({
      id_psicologo: psi.id_psicologo,
      nombre: 'Listada',
      apellidoPaterno: psi.apellidoPaterno,
      apellidoMaterno: psi.apellidoMaterno,
      correo: psi.correo,
    });
  });
});

describe('cliente del registro de cédulas (servidor falso)', () => {
  const persona = { nombre: 'Elena', apellidoPaterno: 'Prueba', apellidoMaterno: 'Suárez' };
  const item = (cedula: string, o: Record<string, unknown> = {}) => ({
    idCedula: cedula,
    nombre: 'ELENA',
    paterno: 'PRUEBA',
    materno: 'SUAREZ',
    titulo: 'LICENCIATURA EN PSICOLOGÍA',
    desins: 'UNIVERSIDAD NACIONAL AUTÓNOMA DE MÉXICO',
    anioreg: 2010,
    ...o,
  });
  const validarApi = (p: Psicologo, app = t) =>
    llamar(
      'POST',
      `/api/admin/psicologos/${p.id_psicologo}/validar-cedula-api`,
      { cedula: p.cedula },
      sesionPsicologo(app.app, admin),
      app,
    );

  it('válida: la cédula existe a su nombre con título de psicología → valida true y la cuenta queda validada', async () => {
    const p = await crearPsicologo(t.db, { ...persona, cedula_validada: false });
    registro.respuestas.set(p.cedula, { tipo: 'items', items: [item(p.cedula)] });
    const r = await validarApi(p);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ valida: true, mensaje: MSG_ADMINISTRACION.cedulaValidaApi });
    expect(registro.pedidos.at(-1)?.searchParams.get('cedula')).toBe(p.cedula);
    expect((await leerPsicologo(p.id_psicologo))?.cedula_validada).toBe(true);
    const [fila] = await filasAuditoria('validar_cedula', p.id_psicologo);
    expect(fila).toMatchObject({
      actor_tipo: 'admin',
      actor_id: admin.id_psicologo,
      recurso: 'psicologo',
      detalle: { metodo: 'registro' },
    });
  });

  const casosNoValidos: Array<[string, (c: string) => Parameters<typeof registro.respuestas.set>[1], string]> = [
    ['no encontrada (lista vacía)', () => ({ tipo: 'items', items: [] }), MSG_ADMINISTRACION.cedulaNoEncontrada],
    ['no encontrada (404)', () => ({ tipo: 'estado', estado: 404 }), MSG_ADMINISTRACION.cedulaNoEncontrada],
    ['a nombre de otra persona', (c) => ({ tipo: 'items', items: [item(c, { nombre: 'MARTA' })] }), MSG_ADMINISTRACION.cedulaOtroNombre],
    [
      'otro título',
      (c) => ({ tipo: 'items', items: [item(c, { titulo: 'LICENCIATURA EN DERECHO' })] }),
      MSG_ADMINISTRACION.cedulaSinPsicologia,
    ],
  ];
  for (const [nombre, respuesta, mensaje] of casosNoValidos) {
    it(`${nombre} → valida false con su mensaje y nada cambia`, async () => {
      const p = await crearPsicologo(t.db, { ...persona, cedula_validada: false });
      registro.respuestas.set(p.cedula, respuesta(p.cedula));
      const r = await validarApi(p);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ valida: false, mensaje });
      expect((await leerPsicologo(p.id_psicologo))?.cedula_validada).toBe(false);
      expect(await filasAuditoria('validar_cedula', p.id_psicologo)).toHaveLength(0);
      expect(await filasAuditoria('consultar_cedula', p.id_psicologo)).toHaveLength(1);
    });
  }

  const casosError: Array<[string, Parameters<typeof registro.respuestas.set>[1] | null, number, string]> = [
    ['sin respuesta a tiempo', { tipo: 'colgar' }, 504, MSG_ADMINISTRACION.registroSinRespuesta],
    ['error 500 del registro', { tipo: 'estado', estado: 500 }, 502, MSG_ADMINISTRACION.registroConError],
    ['respuesta que no es JSON', { tipo: 'estado', estado: 200, cuerpo: '<html>' }, 502, MSG_ADMINISTRACION.registroConError],
  ];
  for (const [nombre, respuesta, estado, msg] of casosError) {
    it(`${nombre} → ${estado} con mensaje claro y nada cambia`, async () => {
      const p = await crearPsicologo(t.db, { ...persona, cedula_validada: false });
      if (respuesta) registro.respuestas.set(p.cedula, respuesta);
      const r = await validarApi(p);
      expect(r.statusCode, r.body).toBe(estado);
      expect(r.json().msg).toBe(msg);
      expect((await leerPsicologo(p.id_psicologo))?.cedula_validada).toBe(false);
      expect((await filasAuditoria('validar_cedula', p.id_psicologo)).length).toBe(0);
    });
  }

  it('sin CEDULA_API_URL → 503 "no está configurada" y nada cambia', async () => {
    const a = await crearPsicologo(sinRegistro.db, { rol_admin: true });
    const p = await crearPsicologo(sinRegistro.db, { cedula_validada: false });
    const r = await inyectarCon(sinRegistro.app, sesionPsicologo(sinRegistro.app, a), {
      method: 'POST',
      url: `/api/admin/psicologos/${p.id_psicologo}/validar-cedula-api`,
      payload: { cedula: p.cedula },
    });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ msg: MSG_ADMINISTRACION.registroNoConfigurado, code: 'REGISTRO_NO_CONFIGURADO' });
    const [fila] = await sinRegistro.db.select().from(psicologo).where(eq(psicologo.id_psicologo, p.id_psicologo));
    expect(fila?.cedula_validada).toBe(false);
  });

  it('una cédula distinta de la registrada → 400 sin consultar el registro', async () => {
    const p = await crearPsicologo(t.db, { cedula_validada: false });
    const antes = registro.pedidos.length;
    const r = await llamar('POST', `/api/admin/psicologos/${p.id_psicologo}/validar-cedula-api`, { cedula: '7654321' });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(MSG_ADMINISTRACION.cedulaNoCoincide);
    expect(registro.pedidos.length).toBe(antes);
  });
});

describe('validación manual y directa', () => {
  it('manual: valida, la pestaña abierta del psicólogo limitado recibe su nuevo estado, y no se repite', async () => {
    const p = await crearPsicologo(t.db, { cedula_validada: false, createdAt: new Date('2020-01-01T00:00:00Z') });
    const perfil = await llamar('GET', '/api/psicologo/perfil', undefined, sesionPsicologo(t.app, p));
    expect(perfil.json()).toMatchObject({ cuenta_limitada: true, cedula_validada: false, diasRestantesValidacion: 0 });
    const s = conectar(t.url, sesionPsicologo(t.app, p));
    await esperarConexion(s);
    try {
      const evento = esperarEvento(s, 'cuenta:actualizada');
      const r = await llamar('PUT', `/api/admin/psicologos/${p.id_psicologo}/validar-cedula-manual`);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ msg: MSG_ADMINISTRACION.cedulaValidadaManual });
      expect(await evento).toEqual({ cedula_validada: true, cuenta_limitada: false, diasRestantesValidacion: null });
    } finally {
      s.close();
    }
    expect((await leerPsicologo(p.id_psicologo))?.cedula_validada).toBe(true);
    expect(await filasAuditoria('validar_cedula', p.id_psicologo)).toHaveLength(1);
    const otra = await llamar('PUT', `/api/admin/psicologos/${p.id_psicologo}/validar-cedula-manual`);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().msg).toBe(MSG_ADMINISTRACION.cedulaYaValidada);
    expect((await llamar('PUT', '/api/admin/psicologos/999999/validar-cedula-manual')).statusCode).toBe(404);
  });

  it('validar-cedula { cedula_validada } fija el valor en ambos sentidos, con su fila de auditoría', async () => {
    const p = await crearPsicologo(t.db, { cedula_validada: true });
    const r = await llamar('PUT', `/api/admin/psicologos/${p.id_psicologo}/validar-cedula`, { cedula_validada: false });
    expect(r.statusCode).toBe(200);
    expect((await leerPsicologo(p.id_psicologo))?.cedula_validada).toBe(false);
    expect(await filasAuditoria('invalidar_cedula', p.id_psicologo)).toHaveLength(1);
    const malo = await llamar('PUT', `/api/admin/psicologos/${p.id_psicologo}/validar-cedula`, { cedula_validada: 'si' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().msg).toBe(MSG_ADMINISTRACION.cedulaValidadaObligatoria);
  });
});

describe('habilitar y deshabilitar', () => {
  it('deshabilitar desconecta el socket abierto y rechaza su token en menos de un segundo; habilitar lo permite de nuevo', async () => {
    const p = await crearPsicologo(t.db);
    const token = sesionPsicologo(t.app, p);
    const s = conectar(t.url, token);
    await esperarConexion(s);
    const revocada = esperarEvento<{ motivo: string }>(s, 'sesion:revocada', 1000);
    const desconectado = new Promise<void>((ok) => s.once('disconnect', () => ok()));
    const inicio = Date.now();
    const r = await llamar('PUT', `/api/admin/psicologos/${p.id_psicologo}/status`, { status: 'inactivo' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ msg: MSG_ADMIN.cuentaDeshabilitada, status: 'inactivo' });
    expect(await revocada).toEqual({ motivo: 'deshabilitada' });
    await desconectado;
    expect((await llamar('GET', '/api/psicologo/perfil', undefined, token)).statusCode).toBe(401);
    expect(Date.now() - inicio).toBeLessThan(1000);
    expect(await filasAuditoria('deshabilitar', p.id_psicologo)).toHaveLength(1);

    const h = await llamar('PUT', `/api/admin/psicologos/${p.id_psicologo}/status`, { status: 'activo' });
    expect(h.json()).toEqual({ msg: MSG_ADMIN.cuentaHabilitada, status: 'activo' });
    expect(await filasAuditoria('habilitar', p.id_psicologo)).toHaveLength(1);
    const nuevo = sesionPsicologo(t.app, (await leerPsicologo(p.id_psicologo)) as Psicologo);
    expect((await llamar('GET', '/api/psicologo/perfil', undefined, nuevo)).statusCode).toBe(200);
  });

  it('un paciente deshabilitado: su sesión termina y queda en la auditoría con su id de paciente', async () => {
    const pac = await crearPaciente(t.db);
    const token = sesionPaciente(t.app, pac);
    const r = await llamar('PUT', `/api/admin/pacientes/${pac.id_paciente}/status`, { status: 'inactivo' });
    expect(r.statusCode).toBe(200);
    expect((await llamar('GET', '/api/paciente/perfil', undefined, token)).statusCode).toBe(401);
    const [fila] = await filasAuditoria('deshabilitar', pac.id_paciente);
    expect(fila).toMatchObject({ recurso: 'paciente', id_paciente: pac.id_paciente });
  });

  it('un administrador no puede deshabilitarse ni eliminarse a sí mismo', async () => {
    const r = await llamar('PUT', `/api/admin/psicologos/${admin.id_psicologo}/status`, { status: 'inactivo' });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(MSG_ADMIN.propiaCuenta);
    const d = await llamar('DELETE', `/api/admin/psicologos/${admin.id_psicologo}`);
    expect(d.statusCode).toBe(400);
    expect(d.json().msg).toBe(MSG_ADMINISTRACION.eliminarPropia);
    expect(await leerPsicologo(admin.id_psicologo)).toMatchObject({ status: 'activo' });
  });
});

describe('reasignar pacientes', () => {
  it('solo a un psicólogo activo con cédula verificada, nunca al actual ni a un administrador', async () => {
    const actual = await crearPsicologo(t.db);
    const pac = await crearPaciente(t.db, { id_psicologo: actual.id_psicologo });
    const inactivo = await crearPsicologo(t.db, { status: 'inactivo' });
    const sinValidar = await crearPsicologo(t.db, { cedula_validada: false });
    const sinActivar = await crearPsicologo(t.db, { activadoEn: null });
    const url = `/api/admin/pacientes/${pac.id_paciente}/reasignar`;
    const casos: Array<[number, number, string]> = [
      [actual.id_psicologo, 400, MSG_ADMINISTRACION.yaAsignado],
      [inactivo.id_psicologo, 400, MSG_ADMINISTRACION.destinoNoValido],
      [sinValidar.id_psicologo, 400, MSG_ADMINISTRACION.destinoNoValido],
      [sinActivar.id_psicologo, 400, MSG_ADMINISTRACION.destinoNoValido],
      [admin.id_psicologo, 400, MSG_ADMINISTRACION.destinoEsAdmin],
      [999999, 404, MSG_ADMIN.psicologoNoEncontrado],
    ];
    for (const [destino, estado, msg] of casos) {
      const r = await llamar('PUT', url, { id_psicologo: destino });
      expect(r.statusCode, `${destino}: ${r.body}`).toBe(estado);
      expect(r.json().msg).toBe(msg);
    }
    const sinElegir = await llamar('PUT', url, {});
    expect(sinElegir.statusCode).toBe(400);
    expect(sinElegir.json().msg).toBe(MSG_ADMINISTRACION.seleccionePsicologo);
    expect((await leerPaciente(pac.id_paciente))?.id_psicologo).toBe(actual.id_psicologo);
    expect(await filasAuditoria('reasignar', pac.id_paciente)).toHaveLength(0);

    const nuevo = await crearPsicologo(t.db, { nombre: 'Nueva' });
    const ok = await llamar('PUT', url, { id_psicologo: nuevo.id_psicologo });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      msg: MSG_ADMINISTRACION.pacienteReasignado,
      paciente: { id_paciente: pac.id_paciente, id_psicologo: nuevo.id_psicologo, psicologo: { nombre: 'Nueva' } },
    });
    expect((await leerPaciente(pac.id_paciente))?.id_psicologo).toBe(nuevo.id_psicologo);
    const [fila] = await filasAuditoria('reasignar', pac.id_paciente);
    expect(fila).toMatchObject({ id_paciente: pac.id_paciente, detalle: { de: actual.id_psicologo, a: nuevo.id_psicologo } });
    // The former psychologist no longer reaches the patient's file.
    const antiguo = await llamar(
      'GET',
      `/api/psicologo/pacientes/${pac.id_paciente}/consentimiento`,
      undefined,
      sesionPsicologo(t.app, actual),
    );
    expect(antiguo.statusCode).toBe(404);
    expect((await llamar('PUT', '/api/admin/pacientes/999999/reasignar', { id_psicologo: nuevo.id_psicologo })).statusCode).toBe(404);
  });
});

describe('reasignar pacientes en vivo (decisión 266)', () => {
  it('la lista abierta del psicólogo anterior oye que el paciente se fue, la del nuevo que llegó; nadie más oye nada', async () => {
    const antes = await crearPsicologo(t.db);
    const despues = await crearPsicologo(t.db);
    const ajeno = await crearPsicologo(t.db);
    const pac = await crearPaciente(t.db, { id_psicologo: antes.id_psicologo });
    const sockets = [antes, despues, ajeno].map((p) => conectar(t.url, sesionPsicologo(t.app, p)));
    try {
      await Promise.all(sockets.map(esperarConexion));
      const [sAntes, sDespues] = sockets;
      const oidos = sockets.map((s) => {
        const eventos: PacientesCambio[] = [];
        s.on('pacientes:cambio', (x) => eventos.push(x));
        return eventos;
      });
      const se = esperarEvento(sAntes, 'pacientes:cambio');
      const llega = esperarEvento(sDespues, 'pacientes:cambio');
      const r = await llamar('PUT', `/api/admin/pacientes/${pac.id_paciente}/reasignar`, { id_psicologo: despues.id_psicologo });
      expect(r.statusCode, r.body).toBe(200);
      await Promise.all([se, llega]);
      // What each list then reads again: the patient left one and joined the other.
      const lista = async (p: Psicologo) =>
        (await llamar('GET', '/api/psicologo/lista-pacientes', undefined, sesionPsicologo(t.app, p))).json<{ id_paciente: number }[]>();
      expect((await lista(antes)).map((x) => x.id_paciente)).toEqual([]);
      expect((await lista(despues)).map((x) => x.id_paciente)).toEqual([pac.id_paciente]);
      // A refused reassignment tells no one.
      const otra = await llamar('PUT', `/api/admin/pacientes/${pac.id_paciente}/reasignar`, { id_psicologo: despues.id_psicologo });
      expect(otra.statusCode).toBe(400);
      await sincronizar(...sockets);
      expect(oidos).toEqual([
        [{ tipo: 'desvinculado', id_paciente: pac.id_paciente }],
        [{ tipo: 'vinculado', id_paciente: pac.id_paciente }],
        [],
      ]);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});

describe('reasignar: sus citas por venir con el psicólogo anterior (decisión 300)', () => {
  it('se cancelan en la misma transacción (auditadas una a una); las pasadas, las ya canceladas y las de otros no cambian; un rechazo no toca nada', async () => {
    const antes = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, antes);
    const despues = await crearPsicologo(t.db);
    const pac = await crearPaciente(t.db, { id_psicologo: antes.id_psicologo });
    const otra = await crearPaciente(t.db, { id_psicologo: antes.id_psicologo });
    await llamar(
      'POST',
      '/api/psicologo/disponibilidad',
      { id_psicologo: antes.id_psicologo, dia_semana: 'Lunes', hora_inicio: '08:00', hora_fin: '20:00' },
      tk,
    );
    const crear = async (idPaciente: number, fecha: string, hora: string, estado = 'pendiente') => {
      const r = await llamar(
        'POST',
        '/api/psicologo/citas',
        { id_paciente: idPaciente, fecha, hora_inicio: hora, modalidad: 'En línea', estado },
        tk,
      );
      expect(r.statusCode, r.body).toBeLessThan(300);
      return r.json<{ id_cita: number }>().id_cita;
    };
    const pendiente = await crear(pac.id_paciente, '2031-06-02', '10:00');
    const confirmada = await crear(pac.id_paciente, '2031-06-09', '10:00', 'confirmada');
    const yaCancelada = await crear(pac.id_paciente, '2031-06-16', '10:00');
    expect((await llamar('PUT', `/api/psicologo/citas/${yaCancelada}`, { estado: 'cancelada' }, tk)).statusCode).toBe(200);
    const pasada = await crear(pac.id_paciente, '2031-06-23', '10:00', 'confirmada');
    // A session already held: moved to a past Monday (the API books only future times).
    await t.db.update(cita).set({ fecha: '2020-01-06' }).where(eq(cita.id_cita, pasada));
    const deOtra = await crear(otra.id_paciente, '2031-06-02', '12:00');
    const todas = [pendiente, confirmada, yaCancelada, pasada, deOtra];
    const estados = async () =>
      Promise.all(
        todas.map(async (id) => (await t.db.select().from(cita).where(eq(cita.id_cita, id))).map((c) => [c.estado, c.version])[0]),
      );
    const cancelaciones = async () => (await Promise.all(todas.map((id) => filasAuditoria('cancelar', id)))).flat();
    const alPrincipio = await estados();
    expect(alPrincipio.map((e) => e?.[0])).toEqual(['pendiente', 'confirmada', 'cancelada', 'confirmada', 'pendiente']);
    const url = `/api/admin/pacientes/${pac.id_paciente}/reasignar`;

    // Refused (a stale screen, decision 292; a destination that cannot take her): nothing changes.
    const vieja = await llamar('PUT', url, { id_psicologo: despues.id_psicologo, id_psicologo_actual: despues.id_psicologo });
    expect(vieja.statusCode, vieja.body).toBe(409);
    const inactivo = await crearPsicologo(t.db, { status: 'inactivo' });
    expect((await llamar('PUT', url, { id_psicologo: inactivo.id_psicologo })).statusCode).toBe(400);
    expect(await estados()).toEqual(alPrincipio);
    expect(await cancelaciones()).toEqual([]);

    const ok = await llamar('PUT', url, { id_psicologo: despues.id_psicologo, id_psicologo_actual: antes.id_psicologo });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ msg: MSG_ADMINISTRACION.pacienteReasignado, citas_canceladas: 2 });
    const v = alPrincipio.map((e) => e?.[1] as number);
    expect(await estados()).toEqual([
      ['cancelada', v[0] + 1],
      ['cancelada', v[1] + 1],
      ['cancelada', v[2]],
      ['confirmada', v[3]],
      ['pendiente', v[4]],
    ]);
    const filas = await cancelaciones();
    expect(filas.map((f) => [f.id_recurso, f.id_paciente, f.actor_tipo, f.actor_id, f.detalle])).toEqual([
      [
        String(pendiente),
        pac.id_paciente,
        'admin',
        admin.id_psicologo,
        { de: 'pendiente', a: 'cancelada', id_psicologo: antes.id_psicologo, motivo: 'paciente_reasignado' },
      ],
      [
        String(confirmada),
        pac.id_paciente,
        'admin',
        admin.id_psicologo,
        { de: 'confirmada', a: 'cancelada', id_psicologo: antes.id_psicologo, motivo: 'paciente_reasignado' },
      ],
    ]);
    // What the patient's app reads again agrees: both sessions show as cancelled, the past one stays.
    const suyas = (await llamar('GET', '/api/paciente/citas', undefined, sesionPaciente(t.app, pac))).json<
      { id_cita: number; estado: string }[]
    >();
    expect(Object.fromEntries(suyas.map((c) => [c.id_cita, c.estado]))).toEqual({
      [pendiente]: 'cancelada',
      [confirmada]: 'cancelada',
      [yaCancelada]: 'cancelada',
      [pasada]: 'confirmada',
    });
    // Back to a psychologist she had no appointments with: nothing left to cancel.
    const otraVez = await llamar('PUT', url, { id_psicologo: antes.id_psicologo });
    expect(otraVez.json()).toMatchObject({ citas_canceladas: 0 });
  });
});

describe('eliminar un psicólogo (decisión 141)', () => {
  it('sus pacientes quedan sin asignar (y auditados), sus citas y chats se van con la cuenta, su socket se cierra', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const a = await crearPaciente(t.db, { id_psicologo: p.id_psicologo });
    const b = await crearPaciente(t.db, { id_psicologo: p.id_psicologo });
    const chat = await llamar('POST', '/api/psicologo/chats', { id_paciente: a.id_paciente }, tk);
    expect(chat.statusCode, chat.body).toBeLessThan(300);
    await abrirLunes(p.id_psicologo, tk);
    const c = await reservar(tk, a.id_paciente, '10:00');
    expect(c.statusCode, c.body).toBeLessThan(300);
    const s = conectar(t.url, tk);
    await esperarConexion(s);
    const fuera = new Promise<void>((ok) => s.once('disconnect', () => ok()));

    const r = await llamar('DELETE', `/api/admin/psicologos/${p.id_psicologo}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ pacientes_sin_asignar: 2, citas_eliminadas: 1, chats_eliminados: 1 });
    expect(r.json().msg).toContain(MSG_ADMINISTRACION.cuentaEliminada);
    await fuera;
    expect(await leerPsicologo(p.id_psicologo)).toBeUndefined();
    expect((await leerPaciente(a.id_paciente))?.id_psicologo).toBeNull();
    expect((await leerPaciente(b.id_paciente))?.id_psicologo).toBeNull();
    expect(await t.db.select().from(cita).where(eq(cita.id_psicologo, p.id_psicologo))).toHaveLength(0);
    const [fila] = await filasAuditoria('eliminar', p.id_psicologo);
    expect(fila?.detalle).toMatchObject({ pacientes_sin_asignar: 2, citas_eliminadas: 1, chats_eliminados: 1 });
    expect(await filasAuditoria('desasignar', a.id_paciente)).toHaveLength(1);
    expect((await llamar('GET', '/api/psicologo/perfil', undefined, tk)).statusCode).toBe(401);
    expect((await llamar('DELETE', `/api/admin/psicologos/${p.id_psicologo}`)).statusCode).toBe(404);
  });
});

describe('eliminar un psicólogo: la app abierta de sus pacientes (decisión 276)', () => {
  it('cada paciente oye que sus citas por venir se fueron con la cuenta; las canceladas y los demás pacientes no oyen nada', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const a = await crearPaciente(t.db, { id_psicologo: p.id_psicologo });
    const b = await crearPaciente(t.db, { id_psicologo: p.id_psicologo });
    const ajeno = await crearPaciente(t.db, { id_psicologo: (await crearPsicologo(t.db)).id_psicologo });
    await abrirLunes(p.id_psicologo, tk);
    const crear = async (idPaciente: number, hora: string) => {
      const r = await reservar(tk, idPaciente, hora);
      expect(r.statusCode, r.body).toBeLessThan(300);
      return (
        await t.db
          .select()
          .from(cita)
          .where(and(eq(cita.id_paciente, idPaciente), eq(cita.hora_inicio, `${hora}:00`)))
      )[0];
    };
    const deA = await crear(a.id_paciente, '10:00');
    const canceladaDeB = await crear(b.id_paciente, '12:00');
    const cancelar = await llamar('PUT', `/api/psicologo/citas/${canceladaDeB.id_cita}`, { estado: 'cancelada' }, tk);
    expect(cancelar.statusCode, cancelar.body).toBe(200);
    const sockets = [a, b, ajeno].map((x) => conectar(t.url, sesionPaciente(t.app, x)));
    try {
      await Promise.all(sockets.map(esperarConexion));
      const oidos = sockets.map((s) => {
        const eventos: Array<{ tipo: string; cita: { id_cita: number } }> = [];
        s.on('mi-cita:cambio', (x) => eventos.push(x));
        return eventos;
      });
      const llega = esperarEvento(sockets[0], 'mi-cita:cambio');
      const r = await llamar('DELETE', `/api/admin/psicologos/${p.id_psicologo}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(await llega).toMatchObject({ tipo: 'eliminada', cita: { id_cita: deA.id_cita, fecha: '2031-06-02', hora_inicio: '10:00' } });
      await sincronizar(...sockets);
      expect(oidos.map((l) => l.map((e) => [e.tipo, e.cita.id_cita]))).toEqual([[['eliminada', deA.id_cita]], [], []]);
      // What the app reads again agrees: the patient has no appointment left.
      const citas = await llamar('GET', '/api/paciente/citas', undefined, sesionPaciente(t.app, a));
      expect(citas.json()).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});

describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
  it('validar la cédula: 200, validada, con una fila de auditoría', async () => {
    const p = await crearPsicologo(t.db, { cedula_validada: false });
    const r = await conAvisoCaido(t, () =>
      llamar('PUT', `/api/admin/psicologos/${p.id_psicologo}/validar-cedula`, { cedula_validada: true }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ msg: MSG_ADMINISTRACION.cedulaValidada, cedula_validada: true });
    expect((await leerPsicologo(p.id_psicologo))?.cedula_validada).toBe(true);
    expect(await filasAuditoria('validar_cedula', p.id_psicologo)).toHaveLength(1);
  });

  it('reasignar un paciente: 200, reasignado, con una fila de auditoría', async () => {
    const antes = await crearPsicologo(t.db);
    const despues = await crearPsicologo(t.db);
    const pac = await crearPaciente(t.db, { id_psicologo: antes.id_psicologo });
    const r = await conAvisoCaido(t, () =>
      llamar('PUT', `/api/admin/pacientes/${pac.id_paciente}/reasignar`, { id_psicologo: despues.id_psicologo }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ msg: MSG_ADMINISTRACION.pacienteReasignado, paciente: { id_psicologo: despues.id_psicologo } });
    expect((await leerPaciente(pac.id_paciente))?.id_psicologo).toBe(despues.id_psicologo);
    expect(await filasAuditoria('reasignar', pac.id_paciente)).toHaveLength(1);
  });

  it('eliminar un psicólogo con citas por venir: 200 y la cuenta eliminada una vez', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const a = await crearPaciente(t.db, { id_psicologo: p.id_psicologo });
    await abrirLunes(p.id_psicologo, tk);
    const c = await reservar(tk, a.id_paciente, '10:00');
    expect(c.statusCode, c.body).toBe(201);
    const r = await conAvisoCaido(t, () => llamar('DELETE', `/api/admin/psicologos/${p.id_psicologo}`));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ pacientes_sin_asignar: 1, citas_eliminadas: 1 });
    expect(await leerPsicologo(p.id_psicologo)).toBeUndefined();
    expect(await filasAuditoria('eliminar', p.id_psicologo)).toHaveLength(1);
  });
});

describe('registro de administradores', () => {
  it('crea una cuenta de administrador que se activa por correo; un correo repetido → 409', async () => {
    const body = {
      nombre: 'Otra',
      apellidoPaterno: 'Administradora',
      apellidoMaterno: null,
      fecha_nacimiento: '1985-01-01',
      especialidad: 'Administración',
      cedula: '4455667',
      telefono: '5512340000',
      correo: 'nueva.admin@prueba.mx',
      contrasena: 'Clave#Segura1',
      aceptaTerminos: true,
    };
    const r = await llamar('POST', '/api/psicologo/registro-admin', body);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().msg).toBe(MSG_ADMINISTRACION.adminRegistrado);
    const [creado] = await t.db.select().from(psicologo).where(eq(psicologo.correo, 'nueva.admin@prueba.mx'));
    expect(creado).toMatchObject({ rol_admin: true, activadoEn: null });
    const correo = await t.buzon.esperar('nueva.admin@prueba.mx');
    expect(t.buzon.enlace(correo)).toContain('/activar-cuenta/');
    expect(await filasAuditoria('registrar_admin', creado?.id_psicologo ?? 0)).toHaveLength(1);
    expect((await llamar('POST', '/api/psicologo/registro-admin', body)).statusCode).toBe(409);
  });

  it('un correo ya registrado se dice como correo y una cédula ya registrada como cédula; nada se escribe', async () => {
    const existente = await crearPsicologo(t.db, { cedula: '7766554', correo: 'ya.registrada@prueba.mx' });
    const body = {
      nombre: 'Tercera',
      apellidoPaterno: 'Administradora',
      apellidoMaterno: null,
      fecha_nacimiento: '1986-02-02',
      especialidad: 'Administración',
      cedula: '5566778',
      telefono: '5512349999',
      correo: 'tercera.admin@prueba.mx',
      contrasena: 'Clave#Segura1',
      aceptaTerminos: true,
    };
    const cuantos = async () => (await t.db.select().from(psicologo)).length;
    const antes = await cuantos();

    const porCedula = await llamar('POST', '/api/psicologo/registro-admin', { ...body, cedula: existente.cedula });
    expect(porCedula.statusCode).toBe(409);
    expect(porCedula.json()).toMatchObject({ msg: MSG.cedulaDuplicada, code: 'CEDULA_DUPLICADA' });

    const porCorreo = await llamar('POST', '/api/psicologo/registro-admin', { ...body, correo: existente.correo });
    expect(porCorreo.statusCode).toBe(409);
    expect(porCorreo.json()).toMatchObject({ msg: MSG.correoDuplicado, code: 'CORREO_DUPLICADO' });
    expect(await cuantos()).toBe(antes);
  });
});

describe('panel: estadísticas calculadas por el servidor y en vivo', () => {
  it('cuenta psicólogos (sin administradores), pacientes, cédulas, mensajes y citas de hoy, y empuja el cambio', async () => {
    const antes = (await llamar('GET', '/api/admin/estadisticas')).json();
    expect(Object.keys(antes).sort()).toEqual(
      [
        'cedulasPendientes',
        'cedulasValidadas',
        'citasHoy',
        'mensajesHoy',
        'psicologosActivos',
        'psicologosInactivos',
        'totalPacientes',
        'totalPsicologos',
      ].sort(),
    );
    const p = await crearPsicologo(t.db, { cedula_validada: false });
    await crearPaciente(t.db, { id_psicologo: p.id_psicologo });
    const despues = (await llamar('GET', '/api/admin/estadisticas')).json();
    expect(despues.totalPsicologos).toBe(antes.totalPsicologos + 1);
    expect(despues.cedulasPendientes).toBe(antes.cedulasPendientes + 1);
    expect(despues.totalPacientes).toBe(antes.totalPacientes + 1);
    expect(despues.totalPsicologos).toBe(despues.psicologosActivos + despues.psicologosInactivos);
    expect(despues.totalPsicologos).toBe(despues.cedulasValidadas + despues.cedulasPendientes);

    const s = conectar(t.url, tkAdmin);
    await esperarConexion(s);
    try {
      const llega = new Promise<{ cedulasPendientes: number }>((ok) => {
        const oir = (e: { cedulasPendientes: number }) => {
          if (e.cedulasPendientes === despues.cedulasPendientes - 1) ok(e);
        };
        (s as unknown as { on(e: string, f: typeof oir): void }).on('admin:estadisticas', oir);
      });
      await llamar('PUT', `/api/admin/psicologos/${p.id_psicologo}/validar-cedula-manual`);
      expect((await llega).cedulasPendientes).toBe(despues.cedulasPendientes - 1);
    } finally {
      s.close();
    }
  });
});

describe('bitácora de auditoría', () => {
  it('filtra por acción y pagina de 25 en 25, con quién, qué, a quién y cuándo', async () => {
    for (let i = 0; i < 3; i++) {
      const p = await crearPsicologo(t.db);
      await llamar('PUT', `/api/admin/psicologos/${p.id_psicologo}/status`, { status: 'inactivo' });
    }
    const r = await llamar('GET', '/api/admin/auditoria?accion=deshabilitar');
    expect(r.statusCode).toBe(200);
    const { data, meta } = r.json();
    expect(data.length).toBeGreaterThanOrEqual(3);
    expect(data.every((f: { accion: string }) => f.accion === 'deshabilitar')).toBe(true);
    expect(data[0]).toMatchObject({
      actor_tipo: 'admin',
      actor_id: admin.id_psicologo,
      actor_nombre: `Adela ${admin.apellidoPaterno}`,
      recurso: 'psicologo',
    });
    expect(meta).toMatchObject({ page: 1, limit: 25 });
    const todo = (await llamar('GET', '/api/admin/auditoria')).json();
    expect(todo.meta.total).toBeGreaterThan(25);
    const pagina2 = (await llamar('GET', '/api/admin/auditoria?page=2')).json();
    expect(pagina2.meta.page).toBe(2);
    expect(pagina2.data[0].id_auditoria).not.toBe(todo.data[0].id_auditoria);
    expect((await llamar('GET', '/api/admin/auditoria?page=0')).statusCode).toBe(400);
    expect((await llamar('GET', '/api/admin/auditoria?actor_tipo=otro')).statusCode).toBe(400);
  });
});
