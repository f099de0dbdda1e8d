// Two-step verification (issue 56, decisions 370–371): an authenticator app (TOTP, RFC 6238) and
// ten single-use recovery codes. Every text the screens and the server share, and their schemas.
import * as v from 'valibot';
import { MSG_GENERICO } from './errores';

/** Recovery codes given at enrolment and at each regeneration. */
export const CODIGOS_RECUPERACION = 10;
/** How long the password step's "second step pending" token lasts. */
export const PENDIENTE_MFA_MINUTOS = 5;
/** How long a started enrolment waits for its first code (the password was proved when it began). */
export const INSCRIPCION_MFA_MINUTOS = 10;

export const MSG_MFA = {
  titulo: 'Verificación en dos pasos',
  descripcion:
    'Además de tu contraseña, al iniciar sesión te pediremos un código de tu app de autenticación (Google Authenticator, Microsoft Authenticator, 1Password u otra).',
  activa: 'La verificación en dos pasos está activa.',
  inactiva: 'La verificación en dos pasos no está activa.',
  activar: 'Activar verificación en dos pasos',
  desactivar: 'Desactivar verificación en dos pasos',
  regenerar: 'Generar códigos de recuperación nuevos',
  codigosRestantes: (n: number) => (n === 1 ? 'Te queda 1 código de recuperación.' : `Te quedan ${n} códigos de recuperación.`),
  escanea: 'Escanea este código QR con tu app de autenticación.',
  qrAlt: 'Código QR para agregar MiDuelo a tu app de autenticación',
  secretoTexto: '¿No puedes escanearlo? Escribe esta clave en tu app:',
  confirmarInstruccion: 'Escribe el código de 6 dígitos que muestra tu app para terminar.',
  codigosTitulo: 'Tus códigos de recuperación',
  codigosInstruccion:
    'Guárdalos en un lugar seguro. Cada uno sirve una sola vez para entrar si no tienes tu app a la mano. No volveremos a mostrarlos.',
  copiar: 'Copiar códigos',
  copiados: 'Códigos copiados.',
  descargar: 'Descargar códigos',
  listo: 'Ya los guardé',
  confirmaContrasena: 'Para continuar, escribe tu contraseña.',
  activada: 'Verificación en dos pasos activada.',
  desactivada: 'Verificación en dos pasos desactivada.',
  codigosRegenerados: 'Generamos códigos de recuperación nuevos; los anteriores ya no sirven.',
  // Login's second step.
  pasoTitulo: 'Verificación en dos pasos',
  pasoInstruccion: 'Escribe el código de 6 dígitos que muestra tu app de autenticación.',
  pasoInstruccionRecuperacion: 'Escribe uno de tus códigos de recuperación. Cada código sirve una sola vez.',
  usarRecuperacion: 'Usar un código de recuperación',
  usarApp: 'Usar el código de mi app',
  etiquetaCodigo: 'Código de verificación',
  etiquetaRecuperacion: 'Código de recuperación',
  verificar: 'Verificar',
  volver: 'Volver a iniciar sesión',
  // Errors.
  codigoObligatorio: 'Escribe el código.',
  codigoFormato: 'El código tiene 6 dígitos.',
  codigoInvalido: 'El código no es correcto. Revisa tu app e inténtalo de nuevo.',
  recuperacionInvalida: 'El código de recuperación no es válido o ya se usó.',
  pendienteInvalido: 'Tu inicio de sesión expiró. Vuelve a escribir tu correo y contraseña.',
  yaActiva: 'La verificación en dos pasos ya está activa en tu cuenta.',
  noActiva: 'La verificación en dos pasos no está activa en tu cuenta.',
  sinInscripcion: 'Vuelve a empezar la activación: pasaron más de 10 minutos.',
  contrasenaIncorrecta: 'La contraseña no es correcta.',
} as const;

const cuerpo = <T extends v.ObjectEntries>(entries: T) => v.object(entries, MSG_GENERICO.cuerpoInvalido);

const contrasena = v.pipe(
  v.optional(v.string(MSG_MFA.confirmaContrasena), ''),
  v.nonEmpty(MSG_MFA.confirmaContrasena),
  v.maxLength(128, MSG_MFA.contrasenaIncorrecta),
);

