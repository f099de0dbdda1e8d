// `pnpm start`: builds the client when it is missing or older than its sources, compiles the server
// likewise (server/compilar.mjs, a quarter of a second), then starts ONE process serving the API,
// the Socket.IO gateway and the built client (decision 394: compiled, not through tsx).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compilarServidorSiHaceFalta, masReciente } from '../server/compilar.mjs';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server's Node flags (decision 246: how V8 sizes its heap), the Dockerfile's CMD too. */
export const banderasNode = JSON.parse(readFileSync(path.join(raiz, 'server/banderas-node.json'), 'utf8'));

/** How the server process starts (after `node`), from any folder: the flags, source maps on (a stack
 * names the TypeScript lines) and the compiled bundle. The Dockerfile's CMD is the same. */
export const argumentosDelServidor = [...banderasNode, '--enable-source-maps', path.join(raiz, 'server/dist/main.mjs')];

/** Runs the build steps one after the other, saying which one runs and, every `cadaMs`, that it
 * still runs: the first build takes about 40 s, silent until now (issue 53). Answers the exit code. */
export async function construirConProgreso(pasos, { escribir = (t) => process.stdout.write(t), cadaMs = 5000 } = {}) {
  const inicio = Date.now();
  for (const [i, paso] of pasos.entries()) {
    escribir(`Construyendo el cliente web (${i + 1} de ${pasos.length}): ${paso.nombre}…\n`);
    const t0 = Date.now();
    const reloj = setInterval(() => escribir(`  … ${Math.round((Date.now() - t0) / 1000)} s\n`), cadaMs);
    const codigo = await new Promise((listo) => {
      const hijo = spawn(paso.comando, paso.args, { cwd: paso.cwd, stdio: 'inherit' });
      hijo.on('error', () => listo(1));
      hijo.on('exit', (c) => listo(c ?? 1));
    });
    clearInterval(reloj);
    if (codigo !== 0) return codigo;
  }
  escribir(`Cliente web listo en ${Math.round((Date.now() - inicio) / 1000)} s.\n`);
  return 0;
}

export async function construirClienteSiHaceFalta() {
  // The psychologists' site (index.html) and, built after it, the patient's app (app/index.html).
  const index = path.join(raiz, 'client/dist/app/index.html');
  const fuentes = Math.max(
    masReciente(path.join(raiz, 'client/src')),
    masReciente(path.join(raiz, 'shared/src')),
    masReciente(path.join(raiz, 'client/app')),
    masReciente(path.join(raiz, 'client/public')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= fuentes) return 0;
  console.log('El cliente web no está construido o cambió: se construye ahora (cerca de un minuto la primera vez).');
  const vite = path.join(raiz, 'client/node_modules/vite/bin/vite.js');
  const cwd = path.join(raiz, 'client');
  return construirConProgreso([
    { nombre: 'sitio de los psicólogos', comando: process.execPath, args: [vite, 'build', '--logLevel', 'warn'], cwd },
    {
      nombre: 'app del paciente',
      comando: process.execPath,
      args: [vite, 'build', '--logLevel', 'warn', '--config', 'vite.app.config.ts'],
      cwd,
    },
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const codigo = await construirClienteSiHaceFalta();
  if (codigo !== 0) process.exit(codigo);
  await compilarServidorSiHaceFalta();
  const hijo = spawn(process.execPath, argumentosDelServidor, { cwd: raiz, stdio: 'inherit' });
  for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => hijo.kill(s));
  hijo.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}
