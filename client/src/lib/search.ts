import { esFechaAgenda } from '@miduelo/shared/citas';
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

/** `?semana=yyyy-MM-dd` of /agenda: the shown week (any day of it); an invalid date is dropped. */
const semanaOpcional = v.fallback(v.optional(v.pipe(v.string(), v.check(esFechaAgenda))), undefined);

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
