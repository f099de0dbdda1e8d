// Dates as a patient reads them, in the clinic's zone (index.html carries it, decision 011).

export function zonaClinica(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="miduelo-zona-clinica"]')?.content || 'America/Mexico_City';
}

/** Today's date (YYYY-MM-DD) in the clinic. */
export function hoyClinica(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zonaClinica(), year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

/** The time (HH:MM) now in the clinic. */
export function horaClinica(): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zonaClinica(), hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(),
  );
}

export function sumarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** "martes 24 de noviembre" */
export function fechaLarga(fecha: string): string {
  return new Intl.DateTimeFormat('es-MX', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${fecha}T12:00:00Z`),
  );
}

export const hora = (h: string) => h.slice(0, 5);

/** "14:05" of an ISO instant, in the clinic's zone. */
export function horaDe(iso: string): string {
  return new Intl.DateTimeFormat('es-MX', { timeZone: zonaClinica(), hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(iso),
  );
}
