import * as v from 'valibot';

/** Optional numeric id in the query string; anything else is dropped instead of failing the route. */
const idOpcional = v.fallback(
  v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1))),
  undefined,
);

/** `?paciente=` of /agenda and /chat-pacientes-del-psicologo (spec 1 §2). */
export const busquedaPaciente = v.object({ paciente: idOpcional });

/** A numeric path id (`paciente/{id}`, `foros/{idForo}`), or null when it is not one. */
export function idNumerico(valor: string): number | null {
  return /^\d+$/.test(valor) && Number(valor) > 0 ? Number(valor) : null;
}
