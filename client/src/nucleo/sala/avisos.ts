// The psychologist's rooms with someone in them (issue 54): a patient waiting to be admitted, a
// session in course. Loaded from GET /api/psicologo/sesiones/activas, kept live by `sesion:en-sala`
// and, while the socket is down, polled every 30 s (vigilarRecurso), so the shell's "te espera en la
// sala" and the agenda's "En sala" follow without a reload. One feed for any number of screens.
import type { AvisoEnSala } from '@miduelo/shared/sesiones-en-linea';
import { useEffect } from 'react';
import * as v from 'valibot';
import { vigilarRecurso } from '@/nucleo/live/vigilar-socket';
import { type SocketApp, useSocket } from '@/nucleo/socket';
import { sesionesActivas } from './api';
import { useAvisosSalaStore, vigente } from './avisos-estado';
import { AvisoEnSalaSchema } from './esquemas';

export { useAvisosEnSala, useAvisosSalaStore } from './avisos-estado';

// A list requested before a live event (answered after it) does not undo the event's change.
let marcas = 0;
/** The mark to take before requesting a list, for `reemplazarAvisos(lista, desde)`. */
export const marcaAvisos = () => marcas;
const cambiadoEn = new Map<string, number>();

/** `sesion:en-sala`: one room's news. */
export function aplicarAviso(a: AvisoEnSala): void {
  const clave = String(a.id_sesion);
  cambiadoEn.set(clave, ++marcas);
  useAvisosSalaStore.setState((s) => {
    if (!vigente(a) && !(clave in s.porSesion)) return s;
    const porSesion = { ...s.porSesion };
    if (vigente(a)) porSesion[clave] = a;
    else delete porSesion[clave];
    return { porSesion };
  });
}

/** A full list from the server, except what a live event changed after it was requested. */
export function reemplazarAvisos(lista: readonly AvisoEnSala[], desde: number): void {
  useAvisosSalaStore.setState((s) => {
    const porSesion: Record<string, AvisoEnSala> = {};
    for (const a of lista) if (vigente(a)) porSesion[String(a.id_sesion)] = a;
    for (const [clave, en] of cambiadoEn) {
      if (en <= desde) continue;
      if (clave in s.porSesion) porSesion[clave] = s.porSesion[clave];
      else delete porSesion[clave];
    }
    return { porSesion };
  });
}

/** Forget everything (a log-out). */
export function vaciarAvisos(): void {
  cambiadoEn.clear();
  useAvisosSalaStore.setState({ porSesion: {} });
}

let usuarios = 0;
let parar: (() => void) | null = null;

function recargar(): void {
  const desde = marcaAvisos();
  sesionesActivas()
    .then((lista) => {
      if (usuarios > 0 && Array.isArray(lista)) reemplazarAvisos(lista, desde);
    })
    .catch(() => {
      // The next reconnection or poll tries again; the banner keeps what it knew.
    });
}

function empezar(): () => void {
  let socket: SocketApp | null = null;
  const oyente = (d: unknown) => {
    const r = v.safeParse(AvisoEnSalaSchema, d);
    if (r.success) aplicarAviso(r.output);
    else console.warn('Evento sesion:en-sala inválido', r.issues[0]?.message);
  };
  const seguir = (nuevo: SocketApp | null) => {
    if (nuevo === socket) return;
    socket?.off('sesion:en-sala', oyente);
    socket = nuevo;
    socket?.on('sesion:en-sala', oyente);
  };
  seguir(useSocket.getState().socket);
  const dejarSocket = useSocket.subscribe((s) => seguir(s.socket));
  recargar();
  const dejarVigilancia = vigilarRecurso(recargar);
  return () => {
    dejarSocket();
    dejarVigilancia();
    seguir(null);
    vaciarAvisos();
  };
}

/**
 * The psychologist's live rooms, newest news last. `activo` false (not a psychologist) reads
 * nothing and starts no feed; any number of mounted screens share one feed.
 */
export function useAvisosSala(activo = true): AvisoEnSala[] {
  useEffect(() => {
    if (!activo) return;
    usuarios += 1;
    if (usuarios === 1) parar = empezar();
    return () => {
      usuarios -= 1;
      if (usuarios === 0) {
        parar?.();
        parar = null;
      }
    };
  }, [activo]);
  const porSesion = useAvisosSalaStore((s) => s.porSesion);
  return activo ? Object.values(porSesion) : [];
}

/** The room news of one appointment, for the agenda's "En sala" mark. */
export const avisoDeCita = (avisos: readonly AvisoEnSala[], idCita: number) => avisos.find((a) => a.id_cita === idCita) ?? null;
