// ARCO cancellation and opposition requests (issue 56, decisions 378 and 379): the patient asks with
// a reason; the administration answers within 20 business days (LFPDPPP art. 32), Mexican federal
// holidays counted. Cancellation closes the account and removes or anonymizes her personal data; the
// clinical record stays with her psychologist for the legal retention (NOM-004-SSA3, 5 years).
import * as v from 'valibot';
import { caracteresValidos, idEnRuta, longitudTexto, quitarInvisibles } from './comun';
import { MSG_GENERICO } from './errores';

export const TIPOS_SOLICITUD_ARCO = ['cancelacion', 'oposicion'] as const;
export type TipoSolicitudArco = (typeof TIPOS_SOLICITUD_ARCO)[number];
export const RESULTADOS_SOLICITUD_ARCO = ['procedente', 'improcedente'] as const;
export type ResultadoSolicitudArco = (typeof RESULTADOS_SOLICITUD_ARCO)[number];

/** The reason the patient writes (characters). */
export const MOTIVO_ARCO_MIN = 10;
export const MOTIVO_ARCO_MAX = 1000;
/** The administration's answer to the patient (characters). */
export const RESPUESTA_ARCO_MIN = 10;
export const RESPUESTA_ARCO_MAX = 2000;
/** The legal term to answer (LFPDPPP art. 32): business days from the day after the request. */
export const PLAZO_ARCO_DIAS_HABILES = 20;

export const ETIQUETA_TIPO_ARCO: Record<TipoSolicitudArco, string> = {
  cancelacion: 'Cancelación de datos',
  oposicion: 'Oposición al tratamiento',
};

export const MSG_ARCO = {
  tipoObligatorio: 'Elige el tipo de solicitud: cancelación u oposición',
  motivoObligatorio: 'Escribe el motivo de tu solicitud',
  motivoCorto: `El motivo debe tener al menos ${MOTIVO_ARCO_MIN} caracteres`,
  motivoLargo: `El motivo no puede tener más de ${MOTIVO_ARCO_MAX} caracteres`,
  resultadoObligatorio: 'Elige si la oposición procede o no procede',
  respuestaObligatoria: 'Escribe la respuesta para la paciente',
  respuestaCorta: `La respuesta debe tener al menos ${RESPUESTA_ARCO_MIN} caracteres`,
  respuestaLarga: `La respuesta no puede tener más de ${RESPUESTA_ARCO_MAX} caracteres`,
  cancelacionSoloProcede: 'Una solicitud de cancelación se resuelve cerrando la cuenta: el resultado es «procedente»',
  textoInvalido: 'El texto contiene caracteres no válidos',
  idInvalido: 'Identificador no válido',
  estadoInvalido: 'Estado no válido: pendientes o todas',
  yaPendiente: 'Ya tienes una solicitud de este tipo en trámite. Te responderemos dentro del plazo legal.',
  noEncontrada: 'Solicitud no encontrada',
  yaResuelta: 'Otra persona de la administración ya resolvió esta solicitud',
  enviada: 'Recibimos tu solicitud. Te responderemos dentro de 20 días hábiles.',
  resuelta: 'Solicitud resuelta',
} as const;

/** What the patient reads before asking, and what the cancellation mail tells her (decision 378). */
export const TEXTO_LO_QUE_SE_CONSERVA =
  'Tu expediente clínico (las notas de tu psicóloga o psicólogo, los resultados de tus pruebas y tus citas) se queda con ella o él durante el plazo que exige la ley: al menos cinco años desde el último acto registrado (NOM-004-SSA3-2012). Nadie más lo ve, y sin tu nombre a la vista.';
export const TEXTO_LO_QUE_SE_BORRA =
  'Se cierra tu cuenta y ya no podrás entrar. Se borran tus datos personales (nombre, correo, teléfono, fecha y persona de tu pérdida), tu diario, tus evidencias (también los archivos), tus conversaciones, tus avisos en este teléfono y tus métodos de inicio de sesión. Tus mensajes en los foros se quedan para no romper las conversaciones de otras personas, pero ya sin tu nombre.';
export const TEXTO_OPOSICION =
  'Con la oposición nos pides dejar de usar tus datos para algún fin en particular (por ejemplo, avisos o foros). La administración revisa tu caso y te responde por escrito.';

const cuerpo = <T extends v.ObjectEntries>(entries: T) => v.object(entries, MSG_GENERICO.cuerpoInvalido);

