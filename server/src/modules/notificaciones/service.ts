// Web Push to patients whose app is closed (docs/decisions/181–184). The domains do not call this
// module: it observes the events they already publish to the patient's room (`chat:mensaje`,
// `mi-cita:cambio`, `mi-actividad:cambio`, `actividad:recordatorio`) and, when no socket of that
// patient is open on any node, sends a notification
// to each subscription the patient allowed.
import {
  type CambioPreferenciasPush,
  MAX_SUSCRIPCIONES_PUSH,
  MSG_PUSH,
  type NotificacionPush,
  type SuscripcionPush,
  TEXTO_PUSH,
} from '@miduelo/shared/notificaciones';
import { pacienteDeSala, type ServerToClientEvents, sala } from '@miduelo/shared/realtime';
import webpush from 'web-push';
import { seOpone } from '../../comun/oposicion';
import { badRequest } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import type { ObservadorEmision } from '../../plugins/realtime';
import { errorParaRegistro } from '../../plugins/errors';
import { agenteSeguro, DireccionNoPermitida, destinoPermitido, endpointPermitido, type ReglaPush } from './direcciones';
import * as repo from './repo';

const reglaDe = (ctx: Ctx): ReglaPush => ({
  hostsPermitidos: ctx.config.pushHostsPermitidos,
  loopbackDePrueba: ctx.config.pushLoopbackDePrueba,
});

/** The sending agent of each app: its lookup refuses a non-public address at connect time. */
const agentes = new WeakMap<Ctx, import('node:https').Agent>();
function agenteDe(ctx: Ctx) {
  let a = agentes.get(ctx);
  if (!a) {
    a = agenteSeguro(ctx.config.agentePush, ctx.config.pushLoopbackDePrueba);
    agentes.set(ctx, a);
  }
  return a;
}

/** Closes the sending agent's idle connections (the app is closing). */
export function cerrarAgente(ctx: Ctx): void {
  agentes.get(ctx)?.destroy();
  agentes.delete(ctx);
}

/** How long a push service keeps an undelivered notification (a phone switched off). */
const TTL_SEGUNDOS = 24 * 60 * 60;

export function clavePublica(ctx: Ctx) {
  return { clave_publica: ctx.config.vapid?.publica ?? null };
}

export async function suscribir(ctx: Ctx, o: { idPaciente: number; suscripcion: SuscripcionPush }) {
  if (!ctx.config.vapid) throw badRequest(MSG_PUSH.noDisponible, 'PUSH_NO_DISPONIBLE');
  // A push service is a public https host (decision 329): anything else would make the server post
  // to an address a patient chose (a service on loopback, the metadata endpoint, a private host).
  if (!o.suscripcion.endpoint.startsWith('https://')) throw badRequest(MSG_PUSH.endpointInvalido);
  if (!(await endpointPermitido(o.suscripcion.endpoint, reglaDe(ctx))))
    throw badRequest(MSG_PUSH.endpointNoPermitido, 'PUSH_DESTINO_NO_PERMITIDO');
  await ctx.db.transaction(async (tx) => {
    await repo.bloquearPaciente(tx, o.idPaciente);
    await repo.guardarSuscripcion(tx, o.idPaciente, o.suscripcion);
    // A phone or two and a few browsers: the oldest gives way to the newest.
    await repo.recortarSuscripciones(tx, o.idPaciente, MAX_SUSCRIPCIONES_PUSH);
  });
  return { msg: MSG_PUSH.suscrita };
}

export async function darDeBaja(ctx: Ctx, o: { idPaciente: number; endpoint: string }) {
  await repo.borrarSuscripcion(ctx.db, o.idPaciente, o.endpoint);
  return { msg: MSG_PUSH.baja };
}

export const leerPreferencias = (ctx: Ctx, idPaciente: number) => repo.preferenciasDe(ctx.db, idPaciente);

export function cambiarPreferencias(ctx: Ctx, o: { idPaciente: number; preferencias: CambioPreferenciasPush }) {
  return repo.guardarPreferencias(ctx.db, o.idPaciente, o.preferencias);
}

