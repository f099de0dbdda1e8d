import { type Cita, ETIQUETA_ESTADO, type Excepcion, TEXTOS_AGENDA } from '@miduelo/shared/agenda';
import {
  aHora,
  aMinutos,
  dentroDeDisponibilidad,
  diaSemanaDe,
  diasDeSemana,
  excepcionQueBloquea,
  type FranjaDisponible,
  yaPaso,
} from '@miduelo/shared/agenda-tiempo';
import { HORA_FIN_CALENDARIO, HORA_INICIO_CALENDARIO } from '@miduelo/shared/constants';
import { Ban, Flower2, MapPin, Smartphone, Video } from 'lucide-react';
import { useRef, useState } from 'react';
import { cx } from '@/lib/cx';
import { EN_SALA, useAvisosEnSala } from '@/nucleo/sala/avisos-estado';
import { useRejillaTeclado } from '@/features/agenda/use-rejilla-teclado';
import { diaCorto } from '@/lib/format';
import { ahoraClinica } from '@/lib/format';

const HORAS = Array.from({ length: HORA_FIN_CALENDARIO - HORA_INICIO_CALENDARIO + 1 }, (_, i) => HORA_INICIO_CALENDARIO + i);

/** The grid row of an appointment. The grid shows 8:00–20:00 (spec 1 §2) but availability may be
 * set earlier or later (an evening session at 21:00): such an appointment sits in the first or the
 * last row, with its real hours on the chip, rather than vanishing from the agenda. */
function filaDeCita(horaInicio: string): number {
  return Math.min(HORA_FIN_CALENDARIO, Math.max(HORA_INICIO_CALENDARIO, Math.floor(aMinutos(horaInicio) / 60)));
}

const coloresChip: Record<string, string> = {
  pendiente: 'border-pendiente-borde bg-pendiente-fondo text-pendiente-texto hover:brightness-[0.97]',
  confirmada: 'border-confirmada-borde bg-confirmada-fondo text-confirmada-texto hover:brightness-[0.97]',
  cancelada: 'border-cancelada-borde bg-cancelada-fondo text-cancelada-texto line-through decoration-1 hover:brightness-[0.97]',
};

interface Props {
  lunes: string;
  citas: Cita[];
  disponibilidad: FranjaDisponible[];
  excepciones: Excepcion[];
  onAbrirCita: (c: Cita) => void;
  onCrearEn: (fecha: string, hora: string) => void;
}

/** The key a free slot and the appointments in its cell share, so that focus returns to the new
 * appointment after Crear Cita opened from that slot (decision 343). */
const claveCelda = (fecha: string, hora: string) => `celda-${fecha}-${hora}`;

/** Monday–Sunday × 8:00–20:00 (spec 1 §2). A chip sits in the row of its start hour; the cells
 * strictly inside an active appointment's span are blocked and cannot be clicked. Below 1024 px a
 * day view is offered (issue 53): one day's column, chosen among the week's seven. */
