// The authorization table (issue 10): every route the running app registers and every socket
// event it listens to has a row saying which roles may call it, and each route is called as every
// role with a valid payload naming the first psychologist's (or its patient's) resources. Allowed
// roles are not refused; refused roles get 401 (anonymous, whatever the body) or 403/404 (wrong role
// or someone else's resource), and a refused call changes no row of any table. A route or an event
// without a row fails the first test: a new route cannot ship without deciding who may call it.
import { mensaje } from '@miduelo/server/db/schema/chat';
import { sesionEnLinea } from '@miduelo/server/db/schema/sesiones-en-linea';
import { alertaCrisis, aperturaSupervision } from '@miduelo/server/db/schema/supervision';
import { solicitudArco } from '@miduelo/server/db/schema/derechos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { versionesVigentes, type VersionesVigentes } from '../helpers/consentimiento';
import {
  claveCanonica,
  crearEscenario,
  crearRecursos,
  cuerpoJson,
  emitirConAck,
  emitirLibre,
  type Escenario,
  eventosDelServidor,
  fechaDeSemana,
  huellaTablas,
  type Practica,
  type Recursos,
  ROLES,
  type Rol,
  rutasRegistradas,
  socketDe,
} from '../helpers/sondeo';

const TODOS = ROLES;
const PSICOLOGOS: Rol[] = ['psicologo', 'otroPsicologo', 'admin', 'limitado'];
const PACIENTES: Rol[] = ['paciente', 'otroPaciente'];
/** Roles that may act on p1's resources (the limited one acts on its own). */
const DUENO_P1: Rol[] = ['psicologo', 'limitado'];
/** Every signed-in account. */
const SESIONES: Rol[] = ROLES.filter((r) => r !== 'anonimo');
/** Participants of the case's public forum: its psychologist (forum admin) and its patient. */
const PARTICIPANTES_FORO: Rol[] = ['psicologo', 'paciente', 'limitado'];

interface Caso {
  rol: Rol;
  e: Escenario;
  /** The practice the call names (its own for `limitado`, p1's otherwise). */
  p: Practica;
  r: Recursos;
}
interface Llamada {
  url: string;
  payload?: object;
}
interface Fila {
  permitidos: readonly Rol[];
  llamada(c: Caso): Llamada;
  /** Route behind a session guard (anonymous gets 401 whatever the path, query or body). */
  protegida: boolean;
  /** What every refused caller gets instead of 401/403/404 by role (a route no session opens). */
  denegadoCon?: number[];
}

const id = (p: Practica) => p.psicologo.id_psicologo;
const publica = (llamada: Fila['llamada']): Fila => ({ permitidos: TODOS, llamada, protegida: false });
const fila = (permitidos: readonly Rol[], llamada: Fila['llamada']): Fila => ({ permitidos, llamada, protegida: true });
const registroPsicologo = (s: number) => ({
  nombre: 'Lucía',
  apellidoPaterno: 'Registro',
  apellidoMaterno: 'Matriz',
  fecha_nacimiento: '1988-02-03',
  especialidad: 'Tanatología',
  cedula: String(7_000_000 + s).slice(0, 7),
  telefono: `44${String(10_000_000 + s).slice(-8)}`,
  correo: `matriz${s}@prueba.mx`,
  contrasena: 'Clave#Segura1',
  aceptaTerminos: true,
});
let registros = 0;

// Online-session rooms (issue 54) of p1 and of the limited account, made once below: an open one,
// opened from the chat, whose parties already entered and were admitted (entering or admitting again
// writes nothing), and one already ended (ending it again writes nothing).
const salas = new Map<number, { abierta: number; terminada: number }>();
const salaDe = (p: Practica, cual: 'abierta' | 'terminada' = 'abierta') => salas.get(p.psicologo.id_psicologo)?.[cual] ?? 0;

