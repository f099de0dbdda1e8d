// Property-based fuzzing of every HTTP route the app registers (issue 10): path parameters, query
// and body of arbitrary shapes, sent with a session of the role the route serves. Properties: never
// a 5xx; every 4xx answers a Spanish `msg`; a call that is not 2xx writes no row (no partial
// writes). Runs per route: FUZZ_RUNS (default 25); reproduce a failure with the FUZZ_SEED printed.
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { paciente, psicologo } from '@miduelo/server/db/schema/cuentas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { versionesVigentes, type VersionesVigentes } from '../helpers/consentimiento';
import { CORRIDAS, consultaRara, cuerpoRaro, parametros, resumen, SEMILLA, segmentoRaro } from '../helpers/fuzz';
import {
  claveCanonica,
  crearEscenario,
  cuerpoJson,
  type Escenario,
  huellaTablas,
  problemaDeMensaje,
  type Rol,
  rutasRegistradas,
} from '../helpers/sondeo';

let t: AppDePrueba;
let e: Escenario;
let rutas: string[] = [];
/** The consent versions in force: a valid registration sends them (decision 367). */
let vigentes: VersionesVigentes;

/** Fields, a valid example and the query keys of the routes that take input. Routes not listed
 * are fuzzed anyway, with arbitrary bodies and query keys. */