/** A TOTP code as typed: spaces taken out, six digits. */
export const CodigoTotpSchema = v.pipe(
  v.optional(v.string(MSG_MFA.codigoObligatorio), ''),
  v.transform((s) => s.replace(/\s+/g, '')),
  v.nonEmpty(MSG_MFA.codigoObligatorio),
  v.regex(/^\d{6}$/, MSG_MFA.codigoFormato),
);

/** What both login forms say before sending a second-step code (null: send it): an app's code must
 * be six digits; a recovery code only not empty (the server judges the rest). */
export function errorDeCodigo(tipo: 'totp' | 'recuperacion', codigo: string): string | null {
  if (tipo === 'recuperacion') return codigo.trim() === '' ? MSG_MFA.codigoObligatorio : null;
  const r = v.safeParse(CodigoTotpSchema, codigo);
  return r.success ? null : r.issues[0].message;
}

/** A TOTP code or a recovery code (`XXXXX-XXXXX`, typed with or without the dash, any case). */
const CodigoSegundoPaso = v.pipe(
  v.optional(v.string(MSG_MFA.codigoObligatorio), ''),
  v.transform((s) => s.replace(/[\s-]+/g, '').toUpperCase()),
  v.nonEmpty(MSG_MFA.codigoObligatorio),
  v.maxLength(20, MSG_MFA.codigoInvalido),
);

/** POST /api/mfa/totp/iniciar, /api/mfa/totp/eliminar, /api/mfa/codigos/regenerar: the password again. */
export const ContrasenaRecienteBody = cuerpo({ contrasena });
/** POST /api/mfa/totp/confirmar. */
export const ConfirmarTotpBody = cuerpo({ codigo: CodigoTotpSchema });
/** POST /api/psicologo/iniciar-sesion/segundo-paso and /api/paciente/iniciar-sesion/segundo-paso. */
export const SegundoPasoBody = cuerpo({
  token_mfa: v.pipe(
    v.string(MSG_MFA.pendienteInvalido),
    v.nonEmpty(MSG_MFA.pendienteInvalido),
    v.maxLength(2000, MSG_MFA.pendienteInvalido),
  ),
  codigo: CodigoSegundoPaso,
  /** `recuperacion` when the code is a recovery code. */
  tipo: v.optional(v.picklist(['totp', 'recuperacion'], MSG_GENERICO.cuerpoInvalido), 'totp'),
});
export type SegundoPasoEntrada = v.InferInput<typeof SegundoPasoBody>;

/** The password step's answer (202) when the account has a second step. */
export const PendienteMfaRespuesta = v.object({
  mfa_requerida: v.literal(true),
  /** The account must enrol before anything else (MFA_OBLIGATORIA, decision 382): the token only enrols. */
  inscripcion_requerida: v.optional(v.literal(true)),
  token_mfa: v.string(),
  metodos: v.array(v.string()),
});
export type PendienteMfa = v.InferOutput<typeof PendienteMfaRespuesta>;

export const EstadoMfaRespuesta = v.object({
  /** The account must keep a second step (MFA_OBLIGATORIA): it cannot be removed. */
  obligatoria: v.boolean(),
  totp_activo: v.boolean(),
  activado_en: v.nullable(v.string()),
  /** Passkeys of the account (another second step, decision 374). */
  llaves: v.number(),
  codigos_restantes: v.number(),
});
export type EstadoMfa = v.InferOutput<typeof EstadoMfaRespuesta>;

export const InscripcionTotpRespuesta = v.object({ secreto: v.string(), uri: v.string(), qr: v.string() });
export type InscripcionTotp = v.InferOutput<typeof InscripcionTotpRespuesta>;

export const CodigosRecuperacionRespuesta = v.object({ msg: v.string(), codigos: v.array(v.string()) });
export type CodigosRecuperacion = v.InferOutput<typeof CodigosRecuperacionRespuesta>;

/** Whether a login answer is the password step's "second step pending". */
export function esPendienteMfa(r: unknown): r is PendienteMfa {
  return typeof r === 'object' && r !== null && (r as { mfa_requerida?: unknown }).mfa_requerida === true;
}
