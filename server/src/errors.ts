/** A failure the client should see: an HTTP status, a stable code and a Spanish message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    msg: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(msg);
  }
}

export const badRequest = (msg: string, code = 'VALIDACION', extra?: Record<string, unknown>) => new AppError(400, code, msg, extra);
export const unauthorized = (msg: string, code = 'NO_AUTENTICADO', extra?: Record<string, unknown>) => new AppError(401, code, msg, extra);
export const forbidden = (msg: string, code = 'PROHIBIDO') => new AppError(403, code, msg);
export const notFound = (msg: string, code = 'NO_ENCONTRADO') => new AppError(404, code, msg);
export const conflict = (msg: string, code = 'CONFLICTO') => new AppError(409, code, msg);