const ENTRADAS: Record<string, { campos?: string[]; valido?: (e: Escenario) => Record<string, unknown>; consulta?: string[] }> = {
  'POST /api/psicologo/registro': {
    campos: [
      'nombre',
      'apellidoPaterno',
      'apellidoMaterno',
      'fecha_nacimiento',
      'especialidad',
      'cedula',
      'telefono',
      'correo',
      'contrasena',
      'aceptaTerminos',
    ],
    valido: () => ({
      nombre: 'Ana',
      apellidoPaterno: 'Fuzz',
      apellidoMaterno: 'Prueba',
      fecha_nacimiento: '1980-01-01',
      especialidad: 'Duelo',
      cedula: '1234567',
      telefono: '5512345678',
      correo: 'fuzz@prueba.mx',
      contrasena: 'Clave#Segura1',
      aceptaTerminos: true,
    }),
  },
  'POST /api/psicologo/iniciar-sesion': {
    campos: ['correo', 'contrasena'],
    valido: (e) => ({ correo: e.p2.psicologo.correo, contrasena: 'Clave#Segura1' }),
  },
  'POST /api/psicologo/reenviar-activacion': { campos: ['correo'] },
  'POST /api/psicologo/recuperar-contrasena': { campos: ['correoOTelefono'] },
  'POST /api/psicologo/restablecer-contrasena/:': { campos: ['nuevaContrasena'] },
  'POST /api/paciente/registro': {
    campos: [
      'nombre',
      'apellido_paterno',
      'apellido_materno',
      'fecha_nacimiento',
      'email',
      'telefono',
      'contrasena',
      'codigo_vinculacion',
      'consentimientos',
    ],
    valido: (e) => ({
      nombre: 'Luis',
      apellido_paterno: 'Fuzz',
      apellido_materno: 'Prueba',
      fecha_nacimiento: '1990-01-01',
      email: 'fuzz-pac@prueba.mx',
      telefono: '5512345679',
      contrasena: 'Clave#Segura1',
      codigo_vinculacion: e.p1.psicologo.codigo_vinculacion,
      consentimientos: vigentes,
    }),
  },
  'POST /api/paciente/iniciar-sesion': {
    campos: ['email', 'contrasena'],
    valido: (e) => ({ email: e.p2.paciente.email, contrasena: 'Clave#Segura1' }),
  },
  'GET /api/psicologo/agenda/:': { consulta: ['semana_inicio'] },
  'POST /api/psicologo/agenda': {
    campos: ['id_psicologo', 'semana_inicio', 'semana_fin'],
    valido: (e) => ({ id_psicologo: e.p1.psicologo.id_psicologo, semana_inicio: '2031-01-06', semana_fin: '2031-01-12' }),
  },
  'POST /api/psicologo/citas': {
    campos: ['id_paciente', 'fecha', 'hora_inicio', 'id_agenda', 'hora_fin', 'duracion', 'modalidad', 'estado', 'notas'],
    valido: (e) => ({
      id_paciente: e.p1.paciente.id_paciente,
      fecha: '2031-02-03',
      hora_inicio: '10:00',
      modalidad: 'Presencial',
      notas: 'n',
    }),
  },
  'PUT /api/psicologo/citas/:': {
    campos: ['estado', 'fecha', 'hora_inicio'],
    valido: () => ({ fecha: '2031-02-04', hora_inicio: '11:00' }),
  },
  'POST /api/psicologo/disponibilidad': {
    campos: ['id_psicologo', 'dia_semana', 'hora_inicio', 'hora_fin'],
    valido: (e) => ({ id_psicologo: e.p1.psicologo.id_psicologo, dia_semana: 'Martes', hora_inicio: '09:00', hora_fin: '10:00' }),
  },
  'PUT /api/psicologo/disponibilidad/:': {
    campos: ['id_psicologo', 'dia_semana', 'hora_inicio', 'hora_fin'],
    valido: (e) => ({ id_psicologo: e.p1.psicologo.id_psicologo, dia_semana: 'Lunes', hora_inicio: '08:00', hora_fin: '20:00' }),
  },
  'POST /api/psicologo/excepcion': {
    campos: ['fecha', 'hora_inicio', 'hora_fin', 'motivo'],
    valido: () => ({ fecha: '2031-03-05', motivo: 'x' }),
  },
  'GET /api/psicologo/chats/buscar': { consulta: ['q'] },
  'GET /api/admin/chats/buscar': { consulta: ['q'] },
  'GET /api/psicologo/chats/:/mensajes': { consulta: ['despues_de', 'antes_de', 'limite'] },
  'GET /api/paciente/chats/:/mensajes': { consulta: ['despues_de', 'antes_de', 'limite'] },
  'GET /api/admin/chats/:/mensajes': { consulta: ['despues_de', 'antes_de', 'limite'] },
  'POST /api/psicologo/chats': { campos: ['id_paciente'] },
  'POST /api/psicologo/mensajes': {
    campos: ['id_chat', 'contenido', 'id_cliente'],
    valido: (e) => ({ id_chat: e.p1.idChat, contenido: 'hola' }),
  },
  'POST /api/paciente/mensajes': {
    campos: ['id_chat', 'contenido', 'id_cliente'],
    valido: (e) => ({ id_chat: e.p1.idChat, contenido: 'hola' }),
  },
  'POST /api/admin/mensajes': {
    campos: ['id_chat_admin', 'contenido', 'id_cliente'],
    valido: (e) => ({ id_chat_admin: e.idChatAdmin, contenido: 'hola' }),
  },
  'POST /api/admin/chats': { campos: ['destinatario_tipo', 'destinatario_id'] },
  'GET /api/paciente/horarios-disponibles': { consulta: ['fecha', 'duracion'] },
  'POST /api/paciente/citas/solicitar': {
    campos: ['fecha', 'hora_inicio', 'modalidad', 'notas'],
    valido: () => ({ fecha: '2031-02-03', hora_inicio: '12:00' }),
  },
  'PUT /api/admin/psicologos/:/status': { campos: ['status'] },
  'PUT /api/admin/pacientes/:/status': { campos: ['status'] },
};

/** The session a route serves (the fuzz looks for crashes past the guard, not for refusals). */
function rolDe(ruta: string): Rol {
  if (ruta.includes(' /api/admin/')) return 'admin';
  if (ruta.includes(' /api/paciente/')) return 'paciente';
  return 'psicologo';
}

beforeAll(async () => {
  t = await crearAppDePrueba({ config: { limites: { porIp: 1_000_000, porCuenta: 1_000_000, ventanaMs: 60_000 } } });
  e = await crearEscenario(t);
  rutas = rutasRegistradas(t.app);
  vigentes = await versionesVigentes(t.app);
});
afterAll(async () => {
  await t?.cerrar();
});

