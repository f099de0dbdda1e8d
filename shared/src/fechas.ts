// Pure date helpers shared by the forms and the server. Dates are 'yyyy-MM-dd' strings so that
// "today" is always the caller's decision (the clinic's zone), never the machine's UTC clock.

export function edadEnAnios(fechaNacimiento: string, hoy: string): number {
  const [ay, am, ad] = fechaNacimiento.split('-').map(Number);
  const [hy, hm, hd] = hoy.split('-').map(Number);
  let edad = hy - ay;
  if (hm < am || (hm === am && hd < ad)) edad -= 1;
  return edad;
}

export function esFechaIso(valor: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(valor)) return false;
  const [y, m, d] = valor.split('-').map(Number);
  const fecha = new Date(Date.UTC(y, m - 1, d));
  return fecha.getUTCFullYear() === y && fecha.getUTCMonth() === m - 1 && fecha.getUTCDate() === d;
}

// Building an Intl.DateTimeFormat costs tens of microseconds (it loads the zone's rules): one per
// zone is kept and reused (decision 220; momentoClinica runs on every list request).
const formatosFecha = new Map<string, Intl.DateTimeFormat>();
const formatosHora = new Map<string, Intl.DateTimeFormat>();

function formatoDe(cache: Map<string, Intl.DateTimeFormat>, zona: string, crear: () => Intl.DateTimeFormat) {
  let f = cache.get(zona);
  if (!f) {
    f = crear();
    cache.set(zona, f);
  }
  return f;
}

/** 'yyyy-MM-dd' of an instant in a given IANA time zone. */
export function fechaEnZona(instante: Date, zona: string): string {
  return formatoDe(
    formatosFecha,
    zona,
    () => new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(instante);
}

/** 'HH:mm' of an instant in a given IANA time zone. */
export function horaEnZona(instante: Date, zona: string): string {
  const partes = formatoDe(
    formatosHora,
    zona,
    () => new Intl.DateTimeFormat('en-GB', { timeZone: zona, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ).formatToParts(instante);
  const h = partes.find((p) => p.type === 'hour')?.value ?? '00';
  const m = partes.find((p) => p.type === 'minute')?.value ?? '00';
  return `${h}:${m}`;
}

/** Relative time of spec 1 §9: 'Ahora', 'Nm', 'Nh', 'Nd', otherwise dd/MM — the day in `zona` when
 * given (the clinic's, as every screen shows instants), else in the machine's zone. */
export function tiempoRelativo(fecha: Date | string, ahora: Date = new Date(), zona?: string): string {
  const instante = typeof fecha === 'string' ? new Date(fecha) : fecha;
  const segundos = Math.floor((ahora.getTime() - instante.getTime()) / 1000);
  if (segundos < 60) return 'Ahora';
  const minutos = Math.floor(segundos / 60);
  if (minutos < 60) return `${minutos}m`;
  const horas = Math.floor(minutos / 60);
  if (horas < 24) return `${horas}h`;
  const dias = Math.floor(horas / 24);
  if (dias < 7) return `${dias}d`;
  if (zona) return formatoFecha(fechaEnZona(instante, zona)).slice(0, 5);
  const dd = String(instante.getDate()).padStart(2, '0');
  const mm = String(instante.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}`;
}

/** dd/MM/yyyy of a 'yyyy-MM-dd' date. */
export function formatoFecha(fecha: string): string {
  const [y, m, d] = fecha.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
