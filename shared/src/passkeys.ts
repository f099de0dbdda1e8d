// Passkeys (issue 56, decisions 374–375): WebAuthn credentials that stand in for the password at
// login, or serve as its second step. Every text the screens and the server share, and the schemas.
import * as v from 'valibot';
import { MSG_GENERICO } from './errores';
import { MSG_MFA } from './mfa';

/** How long a challenge handed to the browser waits for its answer. */
export const RETO_WEBAUTHN_MINUTOS = 5;
/** The longest name a passkey may have. */
export const NOMBRE_LLAVE_MAX = 60;
/** Passkeys one account may hold. */
export const LLAVES_MAX = 10;

export const MSG_LLAVES = {
  titulo: 'Llaves de acceso',
  descripcion:
    'Una llave de acceso usa el bloqueo de tu dispositivo (huella, rostro o PIN) para entrar sin escribir tu contraseña. También sirve como segundo paso.',
  ninguna: 'Aún no tienes llaves de acceso.',
  agregar: 'Agregar llave de acceso',
  nombreEtiqueta: 'Nombre de la llave',
  nombreAyuda: 'Para reconocerla después, por ejemplo «Laptop del consultorio».',
  continuar: 'Continuar',
  creada: (fecha: string) => `Creada el ${fecha}`,
  usada: (fecha: string) => `Último uso: ${fecha}`,
  sinUso: 'Aún sin usar',
  renombrar: 'Cambiar nombre',
  guardar: 'Guardar',
  eliminar: 'Eliminar',
  eliminarTitulo: 'Eliminar llave de acceso',
  eliminarConfirmar: (nombre: string) =>
    `Ya no podrás entrar con «${nombre}». Si la borras también de tu dispositivo, hazlo desde su configuración.`,
  agregada: 'Llave de acceso agregada.',
  renombrada: 'Nombre actualizado.',
  eliminada: 'Llave de acceso eliminada.',
  entrar: 'Entrar con llave de acceso',
  usarLlave: 'Usar una llave de acceso',
  pasoInstruccionLlave: 'Usa tu llave de acceso: tu dispositivo te pedirá tu huella, rostro o PIN.',
  esperando: 'Esperando tu llave de acceso…',
  // Errors.
  nombreObligatorio: 'Escribe un nombre para la llave.',
  nombreLargo: `El nombre puede tener hasta ${NOMBRE_LLAVE_MAX} caracteres.`,
  respuestaInvalida: 'La respuesta de la llave de acceso no es válida. Inténtalo de nuevo.',
  retoInvalido: 'La solicitud de la llave de acceso expiró o ya se usó. Inténtalo de nuevo.',
  noReconocida: 'No reconocemos esa llave de acceso. Entra con tu correo y contraseña.',
  yaRegistrada: 'Esa llave de acceso ya está registrada.',
  demasiadas: `Puedes tener hasta ${LLAVES_MAX} llaves de acceso. Elimina una para agregar otra.`,
  noEncontrada: 'Esa llave de acceso no existe.',
  cancelada: 'No se usó la llave de acceso. Puedes intentarlo de nuevo.',
  noDisponible: 'Este navegador no admite llaves de acceso.',
  sinLlaves: 'Tu cuenta no tiene llaves de acceso.',
  contrasenaIncorrecta: MSG_MFA.contrasenaIncorrecta,
} as const;

const cuerpo = <T extends v.ObjectEntries>(entries: T) => v.object(entries, MSG_GENERICO.cuerpoInvalido);

const base64url = (max: number) =>
  v.pipe(
    v.string(MSG_LLAVES.respuestaInvalida),
    v.maxLength(max, MSG_LLAVES.respuestaInvalida),
    v.regex(/^[A-Za-z0-9_-]*$/, MSG_LLAVES.respuestaInvalida),
  );

/** What the browser's `navigator.credentials` answered, as @simplewebauthn/browser encodes it. The
 * shape is checked here; the contents (signatures, origin, challenge) by the server's library. */
const RespuestaWebauthn = v.looseObject(
  {
    id: v.pipe(base64url(1400), v.nonEmpty(MSG_LLAVES.respuestaInvalida)),
    rawId: base64url(1400),
    type: v.literal('public-key', MSG_LLAVES.respuestaInvalida),
    response: v.looseObject(
      { clientDataJSON: v.pipe(base64url(4000), v.nonEmpty(MSG_LLAVES.respuestaInvalida)) },
      MSG_LLAVES.respuestaInvalida,
    ),
    clientExtensionResults: v.optional(v.looseObject({}), {}),
  },
  MSG_LLAVES.respuestaInvalida,
);

export const NombreLlave = v.pipe(
  v.optional(v.string(MSG_LLAVES.nombreObligatorio), ''),
  v.trim(),
  v.nonEmpty(MSG_LLAVES.nombreObligatorio),
  v.maxLength(NOMBRE_LLAVE_MAX, MSG_LLAVES.nombreLargo),
);

const tokenMfa = v.pipe(
  v.string(MSG_MFA.pendienteInvalido),
  v.nonEmpty(MSG_MFA.pendienteInvalido),
  v.maxLength(2000, MSG_MFA.pendienteInvalido),
);

/** POST /api/mfa/llaves: the browser's answer to the registration options, and a name. */
export const RegistrarLlaveBody = cuerpo({ nombre: NombreLlave, respuesta: RespuestaWebauthn });
/** PATCH /api/mfa/llaves/:id. */
export const RenombrarLlaveBody = cuerpo({ nombre: NombreLlave });
export const IdLlaveParams = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, MSG_LLAVES.noEncontrada), v.transform(Number)),
});
/** POST /api/{psicologo|paciente}/llave-acceso/entrar. */
export const EntrarConLlaveBody = cuerpo({ respuesta: RespuestaWebauthn });
/** POST /api/{psicologo|paciente}/iniciar-sesion/segundo-paso/llave-opciones. */
export const OpcionesSegundoPasoBody = cuerpo({ token_mfa: tokenMfa });
/** POST /api/{psicologo|paciente}/iniciar-sesion/segundo-paso/llave. */
export const SegundoPasoLlaveBody = cuerpo({ token_mfa: tokenMfa, respuesta: RespuestaWebauthn });

/** The options handed to `startRegistration` / `startAuthentication` (their `optionsJSON`). */
// The transform keeps the response off the fast serializer (which writes declared fields only):
// the options are the library's whole object, passed through as valibot parses it.
export const OpcionesWebauthnRespuesta = v.object({
  opciones: v.pipe(
    v.looseObject({ challenge: v.string() }),
    v.transform((o) => o),
  ),
});

export const LlaveVista = v.object({
  id: v.number(),
  nombre: v.string(),
  creada_en: v.string(),
  usada_en: v.nullable(v.string()),
  respaldada: v.boolean(),
});
export type Llave = v.InferOutput<typeof LlaveVista>;
export const LlavesRespuesta = v.object({ llaves: v.array(LlaveVista) });
/** A passkey added: when it is the account's first factor, its ten recovery codes (shown once). */
export const LlaveAgregadaRespuesta = v.object({ msg: v.string(), llave: LlaveVista, codigos: v.nullable(v.array(v.string())) });
export type LlaveAgregada = v.InferOutput<typeof LlaveAgregadaRespuesta>;
