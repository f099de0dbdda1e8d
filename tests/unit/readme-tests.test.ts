// tests/README.md shows the worked socket example verbatim: the code block after its marker must be
// the file tests/realtime/ejemplo-escenario.test.ts, byte for byte, so the two cannot drift apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const raiz = new URL('../../', import.meta.url);
const ARCHIVO = 'tests/realtime/ejemplo-escenario.test.ts';
const MARCA = `<!-- ejemplo: ${ARCHIVO} -->`;

/** The fenced ```ts block right after the marker, with its final newline. */
function bloqueDelReadme(readme: string): string | null {
  const desde = readme.indexOf(`${MARCA}\n\`\`\`ts\n`);
  if (desde < 0) return null;
  const inicio = desde + MARCA.length + '\n```ts\n'.length;
  const fin = readme.indexOf('\n```', inicio - 1);
  return fin < 0 ? null : readme.slice(inicio, fin + 1);
}

describe('tests/README.md', () => {
  it('el ejemplo de escenario con sockets es, tal cual, el archivo de prueba', () => {
    const readme = readFileSync(new URL('tests/README.md', raiz), 'utf8');
    const bloque = bloqueDelReadme(readme);
    expect(bloque, `falta el bloque \`\`\`ts tras ${MARCA}`).not.toBeNull();
    expect(bloque).toBe(readFileSync(new URL(ARCHIVO, raiz), 'utf8'));
  });

  it('el bloque se lee hasta su cierre y no más allá', () => {
    expect(bloqueDelReadme(`${MARCA}\n\`\`\`ts\nconst a = 1;\n\`\`\`\nresto\n\`\`\`\n`)).toBe('const a = 1;\n');
    expect(bloqueDelReadme(`${MARCA}\n\`\`\`ts\nconst a = 1;\nconst b = 2;\n\`\`\`\n`)).toBe('const a = 1;\nconst b = 2;\n');
    expect(bloqueDelReadme('sin marca')).toBeNull();
  });
});
