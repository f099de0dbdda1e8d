/** Error body of every API answer (ARCHITECTURE.md, API contract). */
export interface ErrorRespuesta {
  msg: string;
  code: string;
  errores?: Record<string, string>;
  error?: string;
  mensaje?: string;
  requiereActivacion?: boolean;
}

export const MSG_GENERICO = {
  servidor: 'Existe un error en el servidor',
  /** No answer at all (a dropped connection): what was sent may have been saved; saving again is safe (decision 313). */
  sinRespuesta: 'No llegó la respuesta del servidor. Revisa tu conexión y vuelve a intentarlo.',
  noEncontrado: 'Recurso no encontrado',
  rutaNoEncontrada: 'La ruta solicitada no existe',
  rutaInvalida: 'La dirección solicitada no es válida',
  baseDatos: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
  cuerpoInvalido: 'El cuerpo de la solicitud no es válido',
  demasiadoGrande: 'La solicitud es demasiado grande',
  sesionExpiradaTitulo: 'Sesión Expirada',
  sesionExpirada: 'Tu sesión ha expirado. Por favor inicia sesión nuevamente.',
  redisCaido: 'El servicio no está disponible en este momento: no hay conexión con Redis.',
  reintentar: 'Reintentar',
  enviando: 'Enviando…',
  noEnviado: 'No enviado',
} as const;
