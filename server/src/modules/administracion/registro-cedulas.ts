// The licence registry client (decision 142). CEDULA_API_URL names the Mexican public registry of
// professional licences (SEP, Registro Nacional de Profesionistas) or a compatible proxy:
//   GET {CEDULA_API_URL}?cedula={number}   Accept: application/json
//   200 { "items": [ { "idCedula", "nombre", "paterno", "materno", "titulo", "desins", "anioreg" } ] }
// (the fields of the SEP search's JSON). No item with that number, or 404: the licence does not
// exist. The holder's name must match the psychologist's (accents, case and spacing ignored) and the
// degree (`titulo`) must be one of psychology. Any other answer, a timeout or a network failure is
// an error that changes nothing.
import * as v from 'valibot';

const ItemSchema = v.object({
  idCedula: v.union([v.string(), v.number()]),
  nombre: v.optional(v.nullable(v.string()), ''),
  paterno: v.optional(v.nullable(v.string()), ''),
  materno: v.optional(v.nullable(v.string()), ''),
  titulo: v.optional(v.nullable(v.string()), ''),
  desins: v.optional(v.nullable(v.string())),
  anioreg: v.optional(v.nullable(v.union([v.string(), v.number()]))),
});
const RespuestaSchema = v.object({ items: v.optional(v.array(ItemSchema), []) });

export type ResultadoRegistro =
  | { tipo: 'valida'; titulo: string }
  | { tipo: 'no_encontrada' }
  | { tipo: 'otro_nombre' }
  | { tipo: 'sin_psicologia'; titulo: string }
  | { tipo: 'no_configurado' }
  | { tipo: 'sin_respuesta' }
  | { tipo: 'error'; detalle: string };

/** Upper case, no accents, single spaces: how names are compared with the registry's. */
export function normalizarNombre(s: string | null | undefined): string {
  return (s ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-ZÑ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function consultarRegistro(
  o: { url: string | null; timeoutMs: number },
  persona: { cedula: string; nombre: string; apellidoPaterno: string; apellidoMaterno: string | null },
): Promise<ResultadoRegistro> {
  if (!o.url) return { tipo: 'no_configurado' };
  const url = new URL(o.url);
  url.searchParams.set('cedula', persona.cedula);
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(o.timeoutMs) });
  } catch (err) {
    const nombre = (err as { name?: string }).name;
    if (nombre === 'TimeoutError' || nombre === 'AbortError') return { tipo: 'sin_respuesta' };
    return { tipo: 'error', detalle: (err as Error).message };
  }
  if (res.status === 404) return { tipo: 'no_encontrada' };
  if (!res.ok) return { tipo: 'error', detalle: `HTTP ${res.status}` };
  let cuerpo: unknown;
  try {
    cuerpo = await res.json();
  } catch {
    return { tipo: 'error', detalle: 'respuesta no JSON' };
  }
  const r = v.safeParse(RespuestaSchema, cuerpo);
  if (!r.success) return { tipo: 'error', detalle: 'respuesta con otra forma' };
  const item = r.output.items.find((i) => String(i.idCedula).trim() === persona.cedula);
  if (!item) return { tipo: 'no_encontrada' };
  const registrado = normalizarNombre([item.nombre, item.paterno, item.materno].join(' '));
  const esperado = normalizarNombre([persona.nombre, persona.apellidoPaterno, persona.apellidoMaterno].join(' '));
  if (registrado !== esperado) return { tipo: 'otro_nombre' };
  const titulo = item.titulo ?? '';
  if (!normalizarNombre(titulo).includes('PSICOLOG')) return { tipo: 'sin_psicologia', titulo };
  return { tipo: 'valida', titulo };
}
