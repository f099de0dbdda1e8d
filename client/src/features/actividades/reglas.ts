// Filters, sorting and counts of the Actividades tab (spec 2 §2, §5): pure, shared by the tab's
// components and unit-tested.
import { type Asignacion, masRecienteAsignacion, PESO_PRIORIDAD } from '@miduelo/shared/actividades';

export interface FiltrosActividades {
  texto: string;
  estado: 'todos' | 'en_proceso' | 'finalizada';
  prioridad: 'todas' | 'alta' | 'media' | 'baja';
  orden: 'fecha_limite' | 'prioridad' | 'titulo';
  soloConEvidencia: boolean;
}

export const FILTROS_INICIALES: FiltrosActividades = {
  texto: '',
  estado: 'todos',
  prioridad: 'todas',
  orden: 'fecha_limite',
  soloConEvidencia: false,
};

/** Search covers title, description and personalized instructions, case-insensitively. */
function coincide(a: Asignacion, texto: string): boolean {
  const t = texto.trim().toLocaleLowerCase('es');
  if (!t) return true;
  return [a.actividad.titulo, a.actividad.descripcion, a.instrucciones_personalizadas].some((x) => x?.toLocaleLowerCase('es').includes(t));
}

/** Priority weights alta 3, media 2, baja 1; deadline puts later deadlines first and missing ones last. */
function porCriterio(orden: FiltrosActividades['orden'], a: Asignacion, b: Asignacion): number {
  if (orden === 'prioridad') return PESO_PRIORIDAD[b.prioridad] - PESO_PRIORIDAD[a.prioridad];
  if (orden === 'titulo') return a.actividad.titulo.localeCompare(b.actividad.titulo, 'es');
  if (a.fecha_limite === b.fecha_limite) return 0;
  if (a.fecha_limite === null) return 1;
  if (b.fecha_limite === null) return -1;
  return a.fecha_limite < b.fecha_limite ? 1 : -1;
}

/** The chosen sort, then the server's order (newest assignment first) among equals: a total order,
 * so a row keeps its place when it changes. */
function comparar(orden: FiltrosActividades['orden']) {
  return (a: Asignacion, b: Asignacion): number => porCriterio(orden, a, b) || masRecienteAsignacion(a, b);
}

export function filtrar(lista: Asignacion[], f: FiltrosActividades): Asignacion[] {
  return lista
    .filter(
      (a) =>
        coincide(a, f.texto) &&
        (f.estado === 'todos' || a.estado === f.estado) &&
        (f.prioridad === 'todas' || a.prioridad === f.prioridad) &&
        (!f.soloConEvidencia || a.total_evidencias > 0),
    )
    .sort(comparar(f.orden));
}

export function contar(lista: Asignacion[]) {
  return {
    total: lista.length,
    enProceso: lista.filter((a) => a.estado === 'en_proceso').length,
    finalizadas: lista.filter((a) => a.estado === 'finalizada').length,
    conEvidencia: lista.filter((a) => a.total_evidencias > 0).length,
  };
}

/** Catalogue search: title, description or type, case-insensitively; filter todas/obligatorias/personalizadas/modulo. */
export function filtrarCatalogo<
  T extends { titulo: string; descripcion: string | null; tipo: string; obligatoria: boolean; origen: string },
>(lista: T[], texto: string, filtro: string): T[] {
  const t = texto.trim().toLocaleLowerCase('es');
  return lista.filter(
    (p) =>
      (!t || [p.titulo, p.descripcion, p.tipo].some((x) => x?.toLocaleLowerCase('es').includes(t))) &&
      (filtro === 'todas' ||
        (filtro === 'obligatorias' && p.obligatoria) ||
        (filtro === 'personalizadas' && p.origen === 'personalizada') ||
        (filtro === 'modulo' && p.origen === 'modulo')),
  );
}

/** Patient search in the assign modal: name, paternal or maternal surname, email. */
export function coincidePaciente(
  p: { nombre: string; apellido_paterno: string; apellido_materno: string | null; email: string },
  texto: string,
): boolean {
  const t = texto.trim().toLocaleLowerCase('es');
  if (!t) return true;
  return [p.nombre, p.apellido_paterno, p.apellido_materno, p.email].some((x) => x?.toLocaleLowerCase('es').includes(t));
}

/** 'yyyy-MM-dd' of the day after a date. */
export function diaSiguiente(fecha: string): string {
  const d = new Date(`${fecha}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
