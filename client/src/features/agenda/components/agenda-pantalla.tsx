import { type Cita, TEXTOS_AGENDA } from '@miduelo/shared/agenda';
import { aHora, aMinutos, diasDeSemana, lunesDe, partePasada, sumarDias } from '@miduelo/shared/agenda-tiempo';
import { nombreCompleto } from '@miduelo/shared/nombres';
import dayjs from 'dayjs';
import { CalendarPlus, ChevronLeft, ChevronRight, Settings2, Smartphone, UserRound, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Cargando } from '@/components/ui/spinner';
import { cx } from '@/lib/cx';
import { useSocket } from '@/nucleo/socket';
import { usePacientesEnVivo } from '@/lib/use-pacientes-en-vivo';
import { disponibilidadDeGrid } from '@/features/agenda/disponibilidad';
import { ahoraClinica } from '@/lib/format';
import { AgendaContexto } from '@/features/agenda/agenda-contexto';
import { useAgendaEnVivo } from '@/features/agenda/use-agenda-en-vivo';
import { CalendarioSemanal } from './calendario-semanal';
import type { InicialCita } from './modal-crear-cita';
import { AlertaDisponibilidad, ModalCita, ModalCrearCita, ModalDisponibilidad, ModalDuplicar, ModalReagendar } from './modales';

interface Props {
  idPsicologo: number;
  /** `?paciente=`: prepare a booking for that patient (spec 1 §2). */
  pacientePreparado?: number;
  onPacienteAtendido: () => void;
  /** A day of the shown week, from the URL; none = this week. */
  semana?: string;
  onSemana: (lunes: string) => void;
}

function rangoSemana(lunes: string): string {
  const ini = dayjs(lunes);
  const fin = dayjs(diasDeSemana(lunes)[6]);
  if (ini.month() === fin.month()) return `${ini.format('D')} – ${fin.format('D [de] MMMM [de] YYYY')}`;
  if (ini.year() === fin.year()) return `${ini.format('D [de] MMMM')} – ${fin.format('D [de] MMMM [de] YYYY')}`;
  return `${ini.format('D [de] MMMM [de] YYYY')} – ${fin.format('D [de] MMMM [de] YYYY')}`;
}

