// Spanish texts of profile and password changes (spec 2 §2, §4, §5, §7, §8), without valibot: the
// patient's app imports them from a lazy screen without pulling the schemas (docs/decisions/187).
export const MSG_PERFIL = {
  perfilActualizado: 'Perfil actualizado exitosamente',
  errorPerfil: 'Error al actualizar el perfil',
  contrasenaActualizada: 'Contraseña actualizada exitosamente',
  errorContrasena: 'Error al cambiar la contraseña',
  contrasenaActualObligatoria: 'La contraseña actual es obligatoria',
  confirmarNuevaObligatoria: 'Debes confirmar la nueva contraseña',
  contrasenaActualIncorrecta: 'La contraseña actual es incorrecta',
  contrasenaIgual: 'La nueva contraseña debe ser distinta de la actual',
  direccionLarga: 'La dirección no puede exceder 300 caracteres',
  correoCambiado: 'Tu correo fue actualizado. Inicia sesión de nuevo con tu nuevo correo.',
  correoIgual: 'El nuevo correo es igual al actual',
  cambioCorreoSolicitado: 'Te enviamos un enlace a tu nuevo correo. Ábrelo para confirmar el cambio.',
  tokenCambioCorreoInvalido: 'El enlace de cambio de correo no es válido o ha expirado',
  correoOcupado: 'Ya existe una cuenta registrada con ese correo',
} as const;

/** The profile's role badge (spec 2 §2: 'Administrador or Psicologo'). No field records the
 * person's gender, so the badge names the role's field, which reads right for anyone (decision 348). */
export const ROL_CUENTA = { admin: 'Administración', psicologo: 'Psicología' } as const;

/** Spec 8: after an email change the session ends 2 s later and the user goes to /iniciar-sesion. */
export const CIERRE_TRAS_CAMBIO_CORREO_MS = 2000;
