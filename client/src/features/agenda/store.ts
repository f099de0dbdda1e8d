import type { Agenda, Cita, Disponibilidad, Excepcion } from '@miduelo/shared/citas';
import { diasDeSemana } from '@miduelo/shared/citas-tiempo';
import type { CitaCambio, ExcepcionCambio } from '@miduelo/shared/realtime-citas';
import { create } from 'zustand';
import { agendaDeSemana, citasDeAgenda, obtenerDisponibilidad, obtenerExcepciones } from '@/api/agenda';

// Live state of the agenda screen: the shown week's appointments, the availability and the
// exceptions. Fed by REST loads and by socket events; every appointment carries a version, so an
// event older than what is shown (or about an appointment already deleted) changes nothing.

interface AgendaState {
  lunes: string;
  agenda: Agenda | null;
  citas: Cita[];
  cargando: boolean;
  error: boolean;
  disponibilidad: Disponibilidad[] | null;
  excepciones: Excepcion[];
}

export const useAgenda = create<AgendaState>()(() => ({
  lunes: '',
  agenda: null,
  citas: [],
  cargando: true,
  error: false,
  disponibilidad: null,
  excepciones: [],
}));

const versiones = new Map<number, number>();
const eliminadas = new Set<number>();
/** Events received while a week is loading, replayed over the loaded list. */
let pendientes: CitaCambio[] | null = null;
let carga: AbortController | null = null;

const ordenar = (citas: Cita[]) =>
  [...citas].sort((a, b) => a.fecha.localeCompare(b.fecha) || a.hora_inicio.localeCompare(b.hora_inicio) || a.id_cita - b.id_cita);

function enSemana(fecha: string, lunes: string) {
  return fecha >= lunes && fecha <= diasDeSemana(lunes)[6];
}

function aplicarSobre(citas: Cita[], lunes: string, e: CitaCambio): Cita[] {
  const { cita } = e;
  if (e.tipo === 'eliminada') {
    eliminadas.add(cita.id_cita);
    return citas.filter((c) => c.id_cita !== cita.id_cita);
  }
  if (eliminadas.has(cita.id_cita)) return citas;
  if (cita.version < (versiones.get(cita.id_cita) ?? 0)) return citas;
  versiones.set(cita.id_cita, cita.version);
  const sin = citas.filter((c) => c.id_cita !== cita.id_cita);
  // A rescheduled appointment may leave (or enter) the shown week.
  return enSemana(cita.fecha, lunes) ? ordenar([...sin, cita]) : sin;
}

/** Applies an appointment change (a socket event, or this tab's own answer from the server). */
export function aplicarCambioCita(e: CitaCambio): void {
  pendientes?.push(e);
  const { citas, lunes } = useAgenda.getState();
  useAgenda.setState({ citas: aplicarSobre(citas, lunes, e) });
}

/** Loads (or reloads) the shown week: its agenda, created on demand, and its appointments. */
export async function cargarSemana(idPsicologo: number, lunes: string, { silencioso = false } = {}): Promise<void> {
  carga?.abort();
  const control = new AbortController();
  carga = control;
  const mismaSemana = useAgenda.getState().lunes === lunes;
  // A background resync keeps showing the week; a new week starts empty.
  useAgenda.setState({ lunes, error: false, cargando: !(mismaSemana && silencioso), ...(mismaSemana ? {} : { citas: [], agenda: null }) });
  pendientes = [];
  try {
    const { agenda } = await agendaDeSemana(idPsicologo, lunes, diasDeSemana(lunes)[6], control.signal);
    const citas = await citasDeAgenda(agenda.id_agenda, control.signal);
    if (control.signal.aborted) return;
    let lista = ordenar(citas.filter((c) => !eliminadas.has(c.id_cita)));
    for (const c of lista) versiones.set(c.id_cita, c.version);
    // What changed while the request was in flight is replayed on top of the answer.
    for (const e of pendientes ?? []) lista = aplicarSobre(lista, lunes, e);
    useAgenda.setState({ agenda, citas: lista, cargando: false });
  } catch (error) {
    if (control.signal.aborted) return;
    useAgenda.setState({ cargando: false, error: true });
    throw error;
  } finally {
    if (carga === control) {
      carga = null;
      pendientes = null;
    }
  }
}

export async function cargarHorario(idPsicologo: number): Promise<void> {
  const [disponibilidad, excepciones] = await Promise.all([obtenerDisponibilidad(idPsicologo), obtenerExcepciones(idPsicologo)]);
  useAgenda.setState({ disponibilidad, excepciones });
}

export function fijarDisponibilidad(disponibilidad: Disponibilidad[]): void {
  useAgenda.setState({ disponibilidad });
}

export function aplicarCambioExcepcion(e: ExcepcionCambio): void {
  const sin = useAgenda.getState().excepciones.filter((x) => x.id_excepcion !== e.excepcion.id_excepcion);
  const excepciones = e.tipo === 'creada' ? [...sin, e.excepcion].sort((a, b) => a.fecha.localeCompare(b.fecha)) : sin;
  useAgenda.setState({ excepciones });
}
