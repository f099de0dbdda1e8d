// Which account each route admits, read from the guards the route actually runs (decision 383):
// the onRequest hooks of the route and of the plugin that declared it, compared by identity with
// the auth plugin's guards. Nothing is written per route except the few custom forum guards.
import type { FastifyInstance, RouteOptions } from 'fastify';

export type Rol = 'publico' | 'opcional' | 'cuenta' | 'psicologo' | 'admin' | 'paciente';

export interface RutaRegistrada {
  clave: string;
  metodo: string;
  url: string;
  opciones: RouteOptions;
  /** The plugin instance that declared the route: its hooks are complete once the app is ready. */
  instancia: FastifyInstance;
}

/** The custom guards of the forum module (foros/guardas.ts), by function name. */
const GUARDAS_POR_NOMBRE: Record<string, Rol> = { requiereSesion: 'cuenta', sesionOpcional: 'opcional' };
/** Routes whose guard is an inline function: the role it checks. */
const GUARDAS_EN_LINEA: Record<string, Rol> = { 'POST /api/foros/:id/unirse': 'paciente', 'POST /api/foros/:id/salir': 'paciente' };

function simboloHooks(instancia: object): symbol | undefined {
  return Object.getOwnPropertySymbols(instancia).find((s) => s.description === 'fastify.hooks');
}

function hooksDeInstancia(instancia: FastifyInstance): unknown[] {
  const s = simboloHooks(instancia);
  if (!s) return [];
  const hooks = (instancia as unknown as Record<symbol, { onRequest?: unknown[] }>)[s];
  return hooks?.onRequest ?? [];
}

const comoLista = (x: unknown): unknown[] => (x === undefined || x === null ? [] : Array.isArray(x) ? x : [x]);

/** The role a route needs. Hooks that are not guards (rate limits, anti-forgery, logging) are
 * passed over; the test calls every route without a token to prove the result (public routes never
 * answer 401, guarded ones always do), so a new custom guard cannot be documented as public. */
export function rolDeRuta(app: FastifyInstance, r: RutaRegistrada): Rol {
  const guardas = new Map<unknown, Rol>([
    [app.requierePsicologo, 'psicologo'],
    [app.requiereAdmin, 'admin'],
    [app.requierePaciente, 'paciente'],
    [app.requiereCuenta, 'cuenta'],
  ]);
  const globales = new Set(hooksDeInstancia(app));
  const hooks = [...hooksDeInstancia(r.instancia).filter((h) => !globales.has(h)), ...comoLista(r.opciones.onRequest)];
  const roles: Rol[] = [];
  for (const h of hooks) {
    const nombre = (h as { name?: string }).name ?? '';
    const rol = guardas.get(h) ?? GUARDAS_POR_NOMBRE[nombre] ?? (nombre === 'onRequest' ? GUARDAS_EN_LINEA[r.clave] : undefined);
    if (rol) roles.push(rol);
  }
  if (roles.length === 0) return 'publico';
  // The narrowest guard decides (an admin guard inside a psychologist plugin leaves only admins).
  const orden: Rol[] = ['admin', 'paciente', 'psicologo', 'cuenta', 'opcional'];
  return orden.find((o) => roles.includes(o)) ?? 'publico';
}
