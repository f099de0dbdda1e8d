// The access rules of the forum routes (spec 2 §2, §6): any signed-in account (psychologists,
// administrators and patients on the same paths), professionals only for moderation.
import { MSG } from '@miduelo/shared/cuentas';
import { MSG_FOROS } from '@miduelo/shared/foros';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../../errors';
import { cuentaDeSesion } from '../../plugins/auth';
import type { Cuenta } from './repo';

const BEARER = /^Bearer\s+\S+$/i;

export function guardasDeForos(app: FastifyInstance) {
  /** Any signed-in account: a psychologist (administrators too) or a patient. */
  const requiereSesion = async (request: FastifyRequest) => {
    const h = request.headers.authorization;
    if (!h || !BEARER.test(h)) throw unauthorized(MSG.noAutenticado);
    request.sesion = await app.sesiones.verificar(h.replace(/^Bearer\s+/i, ''));
  };
  /** The forum list is open to all (spec 2 §2): a token, when sent, must be valid and personalises it. */
  const sesionOpcional = async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined) await requiereSesion(request);
  };
  const cuenta = (r: FastifyRequest): Cuenta => {
    if (!r.sesion) throw unauthorized(MSG.noAutenticado);
    return cuentaDeSesion(r.sesion);
  };
  const sesion = { onRequest: requiereSesion };
  // Moderation is a professional's task: patients take part as members only (a check constraint
  // says so too), so the moderation routes refuse them before reading the request.
  const psicologo = { onRequest: app.requierePsicologo };
  /** Joining from the list is for patients (spec 2 §6: 'Los psicólogos no pueden unirse a foros'). */
  const soloPacientes = {
    onRequest: async (request: FastifyRequest) => {
      await requiereSesion(request);
      if (request.sesion?.tipo !== 'paciente') throw new AppError(403, 'FORO_PSICOLOGO', MSG_FOROS.psicologosNoUnirse);
    },
  };
  return { sesion, sesionOpcional, psicologo, soloPacientes, cuenta };
}