// One row per route. Keys are `METHOD /path` with the route's own parameter names.
const TABLA: Record<string, Fila> = {
  // ---- Public ----
  'GET /api/salud': publica(() => ({ url: '/api/salud' })),
  'GET /api/salud/listo': publica(() => ({ url: '/api/salud/listo' })),
  'GET /api/xsrf': publica(() => ({ url: '/api/xsrf' })),
  'GET /api/config-publica': publica(() => ({ url: '/api/config-publica' })),
  // The API reference (decision 385): public unless the operator sets API_DOCS=0.
  'GET /api/docs': publica(() => ({ url: '/api/docs' })),
  'GET /api/docs/json': publica(() => ({ url: '/api/docs/json' })),
  'GET /api/docs/yaml': publica(() => ({ url: '/api/docs/yaml' })),
  // How the router listing (sondeo.ts) names swagger-ui's `/` and `/static/*` routes.
  'GET /api/docs/': publica(() => ({ url: '/api/docs/' })),
  'GET /api/docs/*': publica(() => ({ url: '/api/docs/static/swagger-ui.css' })),
  // Prometheus' own token, never a session (decision 386). METRICS_TOKEN is unset here: disabled,
  // 404 to everyone; tests/integration/metricas covers the token (401 with a session's).
  'GET /metrics': { permitidos: [], llamada: () => ({ url: '/metrics' }), protegida: false, denegadoCon: [404] },
  'POST /api/psicologo/registro': publica(() => ({ url: '/api/psicologo/registro', payload: registroPsicologo(++registros) })),
  'POST /api/psicologo/iniciar-sesion': publica(({ e }) => ({
    url: '/api/psicologo/iniciar-sesion',
    payload: { correo: e.p2.psicologo.correo, contrasena: 'Clave#Segura1' },
  })),
  'GET /api/psicologo/activar/:token': publica(({ r }) => ({ url: `/api/psicologo/activar/${r.tokenActivacionPsicologo}` })),
  'POST /api/psicologo/reenviar-activacion': publica(({ r }) => ({
    url: '/api/psicologo/reenviar-activacion',
    payload: { correo: r.victimaPsicologo.correo },
  })),
  'POST /api/psicologo/recuperar-contrasena': publica(({ r }) => ({
    url: '/api/psicologo/recuperar-contrasena',
    payload: { correoOTelefono: r.victimaPsicologo.correo },
  })),
  'GET /api/psicologo/verificar-token/:token': publica(({ r }) => ({ url: `/api/psicologo/verificar-token/${r.tokenRestablecer}` })),
  'POST /api/psicologo/restablecer-contrasena/:token': publica(({ r }) => ({
    url: `/api/psicologo/restablecer-contrasena/${r.tokenRestablecer}`,
    payload: { nuevaContrasena: 'Otra#Clave22' },
  })),
  'POST /api/paciente/registro': publica(({ e }) => {
    const s = ++registros;
    return {
      url: '/api/paciente/registro',
      payload: {
        nombre: 'Mario',
        apellido_paterno: 'Registro',
        apellido_materno: 'Matriz',
        fecha_nacimiento: '1990-05-06',
        email: `pac-matriz${s}@prueba.mx`,
        telefono: `33${String(10_000_000 + s).slice(-8)}`,
        contrasena: 'Clave#Segura1',
        codigo_vinculacion: e.p1.psicologo.codigo_vinculacion,
        consentimientos: vigentes,
      },
    };
  }),
  'GET /api/paciente/activar/:token': publica(({ r }) => ({ url: `/api/paciente/activar/${r.tokenActivacionPaciente}` })),
  'POST /api/paciente/iniciar-sesion': publica(({ e }) => ({
    url: '/api/paciente/iniciar-sesion',
    payload: { email: e.p2.paciente.email, contrasena: 'Clave#Segura1' },
  })),

  // ---- Sessions ----
  'POST /api/psicologo/cerrar-sesion': fila(PSICOLOGOS, () => ({ url: '/api/psicologo/cerrar-sesion' })),
  'POST /api/paciente/cerrar-sesion': fila(PACIENTES, () => ({ url: '/api/paciente/cerrar-sesion' })),

  // ---- Two-step verification (issue 56, decisions 370–371) ----
  // The login's second step is public: the pending token is its credential. An empty code is
  // answered 400 whoever calls (tests/integration/mfa*.test.ts exercise real tokens and codes).
  'POST /api/psicologo/iniciar-sesion/segundo-paso': publica(() => ({
    url: '/api/psicologo/iniciar-sesion/segundo-paso',
    payload: { token_mfa: 'token-desconocido-de-prueba', codigo: '' },
  })),
  'POST /api/paciente/iniciar-sesion/segundo-paso': publica(() => ({
    url: '/api/paciente/iniciar-sesion/segundo-paso',
    payload: { token_mfa: 'token-desconocido-de-prueba', codigo: '' },
  })),
  // Required enrolment at login (decision 382): public too, the pending token is the credential;
  // an empty token or code is 400, whoever calls.
  'POST /api/psicologo/iniciar-sesion/inscripcion': publica(() => ({
    url: '/api/psicologo/iniciar-sesion/inscripcion',
    payload: { token_mfa: '' },
  })),
  'POST /api/psicologo/iniciar-sesion/inscripcion/confirmar': publica(() => ({
    url: '/api/psicologo/iniciar-sesion/inscripcion/confirmar',
    payload: { token_mfa: 'token-desconocido-de-prueba', codigo: '' },
  })),
  // Every account manages its own factor. A wrong password (400) or no enrolment started (400):
  // nothing changes, and a real enrolment would ask the role's later logins for a code.
  // Open sessions (decision 380): each account its own; a malformed id is 400 after the guard.
  'GET /api/sesiones': fila(SESIONES, () => ({ url: '/api/sesiones' })),
  'DELETE /api/sesiones/:id': fila(SESIONES, () => ({ url: '/api/sesiones/x' })),
  'POST /api/sesiones/cerrar-otras': fila(SESIONES, () => ({ url: '/api/sesiones/cerrar-otras' })),
  'GET /api/mfa/estado': fila(SESIONES, () => ({ url: '/api/mfa/estado' })),
  'POST /api/mfa/totp/iniciar': fila(SESIONES, () => ({ url: '/api/mfa/totp/iniciar', payload: { contrasena: 'No#EsLaActual1' } })),
  'POST /api/mfa/totp/confirmar': fila(SESIONES, () => ({ url: '/api/mfa/totp/confirmar', payload: { codigo: '123456' } })),
  'POST /api/mfa/totp/eliminar': fila(SESIONES, () => ({ url: '/api/mfa/totp/eliminar', payload: { contrasena: 'No#EsLaActual1' } })),
  'POST /api/mfa/codigos/regenerar': fila(SESIONES, () => ({
    url: '/api/mfa/codigos/regenerar',
    payload: { contrasena: 'No#EsLaActual1' },
  })),
  // Passkeys (decisions 374–375): each account its own (a wrong password or an empty name: 400,
  // nothing changes); the passkey logins are public, an empty answer or pending token is 400.
  'GET /api/mfa/llaves': fila(SESIONES, () => ({ url: '/api/mfa/llaves' })),
  'POST /api/mfa/llaves/opciones': fila(SESIONES, () => ({ url: '/api/mfa/llaves/opciones', payload: { contrasena: 'No#EsLaActual1' } })),
  'POST /api/mfa/llaves': fila(SESIONES, () => ({ url: '/api/mfa/llaves', payload: { nombre: 'Matriz', respuesta: {} } })),
  'PATCH /api/mfa/llaves/:id': fila(SESIONES, () => ({ url: '/api/mfa/llaves/1', payload: { nombre: '' } })),
  'POST /api/mfa/llaves/:id/eliminar': fila(SESIONES, () => ({
    url: '/api/mfa/llaves/1/eliminar',
    payload: { contrasena: 'No#EsLaActual1' },
  })),
  'POST /api/psicologo/llave-acceso/opciones': publica(() => ({ url: '/api/psicologo/llave-acceso/opciones' })),
  'POST /api/paciente/llave-acceso/opciones': publica(() => ({ url: '/api/paciente/llave-acceso/opciones' })),
  'POST /api/psicologo/llave-acceso/entrar': publica(() => ({ url: '/api/psicologo/llave-acceso/entrar', payload: { respuesta: {} } })),
  'POST /api/paciente/llave-acceso/entrar': publica(() => ({ url: '/api/paciente/llave-acceso/entrar', payload: { respuesta: {} } })),
  'POST /api/psicologo/iniciar-sesion/segundo-paso/llave-opciones': publica(() => ({
    url: '/api/psicologo/iniciar-sesion/segundo-paso/llave-opciones',
    payload: { token_mfa: '' },
  })),
  'POST /api/paciente/iniciar-sesion/segundo-paso/llave-opciones': publica(() => ({
    url: '/api/paciente/iniciar-sesion/segundo-paso/llave-opciones',
    payload: { token_mfa: '' },
  })),
  'POST /api/psicologo/iniciar-sesion/segundo-paso/llave': publica(() => ({
    url: '/api/psicologo/iniciar-sesion/segundo-paso/llave',
    payload: { token_mfa: '', respuesta: {} },
  })),
  'POST /api/paciente/iniciar-sesion/segundo-paso/llave': publica(() => ({
    url: '/api/paciente/iniciar-sesion/segundo-paso/llave',
    payload: { token_mfa: '', respuesta: {} },
  })),

  // ---- Psychologist: agenda (decision 035: another psychologist's id or resource is refused) ----
  'GET /api/psicologo/agenda/:id_psicologo': fila(DUENO_P1, ({ p, r }) => ({
    url: `/api/psicologo/agenda/${id(p)}?semana_inicio=${fechaDeSemana(r.semana)}`,
  })),
  'POST /api/psicologo/agenda': fila(DUENO_P1, ({ p, r }) => ({
    url: '/api/psicologo/agenda',
    payload: { id_psicologo: id(p), semana_inicio: fechaDeSemana(r.semana + 1000), semana_fin: fechaDeSemana(r.semana + 1000, 6) },
  })),
  'GET /api/psicologo/citas/:id_agenda': fila(DUENO_P1, ({ r }) => ({ url: `/api/psicologo/citas/${r.idAgenda}` })),
  // A limited account books nothing new (decision 002); creating an appointment is booking.
  'POST /api/psicologo/citas': fila(['psicologo'], ({ p, r }) => ({
    url: '/api/psicologo/citas',
    payload: { id_paciente: p.paciente.id_paciente, fecha: fechaDeSemana(r.semana, 0), hora_inicio: '12:00', modalidad: 'En línea' },
  })),
  // Rescheduling is booking another hour (issue 10: a limited account could book indirectly).
  'PUT /api/psicologo/citas/:id_cita': fila(['psicologo'], ({ r }) => ({
    url: `/api/psicologo/citas/${r.idCita}`,
    payload: { fecha: fechaDeSemana(r.semana, 0), hora_inicio: '15:00' },
  })),
  'DELETE /api/psicologo/citas/:id_cita': fila(DUENO_P1, ({ r }) => ({ url: `/api/psicologo/citas/${r.idCita}` })),
  'DELETE /api/psicologo/citas/:id_cita/duplicadas': fila(DUENO_P1, ({ r }) => ({ url: `/api/psicologo/citas/${r.idCita}/duplicadas` })),
  'GET /api/psicologo/disponibilidad/:id_psicologo': fila(DUENO_P1, ({ p }) => ({ url: `/api/psicologo/disponibilidad/${id(p)}` })),
  'POST /api/psicologo/disponibilidad': fila(DUENO_P1, ({ p }) => ({
    url: '/api/psicologo/disponibilidad',
    payload: { id_psicologo: id(p), dia_semana: 'Domingo', hora_inicio: '09:00', hora_fin: '10:00' },
  })),
  'PUT /api/psicologo/disponibilidad/:id': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/disponibilidad/${p.idDisponibilidad}`,
    payload: { id_psicologo: id(p), dia_semana: 'Lunes', hora_inicio: '08:00', hora_fin: '20:00' },
  })),
  'DELETE /api/psicologo/disponibilidad/:id_psicologo/:dia_semana/:hora_inicio': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/disponibilidad/${id(p)}/Domingo/09:00`,
  })),
  // Creating an exception names nobody: every psychologist writes in their own agenda.
  'POST /api/psicologo/excepcion': fila(PSICOLOGOS, ({ r }) => ({
    url: '/api/psicologo/excepcion',
    payload: { fecha: fechaDeSemana(r.semana, 2), motivo: 'Formación' },
  })),
  'GET /api/psicologo/excepcion/:id': fila(DUENO_P1, ({ p }) => ({ url: `/api/psicologo/excepcion/${id(p)}` })),
  'DELETE /api/psicologo/excepcion/:id': fila(DUENO_P1, ({ r }) => ({ url: `/api/psicologo/excepcion/${r.idExcepcion}` })),

  // ---- Psychologist: patients (lists answer the caller's own practice) ----
  'GET /api/psicologo/lista-pacientes': fila(PSICOLOGOS, () => ({ url: '/api/psicologo/lista-pacientes' })),
  'GET /api/psicologo/paciente/:id': fila(DUENO_P1, ({ p }) => ({ url: `/api/psicologo/paciente/${p.paciente.id_paciente}` })),
  'GET /api/psicologo/paciente/:id/proxima-cita': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/paciente/${p.paciente.id_paciente}/proxima-cita`,
  })),
  'PUT /api/psicologo/paciente/:id/perdida': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/paciente/${p.paciente.id_paciente}/perdida`,
    payload: { fecha_perdida: '2024-03-10', persona_perdida: 'Su padre' },
  })),
  'GET /api/psicologo/perfil-basico': fila(PSICOLOGOS, () => ({ url: '/api/psicologo/perfil-basico' })),

  // ---- Psychologist: chat ----
  'GET /api/psicologo/chats': fila(PSICOLOGOS, () => ({ url: '/api/psicologo/chats' })),
  'GET /api/psicologo/chats/buscar': fila(PSICOLOGOS, ({ e }) => ({ url: `/api/psicologo/chats/buscar?q=${e.marca}` })),
  'GET /api/psicologo/chats/pacientes-disponibles': fila(PSICOLOGOS, () => ({ url: '/api/psicologo/chats/pacientes-disponibles' })),
  'GET /api/psicologo/chats/:id/mensajes': fila(DUENO_P1, ({ p }) => ({ url: `/api/psicologo/chats/${p.idChat}/mensajes` })),
  'POST /api/psicologo/chats': fila(DUENO_P1, ({ r }) => ({
    url: '/api/psicologo/chats',
    payload: { id_paciente: r.pacienteSinChat.id_paciente },
  })),
  'POST /api/psicologo/mensajes': fila(DUENO_P1, ({ p }) => ({
    url: '/api/psicologo/mensajes',
    payload: { id_chat: p.idChat, contenido: '¿Cómo te sientes hoy?' },
  })),
  'PUT /api/psicologo/chats/:id/leer': fila(DUENO_P1, ({ p }) => ({ url: `/api/psicologo/chats/${p.idChat}/leer` })),
  'GET /api/psicologo/chat/verificar/:id_paciente': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/chat/verificar/${p.paciente.id_paciente}`,
  })),

  // ---- Psychologist: clinical record (issue 13; the catalogue is everyone's, the record its owner's) ----
  'GET /api/psicologo/tests': fila(PSICOLOGOS, () => ({ url: '/api/psicologo/tests' })),
  'GET /api/psicologo/tests/:id_test': fila(PSICOLOGOS, ({ r }) => ({ url: `/api/psicologo/tests/${r.idTest}` })),
  'POST /api/psicologo/tests/aplicar': fila(DUENO_P1, ({ p, r }) => ({
    url: '/api/psicologo/tests/aplicar',
    payload: { id_test: r.idTest, id_paciente: p.paciente.id_paciente, respuestas: r.respuestasTest },
  })),
  'GET /api/psicologo/pacientes/:id/tests': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/pacientes/${p.paciente.id_paciente}/tests`,
  })),
  'GET /api/psicologo/pacientes/:id/tests/graficas': fila(DUENO_P1, ({ p, r }) => ({
    url: `/api/psicologo/pacientes/${p.paciente.id_paciente}/tests/graficas?id_test=${r.idTest}`,
  })),
  'GET /api/psicologo/tests/aplicaciones/:id/respuestas': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/tests/aplicaciones/${r.idAplicacion}/respuestas`,
  })),
  'GET /api/psicologo/tests/aplicaciones/:id/resultado': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/tests/aplicaciones/${r.idAplicacion}/resultado`,
  })),
  'GET /api/psicologo/tests/aplicaciones/:id/pdf': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/tests/aplicaciones/${r.idAplicacion}/pdf`,
  })),
  'GET /api/psicologo/tests/aplicaciones/:id/notas': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/tests/aplicaciones/${r.idAplicacion}/notas`,
  })),
  'GET /api/psicologo/pacientes/:id/notas': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/pacientes/${p.paciente.id_paciente}/notas`,
  })),
  'GET /api/psicologo/notas/:id': fila(DUENO_P1, ({ r }) => ({ url: `/api/psicologo/notas/${r.idNota}` })),
  'POST /api/psicologo/notas': fila(DUENO_P1, ({ p }) => ({
    url: '/api/psicologo/notas',
    payload: { id_paciente: p.paciente.id_paciente, titulo: 'Nota nueva', contenido: 'Contenido de la nota' },
  })),
  'PUT /api/psicologo/notas/:id': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/notas/${r.idNota}`,
    payload: { titulo: 'Nota editada', contenido: 'Contenido editado' },
  })),
  'DELETE /api/psicologo/notas/:id': fila(DUENO_P1, ({ r }) => ({ url: `/api/psicologo/notas/${r.idNota}` })),
  // ---- Psychologist: grief modules, activity templates, assignments, evidence (issue 14) ----
  'GET /api/psicologo/pacientes/:id/modulos': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/pacientes/${p.paciente.id_paciente}/modulos`,
  })),
  'GET /api/psicologo/pacientes/:id/modulos/historial': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/pacientes/${p.paciente.id_paciente}/modulos/historial`,
  })),
  'GET /api/psicologo/pacientes/:idPaciente/modulos/:idModulo': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/pacientes/${p.paciente.id_paciente}/modulos/1`,
  })),
  // The catalogue answers the caller's own templates and the module catalogue.
  'GET /api/psicologo/actividades': fila(PSICOLOGOS, () => ({ url: '/api/psicologo/actividades' })),
  'GET /api/psicologo/actividades/buscar': fila(PSICOLOGOS, () => ({ url: '/api/psicologo/actividades/buscar?q=carta' })),
  'POST /api/psicologo/actividades': fila(PSICOLOGOS, () => ({
    url: '/api/psicologo/actividades',
    payload: { titulo: 'Respiración consciente', tipo: 'Relajación' },
  })),
  'GET /api/psicologo/actividades/:id': fila(DUENO_P1, ({ r }) => ({ url: `/api/psicologo/actividades/${r.idPlantilla}` })),
  'PUT /api/psicologo/actividades/:id': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/actividades/${r.idPlantilla}`,
    payload: { titulo: 'Carta revisada', tipo: 'Escritura terapéutica' },
  })),
  'DELETE /api/psicologo/actividades/:id': fila(DUENO_P1, ({ r }) => ({ url: `/api/psicologo/actividades/${r.idPlantilla}` })),
  'GET /api/psicologo/paciente/:id/actividades': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/paciente/${p.paciente.id_paciente}/actividades`,
  })),
  'GET /api/psicologo/paciente/:id/actividades/estadisticas': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/paciente/${p.paciente.id_paciente}/actividades/estadisticas`,
  })),
  'POST /api/psicologo/actividades/asignar': fila(DUENO_P1, ({ p, r }) => ({
    url: '/api/psicologo/actividades/asignar',
    payload: { id_actividad: r.idPlantilla, pacientes: [p.paciente.id_paciente] },
  })),
  'PUT /api/psicologo/actividades/asignadas/:id': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/actividades/asignadas/${r.idAsignacion}`,
    payload: { prioridad: 'alta' },
  })),
  'PATCH /api/psicologo/actividades/asignadas/:id': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/actividades/asignadas/${r.idAsignacion}`,
    payload: { estado: 'finalizada' },
  })),
  'DELETE /api/psicologo/actividades/asignadas/:id': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/actividades/asignadas/${r.idAsignacion}`,
  })),
  'PUT /api/psicologo/actividades/asignadas/:id/revisar': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/actividades/asignadas/${r.idAsignacion}/revisar`,
  })),
  'POST /api/psicologo/actividades/asignadas/:id/recordatorio': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/actividades/asignadas/${r.idAsignacion}/recordatorio`,
  })),
  'GET /api/psicologo/actividades/asignadas/:id/evidencias': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/actividades/asignadas/${r.idAsignacion}/evidencias`,
  })),
  // A JSON body answers 415 to whoever may upload: the row checks who is refused before that.
  'POST /api/psicologo/actividades/asignadas/:id/evidencia': fila(DUENO_P1, ({ r }) => ({
    url: `/api/psicologo/actividades/asignadas/${r.idAsignacion}/evidencia`,
  })),
  'GET /api/psicologo/evidencias/:id/archivo': fila(DUENO_P1, ({ r }) => ({ url: `/api/psicologo/evidencias/${r.idEvidencia}/archivo` })),

  // ---- Patient (mobile app): grief modules, activities, evidence ----
  'GET /api/paciente/modulos': fila(PACIENTES, () => ({ url: '/api/paciente/modulos' })),
  // Module activities are the same catalogue for every patient: any patient may start one.
  'POST /api/paciente/modulos/actividades/:id/iniciar': fila(PACIENTES, () => ({ url: '/api/paciente/modulos/actividades/1/iniciar' })),
  'GET /api/paciente/actividades': fila(PACIENTES, () => ({ url: '/api/paciente/actividades' })),
  'GET /api/paciente/actividades/:id': fila(['paciente'], ({ r }) => ({ url: `/api/paciente/actividades/${r.idAsignacion}` })),
  'PATCH /api/paciente/actividades/:id': fila(['paciente'], ({ r }) => ({
    url: `/api/paciente/actividades/${r.idAsignacion}`,
    payload: { estado: 'finalizada' },
  })),
  'PUT /api/paciente/actividades/:id/visibilidad': fila(['paciente'], ({ r }) => ({
    url: `/api/paciente/actividades/${r.idAsignacion}/visibilidad`,
    payload: { visible_para_psicologo: false },
  })),
  'GET /api/paciente/actividades/:id/evidencias': fila(['paciente'], ({ r }) => ({
    url: `/api/paciente/actividades/${r.idAsignacion}/evidencias`,
  })),
  'POST /api/paciente/actividades/:id/evidencias': fila(['paciente'], ({ r }) => ({
    url: `/api/paciente/actividades/${r.idAsignacion}/evidencias`,
  })),
  'DELETE /api/paciente/evidencias/:id': fila(['paciente'], ({ r }) => ({ url: `/api/paciente/evidencias/${r.idEvidencia}` })),
  'GET /api/paciente/evidencias/:id/archivo': fila(['paciente'], ({ r }) => ({ url: `/api/paciente/evidencias/${r.idEvidencia}/archivo` })),
  // Emotion diary: the patient's own; the psychologist reads only shared entries of their patients.
  'GET /api/paciente/diario': fila(PACIENTES, () => ({ url: '/api/paciente/diario' })),
  'POST /api/paciente/diario': fila(PACIENTES, () => ({ url: '/api/paciente/diario', payload: { emocion: 'Calma', intensidad: 3 } })),
  'PUT /api/paciente/diario/:id/compartir': fila(['paciente'], ({ r }) => ({
    url: `/api/paciente/diario/${r.idEntrada}/compartir`,
    payload: { compartida: false },
  })),
  'DELETE /api/paciente/diario/:id': fila(['paciente'], ({ r }) => ({ url: `/api/paciente/diario/${r.idEntrada}` })),
  'GET /api/psicologo/pacientes/:id/diario': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/pacientes/${p.paciente.id_paciente}/diario`,
  })),

  // ---- Patient (mobile app): identity from the token, another patient's ids answer 404 ----
  'GET /api/paciente/citas': fila(PACIENTES, () => ({ url: '/api/paciente/citas' })),
  'GET /api/paciente/horarios-disponibles': fila(PACIENTES, ({ r }) => ({
    url: `/api/paciente/horarios-disponibles?fecha=${fechaDeSemana(r.semana, 0)}&duracion=60`,
  })),
  'POST /api/paciente/citas/solicitar': fila(PACIENTES, ({ r }) => ({
    url: '/api/paciente/citas/solicitar',
    payload: { fecha: fechaDeSemana(r.semana, 0), hora_inicio: '17:00', modalidad: 'Presencial' },
  })),
  'PUT /api/paciente/citas/:id_cita/cancelar': fila(['paciente'], ({ r }) => ({ url: `/api/paciente/citas/${r.idCita}/cancelar` })),
  'GET /api/paciente/chats': fila(PACIENTES, () => ({ url: '/api/paciente/chats' })),
  'GET /api/paciente/chats/:id/mensajes': fila(['paciente'], ({ e }) => ({ url: `/api/paciente/chats/${e.p1.idChat}/mensajes` })),
  'POST /api/paciente/mensajes': fila(['paciente'], ({ e }) => ({
    url: '/api/paciente/mensajes',
    payload: { id_chat: e.p1.idChat, contenido: 'Gracias por la sesión' },
  })),
  'PUT /api/paciente/chats/:id/leer': fila(['paciente'], ({ e }) => ({ url: `/api/paciente/chats/${e.p1.idChat}/leer` })),
  // Web Push of the patient's app (issue 17): each patient's own subscriptions and preferences.
  'GET /api/paciente/push/clave': fila(PACIENTES, () => ({ url: '/api/paciente/push/clave' })),
  'POST /api/paciente/push/suscripciones': fila(PACIENTES, () => ({
    url: '/api/paciente/push/suscripciones',
    payload: {
      endpoint: 'https://push.example.com/matriz',
      keys: {
        p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
  })),
  'DELETE /api/paciente/push/suscripciones': fila(PACIENTES, () => ({
    url: '/api/paciente/push/suscripciones',
    payload: { endpoint: 'https://push.example.com/matriz' },
  })),
  'GET /api/paciente/push/preferencias': fila(PACIENTES, () => ({ url: '/api/paciente/push/preferencias' })),
  'PUT /api/paciente/push/preferencias': fila(PACIENTES, () => ({
    url: '/api/paciente/push/preferencias',
    payload: { mensajes: false, citas: true },
  })),

  // ---- The patient's rights (issue 56, decisions 376 and 377): her own data only ----
  'GET /api/paciente/mis-datos/exportacion': fila(PACIENTES, () => ({ url: '/api/paciente/mis-datos/exportacion' })),
  'GET /api/paciente/mis-datos/oposicion': fila(PACIENTES, () => ({ url: '/api/paciente/mis-datos/oposicion' })),
  'PUT /api/paciente/mis-datos/oposicion': fila(PACIENTES, () => ({
    url: '/api/paciente/mis-datos/oposicion',
    payload: { correos: true, push: false, foro_sin_nombre: false },
  })),
  'GET /api/admin/pacientes/:id/exportacion': fila(['admin'], ({ r }) => ({
    url: `/api/admin/pacientes/${r.victimaPaciente.id_paciente}/exportacion`,
  })),

  // ---- Online sessions (issue 54): only the room's psychologist and patient; anyone else, 404 ----
  // Outside the appointment's window the owner gets 409 (not a refusal of who calls).
  'POST /api/psicologo/citas/:id/sesion': fila(DUENO_P1, ({ r }) => ({ url: `/api/psicologo/citas/${r.idCita}/sesion` })),
  'POST /api/paciente/citas/:id/sesion': fila(['paciente'], ({ r }) => ({ url: `/api/paciente/citas/${r.idCita}/sesion` })),
  'POST /api/psicologo/sesiones/:id/entrar': fila(DUENO_P1, ({ p }) => ({ url: `/api/psicologo/sesiones/${salaDe(p)}/entrar` })),
  'POST /api/paciente/sesiones/:id/entrar': fila(['paciente'], ({ p }) => ({ url: `/api/paciente/sesiones/${salaDe(p)}/entrar` })),
  // A limited account opens no new room (403, sesiones-en-linea.test.ts) but re-enters its open one.
  'POST /api/psicologo/pacientes/:id/sesion': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/pacientes/${p.paciente.id_paciente}/sesion`,
  })),
  'PUT /api/psicologo/sesiones/:id/gracia': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/sesiones/${salaDe(p)}/gracia`,
    payload: { minutos: 10 },
  })),
  'GET /api/psicologo/sesiones/activas': fila(PSICOLOGOS, () => ({ url: '/api/psicologo/sesiones/activas' })),
  'GET /api/psicologo/pacientes/:id/sesiones': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/pacientes/${p.paciente.id_paciente}/sesiones`,
  })),
  'GET /api/paciente/sesiones/abiertas': fila(PACIENTES, () => ({ url: '/api/paciente/sesiones/abiertas' })),

  // ---- Administrator ----
  'GET /api/admin/verificar': fila(['admin'], () => ({ url: '/api/admin/verificar' })),
  'PUT /api/admin/psicologos/:id/status': fila(['admin'], ({ r }) => ({
    url: `/api/admin/psicologos/${r.victimaPsicologo.id_psicologo}/status`,
    payload: { status: 'inactivo' },
  })),
  'PUT /api/admin/pacientes/:id/status': fila(['admin'], ({ r }) => ({
    url: `/api/admin/pacientes/${r.victimaPaciente.id_paciente}/status`,
    payload: { status: 'inactivo' },
  })),
  'GET /api/admin/chats': fila(['admin'], () => ({ url: '/api/admin/chats' })),
  'GET /api/admin/chats/buscar': fila(['admin'], () => ({ url: '/api/admin/chats/buscar?q=Hola' })),
  'GET /api/admin/chats/:id/mensajes': fila(['admin'], ({ e }) => ({ url: `/api/admin/chats/${e.idChatAdmin}/mensajes` })),
  'POST /api/admin/chats': fila(['admin'], ({ r }) => ({
    url: '/api/admin/chats',
    payload: { destinatario_tipo: 'paciente', destinatario_id: r.victimaPaciente.id_paciente },
  })),
  'POST /api/admin/mensajes': fila(['admin'], ({ e }) => ({
    url: '/api/admin/mensajes',
    payload: { id_chat_admin: e.idChatAdmin, contenido: 'Seguimiento de la cédula' },
  })),
  'PUT /api/admin/chats/:id/leer': fila(['admin'], ({ e }) => ({ url: `/api/admin/chats/${e.idChatAdmin}/leer` })),
  'GET /api/admin/usuarios-disponibles': fila(['admin'], () => ({ url: '/api/admin/usuarios-disponibles' })),
  'GET /api/admin/usuarios-disponibles/psicologos': fila(['admin'], () => ({ url: '/api/admin/usuarios-disponibles/psicologos' })),
  'GET /api/admin/usuarios-disponibles/pacientes': fila(['admin'], () => ({ url: '/api/admin/usuarios-disponibles/pacientes' })),

  // ---- Supervision (issue 55, decision 365) ----
  // The administrator holds an opening of p1's and p2's conversations and there is an open crisis
  // alert (beforeAll below). Content is read on p2's conversation: p1's secret reaches nobody else.
  'GET /api/admin/supervision': fila(['admin'], () => ({ url: '/api/admin/supervision' })),
  'POST /api/admin/supervision/chats/:id/aperturas': fila(['admin'], ({ e }) => ({
    url: `/api/admin/supervision/chats/${e.p1.idChat}/aperturas`,
    payload: { motivo: 'revision_calidad', razon: 'Revisión de calidad de la matriz de autorización.' },
  })),
  'GET /api/admin/supervision/chats/:id/mensajes': fila(['admin'], ({ e }) => ({
    url: `/api/admin/supervision/chats/${e.p2.idChat}/mensajes`,
  })),
  'GET /api/admin/alertas-crisis': fila(['admin'], () => ({ url: '/api/admin/alertas-crisis' })),
  'POST /api/admin/alertas-crisis/:id/reconocer': fila(['admin'], () => ({
    url: `/api/admin/alertas-crisis/${idAlertaCrisis}/reconocer`,
    payload: { accion: 'Se habló con la psicóloga.' },
  })),
  'GET /api/psicologo/supervisiones': fila(PSICOLOGOS, () => ({ url: '/api/psicologo/supervisiones' })),

  // ---- ARCO requests (issue 56, decision 378): the patient's own; the administrators' queue ----
  'GET /api/paciente/derechos/solicitudes': fila(PACIENTES, () => ({ url: '/api/paciente/derechos/solicitudes' })),
  'POST /api/paciente/derechos/solicitudes': fila(PACIENTES, () => ({
    url: '/api/paciente/derechos/solicitudes',
    payload: { tipo: 'oposicion', motivo: 'No quiero recibir avisos por correo.' },
  })),
  'GET /api/admin/derechos/solicitudes': fila(['admin'], () => ({ url: '/api/admin/derechos/solicitudes' })),
  'POST /api/admin/derechos/solicitudes/:id/resolver': fila(['admin'], () => ({
    url: `/api/admin/derechos/solicitudes/${idSolicitudArco}/resolver`,
    payload: { resultado: 'improcedente', respuesta: 'Respuesta de la matriz de autorización.' },
  })),

  // ---- Administration (issue 15) ----
  'GET /api/admin/psicologos': fila(['admin'], () => ({ url: '/api/admin/psicologos' })),
  'GET /api/admin/psicologos/:id': fila(['admin'], ({ r }) => ({ url: `/api/admin/psicologos/${r.victimaPsicologo.id_psicologo}` })),
  'PUT /api/admin/psicologos/:id/validar-cedula': fila(['admin'], ({ r }) => ({
    url: `/api/admin/psicologos/${r.victimaPsicologo.id_psicologo}/validar-cedula`,
    payload: { cedula_validada: false },
  })),
  // Another number than the one on record: answered 400 without asking the registry.
  'POST /api/admin/psicologos/:id/validar-cedula-api': fila(['admin'], ({ r }) => ({
    url: `/api/admin/psicologos/${r.victimaPsicologo.id_psicologo}/validar-cedula-api`,
    payload: { cedula: '0000001' },
  })),
  'PUT /api/admin/psicologos/:id/validar-cedula-manual': fila(['admin'], ({ r }) => ({
    url: `/api/admin/psicologos/${r.victimaPsicologo.id_psicologo}/validar-cedula-manual`,
  })),
  'DELETE /api/admin/psicologos/:id': fila(['admin'], ({ r }) => ({ url: `/api/admin/psicologos/${r.victimaPsicologo.id_psicologo}` })),
  'GET /api/admin/pacientes': fila(['admin'], () => ({ url: '/api/admin/pacientes' })),
  'PUT /api/admin/pacientes/:id/reasignar': fila(['admin'], ({ e, r }) => ({
    url: `/api/admin/pacientes/${r.victimaPaciente.id_paciente}/reasignar`,
    payload: { id_psicologo: e.p2.psicologo.id_psicologo },
  })),
  'GET /api/admin/estadisticas': fila(['admin'], () => ({ url: '/api/admin/estadisticas' })),
  'GET /api/admin/auditoria': fila(['admin'], () => ({ url: '/api/admin/auditoria?page=1' })),
  'PUT /api/admin/perfil': fila(['admin'], () => ({ url: '/api/admin/perfil', payload: { telefono: '5512345678' } })),
  // A wrong current password: answered 400 and nothing changes (a real change would end the
  // role's later sessions in this table).
  'PUT /api/admin/cambiar-contrasena': fila(['admin'], () => ({
    url: '/api/admin/cambiar-contrasena',
    payload: { contrasena_actual: 'No#EsLaActual1', nueva_contrasena: 'Otra#Clave22' },
  })),
  'POST /api/admin/solicitar-cambio-correo': fila(['admin'], () => ({
    url: '/api/admin/solicitar-cambio-correo',
    payload: { nuevo_correo: `nuevo-admin${++registros}@prueba.mx` },
  })),
  'POST /api/admin/confirmar-cambio-correo': fila(['admin'], () => ({
    url: '/api/admin/confirmar-cambio-correo',
    payload: { token: 'token-desconocido-de-prueba' },
  })),
  'POST /api/psicologo/registro-admin': fila(['admin'], () => ({
    url: '/api/psicologo/registro-admin',
    payload: registroPsicologo(++registros),
  })),
  'GET /api/psicologo/perfil': fila(PSICOLOGOS, () => ({ url: '/api/psicologo/perfil' })),
  // Each psychologist's own email (the administrator's names p1's: 409, not a refusal).
  'PUT /api/psicologo/actualizar-perfil': fila(PSICOLOGOS, ({ p }) => ({
    url: '/api/psicologo/actualizar-perfil',
    payload: { telefono: '5512345678', correo: p.psicologo.correo, direccionConsultorio: 'Calle 1' },
  })),
  'PUT /api/psicologo/cambiar-contrasena': fila(PSICOLOGOS, () => ({
    url: '/api/psicologo/cambiar-contrasena',
    payload: { contrasenaActual: 'No#EsLaActual1', nuevaContrasena: 'Otra#Clave22' },
  })),
  'GET /api/psicologo/pacientes/:id/consentimiento': fila(DUENO_P1, ({ p }) => ({
    url: `/api/psicologo/pacientes/${p.paciente.id_paciente}/consentimiento`,
  })),
  'POST /api/paciente/recuperar-contrasena': publica(({ r }) => ({
    url: '/api/paciente/recuperar-contrasena',
    payload: { email: r.victimaPaciente.email },
  })),
  'GET /api/paciente/verificar-token/:token': publica(({ r }) => ({ url: `/api/paciente/verificar-token/${r.tokenRestablecer}` })),
  'POST /api/paciente/restablecer-contrasena/:token': publica(() => ({
    url: '/api/paciente/restablecer-contrasena/token-desconocido-de-prueba',
    payload: { nuevaContrasena: 'Otra#Clave22' },
  })),
  'GET /api/paciente/perfil': fila(PACIENTES, () => ({ url: '/api/paciente/perfil' })),
  'PUT /api/paciente/perfil': fila(PACIENTES, ({ e }) => ({
    url: '/api/paciente/perfil',
    payload: { telefono: '5512345678', email: e.p1.paciente.email },
  })),
  'PUT /api/paciente/cambiar-contrasena': fila(PACIENTES, () => ({
    url: '/api/paciente/cambiar-contrasena',
    payload: { contrasenaActual: 'No#EsLaActual1', nuevaContrasena: 'Otra#Clave22' },
  })),
  'GET /api/paciente/consentimientos/vigentes': publica(() => ({ url: '/api/paciente/consentimientos/vigentes' })),
  'GET /api/paciente/consentimientos': fila(PACIENTES, () => ({ url: '/api/paciente/consentimientos' })),
  'POST /api/paciente/consentimientos': fila(PACIENTES, () => ({
    url: '/api/paciente/consentimientos',
    payload: { tipo: 'aviso_privacidad', version: vigentes.aviso_privacidad },
  })),
  // ---- Forums (issue 16): the case's practice has a public forum (its psychologist the forum admin,
  // its patient a member) and a private one of the psychologist alone, titled with the mark ----
  'GET /api/foros': publica(() => ({ url: '/api/foros' })),
  // A limited account reaches no new people (decision 002): no new forum, no invitation.
  'POST /api/foros': fila(['psicologo', 'otroPsicologo', 'admin'], () => ({ url: '/api/foros', payload: { titulo: 'Foro nuevo' } })),
  // A public forum is readable by every signed-in account.
  'GET /api/foros/:id': fila(SESIONES, ({ r }) => ({ url: `/api/foros/${r.foro.idForo}` })),
  'PUT /api/foros/:id': fila(DUENO_P1, ({ r }) => ({ url: `/api/foros/${r.foro.idForo}`, payload: { titulo: 'Otro título' } })),
  'DELETE /api/foros/:id': fila(DUENO_P1, ({ r }) => ({ url: `/api/foros/${r.foro.idForo}` })),
  // Patients join (the member already in it gets 409); psychologists never (spec 2 §6).
  'POST /api/foros/:id/unirse': fila(PACIENTES, ({ r }) => ({ url: `/api/foros/${r.foro.idForo}/unirse` })),
  'POST /api/foros/:id/salir': fila(PACIENTES, ({ r }) => ({ url: `/api/foros/${r.foro.idForo}/salir` })),
  'GET /api/foros/:id/participantes': fila(SESIONES, ({ r }) => ({ url: `/api/foros/${r.foro.idForo}/participantes` })),
  'DELETE /api/foros/:id/participantes/:idParticipante': fila(DUENO_P1, ({ r }) => ({
    url: `/api/foros/${r.foro.idForo}/participantes/${r.foro.idMiembro}`,
  })),
  'POST /api/foros/:id/invitar': fila(['psicologo'], ({ r }) => ({
    url: `/api/foros/${r.foro.idForo}/invitar`,
    payload: { correo: r.victimaPsicologo.correo },
  })),
  'GET /api/foros/invitaciones/mis-invitaciones': fila(PSICOLOGOS, () => ({ url: '/api/foros/invitaciones/mis-invitaciones' })),
  // Only the invitee answers (the practice's psychologist was invited to another's forum).
  'POST /api/foros/invitaciones/:id/responder': fila(DUENO_P1, ({ r }) => ({
    url: `/api/foros/invitaciones/${r.foro.idInvitacion}/responder`,
    payload: { aceptar: true },
  })),
  'GET /api/foros/:id/temas': fila(SESIONES, ({ r }) => ({ url: `/api/foros/${r.foro.idForo}/temas` })),
  'POST /api/foros/:id/temas': fila(PARTICIPANTES_FORO, ({ r }) => ({
    url: `/api/foros/${r.foro.idForo}/temas`,
    payload: { titulo: 'Tema nuevo' },
  })),
  'GET /api/foros/:id/reportes': fila(DUENO_P1, ({ r }) => ({ url: `/api/foros/${r.foro.idForo}/reportes` })),
  'GET /api/foros/temas/:id/mensajes': fila(SESIONES, ({ r }) => ({ url: `/api/foros/temas/${r.foro.idTema}/mensajes` })),
  'POST /api/foros/temas/:id/mensajes': fila(PARTICIPANTES_FORO, ({ r }) => ({
    url: `/api/foros/temas/${r.foro.idTema}/mensajes`,
    payload: { contenido: 'Gracias por compartir' },
  })),
  'PUT /api/foros/temas/:id/leer': fila(PARTICIPANTES_FORO, ({ r }) => ({ url: `/api/foros/temas/${r.foro.idTema}/leer` })),
  'POST /api/foros/mensajes/:id/ocultar': fila(DUENO_P1, ({ r }) => ({
    url: `/api/foros/mensajes/${r.foro.idMensaje}/ocultar`,
    payload: { oculto: true },
  })),
  // The patient reports its own post too: a member may report any post of its forum.
  'POST /api/foros/mensajes/:id/reportar': fila(PARTICIPANTES_FORO, ({ r }) => ({
    url: `/api/foros/mensajes/${r.foro.idMensaje}/reportar`,
    payload: { motivo: 'Revisar' },
  })),
};

