// `pnpm dev`: the server (restarting on change) beside Vite with hot reload on :5173, which
// proxies /api and /socket.io to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hijos = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], { cwd: raiz, stdio: 'inherit' }),
  spawn(process.execPath, [path.join(raiz, 'client/node_modules/vite/bin/vite.js')], { cwd: path.join(raiz, 'client'), stdio: 'inherit' }),
];
const parar = (s) => {
  for (const h of hijos) h.kill(s);
};
process.on('SIGINT', () => parar('SIGINT'));
process.on('SIGTERM', () => parar('SIGTERM'));
for (const h of hijos)
  h.on('exit', (code) => {
    parar('SIGTERM');
    process.exit(code ?? 0);
  });