/** Sends one notification to every allowed subscription of a patient without an open socket. */
export async function notificarPaciente(ctx: Ctx, idPaciente: number, n: NotificacionPush): Promise<number> {
  const vapid = ctx.config.vapid;
  if (!vapid) return 0;
  if (await ctx.realtime.haySockets(sala.paciente(idPaciente))) return 0;
  // Her opposition to push (decision 377) stops every kind, on every device.
  if (await seOpone(ctx.db, idPaciente, 'push')) return 0;
  const pref = await repo.preferenciasDe(ctx.db, idPaciente);
  if ((n.tipo === 'mensaje' && !pref.mensajes) || (n.tipo === 'cita' && !pref.citas) || (n.tipo === 'actividad' && !pref.actividades))
    return 0;
  const subs = await repo.suscripcionesDe(ctx.db, idPaciente);
  const regla = reglaDe(ctx);
  let enviadas = 0;
  await Promise.all(
    subs.map(async (s) => {
      // A row stored before this rule, or a host the operator no longer lists: never connected to.
      if (!destinoPermitido(s.endpoint, regla)) {
        ctx.log.warn({ id_suscripcion: s.id_suscripcion }, 'push: destino no permitido; la suscripción se borra');
        await repo.borrarPorId(ctx.db, s.id_suscripcion);
        return;
      }
      try {
        await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(n), {
          vapidDetails: { subject: vapid.sujeto, publicKey: vapid.publica, privateKey: vapid.privada },
          TTL: TTL_SEGUNDOS,
          urgency: 'normal',
          topic: n.etiqueta,
          timeout: 10_000,
          agent: agenteDe(ctx),
        });
        enviadas++;
        ctx.metricas.push('ok');
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        ctx.metricas.push(status === 404 || status === 410 ? 'caducada' : 'error');
        // Gone or unknown (the browser unsubscribed, the app was removed), or its name now resolves to
        // a non-public address (refused at connect time): the subscription is removed.
        if (status === 404 || status === 410 || err instanceof DireccionNoPermitida) await repo.borrarPorId(ctx.db, s.id_suscripcion);
        else ctx.log.warn({ err: errorParaRegistro(err), status }, 'push: no se pudo enviar una notificación');
      }
    }),
  );
  return enviadas;
}

/** The patient whose personal room is among `salas`, if any. */
function pacienteEntre(salas: string[]): number | null {
  for (const s of salas) {
    const id = pacienteDeSala(s);
    if (id !== null) return id;
  }
  return null;
}

type Carga<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** What each event that becomes a notification turns into (null: not this one), reading its payload
 * as the shared event map types it: an event renamed or reshaped in `shared/` fails the typecheck
 * here instead of silently ending its notifications. */
type Notificadores = { [E in keyof ServerToClientEvents]?: (p: Carga<E>) => NotificacionPush | null };

/** An activity the psychologist assigned, or its reminder. Its title stays out (decision 184). */
const avisoActividad = (id: number, cuerpo: string): NotificacionPush => ({
  tipo: 'actividad',
  titulo: TEXTO_PUSH.titulo,
  cuerpo,
  url: `/app/proceso/actividad/${id}`,
  etiqueta: `actividad-${id}`,
});

export const NOTIFICADORES: Notificadores = {
  'chat:mensaje': (p) =>
    p.mensaje.remitente === 'paciente'
      ? null
      : {
          tipo: 'mensaje',
          titulo: TEXTO_PUSH.titulo,
          cuerpo: p.tipo === 'admin' ? TEXTO_PUSH.mensajeAdmin : TEXTO_PUSH.mensaje,
          url: '/app/chat',
          etiqueta: `mensaje-${p.mensaje.id_chat}`,
        },
  'mi-cita:cambio': (p) => {
    if (p.por === 'paciente') return null;
    const cuerpo =
      p.tipo === 'creada'
        ? TEXTO_PUSH.citaCreada
        : p.tipo === 'eliminada' || p.cita.estado === 'cancelada'
          ? TEXTO_PUSH.citaEliminada
          : TEXTO_PUSH.citaActualizada;
    return { tipo: 'cita', titulo: TEXTO_PUSH.titulo, cuerpo, url: '/app/citas', etiqueta: `cita-${p.cita.id_cita}` };
  },
  // Only an activity the psychologist assigned, not one the patient started from a module.
  'mi-actividad:cambio': (p) =>
    p.tipo === 'creada' && p.por === 'psicologo' ? avisoActividad(p.asignacion.id_asignacion, TEXTO_PUSH.actividadAsignada) : null,
  'actividad:recordatorio': (p) => avisoActividad(p.id_asignacion, TEXTO_PUSH.actividadRecordatorio),
};

/** The realtime observer: which published events become a notification, and for whom. */
export function observadorPush(ctx: Ctx, alTerminar?: (p: Promise<unknown>) => void): ObservadorEmision {
  return (salas, evento, ...args) => {
    const notificador = NOTIFICADORES[evento];
    // Without VAPID keys no event becomes a notification: nothing to read or build (decision 234).
    if (!notificador || !ctx.config.vapid) return;
    // Only events to a patient's room; a patient with a socket on this node got the event: nothing
    // is built, no promise (decision 235). Otherwise notificarPaciente asks the other nodes first.
    const idPaciente = pacienteEntre(salas);
    if (idPaciente === null || ctx.realtime.hayAqui(sala.paciente(idPaciente))) return;
    const n = notificador(args[0]);
    if (n === null) return;
    const envio = notificarPaciente(ctx, idPaciente, n).catch((err: unknown) => {
      ctx.log.warn({ err: errorParaRegistro(err) }, 'push: no se pudo preparar la notificación');
    });
    alTerminar?.(envio);
  };
}
