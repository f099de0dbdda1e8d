// Two tabs of the psychologists' site share the stored token (decision 279): when another tab signs
// in as a different account, this tab starts again as that account instead of keeping the previous
// account's screens (its open patient file, chat, agenda) driven by the new account's token.
import { STORAGE_TOKEN } from '@miduelo/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const entorno = vi.hoisted(() => {
  const mapa = new Map<string, string>();
  const almacen = {
    getItem: (k: string) => mapa.get(k) ?? null,
    setItem: (k: string, v: string) => void mapa.set(k, v),
    removeItem: (k: string) => void mapa.delete(k),
    clear: () => mapa.clear(),
  };
  const oyentes = new Map<string, (e: unknown) => void>();
  const ventana = {
    setInterval: () => 1,
    clearInterval: () => {},
    addEventListener: (tipo: string, f: (e: unknown) => void) => void oyentes.set(tipo, f),
    removeEventListener: (tipo: string) => void oyentes.delete(tipo),
    location: { assign: (_url: string) => {} },
  };
  Object.assign(globalThis, { localStorage: almacen, sessionStorage: almacen, window: ventana });
  return { mapa, oyentes, ventana };
});

import { iniciarSesion, useSession, vigilarSesion } from '@/lib/session';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (id: number, jti: string, rol_admin = false) =>
  `${b64({ alg: 'HS256' })}.${b64({ id_psicologo: id, correo: `p${id}@x.mx`, nombre: 'P', apellido: 'Q', rol_admin, jti, iat: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.firma`;

/** Another tab writes the stored token: the browser tells this tab with a `storage` event. */
function otraPestanaGuarda(valor: string | null) {
  if (valor === null) entorno.mapa.delete(STORAGE_TOKEN);
  else entorno.mapa.set(STORAGE_TOKEN, valor);
  entorno.oyentes.get('storage')?.({ key: STORAGE_TOKEN });
}

let dejar: () => void;
let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  entorno.mapa.clear();
  useSession.setState({ token: null, usuario: null });
  assign = vi.spyOn(entorno.ventana.location, 'assign');
  iniciarSesion(token(7, 'a'));
  dejar = vigilarSesion();
});
afterEach(() => {
  dejar();
  assign.mockRestore();
});

describe('sesión web entre pestañas', () => {
  it('otra pestaña entra como otra psicóloga: esta empieza de nuevo como ella, sin seguir con las pantallas de la anterior', () => {
    const otra = token(8, 'b');
    otraPestanaGuarda(otra);
    expect(assign).toHaveBeenCalledWith('/agenda');
    // Until the page reloads it keeps acting (if at all) as the account whose screens it shows.
    expect(useSession.getState().usuario?.id_psicologo).toBe(7);
  });

  it('otra pestaña entra como administrador: esta va a su inicio de administrador', () => {
    otraPestanaGuarda(token(9, 'c', true));
    expect(assign).toHaveBeenCalledWith('/admin/psicologos');
  });

  it('la misma cuenta con un token nuevo (cambio de contraseña en otra pestaña) sigue donde estaba, con el token nuevo', () => {
    const nuevo = token(7, 'd');
    otraPestanaGuarda(nuevo);
    expect(assign).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe(nuevo);
  });

  it('otra pestaña cierra la sesión: esta va a iniciar sesión', () => {
    otraPestanaGuarda(null);
    expect(assign).toHaveBeenCalledWith('/iniciar-sesion');
    expect(useSession.getState().token).toBeNull();
  });
});
