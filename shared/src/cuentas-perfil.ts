// Profile and password of every kind of account (spec 2 §2 Profile settings, §5 Profile and
// Password change, §7, §8 Profile) and the administrator's email change (spec 2 §4).
import * as v from 'valibot';
import { MSG, PersonaSchema } from './cuentas';
import { DatosPacienteSchema } from './cuentas-respuestas';
import { caracteresValidos, quitarInvisibles } from './comun';
import { MSG_GENERICO } from './errores';

const persona = PersonaSchema.entries;
const cuerpo = <T extends v.ObjectEntries>(entries: T) => v.object(entries, MSG_GENERICO.cuerpoInvalido);

// The texts live in a module without valibot so that the patient's app can show them without
// loading the schemas (docs/decisions/187).
export { CIERRE_TRAS_CAMBIO_CORREO_MS, MSG_PERFIL, ROL_CUENTA } from './cuentas-perfil-textos';
import { MSG_PERFIL } from './cuentas-perfil-textos';

const direccionSchema = v.pipe(
  v.optional(v.nullable(v.string(MSG_GENERICO.cuerpoInvalido)), null),
  // Invisible and direction characters are taken out (decision 331).
  v.transform((s) => (s == null ? null : quitarInvisibles(s).trim() || null)),
  v.check((s) => s == null || caracteresValidos(s), MSG.caracteresInvalidos),
  v.check((s) => s == null || s.length <= 300, MSG_PERFIL.direccionLarga),
);

/** PUT /api/psicologo/actualizar-perfil. */
export const PerfilPsicologoBody = cuerpo({
  telefono: persona.telefono,
  correo: persona.correo,
  direccionConsultorio: direccionSchema,
});
export type PerfilPsicologoEntrada = v.InferInput<typeof PerfilPsicologoBody>;

/** PUT /api/admin/perfil: the email changes only through a link mailed to the new address. */
export const PerfilAdminBody = cuerpo({ telefono: persona.telefono, direccionConsultorio: direccionSchema });

/** PUT /api/paciente/perfil. */
export const PerfilPacienteBody = cuerpo({ telefono: persona.telefono, email: persona.correo });

const actualSchema = v.pipe(
  v.optional(v.string(MSG_PERFIL.contrasenaActualObligatoria), ''),
  v.nonEmpty(MSG_PERFIL.contrasenaActualObligatoria),
  v.maxLength(128, MSG.textoLargo),
);

/** PUT /api/psicologo/cambiar-contrasena (spec 2 §7: camelCase). */
export const CambioContrasenaBody = cuerpo({ contrasenaActual: actualSchema, nuevaContrasena: persona.contrasena });
/** PUT /api/admin/cambiar-contrasena (spec 2 §7: snake_case). */
export const CambioContrasenaAdminBody = cuerpo({ contrasena_actual: actualSchema, nueva_contrasena: persona.contrasena });
/** PUT /api/paciente/cambiar-contrasena. */
export const CambioContrasenaPacienteBody = CambioContrasenaBody;

/** The form: both new-password fields and the spec's messages. */
export const FormularioContrasenaSchema = v.pipe(
  v.object({
    contrasenaActual: actualSchema,
    nuevaContrasena: persona.contrasena,
    confirmarContrasena: v.pipe(v.string(), v.nonEmpty(MSG_PERFIL.confirmarNuevaObligatoria)),
  }),
  v.forward(
    v.partialCheck(
      [['nuevaContrasena'], ['confirmarContrasena']],
      (d) => d.nuevaContrasena === d.confirmarContrasena,
      MSG.contrasenasNoCoinciden,
    ),
    ['confirmarContrasena'],
  ),
);

export const SolicitarCambioCorreoBody = cuerpo({ nuevo_correo: persona.correo });
export const ConfirmarCambioCorreoBody = cuerpo({
  token: v.pipe(
    v.optional(v.string(MSG_PERFIL.tokenCambioCorreoInvalido), ''),
    v.minLength(10, MSG_PERFIL.tokenCambioCorreoInvalido),
    v.maxLength(200, MSG_PERFIL.tokenCambioCorreoInvalido),
  ),
});

/** GET /api/psicologo/perfil (and the administrator's: same row). */
export const PerfilRespuesta = v.object({
  id_psicologo: v.number(),
  nombre: v.string(),
  apellidoPaterno: v.string(),
  apellidoMaterno: v.nullable(v.string()),
  correo: v.string(),
  telefono: v.string(),
  direccionConsultorio: v.nullable(v.string()),
  especialidad: v.string(),
  cedula: v.string(),
  cedula_validada: v.boolean(),
  rol_admin: v.boolean(),
  codigo_vinculacion: v.string(),
  cuenta_limitada: v.boolean(),
  diasRestantesValidacion: v.nullable(v.number()),
});
export type Perfil = v.InferOutput<typeof PerfilRespuesta>;

/** Answer of a profile update: `correo_cambiado` tells the client to log out after 2 s. */
export const PerfilActualizadoRespuesta = v.object({ msg: v.string(), correo_cambiado: v.boolean(), perfil: PerfilRespuesta });
/** Answer of a password change: the other sessions are over; this one continues with `token`. */
export const ContrasenaCambiadaRespuesta = v.object({ msg: v.string(), token: v.string() });

export const PerfilPacienteRespuesta = DatosPacienteSchema;

/** POST /api/paciente/recuperar-contrasena. */
export const RecuperarPacienteBody = cuerpo({ email: persona.correo });
