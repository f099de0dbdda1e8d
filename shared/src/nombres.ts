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

/** Vowels with an acute accent or a diaeresis, and the vowel each sorts as (`claveAlfabetica`). */
export const VOCALES_ACENTUADAS = 'ÁÉÍÓÚÜáéíóúü';
export const VOCALES_LLANAS = 'aeiouuaeiouu';
const LLANA = new Map([...VOCALES_ACENTUADAS].map((c, i) => [c, VOCALES_LLANAS[i] as string]));

/**
 * A name as it sorts in a Spanish list, compared by code points: an accented vowel as its plain
 * vowel ('Álvarez' among the A's), 'ñ' right after 'n' (as 'n~'), capitals as lower case — ASCII
 * only, as PostgreSQL's `lower` under `collate "C"` does. The server's query takes the same steps in
 * SQL (`ordenAlfabetico`, server/src/comun/repo), so both give one order.
 */
export function claveAlfabetica(s: string): string {
  return s
    .replace(/[ÁÉÍÓÚÜáéíóúü]/g, (c) => LLANA.get(c) ?? c)
    .replace(/[Ññ]/g, 'n~')
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
}

const porCodigo = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
type ClaveOrden = Pick<PartesNombre, 'apellido_paterno' | 'nombre'> & { id_paciente: number };

/** The order of the patient list (decision 041): paternal surname, then name, then id, each in the
 * Spanish alphabet (`claveAlfabetica`, decision 271) — the server's query and the web's live list,
 * which keeps a row changed in place where the server put it (decision 266). */
export const porApellido = (a: ClaveOrden, b: ClaveOrden) =>
  porCodigo(claveAlfabetica(a.apellido_paterno), claveAlfabetica(b.apellido_paterno)) ||
  porCodigo(claveAlfabetica(a.nombre), claveAlfabetica(b.nombre)) ||
  a.id_paciente - b.id_paciente;
