// `pnpm start` on a fresh clone builds the web client first (about 40 s): it says which part it
// builds and, while a part runs, that it still runs, instead of 40 s of silence (issue 53).
import { describe, expect, it } from 'vitest';

describe('primer arranque', () => {
  it('dice qué parte del cliente construye y que sigue construyendo mientras tarda', async () => {
    const { construirConProgreso } = await import('../../scripts/start.mjs');
    const salida: string[] = [];
    // A step that takes about a second, as vite's build takes tens.
    const paso = (nombre: string) => ({ nombre, comando: process.execPath, args: ['-e', 'setTimeout(() => {}, 900)'], cwd: '.' });
    const codigo = await construirConProgreso([paso('sitio de los psicólogos'), paso('app del paciente')], {
      escribir: (t: string) => salida.push(t),
      cadaMs: 200,
    });
    expect(codigo).toBe(0);
    expect(salida[0]).toBe('Construyendo el cliente web (1 de 2): sitio de los psicólogos…\n');
    const segundo = salida.indexOf('Construyendo el cliente web (2 de 2): app del paciente…\n');
    expect(segundo).toBeGreaterThan(1);
    // Between the two announcements, at least one sign of life.
    expect(salida.slice(1, segundo).some((l) => /^ {2}… \d+ s\n$/.test(l))).toBe(true);
    expect(salida.at(-1)).toMatch(/^Cliente web listo en \d+ s\.\n$/);
  });

  it('un paso que falla detiene la construcción con su código', async () => {
    const { construirConProgreso } = await import('../../scripts/start.mjs');
    const salida: string[] = [];
    const codigo = await construirConProgreso(
      [
        { nombre: 'roto', comando: process.execPath, args: ['-e', 'process.exit(3)'], cwd: '.' },
        { nombre: 'nunca', comando: process.execPath, args: ['-e', ''], cwd: '.' },
      ],
      { escribir: (t: string) => salida.push(t), cadaMs: 1000 },
    );
    expect(codigo).toBe(3);
    expect(salida.join('')).not.toContain('nunca');
  });
});
