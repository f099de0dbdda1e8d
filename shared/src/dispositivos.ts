// Open sessions of an account (issue 56, decisions 380–381): the schemas of /api/sesiones.
import * as v from 'valibot';
import { idEnRuta } from './comun';
import { MSG_DISPOSITIVOS } from './dispositivos-textos';

export { LUGAR_RED_LOCAL, MSG_DISPOSITIVOS } from './dispositivos-textos';

/** One open session as its owner sees it. `lugar`: "Red local" or the address (no GeoIP). */
export const SesionAbiertaSchema = v.object({
  id: v.number(),
  dispositivo: v.string(),
  navegador: v.string(),
  sistema: v.string(),
  lugar: v.string(),
  creada_en: v.string(),
  ultimo_uso: v.string(),
  expira_en: v.string(),
  actual: v.boolean(),
});
export type SesionAbierta = v.InferOutput<typeof SesionAbiertaSchema>;

export const SesionesAbiertasRespuesta = v.array(SesionAbiertaSchema);

export const IdSesionParams = v.object({
  id: idEnRuta(MSG_DISPOSITIVOS.identificadorInvalido),
});

export const SesionesCerradasRespuesta = v.object({ msg: v.string(), cerradas: v.number() });
