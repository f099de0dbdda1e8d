// Which failed answers end a session, one policy for both apps (decision 314,
// client/src/nucleo/politica-sesion.ts). Every 403 code the server sends is read here from
// server/src and must be in one of the two lists: a new code is a decision, not an accident.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODIGOS_403_RECHAZO, CODIGOS_403_SESION, terminaSesion } from '@/nucleo/politica-sesion';

const SERVIDOR = path.resolve(import.meta.dirname, '../../server/src');

function archivos(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? archivos(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** The codes of every 403 the server builds: forbidden(msg, 'CODE'), forbidden(msg) (PROHIBIDO by
 * default) and new AppError(403, 'CODE', …). */
function codigos403DelServidor(): Set<string> {
  const codigos = new Set<string>();
  for (const f of archivos(SERVIDOR)) {
    const texto = readFileSync(f, 'utf8');
    for (const m of texto.matchAll(/AppError\(\s*403\s*,\s*'([A-Z_]+)'/g)) codigos.add(m[1]);
    for (const m of texto.matchAll(/\bforbidden\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
      if (f.endsWith(`${path.sep}errors.ts`)) continue;
      const codigo = /,\s*'([A-Z_]+)'\s*$/.exec(m[1].trim());
      codigos.add(codigo ? codigo[1] : 'PROHIBIDO');
    }
  }
  return codigos;
}

describe('política de sesión (las dos apps)', () => {
  it('cada código 403 del servidor está en una de las dos listas', () => {
    const servidor = codigos403DelServidor();
    // The scan finds what it must (a broken pattern would pass with an empty set).
    for (const c of ['XSRF', 'SOLO_PACIENTES', 'CUENTA_LIMITADA', 'FORO_PERMISO', 'PROHIBIDO']) expect(servidor).toContain(c);
    const conocidos = new Set<string>([...CODIGOS_403_RECHAZO, ...CODIGOS_403_SESION]);
    expect([...servidor].filter((c) => !conocidos.has(c))).toEqual([]);
    expect(CODIGOS_403_RECHAZO.filter((c) => (CODIGOS_403_SESION as readonly string[]).includes(c))).toEqual([]);
  });

  it('un 401 siempre termina la sesión; un 403 sin código o de otro tipo de cuenta también', () => {
    expect(terminaSesion(401, 'TOKEN_REVOCADO')).toBe(true);
    expect(terminaSesion(401, undefined)).toBe(true);
    expect(terminaSesion(403, undefined)).toBe(true);
    for (const c of ['SOLO_PACIENTES', 'SOLO_PSICOLOGOS', 'SOLO_ADMINISTRADORES', 'PROHIBIDO', 'OTRO_PSICOLOGO', 'CUENTA_INACTIVA'])
      expect(terminaSesion(403, c), c).toBe(true);
  });

  it('la app de la paciente: una cita que su psicólogo no puede recibir, un foro ajeno o una cookie vieja no la sacan', () => {
    for (const c of ['PSICOLOGO_INACTIVO', 'CUENTA_LIMITADA', 'FORO_PERMISO', 'FORO_PSICOLOGO', 'XSRF'])
      expect(terminaSesion(403, c), c).toBe(false);
  });

  it('la web: una cuenta limitada, un chat de solo lectura, un foro sin permiso o una cookie vieja no la sacan', () => {
    for (const c of ['CUENTA_LIMITADA', 'CHAT_SOLO_LECTURA', 'XSRF', 'FORO_PERMISO', 'FORO_PSICOLOGO'])
      expect(terminaSesion(403, c), c).toBe(false);
  });

  it('otras respuestas no tocan la sesión', () => {
    for (const s of [0, 400, 404, 409, 429, 500]) expect(terminaSesion(s, undefined), String(s)).toBe(false);
  });
});
