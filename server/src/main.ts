import { ConfigError, leerConfig } from './config';
import { abrirDb } from './db/client';
import { aplicarMigraciones } from './db/migrate';
import { DEMO } from './db/seed';
import { buildApp } from './app';
import { mensajeDeArranque, prepararDatos } from './arranque';

async function main() {
  let config: ReturnType<typeof leerConfig>;
  try {
    config = leerConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const handle = await abrirDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await aplicarMigraciones(handle, config.databaseUrl);
  const app = await buildApp({ config, db: handle.db });
  const { sembrado } = await prepararDatos({ app, handle, config });

  let cerrando = false;
  const cerrar = async (senal: string) => {
    if (cerrando) return;
    cerrando = true;
    console.log(`${senal} recibido: cerrando MiDuelo (las solicitudes en curso terminan primero)…`);
    const limite = setTimeout(() => process.exit(1), 15_000);
    limite.unref();
    try {
      await app.close();
      await handle.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void cerrar('SIGTERM'));
  process.on('SIGINT', () => void cerrar('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const dir = app.server.address();
  const puerto = typeof dir === 'object' && dir ? dir.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${puerto}`;
  const lineas = [
    '',
    `  MiDuelo está listo en ${url}`,
    `  App del paciente (teléfono): ${url}/app`,
    `  Base de datos: ${handle.kind === 'pglite' ? `PGlite embebida (${config.dataDir}/db)` : 'PostgreSQL'}`,
  ];
  if (sembrado) {
    lineas.push(
      `  Cuentas de demostración (contraseña para todas: ${DEMO.contrasena}):`,
      `    Administradora:  ${DEMO.admin}${config.mfaObligatoria === 'ninguna' ? '' : '  (al entrar activa la verificación en dos pasos; MFA_OBLIGATORIA=ninguna la omite)'}`,
      `    Psicóloga:       ${DEMO.psicologa}`,
      `    Paciente (en /app):  ${DEMO.paciente}`,
    );
  } else if (handle.kind === 'pglite') {
    lineas.push(`  Cuentas de demostración: ${DEMO.admin} / ${DEMO.psicologa} (contraseña ${DEMO.contrasena}) si fueron sembradas`);
  }
  console.log(`${lineas.join('\n')}\n`);
}

main().catch((err) => {
  console.error('No se pudo iniciar MiDuelo:', mensajeDeArranque(err));
  process.exit(1);
});
