// The account texts that other domains quote (agenda reuses `caracteresInvalidos`), apart from the
// account schemas so that importing a text does not bring the registration forms (bundle budget).

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
  fechaNacimientoFutura: 'La fecha de nacimiento no puede ser posterior a hoy',
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
