// A test fails on an unexpected console.error (epic-stack habit): errors must be asserted, not printed.
import { afterEach, vi } from 'vitest';

const original = console.error;
let errores: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errores.push(args);
  original(...args);
};
afterEach(() => {
  const vistos = errores;
  errores = [];
  if (vistos.length > 0) throw new Error(`console.error inesperado: ${vistos.map((a) => a.map(String).join(' ')).join(' | ')}`);
});
vi.setConfig({ testTimeout: 30_000 });
