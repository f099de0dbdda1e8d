// Grief modules, the activity catalogue, assigned activities and their evidence, for the
// psychologist (/api/psicologo) and the patient's app (/api/paciente).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cifrarColumnas } from '../../db/cifrar-pendientes';
import { almacenEnDisco } from './almacen';
import { cifrarEvidenciasPendientes } from './cifrar-evidencias';
import { COLUMNAS_DIARIO } from './diario-cifrado';
import routes from './routes';
import routesPaciente from './routes-paciente';
import { sembrarActividadesDemo } from './seed';

export default fp(
  async function actividadesPlugin(app: FastifyInstance) {
    const almacen = almacenEnDisco(path.join(app.ctx.config.dataDir, 'evidencias'), app.ctx.cifrador);
    await app.register(routes, { prefix: '/api/psicologo', almacen });
    await app.register(routesPaciente, { prefix: '/api/paciente', almacen });
    app.demo.registrar(sembrarActividadesDemo(app.ctx.cifrador));
    app.addHook('onReady', async () => {
      // An evidence's file name and link stored before they were encrypted (decision 311), and every
      // encrypted text of this module under a retired key (rotation, decision 312: evidence comments,
      // personalised instructions, diary notes), and the diary's emotion and intensity stored before
      // they were encrypted (decision 335), are encrypted under the current key before serving.
      const valores = await cifrarColumnas(app.ctx.db, app.ctx.cifrador, [
        { tabla: 'evidencia', clave: 'id_evidencia', columna: 'nombre_archivo' },
        { tabla: 'evidencia', clave: 'id_evidencia', columna: 'enlace' },
        { tabla: 'evidencia', clave: 'id_evidencia', columna: 'comentario' },
        { tabla: 'actividad_asignada', clave: 'id_asignacion', columna: 'instrucciones_personalizadas' },
        ...COLUMNAS_DIARIO,
      ]);
      if (valores > 0)
        app.log.info({ valores }, 'cifrado en reposo: textos de actividades, evidencias y diario cifrados con la llave actual');
      // An upload cut by a crash leaves a `.parte` file (no row): removed at start once it is an hour
      // old (a younger one may belong to another node still receiving it).
      const n = await almacen.limpiarParciales(new Date(Date.now() - 3600_000));
      if (n > 0) app.log.info({ archivos: n }, 'evidencias: archivos parciales eliminados');
      // Files stored before they were encrypted, or under a key that no longer encrypts (decision 310).
      const r = await cifrarEvidenciasPendientes(app.ctx.db, almacen, app.ctx.cifrador.llaveActual);
      if (r.cifrados > 0) app.log.info({ archivos: r.cifrados }, 'evidencias: archivos cifrados con la llave actual');
      if (r.huerfanosEliminados > 0) app.log.info({ archivos: r.huerfanosEliminados }, 'evidencias: archivos sin evidencia eliminados');
      if (r.ilegibles.length > 0) {
        app.log.error({ archivos: r.ilegibles }, 'evidencias: archivos cifrados con una llave que ya no está en ENCRYPTION_KEY');
      }
    });
  },
  { name: 'actividades', dependencies: ['contexto', 'auth', 'demo', 'cuentas'] },
);
