import * as v from 'valibot';
import { caracteresValidos, textoDeNombre } from './comun';
import { CEDULA_MAX_DIGITOS, CEDULA_MIN_DIGITOS, EDAD_MAXIMA, EDAD_MINIMA } from './constants';
import { mensajeContrasena } from './contrasena';
import { MSG_GENERICO } from './errores';
import { edadEnAnios, esFechaIso } from './fechas';

export const MSG = {
  nombreObligatorio: 'El nombre es obligatorio',
  nombreCorto: 'El nombre debe tener al menos 2 caracteres',
  apellidoPaternoObligatorio: 'El apellido paterno es obligatorio',
  apellidoCorto: 'Debe tener al menos 2 caracteres',
  textoLargo: 'El texto es demasiado largo',
  caracteresInvalidos: 'El texto contiene caracteres no válidos',
  caracteresNombre: 'El nombre no puede contener caracteres de control ni marcas invisibles de dirección del texto',
  apellidoMaternoInvalido: 'El apellido materno no es válido',
  fechaNacimientoObligatoria: 'La fecha de nacimiento es obligatoria',
  fechaNacimientoInvalida: 'La fecha de nacimiento no es válida',
  edadHint: 'Debes tener entre 18 y 90 años',
  especialidadObligatoria: 'La especialidad es obligatoria',
  especialidadCorta: 'Debe tener al menos 3 caracteres',
  cedulaObligatoria: 'La cédula profesional es obligatoria',
  cedulaInvalida: 'La cédula debe tener entre 7 y 10 dígitos',
  telefonoObligatorio: 'El teléfono es obligatorio',
  telefonoInvalido: 'El teléfono debe tener exactamente 10 dígitos',
  correoObligatorio: 'El correo es obligatorio',
  correoInvalido: 'El formato del correo no es válido',
  contrasenaObligatoria: 'La contraseña es obligatoria',
  confirmarObligatorio: 'Debes confirmar la contraseña',
  contrasenasNoCoinciden: 'Las contraseñas no coinciden',
  aceptaTerminos: 'Debes aceptar los términos y condiciones para registrarte',
  formularioInvalido: 'Por favor completa todos los campos correctamente',
  contrasenaGenerada: 'Contraseña segura generada',
  loginCamposObligatorios: 'Todos los campos son obligatorios',
  recuperacionObligatorio: 'Por favor ingresa tu correo electrónico o teléfono',
  recuperacionInvalido: 'Ingresa un correo válido o un teléfono de 10 dígitos',
  reenvioSinCorreo: 'Por favor ingresa tu correo electrónico',
  codigoObligatorio: 'El código de vinculación es obligatorio',
  // Server answers
  credencialesInvalidas: 'Correo o contraseña incorrectos',
  cuentaNoActivada: 'Tu cuenta aún no ha sido activada. Revisa tu correo electrónico para activarla.',
  cuentaInactiva: 'Tu cuenta está deshabilitada. Contacta al administrador.',
  correoDuplicado: 'Ya existe una cuenta registrada con ese correo',
  cedulaDuplicada: 'Ya existe una cuenta registrada con esa cédula profesional',
  registroExitoso:
    'Registro recibido. Revisa tu correo electrónico: te enviamos el enlace para activar tu cuenta o, si ya tenías una cuenta con esos datos, cómo entrar.',
  activacionExitosa: 'Cuenta activada exitosamente',
  tokenActivacionInvalido: 'El enlace de activación no es válido o ya fue utilizado',
  tokenActivacionExpirado: 'El enlace de activación ha expirado. Solicita uno nuevo.',
  reenvioRespuesta: 'Si existe una cuenta pendiente de activación con ese correo, te enviamos un nuevo enlace.',
  recuperacionCorreo: 'Si existe una cuenta con ese correo, recibirás instrucciones para recuperar tu contraseña.',
  recuperacionTelefono: 'Se ha enviado un correo de recuperación al email registrado con ese número telefónico.',
  tokenRestablecerInvalido: 'El enlace de recuperación no es válido o ha expirado',
  restablecerExitoso: 'Tu contraseña ha sido restablecida exitosamente. Ya puedes iniciar sesión.',
  sesionCerrada: 'Sesión cerrada',
  codigoDesconocido: 'El código de vinculación no corresponde a ningún psicólogo',
  advertenciaLimitada:
    'Tu cédula profesional aún no ha sido validada y el periodo de acceso completo terminó. Puedes consultar tu agenda, pacientes y chats, pero no registrar nuevos pacientes ni crear citas o foros hasta que un administrador valide tu cédula.',
  cuentaLimitadaAccion: 'Tu cuenta tiene acceso limitado hasta que un administrador valide tu cédula profesional.',
  demasiadosIntentos: 'Demasiados intentos. Espera un momento antes de volver a intentarlo.',
  noAutenticado: 'Debes iniciar sesión para continuar',
  sesionInvalida: 'Tu sesión no es válida o ha expirado',
  soloAdministradores: 'Esta acción es solo para administradores',
  soloPsicologos: 'Esta acción es solo para psicólogos',
  soloPacientes: 'Esta acción es solo para pacientes',
  xsrf: 'La solicitud no incluye el encabezado de seguridad. Recarga la página e inténtalo de nuevo.',
} as const;

/** A 429 answer that says how long to wait (the Retry-After header carries the seconds). */
export function mensajeDemasiadosIntentos(segundos: number): string {
  const minutos = Math.max(1, Math.ceil(segundos / 60));
  return `Demasiados intentos. Espera ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'} antes de volver a intentarlo.`;
}

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
 * consentimiento.ts adds it (kept apart so the web's first load does not carry the consent schemas). */
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

export interface UsuarioSesion {
  id_psicologo: number;
  nombre: string;
  apellidoPaterno: string;
  apellidoMaterno: string | null;
  correo: string;
  rol_admin: boolean;
  cedula_validada: boolean;
  codigo_vinculacion: string;
}

export interface LoginRespuesta {
  token: string;
  usuario: UsuarioSesion;
  cuenta_limitada: boolean;
  advertencia: string | null;
  diasRestantesValidacion: number | null;
}

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
