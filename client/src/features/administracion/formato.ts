export const nombreDe = (...partes: (string | null | undefined)[]) => partes.filter(Boolean).join(' ');

/** Accents and case ignored: what the admin filters compare. */
export const normalizar = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Table row colours of spec 2 §2 (rows of both admin tables). */
export const FILA = {
  verde: 'bg-confirmada-fondo/45 hover:bg-confirmada-fondo/70',
  amarilla: 'bg-pendiente-fondo/55 hover:bg-pendiente-fondo/80',
  roja: 'bg-cancelada-fondo/55 hover:bg-cancelada-fondo/80',
} as const;
