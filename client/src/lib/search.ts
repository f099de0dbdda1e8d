import * as v from 'valibot';

/** Optional numeric id in the query string; anything else is dropped instead of failing the route. */
const idOpcional = v.fallback(
  v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1))),
  undefined,
);

/** A numeric path id (`paciente/{id}`, `foros/{idForo}`), or null when it is not one. */
export function idNumerico(valor: string): number | null {
  return /^\d+$/.test(valor) && Number(valor) > 0 ? Number(valor) : null;
}

/** `?semana=yyyy-MM-dd` of /agenda: the shown week (any day of it); an invalid date is dropped. */
const semanaOpcional = v.fallback(v.optional(v.pipe(v.string(), v.check(esFechaReal))), undefined);

/** yyyy-MM-dd naming a real day (2027-02-31 is not one). Kept here, not imported from the agenda's
 * shared rules: the guards load this file on every first page, and the bundle budget counts it. */
function esFechaReal(x: string): boolean {
  const d = new Date(`${x}T00:00Z`);
  return /^\d{4}-\d\d-\d\d$/.test(x) && !Number.isNaN(+d) && d.toISOString().startsWith(x);
}

/** /agenda: `?paciente=` (spec 1 §2) and the shown week, so Back and reload keep it (issue 11). */
export const busquedaAgenda = v.object({ paciente: idOpcional, semana: semanaOpcional });

/** /chat-pacientes-del-psicologo: `?paciente=` and `?chat=`, the open conversation (issue 11). */
export const busquedaChat = v.object({ paciente: idOpcional, chat: idOpcional });

/** /admin/chat: `?chat=`, the open conversation. */
export const busquedaChatAdmin = v.object({ chat: idOpcional });

/** A path of this site (`/paciente/1?x=y`), never another origin (`//evil`, `https:`) nor the login page. */
export function esRutaInterna(ruta: string): boolean {
  return (
    ruta.startsWith('/') && !ruta.startsWith('//') && !ruta.startsWith('/\\') && !ruta.startsWith('/iniciar-sesion') && ruta.length <= 500
  );
}

/** /iniciar-sesion: `?redirect=`, the page opened while signed out (restored after login). */
export const busquedaLogin = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.check(esRutaInterna))), undefined),
});
