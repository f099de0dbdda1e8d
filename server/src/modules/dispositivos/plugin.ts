// Open sessions and devices (issue 56, decisions 380–381): `app.sesionesAbiertas.registrar`, which
// every route handing out a full session token calls, and the account's routes under /api/sesiones.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import routes from './routes';
import { registrarSesionAbierta } from './service';

/** The device's id: a cookie in a browser (the web and the app at /app), or the X-Equipo header a
 * client without cookies keeps and sends back (decision 381). Not a credential: it only tells a
 * device the account has used from a new one. */
const COOKIE_EQUIPO = 'md_equipo';
const CABECERA_EQUIPO = 'x-equipo';
const EQUIPO_DIAS = 400;
const ID_VALIDO = /^[A-Za-z0-9_-]{22,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    sesionesAbiertas: {
      /**
       * Records a full session just handed out in `token` (login, second step, passkey, forced
       * enrolment; decision 380): listed in the profile, its device noted, a mail when the device is
       * new to the account. `o.reemplaza`: the jti of the token it succeeds on the same device (a
       * password change). Call it after the checks, before answering.
       */
      registrar(request: FastifyRequest, reply: FastifyReply, token: string, o?: { reemplaza?: string }): Promise<void>;
    };
  }
}

export default fp(
  async function dispositivosPlugin(app: FastifyInstance, opts: { seguro: boolean }) {
    const { ctx } = app;
    app.decorate('sesionesAbiertas', {
      async registrar(request, reply, token, o = {}) {
        const p = app.jwt.decode<Record<string, unknown>>(token);
        if (!p || (p.tipo !== 'psicologo' && p.tipo !== 'paciente')) return;
        const cuenta =
          p.tipo === 'psicologo'
            ? { tipo: 'psicologo' as const, id: Number(p.id_psicologo) }
            : { tipo: 'paciente' as const, id: Number(p.id_paciente) };
        const h = request.headers[CABECERA_EQUIPO];
        const presentado = [request.cookies?.[COOKIE_EQUIPO], typeof h === 'string' ? h : undefined].find((x) => x && ID_VALIDO.test(x));
        const idEquipo = presentado ?? randomBytes(18).toString('base64url');
        reply.setCookie(COOKIE_EQUIPO, idEquipo, {
          path: '/api/',
          httpOnly: true,
          sameSite: 'strict',
          secure: opts.seguro,
          maxAge: EQUIPO_DIAS * 86_400,
        });
        reply.header(CABECERA_EQUIPO, idEquipo);
        await registrarSesionAbierta(ctx, {
          token: { jti: String(p.jti), exp: Number(p.exp), cuenta, version: Number(p.ver) },
          agente: request.headers['user-agent'],
          ip: request.ip ?? null,
          idEquipo,
          reemplaza: o.reemplaza,
        });
      },
    });
    await app.register(routes, { prefix: '/api/sesiones' });
  },
  { name: 'dispositivos', dependencies: ['contexto', 'auth', 'realtime'] },
);
