// Which failed answers end the session, for both apps (decision 314). The server ends a session
// with 401 (expired, revoked, account disabled). A 403 is either a refusal of this one action —
// said where the user acted, the session goes on — or a token that cannot be used here at all.
// Every 403 code the server sends is in one of the two lists (tests/unit/politica-sesion.test.ts
// reads server/src and fails on a code in neither): a new code is a decision, not an accident.

/** 403 refusals of one action: the session goes on. */
export const CODIGOS_403_RECHAZO = [
  // A limited account (unvalidated licence after the grace period) or a psychologist who cannot
  // take appointments now (disabled, not activated).
  'CUENTA_LIMITADA',
  'PSICOLOGO_INACTIVO',
  // A stale anti-forgery cookie: renewed once and sent again (nucleo/http.ts).
  'XSRF',
  // Forums: not a participant or moderator, or a psychologist joining as a member.
  'FORO_PERMISO',
  'FORO_PSICOLOGO',
  // Read-only chat (now a 409; older servers answered 403).
  'CHAT_SOLO_LECTURA',
  // Login and registration answers, read where they were asked.
  'CUENTA_NO_ACTIVADA',
  // Supervision (issue 55): no opening with a reason yet, or it lapsed; the administrator is asked
  // for a motive and a reason again.
  'SUPERVISION_SIN_APERTURA',
  'SUPERVISION_VENCIDA',
  // Two-step verification required for this account (decision 382): it cannot be removed; said in
  // the dialog that asked.
  'MFA_OBLIGATORIA',
] as const;

/** 403s that say this token cannot act here: the wrong kind of account, an inactive account, a
 * resource of another psychologist. The clients never ask for these through their screens, so such
 * an answer means the session in this browser is not the one the screen was built for. A 403
 * without a code counts as one of these. */
export const CODIGOS_403_SESION = [
  'PROHIBIDO',
  'OTRO_PSICOLOGO',
  'CUENTA_INACTIVA',
  'SOLO_PACIENTES',
  'SOLO_PSICOLOGOS',
  'SOLO_ADMINISTRADORES',
] as const;

const RECHAZOS: ReadonlySet<string> = new Set(CODIGOS_403_RECHAZO);

/** Whether an answer to a request made with the session's token means the session is gone. */
export function terminaSesion(status: number, code: string | undefined | null): boolean {
  if (status === 401) return true;
  return status === 403 && !RECHAZOS.has(code ?? '');
}
