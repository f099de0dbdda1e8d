// The patient app's API client (decision 278): a 403 that answers what she asked for (her
// psychologist cannot take new appointments: disabled by an administrator, or a licence still
// unvalidated after the grace period) is said where she acted; only a lost session ends hers.
import { MSG_AGENDA } from '@miduelo/shared/agenda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const mapa = new Map<string, string>();
  const almacen = {
    getItem: (k: string) => mapa.get(k) ?? null,
    setItem: (k: string, v: string) => void mapa.set(k, v),
    removeItem: (k: string) => void mapa.delete(k),
    clear: () => mapa.clear(),
    key: (i: number) => [...mapa.keys()][i] ?? null,
    get length() {
      return mapa.size;
    },
  };
  Object.assign(globalThis, { localStorage: almacen, document: { cookie: '' } });
});

import { api, ErrorApi } from '@/app-paciente/lib/api';
import { iniciar, sesionActual, useSesion } from '@/app-paciente/lib/sesion';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = `${b64({ alg: 'HS256' })}.${b64({ id_paciente: 4, tipo: 'paciente', exp: Math.floor(Date.now() / 1000) + 3600 })}.firma`;

function responder(status: number, cuerpo: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(cuerpo), { status, headers: { 'content-type': 'application/json' } })),
  );
}

const paciente = {
  id_paciente: 4,
  nombre: 'Tomás',
  apellido_paterno: 'Paciente',
  apellido_materno: null,
  email: 't@x.mx',
  telefono: '5512345678',
  fecha_nacimiento: '1990-01-01',
  id_psicologo: 9,
};

beforeEach(() => {
  localStorage.clear();
  useSesion.setState({ sesion: null, aviso: null });
  iniciar(token, paciente);
});

const solicitar = () =>
  api('/citas/solicitar', { metodo: 'POST', cuerpo: { fecha: '2031-06-02', hora_inicio: '10:00', modalidad: 'En línea' } });

describe('respuestas 403 de la API del paciente', () => {
  for (const code of ['PSICOLOGO_INACTIVO', 'CUENTA_LIMITADA']) {
    it(`solicitar una cita a un psicólogo que no puede recibirlas (${code}): se dice el motivo y la sesión sigue`, async () => {
      responder(403, { msg: MSG_AGENDA.psicologoLimitado, code });
      const e = await solicitar().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ErrorApi);
      expect((e as ErrorApi).message).toBe(MSG_AGENDA.psicologoLimitado);
      expect(sesionActual()?.token).toBe(token);
      expect(useSesion.getState().aviso).toBeNull();
    });
  }

  it('un 401 (sesión revocada) y un 403 de un token que no es de paciente sí terminan la sesión', async () => {
    responder(401, { msg: 'Sesión inválida', code: 'TOKEN_REVOCADO' });
    await expect(solicitar()).rejects.toBeInstanceOf(ErrorApi);
    expect(sesionActual()).toBeNull();
    expect(useSesion.getState().aviso).toBe('Tu sesión terminó. Vuelve a iniciar sesión, por favor.');

    iniciar(token, paciente);
    responder(403, { msg: 'Solo pacientes', code: 'SOLO_PACIENTES' });
    await expect(api('/citas')).rejects.toBeInstanceOf(ErrorApi);
    expect(sesionActual()).toBeNull();
  });
});
