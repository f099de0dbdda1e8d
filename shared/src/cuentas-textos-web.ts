// Account screen texts of spec 1 §8 that only the web client shows. Kept here, beside the MSG
// catalogue of cuentas.ts, so that the client and the browser tests read the same strings.

export const TEXTOS_CUENTA = {
  /** The reset link's check did not reach the server (decision 256): not "invalid", try again. */
  enlaceSinComprobar: 'No pudimos comprobar el enlace. Revisa tu conexión e inténtalo de nuevo.',
  bienvenidoTitulo: 'Bienvenido',
  cuentaNoActivadaTitulo: 'Cuenta No Activada',
  reenviarActivacionPregunta: '¿Deseas que reenviemos el correo de activación?',
  correoEnviadoTitulo: 'Correo Enviado',
  accesoLimitadoTitulo: 'Acceso Limitado',
  validacionPendienteTitulo: 'Validación Pendiente',
  registroExitosoTitulo: 'Registro exitoso',
  registroExitosoTexto:
    'Revisa tu correo electrónico: te enviamos el enlace para activar tu cuenta (expira en 48 horas) o, si ya tenías una cuenta con esos datos, cómo entrar.',
  activacionSinToken: 'Token de activación no válido',
  activacionError: 'Error al activar la cuenta',
  restablecerError: 'Error al restablecer la contraseña',
} as const;

/** 'Validación Pendiente' text (spec 1 §8), shown when 3 days or fewer remain. */
export function textoValidacionPendiente(dias: number): string {
  return `Tu cédula aún no ha sido validada. Te quedan ${dias} días de acceso completo.`;
}