/** Who may send each client→server socket event (same model as the HTTP routes it mirrors). */
const EVENTOS: Record<string, readonly Rol[]> = {
  'chat:unirse': ['psicologo', 'paciente', 'limitado'],
  'chat:enviar': ['psicologo', 'paciente', 'limitado'],
  'chat:escribiendo': ['psicologo', 'paciente', 'limitado'],
  // Leaving a conversation one never opened is a harmless no-op for any session.
  'chat:salir': ROLES.filter((r) => r !== 'anonimo'),
  'chat-admin:unirse': ['admin'],
  'chat-admin:enviar': ['admin'],
  'chat-admin:escribiendo': ['admin'],
  'chat-admin:salir': ROLES.filter((r) => r !== 'anonimo'),
  // The practice's private forum: its psychologist alone takes part.
  'foro:unirse': ['psicologo', 'limitado'],
  'foro:tema:unirse': ['psicologo', 'limitado'],
  'foro:salir': ROLES.filter((r) => r !== 'anonimo'),
  'foro:tema:salir': ROLES.filter((r) => r !== 'anonimo'),
  // Online sessions (issue 54): the room's psychologist and patient; admitting and ending, its psychologist.
  'sesion:unirse': ['psicologo', 'paciente', 'limitado'],
  'sesion:admitir': ['psicologo', 'limitado'],
  'sesion:senal': ['psicologo', 'paciente', 'limitado'],
  'sesion:salir': ROLES.filter((r) => r !== 'anonimo'),
  'sesion:terminar': ['psicologo', 'limitado'],
  // Supervision (issue 55): only an administrator with an opening in force of the conversation.
  'supervision:unirse': ['admin'],
  // Leaving a room one never joined is a harmless no-op for any session.
  'supervision:salir': ROLES.filter((r) => r !== 'anonimo'),
};

