import * as v from 'valibot';
import { caracteresValidos, textoDeNombre } from './comun';
import { CEDULA_MAX_DIGITOS, CEDULA_MIN_DIGITOS, EDAD_MAXIMA, EDAD_MINIMA } from './constants';
import { mensajeContrasena } from './cuentas-contrasena';
import { MSG_GENERICO } from './errores';
import { edadEnAnios, esFechaIso } from './fechas';
import { MSG } from './cuentas-textos';
import type { LoginRespuestaSchema, UsuarioSesionSchema } from './cuentas-respuestas';

export { MSG, mensajeDemasiadosIntentos } from './cuentas-textos';

/** A request body: anything but a JSON object (a string, a number…) gets a Spanish answer, not valibot's. */
const cuerpo = <T extends v.ObjectEntries>(entries: T) => v.object(entries, MSG_GENERICO.cuerpoInvalido);

/** No NUL (PostgreSQL text cannot hold it: the insert would fail with a 500) and no half of a
 * surrogate pair (it would be stored as another character than the one typed). */

// A missing key reads as '' so it gets the same Spanish message as an empty field.
const texto = (obligatorio: string) =>
  v.pipe(v.optional(v.string(obligatorio), ''), v.trim(), v.nonEmpty(obligatorio), v.check(caracteresValidos, MSG.caracteresInvalidos));

/** A part of a person's name: also no control characters or bidirectional overrides (a name is
 * shown to others, and an override makes it display as another text). */
const parteDeNombre = (obligatorio: string) => v.pipe(texto(obligatorio), v.check(textoDeNombre, MSG.caracteresNombre));

const nombreSchema = v.pipe(parteDeNombre(MSG.nombreObligatorio), v.minLength(2, MSG.nombreCorto), v.maxLength(100, MSG.textoLargo));
const apellidoPaternoSchema = v.pipe(
  parteDeNombre(MSG.apellidoPaternoObligatorio),
  v.minLength(2, MSG.apellidoCorto),
  v.maxLength(100, MSG.textoLargo),
);
/** Optional; when given (non-blank) at least 2 characters. Blank becomes null. */
const apellidoMaternoSchema = v.pipe(
  v.optional(v.nullable(v.string(MSG.apellidoMaternoInvalido)), null),
  v.transform((s) => (s == null || s.trim() === '' ? null : s.trim())),
  v.check((s) => s == null || caracteresValidos(s), MSG.caracteresInvalidos),
  v.check((s) => s == null || textoDeNombre(s), MSG.caracteresNombre),
  v.check((s) => s == null || s.length >= 2, MSG.apellidoCorto),
  v.check((s) => s == null || s.length <= 100, MSG.textoLargo),
);
const especialidadSchema = v.pipe(
  texto(MSG.especialidadObligatoria),
  v.check(textoDeNombre, MSG.caracteresNombre),
  v.minLength(3, MSG.especialidadCorta),
  v.maxLength(120, MSG.textoLargo),
);
const cedulaSchema = v.pipe(
  texto(MSG.cedulaObligatoria),
  v.regex(new RegExp(`^\\d{${CEDULA_MIN_DIGITOS},${CEDULA_MAX_DIGITOS}}$`), MSG.cedulaInvalida),
);
const telefonoSchema = v.pipe(texto(MSG.telefonoObligatorio), v.regex(/^\d{10}$/, MSG.telefonoInvalido));
const correoSchema = v.pipe(
  texto(MSG.correoObligatorio),
  v.toLowerCase(),
  v.maxLength(254, MSG.correoInvalido),
  v.email(MSG.correoInvalido),
);
const contrasenaSchema = v.pipe(
  v.optional(v.string(MSG.contrasenaObligatoria), ''),
  v.nonEmpty(MSG.contrasenaObligatoria),
  v.maxLength(128, MSG.textoLargo),
  v.check(
    (s) => mensajeContrasena(s) === null,
    (issue) => mensajeContrasena(String(issue.input)) ?? '',
  ),
);

