// Online sessions (issue 54): the video rooms of "En línea" appointments and of sessions opened
// from the chat — authorization and record over HTTP, signalling over the socket, TURN credentials.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cerrarSalasDeCitasCanceladas } from './cancelacion';
import { programarTarea } from '../../comun/tarea-periodica';
import { rutasSesionesPaciente, rutasSesionesPsicologo } from './routes';
import { sembrarSesionesDemo } from './seed';
import { cerrarSalasVencidas } from './service';
import { registrarSocketsSesiones } from './socket';
import { hayTurn } from './turn';

/** How often the expiry pass looks for rooms whose window passed (a room ends at most this late). */
const INTERVALO_VENCIMIENTO_MS = 30_000;

export default fp(
  async function sesionesEnLineaPlugin(app: FastifyInstance) {
    await app.register(rutasSesionesPsicologo, { prefix: '/api/psicologo' });
    await app.register(rutasSesionesPaciente, { prefix: '/api/paciente' });
    registrarSocketsSesiones(app, app.ctx);
    cerrarSalasDeCitasCanceladas(app);
    // Rooms whose window passed while both parties stayed in them end on their own (decision 373).
    const vencimiento = programarTarea({
      log: app.log,
      intervaloMs: INTERVALO_VENCIMIENTO_MS,
      fallo: 'sesiones en línea: falló el cierre de salas vencidas',
      tick: () => cerrarSalasVencidas(app.ctx),
    });
    app.addHook('onReady', async () => vencimiento.iniciar());
    app.addHook('onClose', async () => {
      await vencimiento.detener();
    });
    app.demo.registrar(sembrarSesionesDemo);
    if (!hayTurn(app.ctx.config))
      app.log.info('sesiones en línea: sin TURN (TURN_URLS/TURN_SECRET); la sala conecta solo donde hay un camino directo');
  },
  { name: 'sesiones-en-linea', dependencies: ['contexto', 'auth', 'realtime', 'demo', 'agenda'] },
);