const CLAVES = new Map(Object.keys(TABLA).map((k) => [claveCanonica(k), k]));

let t: AppDePrueba;
let e: Escenario;
/** The consent versions in force: registration and acceptance send them (decision 367). */
let vigentes: VersionesVigentes;

beforeAll(async () => {
  t = await crearAppDePrueba({
    // The table calls login and registration once per role, and prepares records for each: the
    // brute-force and volume limits are not its subject (tests/integration/limites-de-volumen).
    config: {
      limites: { porIp: 100_000, porCuenta: 100_000, ventanaMs: 60_000 },
      publicacionesForoPorMinuto: 100_000,
      registrosClinicosPorMinuto: 100_000,
    },
  });
  await t.escuchar();
  e = await crearEscenario(t);
  vigentes = await versionesVigentes(t.app);
});
afterAll(async () => {
  await t?.cerrar();
});
beforeAll(async () => {
  const ahora = Date.now();
  const en = (min: number) => new Date(ahora + min * 60_000);
  for (const p of [e.p1, e.lim]) {
    const base = { id_psicologo: p.psicologo.id_psicologo, id_paciente: p.paciente.id_paciente, abre_en: en(-1), creada_en: en(-1) };
    const dentro = { entro_psicologo_en: en(-1), entro_paciente_en: en(-1), iniciada_en: en(-1) };
    const [abierta] = await t.db
      .insert(sesionEnLinea)
      .values({ ...base, ...dentro, cierra_base_en: en(360) })
      .returning();
    const [terminada] = await t.db
      .insert(sesionEnLinea)
      .values({ ...base, cierra_base_en: en(60), terminada_en: en(-1), terminada_por: 'psicologo' })
      .returning();
    salas.set(p.psicologo.id_psicologo, { abierta: abierta.id_sesion, terminada: terminada.id_sesion });
  }
});

