// `pnpm start`: builds the client when it is missing or older than its sources, then starts ONE
// process serving the API, the Socket.IO gateway and the built client. (The server runs its
// TypeScript through tsx: there is no separate server build; see docs/decisions/004.)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function masReciente(dir) {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? masReciente(p) : statSync(p).mtimeMs);
  }
  return max;
}

/** The server's Node flags (decision 246: how V8 sizes its heap), the Dockerfile's CMD too. */
export const banderasNode = JSON.parse(readFileSync(path.join(raiz, 'server/banderas-node.json'), 'utf8'));

export function construirClienteSiHaceFalta() {
  // The psychologists' site (index.html) and, built after it, the patient's app (app/index.html).
  const index = path.join(raiz, 'client/dist/app/index.html');
  const fuentes = Math.max(
    masReciente(path.join(raiz, 'client/src')),
    masReciente(path.join(raiz, 'shared/src')),
    masReciente(path.join(raiz, 'client/app')),
    masReciente(path.join(raiz, 'client/public')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= fuentes) return;
  console.log('Construyendo el cliente web…');
  const vite = path.join(raiz, 'client/node_modules/vite/bin/vite.js');
  for (const extra of [[], ['--config', 'vite.app.config.ts']]) {
    const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', ...extra], {
      cwd: path.join(raiz, 'client'),
      stdio: 'inherit',
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  construirClienteSiHaceFalta();
  const hijo = spawn(process.execPath, [...banderasNode, '--import', 'tsx', 'server/src/main.ts'], { cwd: raiz, stdio: 'inherit' });
  for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => hijo.kill(s));
  hijo.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}
