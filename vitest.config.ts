import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Unit tests import client code as the client does (`@/nucleo/live/...`).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./client/src/', import.meta.url)) }] },
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/setup-archivo.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    // expect.poll waits for a condition (never a fixed sleep); its deadline is for a busy 2-core CI
    // machine, where a screen can take seconds to follow an event (default would be 1 s).
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'tests/.artifacts/resultados.json' },
  },
});