/** An open crisis alert for the acknowledgement row (on p2's conversation, decision 366). */
let idAlertaCrisis = 0;
beforeAll(async () => {
  const ahora = new Date();
  const vence = new Date(ahora.getTime() + 6 * 3600_000);
  for (const p of [e.p1, e.p2]) {
    await t.db.insert(aperturaSupervision).values({
      id_admin: e.admin.id_psicologo,
      id_chat: p.idChat,
      motivo: 'revision_calidad',
      razon: 'Revisión de calidad de la matriz de autorización.',
      abierta_en: ahora,
      vence_en: vence,
    });
  }
  const [m] = await t.db.select({ id: mensaje.id_mensaje }).from(mensaje).where(eq(mensaje.id_chat, e.p2.idChat)).limit(1);
  const [a] = await t.db
    .insert(alertaCrisis)
    .values({
      id_mensaje: m.id,
      id_chat: e.p2.idChat,
      id_psicologo: e.p2.psicologo.id_psicologo,
      id_paciente: e.p2.paciente.id_paciente,
      creada_en: ahora,
    })
    .returning();
  idAlertaCrisis = a.id_alerta;
});

/** A pending opposition of p2's patient for the resolution row (an opposition: resolving it erases nothing). */
let idSolicitudArco = 0;
beforeAll(async () => {
  const [s] = await t.db
    .insert(solicitudArco)
    .values({
      id_paciente: e.p2.paciente.id_paciente,
      tipo: 'oposicion',
      motivo: 'Matriz',
      recibida_en: new Date(),
      vence_el: '2099-01-01',
    })
    .returning();
  idSolicitudArco = s.id_solicitud;
});