export function CalendarioSemanal({ lunes, citas, disponibilidad, excepciones, onAbrirCita, onCrearEn }: Props) {
  const semana = diasDeSemana(lunes);
  const ahora = ahoraClinica();
  const { hoy } = ahora;
  const [diaElegido, setDiaElegido] = useState<string | null>(null);
  const [vistaDia, setVistaDia] = useState(false);
  const dia = diaElegido && semana.includes(diaElegido) ? diaElegido : semana.includes(hoy) ? hoy : semana[0];
  const dias = vistaDia ? [dia] : semana;
  const activas = citas.filter((c) => c.estado !== 'cancelada');
  const tabla = useRef<HTMLTableElement>(null);
  const teclado = useRejillaTeclado(tabla, hoy);
  // Online appointments whose room has someone in it (a patient waiting, a session in course), live.
  const enSala = new Set(useAvisosEnSala().flatMap((a) => (a.id_cita !== null && (a.esperando || a.en_curso) ? [a.id_cita] : [])));

  return (
    <>
      <VistaDia semana={semana} hoy={hoy} vistaDia={vistaDia} dia={dia} onVistaDia={setVistaDia} onDia={setDiaElegido} />
      <div className="overflow-x-auto rounded-2xl border border-arena-200 bg-papel shadow-suave focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-salvia-600">
        <table ref={tabla} {...teclado} className={cx('w-full table-fixed border-collapse text-sm', !vistaDia && 'min-w-[56rem]')}>
          <caption className="sr-only">
            Citas {vistaDia ? 'del día' : 'de la semana'} por día y hora. Usa las flechas para moverte entre días y horas.
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 w-16 border-b border-arena-200 bg-arena-50 py-3 text-xs font-medium text-tinta-500"
              >
                <span className="sr-only">Hora</span>
              </th>
              {dias.map((d) => (
                <th
                  key={d}
                  scope="col"
                  className={cx(
                    'border-b border-l border-arena-200 py-3 text-center font-semibold capitalize',
                    d === hoy ? 'bg-salvia-50 text-salvia-800' : 'bg-arena-50 text-tinta-800',
                  )}
                >
                  <span>{diaCorto(d).replace('.', '')}</span>
                  {d === hoy ? (
                    <span className="ml-1.5 rounded-full bg-salvia-600 px-1.5 py-0.5 text-[0.65rem] font-semibold text-white uppercase">
                      Hoy
                    </span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {HORAS.map((h) => {
              const inicioFila = h * 60;
              return (
                <tr key={h}>
                  {/* Sticky: on a phone the week scrolls sideways and the hours must stay in view. */}
                  <th
                    scope="row"
                    className="sticky left-0 z-10 border-t border-arena-100 bg-papel px-2 py-2 text-right align-top text-xs font-medium text-tinta-500 tabular-nums"
                  >
                    {aHora(inicioFila)}
                  </th>
                  {dias.map((fecha) => {
                    const enCelda = citas.filter((c) => c.fecha === fecha && filaDeCita(c.hora_inicio) === h);
                    const ocupante = activas.find(
                      (c) => c.fecha === fecha && aMinutos(c.hora_inicio) < inicioFila && inicioFila < aMinutos(c.hora_fin),
                    );
                    const franja = { inicio: inicioFila, fin: inicioFila + 60 };
                    const bloqueo = excepcionQueBloquea(fecha, franja, excepciones);
                    const disponible = dentroDeDisponibilidad(fecha, { inicio: inicioFila, fin: inicioFila + 15 }, disponibilidad);
                    // Past once its last quarter has started: the same rule the forms and the server apply.
                    const pasada = yaPaso(fecha, aHora(inicioFila + 45), ahora);
                    const bloqueada = Boolean(ocupante) && enCelda.length === 0;
                    const clicable = !bloqueada && !bloqueo && !pasada;
                    const etiquetaCelda = `${diaSemanaDe(fecha)} ${diaCorto(fecha)}, ${aHora(inicioFila)}`;
                    return (
                      <td
                        key={fecha}
                        data-fecha={fecha}
                        data-hora={aHora(inicioFila)}
                        data-bloqueada={bloqueada || undefined}
                        className={cx(
                          'relative h-16 border-t border-l border-arena-100 p-1 align-top',
                          // Today's tint only on working hours: off-hours must read as off-hours today too.
                          fecha === hoy && disponible && !bloqueo && 'bg-salvia-50/40',
                          !disponible && !bloqueo && 'bg-arena-50',
                          bloqueo &&
                            'bg-[repeating-linear-gradient(135deg,var(--color-terracota-50),var(--color-terracota-50)_6px,var(--color-papel)_6px,var(--color-papel)_12px)]',
                          bloqueada &&
                            'bg-[repeating-linear-gradient(135deg,var(--color-arena-100),var(--color-arena-100)_6px,var(--color-arena-50)_6px,var(--color-arena-50)_12px)]',
                        )}
                      >
                        {clicable && enCelda.length === 0 ? (
                          <button
                            type="button"
                            data-rejilla
                            data-foco={claveCelda(fecha, aHora(inicioFila))}
                            onClick={() => onCrearEn(fecha, aHora(inicioFila))}
                            aria-label={`Crear cita el ${etiquetaCelda}`}
                            className="absolute inset-0 cursor-pointer rounded-sm opacity-0 transition-opacity hover:bg-salvia-50 hover:opacity-100 focus-visible:bg-salvia-50 focus-visible:opacity-100 focus-visible:transition-none"
                          >
                            <span className="text-xs font-medium text-salvia-700">+ Cita</span>
                          </button>
                        ) : null}
                        {bloqueada ? (
                          <span className="sr-only">
                            Ocupado por la cita de {ocupante?.paciente.nombre} ({ocupante?.hora_inicio}–{ocupante?.hora_fin})
                          </span>
                        ) : null}
                        {bloqueo && enCelda.length === 0 && !bloqueada ? (
                          <span
                            className="flex items-center gap-1 text-[0.7rem] font-medium text-terracota-700"
                            title={bloqueo.motivo ?? 'Horario bloqueado'}
                          >
                            <Ban className="size-3" aria-hidden /> {bloqueo.motivo ?? 'Bloqueado'}
                          </span>
                        ) : null}
                        {/* Each appointment spans its duration from its start (a 09:00–10:30 block covers
                          one and a half hour rows); two in one cell share its width. */}
                        {enCelda.map((c, i) => (
                          <ChipCita
                            key={c.id_cita}
                            cita={c}
                            enSala={enSala.has(c.id_cita)}
                            clave={`cita-${c.id_cita} ${claveCelda(fecha, aHora(inicioFila))}`}
                            onClick={() => onAbrirCita(c)}
                            style={{
                              top: `calc(${(aMinutos(c.hora_inicio) - inicioFila) / 60} * (4rem + 1px) + 2px)`,
                              height: `calc(${Math.max(15, aMinutos(c.hora_fin) - aMinutos(c.hora_inicio)) / 60} * (4rem + 1px) - 4px)`,
                              left: `calc(${i / enCelda.length} * (100% - 0.5rem) + 0.25rem)`,
                              width: `calc(${1 / enCelda.length} * (100% - 0.5rem) - ${enCelda.length > 1 ? 2 : 0}px)`,
                            }}
                          />
                        ))}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Week or day (below 1024 px), and in the day view the week's seven days to choose from. */
function VistaDia(p: {
  semana: string[];
  hoy: string;
  vistaDia: boolean;
  dia: string;
  onVistaDia: (v: boolean) => void;
  onDia: (d: string) => void;
}) {
  const opcion = (activa: boolean) =>
    cx('min-h-9 rounded-lg px-3 text-sm font-medium', activa ? 'bg-salvia-600 text-white' : 'text-tinta-700 hover:bg-arena-100');
  return (
    <div className="mb-3 flex flex-col gap-2 lg:hidden">
      <fieldset className="flex w-fit gap-1 rounded-xl border border-arena-300 bg-papel p-1">
        <legend className="sr-only">Vista de la agenda</legend>
        <button type="button" aria-pressed={!p.vistaDia} className={opcion(!p.vistaDia)} onClick={() => p.onVistaDia(false)}>
          Semana
        </button>
        <button type="button" aria-pressed={p.vistaDia} className={opcion(p.vistaDia)} onClick={() => p.onVistaDia(true)}>
          Día
        </button>
      </fieldset>
      {p.vistaDia ? (
        <fieldset className="grid grid-cols-7 gap-1">
          <legend className="sr-only">Día que se muestra</legend>
          {p.semana.map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={d === p.dia}
              aria-label={`${diaSemanaDe(d)} ${diaCorto(d)}${d === p.hoy ? ', hoy' : ''}`}
              className={cx(opcion(d === p.dia), 'px-0 capitalize', d === p.hoy && d !== p.dia && 'text-salvia-700 underline')}
              onClick={() => p.onDia(d)}
            >
              {diaCorto(d).replace('.', '').split(' ')[0]}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

/** Decision 128 (kept inline: the agenda's first load has no room for the shared anniversary module). */
const ANIVERSARIO = 'semana de aniversario de su pérdida o Día de Muertos';

function ChipCita({
  cita,
  enSala,
  clave,
  onClick,
  style,
}: {
  cita: Cita;
  enSala: boolean;
  clave: string;
  onClick: () => void;
  style: React.CSSProperties;
}) {
  const nombre = `${cita.paciente.nombre} ${cita.paciente.apellido_paterno}`;
  const Icono = cita.modalidad === 'En línea' ? Video : MapPin;
  const solicitud = cita.origen === 'paciente' && cita.estado === 'pendiente';
  // Under 45 minutes the block is too short for two lines: hour and name share one line, in a
  // smaller type for a 15-minute block, so nothing is cut off mid-letter.
  const minutos = aMinutos(cita.hora_fin) - aMinutos(cita.hora_inicio);
  const compacta = minutos < 45;
  return (
    <button
      type="button"
      onClick={onClick}
      data-rejilla
      data-foco={clave}
      data-id-cita={cita.id_cita}
      data-estado={cita.estado}
      style={style}
      aria-label={`${cita.hora_inicio}–${cita.hora_fin} ${nombre}${enSala ? ` ${EN_SALA}` : ''}, ${ETIQUETA_ESTADO[cita.estado]}${solicitud ? `, ${TEXTOS_AGENDA.solicitudApp}` : ''}${cita.aniversario ? `, ${ANIVERSARIO}` : ''}`}
      title={`${cita.hora_inicio}–${cita.hora_fin} ${nombre}`}
      data-compacta={compacta || undefined}
      className={cx(
        'absolute z-[5] flex cursor-pointer overflow-hidden rounded-lg border px-2 text-left shadow-xs transition focus-visible:outline-2 focus-visible:outline-salvia-600',
        !compacta
          ? 'flex-col py-1 text-xs'
          : minutos < 30
            ? 'flex-row items-center gap-1.5 py-0 text-[0.65rem] leading-none'
            : 'flex-row items-center gap-1.5 py-0 text-xs leading-tight',
        coloresChip[cita.estado] ?? 'border-otro-borde bg-otro-fondo text-otro-texto',
      )}
    >
      <span className={cx('flex shrink-0 items-center gap-1 font-semibold tabular-nums', !compacta && 'justify-between')}>
        {compacta ? cita.hora_inicio : `${cita.hora_inicio}–${cita.hora_fin}`}
        {minutos < 30 ? null : (
          <span className="flex items-center gap-1">
            {/* An icon, not a third line: a taller chip made its hour row taller than the others. */}
            {solicitud ? (
              <span title={TEXTOS_AGENDA.solicitudApp} className="flex">
                <Smartphone className="size-3 shrink-0" aria-hidden />
                <span className="sr-only">{TEXTOS_AGENDA.solicitudApp}</span>
              </span>
            ) : null}
            {cita.aniversario ? (
              <span title={ANIVERSARIO} className="flex" data-aniversario>
                <Flower2 className="size-3 shrink-0" aria-hidden />
              </span>
            ) : null}
            <Icono className="size-3 shrink-0" aria-hidden />
          </span>
        )}
      </span>
      <span className="block min-w-0 truncate">{nombre}</span>
      {enSala ? (
        <span data-en-sala className="font-semibold text-salvia-800">
          {EN_SALA}
        </span>
      ) : null}
    </button>
  );
}
