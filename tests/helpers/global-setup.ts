import type { TestProject } from 'vitest/node';
import { asegurarCliente, necesitaCliente } from './cliente-construido';

export default async function setup(project: TestProject) {
  const raiz = process.env.DATABASE_URL;
  if (raiz) {
    // Imported here, not at the top: a run on PGlite (most runs by hand) does not load them.
    const { default: postgres } = await import('postgres');
    const { abrirDb } = await import('@miduelo/server/db/client');
    const { aplicarMigraciones } = await import('@miduelo/server/db/migrate');
    const { PLANTILLA, urlConBase } = await import('./base-datos');
    const admin = postgres(raiz, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${PLANTILLA} with (force)`);
    await admin.unsafe(`create database ${PLANTILLA}`);
    const handle = await abrirDb({ databaseUrl: urlConBase(raiz, PLANTILLA), dataDir: '' });
    await aplicarMigraciones(handle, urlConBase(raiz, PLANTILLA));
    await handle.close();
    await admin.end();
  }
  // The tests that start real server processes run the compiled server, as `pnpm start` and the
  // image do (decision 394): compiled here, before any worker, when the sources changed.
  const { compilarServidorSiHaceFalta } = await import('../../server/compilar.mjs');
  await compilarServidorSiHaceFalta();
  // Browser tests and the bundle budget read the built client (cliente-construido.ts): built here,
  // before any worker starts, so that no test's server reads client/dist while Vite rewrites it, and
  // only when one of them is in this run. The run's files are known by now (vitest reports them before
  // the global setup); the state API is experimental, so without it the client is built, as before.
  const archivos = typeof project.vitest.state?.getPaths === 'function' ? project.vitest.state.getPaths() : null;
  if (!archivos || archivos.some(necesitaCliente)) await asegurarCliente();
  // Watch mode: a rerun of a browser test after a client edit gets a new build too.
  project.onTestsRerun(async (specs) => {
    if (specs.some((s) => necesitaCliente(s.moduleId))) await asegurarCliente();
  });
}
