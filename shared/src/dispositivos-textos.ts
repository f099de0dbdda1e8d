// Open sessions and devices of an account (issue 56, decisions 380–381): the texts the web
// profile, the patient's app and the server share. No valibot here: the app shows them without
// loading the schemas (decision 187).

export const MSG_DISPOSITIVOS = {
  titulo: 'Dispositivos con sesión abierta',
  descripcion:
    'Estos son los dispositivos donde tu cuenta tiene una sesión abierta. Si no reconoces alguno, ciérralo y cambia tu contraseña.',
  esteDispositivo: 'Este dispositivo',
  soloEste: 'Solo este dispositivo tiene una sesión abierta.',
  cargando: 'Cargando dispositivos…',
  errorCarga: 'No se pudieron cargar tus dispositivos. Intenta de nuevo.',
  reintentar: 'Reintentar',
  cerrar: 'Cerrar sesión',
  cerrarEn: (d: string) => `Cerrar sesión en ${d}`,
  cerrarOtras: 'Cerrar todas las demás',
  confirmarCerrarOtras: '¿Cerrar la sesión en todos los demás dispositivos? Este seguirá abierto.',
  confirmar: 'Sí, cerrar',
  cancelar: 'Cancelar',
  cerrada: 'Sesión cerrada en ese dispositivo.',
  cerradas: (n: number) => (n === 1 ? 'Cerramos 1 sesión.' : `Cerramos ${n} sesiones.`),
  ultimoUso: 'Último uso',
  abierta: 'Abierta',
  lugar: 'Lugar',
  noEncontrada: 'Esa sesión ya no está abierta.',
  esLaActual: 'Esta es la sesión de este dispositivo: para cerrarla usa «Cerrar sesión».',
  identificadorInvalido: 'Identificador de sesión no válido.',
} as const;

/** Where a session was opened from, said of its address. Without a GeoIP database no city is
 * resolved (decision 381): a private or loopback address is the local network, any other is shown. */
export const LUGAR_RED_LOCAL = 'Red local';

/** When a session was used, as the list says it: "Ahora", "Hace 5 min", "Hace 3 h", else the date
 * and hour in the device's own zone (the owner reads her own devices' times). */
export function cuandoLegible(iso: string, ahora: Date = new Date()): string {
  const t = new Date(iso);
  const min = Math.floor((ahora.getTime() - t.getTime()) / 60_000);
  if (min < 1) return 'Ahora';
  if (min < 60) return `Hace ${min} min`;
  if (min < 24 * 60) return `Hace ${Math.floor(min / 60)} h`;
  return new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    t,
  );
}
