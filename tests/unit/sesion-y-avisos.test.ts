// The client's global stores with logic of their own: the web session read from a token, and the
// toasts (no duplicates while visible; carried across the reload of a logout).
import { STORAGE_TOKEN } from '@miduelo/shared/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const datos = vi.hoisted(() => {
  const mapa = new Map<string, string>();
  const almacen = {
    getItem: (k: string) => mapa.get(k) ?? null,
    setItem: (k: string, v: string) => void mapa.set(k, v),
    removeItem: (k: string) => void mapa.delete(k),
    clear: () => mapa.clear(),
  };
  Object.assign(globalThis, { localStorage: almacen, sessionStorage: almacen });
  return mapa;
});

import { iniciarSesion, sesionActual, usuarioDeToken, useSession } from '@/lib/session';
import { conservarToastsAlRecargar, toast, useToasts } from '@/lib/toast';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (carga: Record<string, unknown>) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(carga)}.firma`;
const enUnaHora = () => Math.floor(Date.now() / 1000) + 3600;
const psicologa = (o: Record<string, unknown> = {}) =>
  token({
    id_psicologo: 7,
    correo: 'ana@x.mx',
    nombre: 'Ana',
    apellido: 'López',
    rol_admin: false,
    jti: 'j',
    iat: 1,
    exp: enUnaHora(),
    ...o,
  });

beforeEach(() => {
  datos.clear();
  useSession.setState({ token: null, usuario: null });
  useToasts.setState({ toasts: [] });
});

describe('sesión web', () => {
  it('lee una psicóloga del token; rechaza el de un paciente y uno mal formado', () => {
    expect(usuarioDeToken(psicologa())).toMatchObject({ tipo: 'psicologo', id_psicologo: 7, nombre: 'Ana', rol_admin: false });
    expect(usuarioDeToken(token({ id_paciente: 3, tipo: 'paciente', exp: enUnaHora() }))).toBeNull();
    expect(usuarioDeToken('no.es-un.token')).toBeNull();
    expect(usuarioDeToken(psicologa({ exp: 'mañana' }))).toBeNull();
  });

  it('iniciarSesion guarda un token válido y rechaza uno vencido', () => {
    expect(iniciarSesion(psicologa({ exp: Math.floor(Date.now() / 1000) - 1 }))).toBe(false);
    expect(datos.has(STORAGE_TOKEN)).toBe(false);
    expect(sesionActual()).toBeNull();

    const t = psicologa();
    expect(iniciarSesion(t)).toBe(true);
    expect(datos.get(STORAGE_TOKEN)).toBe(t);
    expect(sesionActual()?.usuario.id_psicologo).toBe(7);
  });

  it('una sesión cuyo token vence deja de contar aunque siga guardada', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    expect(iniciarSesion(psicologa({ exp }))).toBe(true);
    expect(sesionActual()).not.toBeNull();
    const ahora = Date.now;
    Date.now = () => exp * 1000 + 1;
    try {
      expect(sesionActual()).toBeNull();
    } finally {
      Date.now = ahora;
    }
  });
});

describe('avisos', () => {
  it('no apila el mismo aviso dos veces mientras está visible; cerrarlo permite mostrarlo de nuevo', () => {
    toast.error('Error', 'No se pudo guardar');
    toast.error('Error', 'No se pudo guardar');
    toast.error('Error', 'Otro motivo');
    const visibles = useToasts.getState().toasts;
    expect(visibles.map((t) => t.texto)).toEqual(['No se pudo guardar', 'Otro motivo']);

    useToasts.getState().cerrar(visibles[0].id);
    toast.error('Error', 'No se pudo guardar');
    expect(useToasts.getState().toasts.map((t) => t.texto)).toEqual(['Otro motivo', 'No se pudo guardar']);
  });

  it('al recargar por un cierre de sesión conserva solo los avisos a los que les queda tiempo', () => {
    toast.aviso('Sesión Expirada', 'Vuelve a iniciar sesión', { duracion: 5000 });
    toast.info('Casi vencido', undefined, { duracion: 100 });
    conservarToastsAlRecargar();
    const guardados = JSON.parse(datos.get('miduelo:toasts-pendientes') ?? '[]') as Array<{ titulo: string; hasta: number }>;
    expect(guardados.map((t) => t.titulo)).toEqual(['Sesión Expirada']);
    expect(guardados[0].hasta).toBeGreaterThan(Date.now() + 4000);
  });
});