function textoLibre(o: { min: number; max: number; obligatorio: string; corto: string; largo: string }) {
  return v.pipe(
    v.string(o.obligatorio),
    v.transform(quitarInvisibles),
    v.trim(),
    v.check(caracteresValidos, MSG_ARCO.textoInvalido),
    v.check((s) => s.length > 0, o.obligatorio),
    v.check((s) => longitudTexto(s) >= o.min, o.corto),
    v.check((s) => longitudTexto(s) <= o.max, o.largo),
  );
}

// ---- Requests ----

/** POST /api/paciente/derechos/solicitudes */
export const CrearSolicitudArcoBody = cuerpo({
  tipo: v.optional(v.picklist(TIPOS_SOLICITUD_ARCO, MSG_ARCO.tipoObligatorio), () => '' as never),
  motivo: v.optional(
    textoLibre({
      min: MOTIVO_ARCO_MIN,
      max: MOTIVO_ARCO_MAX,
      obligatorio: MSG_ARCO.motivoObligatorio,
      corto: MSG_ARCO.motivoCorto,
      largo: MSG_ARCO.motivoLargo,
    }),
    '',
  ),
});
export type CrearSolicitudArco = v.InferOutput<typeof CrearSolicitudArcoBody>;

/** POST /api/admin/derechos/solicitudes/:id/resolver. The answer is required for an opposition and
 * optional for a cancellation (whose mail already says what was removed and what was kept). */
export const ResolverSolicitudArcoBody = cuerpo({
  resultado: v.optional(v.picklist(RESULTADOS_SOLICITUD_ARCO, MSG_ARCO.resultadoObligatorio), () => '' as never),
  respuesta: v.optional(
    v.union([
      v.literal(''),
      textoLibre({
        min: RESPUESTA_ARCO_MIN,
        max: RESPUESTA_ARCO_MAX,
        obligatorio: MSG_ARCO.respuestaObligatoria,
        corto: MSG_ARCO.respuestaCorta,
        largo: MSG_ARCO.respuestaLarga,
      }),
    ]),
    '',
  ),
});
export type ResolverSolicitudArco = v.InferOutput<typeof ResolverSolicitudArcoBody>;

export const IdSolicitudParamsSchema = v.object({
  id: v.pipe(idEnRuta(MSG_ARCO.idInvalido), v.minValue(1, MSG_ARCO.idInvalido)),
});

export const SolicitudesAdminQuerySchema = v.object({
  estado: v.optional(v.picklist(['pendientes', 'todas'], MSG_ARCO.estadoInvalido)),
});

// ---- Responses ----

/** The patient's view of one of her requests. */
export const SolicitudArcoPacienteSchema = v.object({
  id_solicitud: v.number(),
  tipo: v.picklist(TIPOS_SOLICITUD_ARCO),
  motivo: v.nullable(v.string()),
  recibida_en: v.string(),
  /** The legal deadline, `yyyy-MM-dd` in the clinic's time zone (end of that day). */
  vence_el: v.string(),
  estado: v.picklist(['pendiente', 'resuelta']),
  resultado: v.nullable(v.picklist(RESULTADOS_SOLICITUD_ARCO)),
  respuesta: v.nullable(v.string()),
  resuelta_en: v.nullable(v.string()),
});
export type SolicitudArcoPaciente = v.InferOutput<typeof SolicitudArcoPacienteSchema>;
export const SolicitudesArcoPacienteRespuesta = v.array(SolicitudArcoPacienteSchema);

/** The administration's view: the patient named, and the business days left (negative: overdue). */
export const SolicitudArcoAdminSchema = v.object({
  ...SolicitudArcoPacienteSchema.entries,
  id_paciente: v.number(),
  paciente: v.object({ nombre: v.string(), apellido_paterno: v.string(), apellido_materno: v.nullable(v.string()), email: v.string() }),
  dias_habiles_restantes: v.number(),
  id_admin_resuelve: v.nullable(v.number()),
});
export type SolicitudArcoAdmin = v.InferOutput<typeof SolicitudArcoAdminSchema>;
export const SolicitudesArcoAdminRespuesta = v.array(SolicitudArcoAdminSchema);

/** `derechos:solicitud`: a request was received or resolved (only its id; screens read the list). */
export const SolicitudArcoEventoSchema = v.object({ id_solicitud: v.number() });