describe('cada ruta y cada evento tienen su fila en la tabla', () => {
  it('toda ruta registrada por la aplicación tiene fila (y toda fila, su ruta)', () => {
    const registradas = rutasRegistradas(t.app).map(claveCanonica);
    expect(registradas.length).toBeGreaterThan(40);
    expect(
      registradas.filter((r) => !CLAVES.has(r)),
      'rutas sin fila en TABLA',
    ).toEqual([]);
    expect(
      [...CLAVES.keys()].filter((k) => !registradas.includes(k)),
      'filas de rutas que ya no existen',
    ).toEqual([]);
  });

  it('todo evento que el servidor escucha, para cualquier rol, tiene fila', async () => {
    const escuchados = new Set<string>();
    for (const rol of ROLES) {
      const tk = e.token(rol);
      if (tk) for (const ev of await eventosDelServidor(t, tk)) escuchados.add(ev);
    }
    expect(escuchados.size).toBeGreaterThan(0);
    expect(
      [...escuchados].filter((ev) => !(ev in EVENTOS)),
      'eventos sin fila en EVENTOS',
    ).toEqual([]);
    expect(
      Object.keys(EVENTOS).filter((ev) => !escuchados.has(ev)),
      'filas de eventos que ya no existen',
    ).toEqual([]);
  });
});