/** Accounts back to active, and the scenario's sessions signed with their current version. */
async function reactivarEscenario() {
  await t.db.execute(sql.raw(`update psicologo set status = 'activo'`));
  await t.db.execute(sql.raw(`update paciente set status = 'activo'`));
  for (const p of [e.p1, e.p2, e.lim]) {
    const [a] = await t.db.select().from(psicologo).where(eq(psicologo.id_psicologo, p.psicologo.id_psicologo));
    p.psicologo.versionSesion = a.versionSesion;
    const [b] = await t.db.select().from(paciente).where(eq(paciente.id_paciente, p.paciente.id_paciente));
    p.paciente.versionSesion = b.versionSesion;
  }
  const [adm] = await t.db.select().from(psicologo).where(eq(psicologo.id_psicologo, e.admin.id_psicologo));
  e.admin.versionSesion = adm.versionSesion;
}

let casos = 0;
const inicio = Date.now();

describe(`fuzz HTTP (semilla ${SEMILLA}, ${CORRIDAS} corridas por ruta; FUZZ_SEED=${SEMILLA} lo repite)`, () => {
  it('enumera las rutas de la aplicación', () => {
    expect(rutas.length).toBeGreaterThan(40);
  });

  it('cada ruta: nunca 5xx, todo 4xx con msg en español, nada escrito sin 2xx', async () => {
    const fallos: string[] = [];
    for (const ruta of rutas) {
      const [metodo, patron] = ruta.split(' ');
      const entrada = ENTRADAS[claveCanonica(ruta)] ?? {};
      const nParams = (patron.match(/:/g) ?? []).length;
      const conCuerpo = metodo === 'POST' || metodo === 'PUT';
      const valido = entrada.valido?.(e);
      const arb = fc.record({
        params: fc.array(segmentoRaro, { minLength: nParams, maxLength: nParams }),
        consulta: consultaRara(entrada.consulta ?? ['q', 'id']),
        cuerpo: conCuerpo ? cuerpoRaro(entrada.campos ?? [], valido) : fc.constant(undefined),
        crudo: fc.option(fc.constantFrom('{', '{"a":', '\u0000', '[]]', 'null', '"x"', '1'), { freq: 6 }),
      });
      const rol = rolDe(ruta);
      try {
        await fc.assert(
          fc.asyncProperty(arb, async ({ params, consulta, cuerpo, crudo }) => {
            casos++;
            let i = 0;
            const url = patron.replace(/:[^/]+/g, () => params[i++]) + (consulta ? `?${consulta}` : '');
            const antes = await huellaTablas(t);
            const res = await t.app.inject({
              method: metodo as 'POST',
              url,
              headers: { authorization: `Bearer ${e.token(rol)}`, 'content-type': 'application/json' },
              ...(conCuerpo ? { payload: crudo ?? JSON.stringify(cuerpo ?? null) } : {}),
            });
            const visto = `${metodo} ${url.slice(0, 200)} ${crudo ?? JSON.stringify(cuerpo)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            if (res.statusCode >= 500) throw new Error(`5xx: ${visto}`);
            if (res.statusCode >= 400) {
              const p = problemaDeMensaje(cuerpoJson(res)?.msg);
              if (p) throw new Error(`${p}: ${visto}`);
            }
            if (res.statusCode >= 300 && JSON.stringify(await huellaTablas(t)) !== JSON.stringify(antes))
              throw new Error(`escritura parcial: ${visto}`);
            // An allowed write may disable an account or revoke a session: put the practice back.
            if (res.statusCode < 300 && ruta.includes('/status')) {
              await reactivarEscenario();
            }
          }),
          parametros(),
        );
      } catch (err) {
        fallos.push(`${ruta}: ${resumen(err)}`);
      }
    }
    console.info(`fuzz HTTP: ${casos} casos en ${rutas.length} rutas, ${((Date.now() - inicio) / 1000).toFixed(1)} s, semilla ${SEMILLA}`);
    expect(fallos, `semilla ${SEMILLA}`).toEqual([]);
  }, 600_000);
});
