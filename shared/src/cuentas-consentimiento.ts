// A patient's express consent (decision 146): the privacy notice and the informed-consent letter,
// each versioned; registration records the versions accepted, a newer version is asked at login.
import * as v from 'valibot';
import { registroPacienteBaseSchema } from './cuentas';
import { MSG_GENERICO } from './errores';

export const TIPOS_CONSENTIMIENTO = ['aviso_privacidad', 'consentimiento_informado'] as const;
export type TipoConsentimiento = (typeof TIPOS_CONSENTIMIENTO)[number];

export const MSG_CONSENTIMIENTO = {
  obligatorio: 'Debes aceptar el aviso de privacidad y la carta de consentimiento informado',
  desactualizado: 'El aviso de privacidad o la carta de consentimiento informado cambiaron. Revísalos y acéptalos de nuevo.',
  tipoInvalido: 'Documento de consentimiento no válido',
  versionInvalida: 'Versión no válida',
  aceptado: 'Consentimiento registrado',
} as const;

export const ETIQUETA_CONSENTIMIENTO: Record<TipoConsentimiento, string> = {
  aviso_privacidad: 'Aviso de privacidad',
  consentimiento_informado: 'Consentimiento informado',
};

const version = v.pipe(
  v.number(MSG_CONSENTIMIENTO.obligatorio),
  v.integer(MSG_CONSENTIMIENTO.versionInvalida),
  v.minValue(1, MSG_CONSENTIMIENTO.versionInvalida),
);

/** The `consentimientos` field of POST /api/paciente/registro: the versions the patient read and accepted. */
export const ConsentimientosRegistroSchema = v.object(
  { aviso_privacidad: version, consentimiento_informado: version },
  MSG_CONSENTIMIENTO.obligatorio,
);

export const AceptarConsentimientoBody = v.object(
  { tipo: v.picklist(TIPOS_CONSENTIMIENTO, MSG_CONSENTIMIENTO.tipoInvalido), version },
  MSG_GENERICO.cuerpoInvalido,
);

export const DocumentoConsentimientoSchema = v.object({
  tipo: v.picklist(TIPOS_CONSENTIMIENTO),
  version: v.number(),
  titulo: v.string(),
  texto: v.string(),
});
export const DocumentosVigentesRespuesta = v.array(DocumentoConsentimientoSchema);

export const PendienteSchema = v.object({ tipo: v.picklist(TIPOS_CONSENTIMIENTO), version: v.number(), titulo: v.string() });

/** The consent state of one patient (the patient file, the patient's own app). */
export const EstadoConsentimientoSchema = v.object({
  tipo: v.picklist(TIPOS_CONSENTIMIENTO),
  titulo: v.string(),
  version_vigente: v.number(),
  version_aceptada: v.nullable(v.number()),
  aceptado_en: v.nullable(v.string()),
  al_dia: v.boolean(),
});
export type EstadoConsentimiento = v.InferOutput<typeof EstadoConsentimientoSchema>;
export const EstadoConsentimientoRespuesta = v.array(EstadoConsentimientoSchema);

/** POST /api/paciente/registro: the person, the linking code and the consent versions accepted. */
export function registroPacienteSchema(hoy: string) {
  return v.object(
    {
      ...registroPacienteBaseSchema(hoy).entries,
      // Missing reads as {} so it gets the consent message, not the generic one.
      consentimientos: v.optional(ConsentimientosRegistroSchema, () => ({}) as never),
    },
    MSG_GENERICO.cuerpoInvalido,
  );
}
