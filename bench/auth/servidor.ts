// The real MiDuelo server for bench/auth, in its own process (the load generator does not share
// its event loop or its main thread, as in production): migrates the database it is given (or an
// in-memory PGlite), creates one activated psychologist, listens on loopback and reports its URL.
// On request it also measures raw argon2id verifies per second in this same process, so both
// figures come from the process that serves the logins.
import { randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { hashContrasena } from '@miduelo/server/comun/hash';
import { atenderAlPadre } from '../comun/hijo';
import { insertarPsicologos } from '../comun/practica';
import { CONTRASENA, CORREO, porSegundo } from './comun';

async function main() {
  const url = process.env.BENCH_DB_URL || null;
  const handle = await abrirDb({ databaseUrl: url, dataDir: '', enMemoria: true });
  await aplicarMigraciones(handle, url);
  const hash = await hashContrasena(CONTRASENA);
  await insertarPsicologos(handle.db, 1, () => ({
    nombre: 'Bench',
    apellidoPaterno: 'Prueba',
    cedula: '1111111',
    correo: CORREO,
    contrasenaHash: hash,
    codigo_vinculacion: 'BENCH1',
  }));
  const config = leerConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: '/tmp/miduelo-bench' },
    // The lockout and rate limits would refuse a benchmark's thousands of logins from one address.
    { jwtSecret: randomBytes(32).toString('hex'), limites: { porIp: 1e9, porCuenta: 1e9, ventanaMs: 60_000 } },
  );
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const dir = app.server.address();
  const tareaCruda = async () => {
    if (!(await verify(hash, CONTRASENA))) throw new Error('verify falló');
  };
  process.on('message', (m: { tipo?: string; concurrencia?: number; ms?: number }) => {
    if (m?.tipo !== 'crudo') return;
    void porSegundo(tareaCruda, m.concurrencia ?? 1, m.ms ?? 3000).then((r) => process.send?.({ tipo: 'crudo', ...r }));
  });
  atenderAlPadre(async () => {
    await app.close();
    await handle.close();
  });
  process.send?.({ tipo: 'listo', url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '', base: handle.kind });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