export function AgendaPantalla({ idPsicologo, pacientePreparado, onPacienteAtendido, semana, onSemana }: Props) {
  const vivo = useAgendaEnVivo(idPsicologo, { dia: semana, alCambiar: onSemana });
  const { lunes, irA, citas, cargando, error, agenda, disponibilidad, excepciones } = vivo;
  const estadoSocket = useSocket((s) => s.estado);
  // The Paciente select: the patient list's live list (decisions 060, 266); failures only logged (spec 1 §8).
  const { items: pacientes } = usePacientesEnVivo((e) => console.warn('No se pudo cargar la lista de pacientes', e));
  const [crear, setCrear] = useState<InicialCita | null>(null);
  const [abierta, setAbierta] = useState<number | null>(null);
  const [reagendar, setReagendar] = useState<Cita | null>(null);
  const [duplicar, setDuplicar] = useState<Cita | null>(null);
  const [horario, setHorario] = useState(false);
  const [alerta, setAlerta] = useState<string | null>(null);

  // ?paciente= opens Crear Cita for that patient once, as soon as the patient list is known.
  const preparado = pacientePreparado ? pacientes.find((p) => p.id_paciente === pacientePreparado) : undefined;
  const atendido = useRef<number | null>(null);
  useEffect(() => {
    if (!preparado || atendido.current === preparado.id_paciente) return;
    atendido.current = preparado.id_paciente;
    setCrear({ fecha: fechaPorDefecto(lunes), id_paciente: preparado.id_paciente });
  }, [preparado, lunes]);

  useToastsAbajo();
  const citaAbierta = useMemo(() => citas.find((c) => c.id_cita === abierta) ?? null, [citas, abierta]);
  const franjas = disponibilidadDeGrid(disponibilidad);

  function crearEn(fecha: string, hora: string) {
    const ahora = ahoraClinica();
    // A cell of the current hour proposes the next quarter instead of a time already past.
    const propuesta = partePasada(fecha, hora, ahora) === 'hora' ? aHora(Math.ceil((aMinutos(ahora.hora) + 1) / 15) * 15) : hora;
    setCrear({ fecha, hora_inicio: propuesta, id_paciente: preparado?.id_paciente });
  }

  return (
    <AgendaContexto value={vivo}>
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
        <header className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <p className="text-sm font-medium text-salvia-700">Agenda</p>
            {/* One line at 1366 px even for a week across two months (Crear Cita stays beside it). */}
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl lg:text-2xl lg:whitespace-nowrap 2xl:text-3xl">
              {TEXTOS_AGENDA.semana} <span className="font-normal text-tinta-700">{lunes ? rangoSemana(lunes) : ''}</span>
            </h1>
            <p className="mt-1.5 flex items-center gap-2 text-sm text-tinta-600" aria-live="polite">
              <span
                className={cx('size-2 rounded-full', estadoSocket === 'conectado' ? 'bg-exito-600' : 'bg-pendiente-borde')}
                aria-hidden
              />
              {estadoSocket === 'conectado'
                ? 'En vivo: los cambios aparecen al momento'
                : 'Reconectando: la semana se actualiza cada 30 segundos'}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 lg:shrink-0 lg:flex-nowrap">
            <div className="flex items-center rounded-xl border border-arena-300 bg-papel shadow-xs">
              <Button variante="fantasma" tamano="icono" aria-label="Semana anterior" onClick={() => irA(sumarDias(lunes, -7))}>
                <ChevronLeft className="size-5" aria-hidden />
              </Button>
              <Button variante="fantasma" tamano="sm" onClick={() => irA(lunesDe(ahoraClinica().hoy))}>
                {TEXTOS_AGENDA.hoy}
              </Button>
              <Button variante="fantasma" tamano="icono" aria-label="Semana siguiente" onClick={() => irA(sumarDias(lunes, 7))}>
                <ChevronRight className="size-5" aria-hidden />
              </Button>
            </div>
            <Button variante="secundario" onClick={() => setHorario(true)}>
              <Settings2 className="size-4" aria-hidden /> {TEXTOS_AGENDA.personalizarHorario}
            </Button>
            <Button onClick={() => setCrear({ fecha: fechaPorDefecto(lunes), id_paciente: preparado?.id_paciente })}>
              <CalendarPlus className="size-4" aria-hidden /> {TEXTOS_AGENDA.crearCita}
            </Button>
          </div>
        </header>

        {preparado ? (
          <div className="mb-4 flex items-center gap-3 rounded-xl border border-salvia-200 bg-salvia-50 px-4 py-3 text-sm text-salvia-900">
            <UserRound className="size-4 shrink-0" aria-hidden />
            <p className="flex-1">
              Preparando una cita para <strong>{nombreCompleto(preparado)}</strong>. Elige un horario libre o usa «Crear Cita».
            </p>
            <Button variante="fantasma" tamano="sm" onClick={onPacienteAtendido} aria-label="Dejar de preparar la cita">
              <X className="size-4" aria-hidden />
            </Button>
          </div>
        ) : null}

        <Leyenda />

        {cargando && !agenda ? (
          <Cargando texto="Cargando la semana..." />
        ) : error && !agenda ? (
          <div className="rounded-2xl border border-peligro-50 bg-peligro-50 px-6 py-10 text-center text-sm text-peligro-700">
            {TEXTOS_AGENDA.errorCrearAgenda}.{' '}
            <Button variante="enlace" onClick={() => irA(lunes)}>
              Reintentar
            </Button>
          </div>
        ) : (
          <CalendarioSemanal
            lunes={lunes}
            citas={citas}
            disponibilidad={franjas}
            excepciones={excepciones}
            onAbrirCita={(c) => setAbierta(c.id_cita)}
            onCrearEn={crearEn}
          />
        )}

        <ModalCrearCita
          abierto={crear !== null}
          onOpenChange={(a) => {
            if (!a) setCrear(null);
          }}
          inicial={crear ?? { fecha: fechaPorDefecto(lunes) }}
          pacientes={pacientes}
          onCreada={() => {
            if (pacientePreparado) onPacienteAtendido();
          }}
          onFueraDeDisponibilidad={setAlerta}
        />
        <ModalCita
          cita={citaAbierta}
          citas={citas}
          onCerrar={() => setAbierta(null)}
          onReagendar={(c) => {
            setAbierta(null);
            setReagendar(c);
          }}
          onDuplicar={(c) => {
            setAbierta(null);
            setDuplicar(c);
          }}
        />
        <ModalReagendar cita={reagendar} onCerrar={() => setReagendar(null)} onFueraDeDisponibilidad={setAlerta} />
        <ModalDuplicar cita={duplicar} lunes={lunes} idAgenda={agenda?.id_agenda ?? null} onCerrar={() => setDuplicar(null)} />
        <ModalDisponibilidad abierto={horario} onOpenChange={setHorario} />
        <AlertaDisponibilidad
          mensaje={alerta}
          onCerrar={() => setAlerta(null)}
          onPersonalizar={() => {
            setAlerta(null);
            setCrear(null);
            setReagendar(null);
            setHorario(true);
          }}
        />
      </div>
    </AgendaContexto>
  );
}

/** The welcome and new-request toasts go to the bottom here: at the top right they covered
 * Personalizar Horario and Crear Cita (issue 53; styles.css). */
function useToastsAbajo() {
  useEffect(() => {
    document.documentElement.dataset.toasts = 'abajo';
    return () => {
      delete document.documentElement.dataset.toasts;
    };
  }, []);
}

/** The Monday of a future shown week; otherwise today. */
function fechaPorDefecto(lunes: string): string {
  const { hoy } = ahoraClinica();
  return lunes && lunes > hoy ? lunes : hoy;
}

function Leyenda() {
  const elementos = [
    ['Pendiente', 'border-pendiente-borde bg-pendiente-fondo'],
    ['Confirmada', 'border-confirmada-borde bg-confirmada-fondo'],
    ['Cancelada', 'border-cancelada-borde bg-cancelada-fondo'],
    ['Fuera de horario', 'border-arena-200 bg-arena-50'],
    ['Bloqueado', 'border-terracota-200 bg-terracota-50'],
  ] as const;
  return (
    <ul className="mb-3 flex flex-wrap gap-x-5 gap-y-1.5 text-xs text-tinta-600" aria-label="Leyenda de colores">
      {elementos.map(([t, c]) => (
        <li key={t} className="flex items-center gap-1.5">
          <span className={cx('size-3 rounded border', c)} aria-hidden /> {t}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <Smartphone className="size-3 text-tinta-600" aria-hidden /> {TEXTOS_AGENDA.solicitudApp}
      </li>
    </ul>
  );
}