async function inyectar(metodo: string, l: Llamada, token: string | undefined) {
  return t.app.inject({
    method: metodo as 'GET',
    url: l.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(l.payload !== undefined ? { payload: l.payload } : metodo === 'GET' || metodo === 'DELETE' ? {} : { payload: {} }),
  });
}

function esperadoDenegado(rol: Rol): number[] {
  return rol === 'anonimo' ? [401] : [403, 404];
}

for (const [clave, f] of Object.entries(TABLA)) {
  const [metodo] = clave.split(' ');
  describe(clave, () => {
    it.each(ROLES.map((rol) => [rol, f.permitidos.includes(rol) ? 'permitido' : 'denegado'] as const))('%s → %s', async (rol, decision) => {
      const p = rol === 'limitado' ? e.lim : e.p1;
      const r = await crearRecursos(t, e, p);
      const l = f.llamada({ rol, e, p, r });
      const antes = await huellaTablas(t);
      const res = await inyectar(metodo, l, e.token(rol));
      const cuerpo = cuerpoJson(res);
      const visto = `${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, visto).toBeLessThan(500);
      if (decision === 'permitido') {
        expect([401, 403, 404], `${rol} debe poder llamar ${clave}; respondió ${visto}`).not.toContain(res.statusCode);
      } else {
        expect(f.denegadoCon ?? esperadoDenegado(rol), `${rol} no debe poder llamar ${clave}; respondió ${visto}`).toContain(
          res.statusCode,
        );
        expect(typeof cuerpo?.msg, visto).toBe('string');
        expect(await huellaTablas(t), `una llamada denegada (${rol}) cambió filas`).toEqual(antes);
      }
      // p1's notes and chat text reach nobody but p1 and its patient.
      if (rol !== 'psicologo' && rol !== 'paciente') expect(res.body).not.toContain(e.marca);
    });

    if (!f.protegida) return;
    // Authentication comes before validation (issue 10): a malformed request of the wrong session
    // learns nothing about the route's fields and writes nothing.
    const conParams = clave.includes('/:');
    const conCuerpo = metodo === 'POST' || metodo === 'PUT';
    // A route both kinds of account call (forums) has no wrong session: only anonymous is checked.
    const ambos = f.permitidos.some((x) => PACIENTES.includes(x)) && f.permitidos.some((x) => PSICOLOGOS.includes(x));
    const rolEquivocado: Rol = f.permitidos.some((x) => PACIENTES.includes(x))
      ? 'psicologo'
      : f.permitidos.includes('psicologo')
        ? 'paciente'
        : 'otroPsicologo';
    const malformadas: Array<[string, (c: Caso) => Llamada]> = [];
    if (conCuerpo) malformadas.push(['cuerpo vacío', (c) => ({ url: f.llamada(c).url, payload: {} })]);
    if (conParams)
      malformadas.push([
        'parámetros de ruta inválidos',
        (c) => ({ ...f.llamada(c), url: f.llamada(c).url.replace(/\/\d+(?=\/|\?|$)/g, '/no-es-un-id') }),
      ]);
    for (const [nombre, malformada] of malformadas) {
      it.each(
        (ambos
          ? [['anonimo', 401]]
          : [
              ['anonimo', 401],
              [rolEquivocado, 403],
            ]) as [Rol, number][],
      )(`%s con ${nombre} → %i`, async (rol, esperado) => {
        const p = e.p1;
        const r = await crearRecursos(t, e, p);
        const l = malformada({ rol, e, p, r });
        const antes = await huellaTablas(t);
        const res = await inyectar(metodo, l, e.token(rol));
        expect(
          res.statusCode,
          `${rol} ${metodo} ${l.url} ${JSON.stringify(l.payload ?? null)} → ${res.statusCode} ${res.body.slice(0, 300)}`,
        ).toBe(esperado);
        expect(await huellaTablas(t)).toEqual(antes);
      });
    }
  });
}

// ---------------------------------------------------------------- socket events

describe('eventos de socket', () => {
  const payloadDe = (ev: string, p: Practica) =>
    ev.startsWith('sesion:')
      ? { id_sesion: salaDe(p, ev === 'sesion:terminar' ? 'terminada' : 'abierta'), senal: { tipo: 'reiniciar' } }
      : ev.startsWith('foro:')
        ? { id_foro: p.idForo, id_tema: p.idTema }
        : ev.startsWith('chat-admin:')
          ? { id_chat_admin: e.idChatAdmin, contenido: 'Mensaje de prueba', escribiendo: true }
          : { id_chat: p.idChat, contenido: 'Mensaje de prueba', escribiendo: true };

  for (const [ev, permitidos] of Object.entries(EVENTOS)) {
    const conAck = ev.endsWith(':unirse') || ev.endsWith(':enviar');
    it.each(ROLES.filter((r) => r !== 'anonimo').map((rol) => [rol, permitidos.includes(rol) ? 'permitido' : 'denegado'] as const))(
      `${ev}: %s → %s`,
      async (rol, decision) => {
        const p = rol === 'limitado' ? e.lim : e.p1;
        const s = await socketDe(t, e.token(rol) as string);
        // Who would see a typing indicator: the other side of the conversation, joined.
        const admin = ev.startsWith('chat-admin:');
        const observador = await socketDe(
          t,
          admin || rol === 'paciente'
            ? (e.token('psicologo') as string)
            : rol === 'limitado'
              ? sesionPacienteLim()
              : (e.token('paciente') as string),
        );
        try {
          const antes = await huellaTablas(t);
          if (ev.endsWith(':escribiendo')) {
            const recibidos: unknown[] = [];
            (observador as unknown as { on(e: string, f: (x: unknown) => void): void }).on('chat:escribiendo', (x) => recibidos.push(x));
            (observador as unknown as { on(e: string, f: (x: unknown) => void): void }).on('chat-admin:escribiendo', (x) =>
              recibidos.push(x),
            );
            const unirseObs = 'chat:unirse';
            const idObs = admin ? await idChatAdminDelPsicologo() : p.idChat;
            expect((await emitirConAck(observador, unirseObs, { id_chat: idObs })).ok).toBe(true);
            if (decision === 'permitido')
              expect((await emitirConAck(s, admin ? 'chat-admin:unirse' : 'chat:unirse', payloadDe(ev, p))).ok).toBe(true);
            else await emitirConAck(s, admin ? 'chat-admin:unirse' : 'chat:unirse', payloadDe(ev, p));
            emitirLibre(s, ev, payloadDe(ev, p));
            // The handler is synchronous: once a later ack of the same socket arrives, any relay was
            // already written to the observer, before the observer's own ack below.
            await emitirConAck(s, 'chat:unirse', { id_chat: 2_000_000_000 });
            await emitirConAck(observador, 'chat:unirse', { id_chat: idObs });
            if (decision === 'permitido') expect(recibidos.length, 'el otro lado no vio "escribiendo"').toBeGreaterThan(0);
            else expect(recibidos, `${rol} retransmitió "escribiendo" a una conversación ajena`).toEqual([]);
          } else if (conAck) {
            const ack = await emitirConAck(s, ev, payloadDe(ev, p));
            if (decision === 'permitido') expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
            else {
              expect(ack, JSON.stringify(ack)).toMatchObject({ ok: false });
              expect(typeof ack.msg).toBe('string');
            }
            if (rol !== 'psicologo' && rol !== 'paciente') expect(JSON.stringify(ack)).not.toContain(e.marca);
          } else {
            emitirLibre(s, ev, payloadDe(ev, p));
            await emitirConAck(s, 'chat:unirse', { id_chat: 2_000_000_000 });
          }
          expect(s.connected, 'el servidor desconectó el socket').toBe(true);
          if (decision === 'denegado' || !ev.endsWith(':enviar')) expect(await huellaTablas(t)).toEqual(antes);
        } finally {
          s.close();
          observador.close();
        }
      },
    );
  }

  function sesionPacienteLim(): string {
    return t.app.sesiones.firmarPaciente({
      id_paciente: e.lim.paciente.id_paciente,
      nombre: 'x',
      apellido: 'y',
      version: e.lim.paciente.versionSesion,
    });
  }
  async function idChatAdminDelPsicologo(): Promise<number> {
    // p1 sees the administrator's conversation in its own list, as a `chat:*` conversation.
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/psicologo/chats',
      headers: { authorization: `Bearer ${e.token('psicologo')}` },
    });
    const admin = (r.json() as Array<{ id_chat: number; tipo: string }>).find((c) => c.tipo === 'admin');
    if (!admin) throw new Error('p1 no ve la conversación del administrador');
    return admin.id_chat;
  }
});

// ---------------------------------------------------------------- bodies that are not objects

/** Who calls a route on p1's resources when it is allowed (the owner side of the row). */
function dueno(f: Fila): Rol | undefined {
  return (['psicologo', 'paciente', 'admin', 'limitado'] as const).find((r) => f.permitidos.includes(r));
}

// Last in the file: its refused calls count against the accounts' rate limits, which must not
// reach the rows above. Issue 52, finding 4: `null` or `[]` on ocultar answered 200 and hid the post. For every route whose
// body is declared an object (the set the validator compiler fills), the caller allowed to use it
// sends each non-object JSON value to a valid address: 400 VALIDACION with a Spanish message, no row
// changed; anonymous and a wrong session get 401/403 for the same body (authentication first).
describe('un cuerpo JSON que no es un objeto', () => {
  const CRUDOS = ['null', '[]', '"sí"', '1', 'true', '[{"oculto":true}]'];
  const crudo = (metodo: string, url: string, cuerpo: string, token: string | undefined) =>
    t.app.inject({
      method: metodo as 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: cuerpo,
    });

  it('cada ruta con cuerpo de objeto: 400 para quien puede llamarla, 401/403 para los demás, nada escrito', async () => {
    // Accounts of its own: the rows above used the first scenario's rate-limit budgets (chat sends,
    // forum posts), and a 429 there would hide whether the body check answers.
    const x = await crearEscenario(t);
    const rutas = [...t.app.rutasConCuerpoObjeto].map(claveCanonica);
    expect(rutas).toContain(claveCanonica('POST /api/foros/mensajes/:id/ocultar'));
    expect(rutas).toContain(claveCanonica('PUT /api/foros/:id'));
    const fallos: string[] = [];
    for (const ruta of rutas) {
      const clave = CLAVES.get(ruta);
      const f = clave ? TABLA[clave] : undefined;
      if (!clave || !f) {
        fallos.push(`${ruta}: sin fila en TABLA`);
        continue;
      }
      const [metodo] = clave.split(' ');
      const rol = dueno(f) ?? 'anonimo';
      const p = rol === 'limitado' ? x.lim : x.p1;
      const r = await crearRecursos(t, x, p);
      const { url } = f.llamada({ rol, e: x, p, r });
      const quienes: Array<[Rol, number[]]> = [[rol, [400]]];
      if (f.protegida && rol !== 'anonimo') quienes.push(['anonimo', [401]]);
      // One fingerprint around the route's calls: any of them writing shows as a change.
      const antes = await huellaTablas(t);
      for (const [quien, esperados] of quienes) {
        for (const cuerpo of CRUDOS) {
          const res = await crudo(metodo, url, cuerpo, x.token(quien));
          const visto = `${quien} ${metodo} ${url} ${cuerpo} → ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (!esperados.includes(res.statusCode)) fallos.push(visto);
          else if (typeof cuerpoJson(res)?.msg !== 'string') fallos.push(`sin msg: ${visto}`);
        }
      }
      const despues = await huellaTablas(t);
      const cambiadas = Object.keys(despues).filter((n) => despues[n] !== antes[n]);
      if (cambiadas.length > 0) fallos.push(`escribió en ${cambiadas.join(', ')}: ${metodo} ${url}`);
    }
    expect(fallos).toEqual([]);
  }, 300_000);
});
