// Schemas of the room's server events, so the core checks each payload before it reaches a screen
// (as `useEventoSocket` does). The contract (shared/src/realtime-sesiones.ts) gives their types.
import { ESTADOS_SESION, SenalSchema, SesionEnLineaSchema } from '@miduelo/shared/sesiones-en-linea';
import * as v from 'valibot';

export const EstadoSalaSchema = v.object({
  id_sesion: v.number(),
  estado: v.picklist(ESTADOS_SESION),
  psicologo_presente: v.boolean(),
  paciente_presente: v.boolean(),
  paciente_admitido: v.boolean(),
  cierra_en: v.string(),
});

export const AvisoEnSalaSchema = v.object({
  id_sesion: v.number(),
  id_cita: v.nullable(v.number()),
  id_paciente: v.number(),
  paciente: v.string(),
  esperando: v.boolean(),
  en_curso: v.boolean(),
  terminada: v.boolean(),
});

export const SenalRecibidaSchema = v.object({ id_sesion: v.number(), senal: SenalSchema });
export const SesionTerminadaSchema = v.object({ id_sesion: v.number() });
export const MiSesionCambioSchema = v.object({ sesion: SesionEnLineaSchema });
