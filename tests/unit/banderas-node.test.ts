// The server's Node flags (decision 246) live in server/banderas-node.json: `pnpm start` passes them,
// and the Docker image's CMD must start the server with the same ones.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const raiz = new URL('../../', import.meta.url);
const banderas: string[] = JSON.parse(readFileSync(new URL('server/banderas-node.json', raiz), 'utf8'));

describe('banderas de Node del servidor', () => {
  it('el CMD de la imagen arranca el servidor con las mismas banderas que pnpm start', () => {
    const cmd = readFileSync(new URL('Dockerfile', raiz), 'utf8')
      .split('\n')
      .find((l) => l.startsWith('CMD '));
    expect(cmd).toBeDefined();
    const args: string[] = JSON.parse((cmd as string).slice(4));
    expect(args).toEqual(['node', ...banderas, '--enable-source-maps', 'dist/main.mjs']);
  });

  it('pnpm start las pasa a node antes del servidor', async () => {
    const { argumentosDelServidor, banderasNode } = await import('../../scripts/start.mjs');
    expect(banderasNode).toEqual(banderas);
    expect(argumentosDelServidor.slice(0, banderas.length + 1)).toEqual([...banderas, '--enable-source-maps']);
    expect(argumentosDelServidor.at(-1)).toMatch(/server\/dist\/main\.mjs$/);
    const fuente = readFileSync(new URL('scripts/start.mjs', raiz), 'utf8');
    expect(fuente).toContain('spawn(process.execPath, argumentosDelServidor');
    expect(banderas.length).toBeGreaterThan(0);
    // Node accepts them (an unknown V8 flag would stop the server from starting).
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, [...banderas, '-e', 'process.exit(0)']);
    expect(r.stderr.toString()).toBe('');
    expect(r.status).toBe(0);
  });
});