/** Birth date within [min, max] years on the given day (the clinic's today). */
function fechaNacimientoSchema(hoy: string, max: number = EDAD_MAXIMA) {
  return v.pipe(
    texto(MSG.fechaNacimientoObligatoria),
    v.check(esFechaIso, MSG.fechaNacimientoInvalida),
    // A date after today is a typing slip (the date field's maximum does not stop a typed year), not
    // an age: it is said as such, never as 'tienes -3 años' (decision 280).
    v.check((f) => f <= hoy, MSG.fechaNacimientoFutura),
    v.check(
      (f) => {
        const edad = edadEnAnios(f, hoy);
        return edad >= EDAD_MINIMA && edad <= max;
      },
      (issue) => {
        const edad = edadEnAnios(String(issue.input), hoy);
        return edad < EDAD_MINIMA
          ? `Debes tener al menos 18 años (tienes ${edad} años)`
          : `La edad máxima permitida es ${max} años (tienes ${edad} años)`;
      },
    ),
  );
}

const aceptaTerminosSchema = v.pipe(
  v.optional(v.boolean(MSG.aceptaTerminos), false),
  v.check((b) => b === true, MSG.aceptaTerminos),
);

/**
 * The person behind every account (psychologist, patient, administrator): one set of field
 * validators, so a rule (a name's characters, the password policy) is written once. Keys are the
 * psychologist API's (camelCase names, `correo`, spec 1 §7). The patient API (spec 2) names the same
 * fields in snake_case and the email `email`: `PersonaPacienteSchema` maps the keys over the same
 * validators. Birth dates differ per kind (age limits 18–90 vs 18–120) and depend on "today", so
 * they are added by each registration schema.
 */
export const PersonaSchema = cuerpo({
  nombre: nombreSchema,
  apellidoPaterno: apellidoPaternoSchema,
  apellidoMaterno: apellidoMaternoSchema,
  telefono: telefonoSchema,
  correo: correoSchema,
  contrasena: contrasenaSchema,
});
const persona = PersonaSchema.entries;

/** The patient API's names for the person's fields (spec 2: snake_case, `email`). */
export const PersonaPacienteSchema = cuerpo({
  nombre: persona.nombre,
  apellido_paterno: persona.apellidoPaterno,
  apellido_materno: persona.apellidoMaterno,
  telefono: persona.telefono,
  email: persona.correo,
  contrasena: persona.contrasena,
});

/** The administrator ensured at start (ADMIN_EMAIL / ADMIN_PASSWORD): its credentials follow the
 * same email and password rules as any account. */
export const CredencialesAdminSchema = v.pick(PersonaSchema, ['correo', 'contrasena']);

/** POST /api/psicologo/registro body (spec 1 §7). */
export function registroPsicologoSchema(hoy: string) {
  return cuerpo({
    ...persona,
    fecha_nacimiento: fechaNacimientoSchema(hoy),
    especialidad: especialidadSchema,
    cedula: cedulaSchema,
    aceptaTerminos: aceptaTerminosSchema,
  });
}
export type RegistroPsicologoBody = v.InferInput<ReturnType<typeof registroPsicologoSchema>>;

/** The registration form's fields (spec 1 §5), with the confirmation the API does not receive. */
export function formularioRegistroSchema(hoy: string) {
  return v.pipe(
    cuerpo({
      ...v.omit(PersonaSchema, ['telefono']).entries,
      fecha_nacimiento: fechaNacimientoSchema(hoy),
      especialidad: especialidadSchema,
      // The form's own names for two fields (spec 1 §5); the request maps them back.
      cedulaProfesional: cedulaSchema,
      numTelefonico: persona.telefono,
      confirmarContrasena: v.pipe(v.optional(v.string(MSG.confirmarObligatorio), ''), v.nonEmpty(MSG.confirmarObligatorio)),
      aceptaTerminos: aceptaTerminosSchema,
    }),
    v.forward(
      v.partialCheck([['contrasena'], ['confirmarContrasena']], (d) => d.contrasena === d.confirmarContrasena, MSG.contrasenasNoCoinciden),
      ['confirmarContrasena'],
    ),
  );
}

/** Login fields of both kinds of account (the psychologist's `correo` is the patient's `email`). */
const correoDeLogin = v.pipe(
  v.optional(v.string(MSG.loginCamposObligatorios), ''),
  v.trim(),
  v.nonEmpty(MSG.loginCamposObligatorios),
  v.toLowerCase(),
  v.email(MSG.correoInvalido),
);
const contrasenaDeLogin = v.pipe(
  v.optional(v.string(MSG.loginCamposObligatorios), ''),
  v.nonEmpty(MSG.loginCamposObligatorios),
  v.maxLength(128, MSG.textoLargo),
);

