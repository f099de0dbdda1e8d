// Required two-step verification (issue 56, decision 382): MFA_OBLIGATORIA=admin|todos|ninguna. An
// account that must and has no factor enrols right after its password, before anything else.
import * as v from 'valibot';
import { MSG_GENERICO } from './errores';
import { CodigoTotpSchema, MSG_MFA } from './mfa';

export const MSG_MFA_OBLIGATORIA = {
  titulo: 'Activa la verificación en dos pasos',
  explicacion:
    'Tu cuenta puede abrir expedientes clínicos, así que MiDuelo pide un segundo paso además de tu contraseña. Actívalo ahora para continuar; solo toma un minuto.',
  pasoApp: '1. Instala una app de autenticación en tu teléfono (Google Authenticator, Microsoft Authenticator, 1Password u otra).',
  pasoEscanear: '2. Escanea este código QR con esa app.',
  pasoCodigo: '3. Escribe el código de 6 dígitos que muestra la app.',
  activarYEntrar: 'Activar y entrar',
  continuar: 'Continuar a MiDuelo',
  yaInscrita: 'La verificación en dos pasos ya está activa en tu cuenta. Vuelve a iniciar sesión y escribe el código de tu app.',
  noSePuedeQuitar:
    'Tu cuenta requiere la verificación en dos pasos: no puedes desactivarla. Si perdiste tu app, genera códigos de recuperación nuevos o pide ayuda a otra persona administradora.',
  requerida: 'Tu cuenta requiere la verificación en dos pasos.',
  conLlave: 'Tu segundo paso es tu llave de acceso. Si quieres, agrega también una app de autenticación.',
} as const;

/** POST /api/psicologo/iniciar-sesion/inscripcion: the pending token of the password step. */
export const IniciarInscripcionObligatoriaBody = v.object(
  {
    token_mfa: v.pipe(
      v.string(MSG_MFA.pendienteInvalido),
      v.nonEmpty(MSG_MFA.pendienteInvalido),
      v.maxLength(2000, MSG_MFA.pendienteInvalido),
    ),
  },
  MSG_GENERICO.cuerpoInvalido,
);
/** POST /api/psicologo/iniciar-sesion/inscripcion/confirmar: the token and the app's first code. */
export const ConfirmarInscripcionObligatoriaBody = v.object(
  { ...IniciarInscripcionObligatoriaBody.entries, codigo: CodigoTotpSchema },
  MSG_GENERICO.cuerpoInvalido,
);
export type ConfirmarInscripcionObligatoria = v.InferInput<typeof ConfirmarInscripcionObligatoriaBody>;
