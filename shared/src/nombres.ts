/** A person's parts of the name, as patients and psychologists carry them in the API. */
interface PartesNombre {
  nombre: string;
  apellido_paterno: string;
  apellido_materno?: string | null;
}

/** "Lucía Ramírez Ortega": the maternal surname is optional; blank parts are left out. */
export function nombreCompleto(p: PartesNombre | null | undefined): string {
  if (!p) return '';
  return [p.nombre, p.apellido_paterno, p.apellido_materno]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
}