export const loginSchema = cuerpo({
  correo: correoDeLogin,
  contrasena: contrasenaDeLogin,
});
export type LoginBody = v.InferInput<typeof loginSchema>;

export const reenviarActivacionSchema = cuerpo({
  correo: v.pipe(
    v.optional(v.string(MSG.reenvioSinCorreo), ''),
    v.trim(),
    v.nonEmpty(MSG.reenvioSinCorreo),
    v.toLowerCase(),
    v.email(MSG.correoInvalido),
  ),
});

export const recuperarSchema = cuerpo({
  correoOTelefono: v.pipe(
    v.optional(v.string(MSG.recuperacionObligatorio), ''),
    v.trim(),
    v.nonEmpty(MSG.recuperacionObligatorio),
    v.check((s) => /^\d{10}$/.test(s) || v.is(v.pipe(v.string(), v.email()), s), MSG.recuperacionInvalido),
  ),
});

export const restablecerSchema = cuerpo({ nuevaContrasena: contrasenaSchema });

export const formularioRestablecerSchema = v.pipe(
  cuerpo({
    nuevaContrasena: contrasenaSchema,
    confirmarContrasena: v.pipe(v.optional(v.string(MSG.confirmarObligatorio), ''), v.nonEmpty(MSG.confirmarObligatorio)),
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

/** POST /api/paciente/registro (mobile app) without its consent field: `registroPacienteSchema` in
 * cuentas-consentimiento.ts adds it (kept apart so the web's first load does not carry the consent schemas). */
export function registroPacienteBaseSchema(hoy: string) {
  return cuerpo({
    ...PersonaPacienteSchema.entries,
    fecha_nacimiento: fechaNacimientoSchema(hoy, 120),
    codigo_vinculacion: v.pipe(
      v.optional(v.string(MSG.codigoObligatorio), ''),
      v.trim(),
      v.nonEmpty(MSG.codigoObligatorio),
      v.check(caracteresValidos, MSG.caracteresInvalidos),
      v.toUpperCase(),
      v.maxLength(20, MSG.codigoDesconocido),
    ),
  });
}

export const loginPacienteSchema = cuerpo({
  email: correoDeLogin,
  contrasena: contrasenaDeLogin,
});

// ---- Responses ----

/** What a psychologist's login answers, as its response schema (cuentas-respuestas) declares it. */
export type UsuarioSesion = v.InferOutput<typeof UsuarioSesionSchema>;
export type LoginRespuesta = v.InferOutput<typeof LoginRespuestaSchema>;

/** JWT payload of a psychologist or administrator (spec 1 §3) plus the revocation id. */
export interface TokenPsicologo {
  tipo: 'psicologo';
  id_psicologo: number;
  correo: string;
  nombre: string;
  apellido: string;
  rol_admin: boolean;
  jti: string;
  iat: number;
  exp: number;
}

export interface TokenPaciente {
  tipo: 'paciente';
  id_paciente: number;
  nombre: string;
  apellido: string;
  jti: string;
  iat: number;
  exp: number;
}

export type TokenPayload = TokenPsicologo | TokenPaciente;

/** Texts of the account answers that no form shows (server replies, the activation page). */
export const MSG_CUENTA = {
  correoPacienteDuplicado: 'Ya existe una cuenta registrada con ese correo',
  correoNoEnviado: 'No pudimos enviar el correo de activación. Inténtalo de nuevo en unos minutos.',
  psicologoSinVinculacion:
    'Tu psicólogo aún no puede vincular nuevos pacientes. Pídele que complete la validación de su cédula profesional.',
  paginaActivacionExito: 'Tu cuenta fue activada. Ya puedes iniciar sesión en la app MiDuelo.',
} as const;

/** The administrator's answers on accounts (spec 2 §7). */
export const MSG_ADMIN = {
  propiaCuenta: 'No puedes deshabilitar tu propia cuenta',
  psicologoNoEncontrado: 'Psicólogo no encontrado',
  pacienteNoEncontrado: 'Paciente no encontrado',
  cuentaHabilitada: 'Cuenta habilitada correctamente',
  cuentaDeshabilitada: 'Cuenta deshabilitada correctamente',
  estadoInvalido: 'El estado debe ser activo o inactivo',
  idInvalido: 'Identificador no válido',
} as const;
