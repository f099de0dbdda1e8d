import { type Cita, duplicadasDe, ESTADOS_CITA, type EstadoCita, ETIQUETA_ESTADO, TEXTOS_AGENDA } from '@miduelo/shared/agenda';
import { nombreCompleto } from '@miduelo/shared/nombres';
import { TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { Link, useNavigate } from '@tanstack/react-router';
import { CalendarClock, Copy, Trash2, UserRound, Video } from 'lucide-react';
import { useState } from 'react';
import { BadgeEstadoCita } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { confirmar } from '@/lib/confirm';
import { cx } from '@/lib/cx';
import { fechaLarga } from '@/lib/format';
import { ApiError, mostrarError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { cambiarEstadoCita, eliminarCita, eliminarDuplicadas } from '@/api/agenda';
import { useAvisosEnSala } from '@/nucleo/sala/avisos-estado';
import { useAgendaContexto } from '@/features/agenda/agenda-contexto';

const tonoBoton: Record<EstadoCita, string> = {
  pendiente: 'aria-pressed:border-pendiente-borde aria-pressed:bg-pendiente-fondo aria-pressed:text-pendiente-texto',
  confirmada: 'aria-pressed:border-confirmada-borde aria-pressed:bg-confirmada-fondo aria-pressed:text-confirmada-texto',
  cancelada: 'aria-pressed:border-cancelada-borde aria-pressed:bg-cancelada-fondo aria-pressed:text-cancelada-texto',
};

interface Props {
  cita: Cita | null;
  /** The shown week's appointments, to offer Eliminar duplicadas only when there are some. */
  citas: Cita[];
  onCerrar: () => void;
  onReagendar: (c: Cita) => void;
  onDuplicar: (c: Cita) => void;
}

/** The event modal of spec 1 §2: details and every action on one appointment. */
/** Issue 54: the room of an online appointment. The server says when it is not open yet (or any
 * more), in Spanish; the modal stays so she can read it. */
function EntrarSalaCita({ cita }: { cita: Cita }) {
  const navigate = useNavigate();
  const avisos = useAvisosEnSala();
  const [entrando, setEntrando] = useState(false);
  const aviso = avisos.find((a) => a.id_cita === cita.id_cita && (a.esperando || a.en_curso));
  async function entrar() {
    setEntrando(true);
    try {
      // Fetched when pressed: the agenda's first load stays within its budget.
      const { entrarPorCita } = await import('@/nucleo/sala/api');
      const { sesion } = await entrarPorCita('psicologo', cita.id_cita);
      void navigate({ to: '/sesion/$idSesion', params: { idSesion: String(sesion.id_sesion) } });
    } catch (error) {
      mostrarError(error);
      setEntrando(false);
    }
  }
  return (
    <div className="mt-5 flex flex-wrap items-center gap-3 rounded-xl border border-salvia-200 bg-salvia-50 px-4 py-3">
      <Button onClick={() => void entrar()} cargando={entrando} disabled={entrando}>
        <Video className="size-4" aria-hidden /> {TEXTOS_SALA.entrar}
      </Button>
      {aviso ? (
        <span data-en-sala className="text-sm font-semibold text-salvia-800">
          {aviso.esperando ? TEXTOS_SALA.pacienteEspera(nombreCompleto(cita.paciente)) : TEXTOS_SALA.enSala}
        </span>
      ) : null}
    </div>
  );
}

export function ModalCita({ cita, citas, onCerrar, onReagendar, onDuplicar }: Props) {
  const { aplicarCambioCita } = useAgendaContexto();
  const [ocupado, setOcupado] = useState<string | null>(null);
  if (!cita) return <Dialog open={false} />;
  const duplicadas = duplicadasDe(cita, citas);

  async function cambiarEstado(estado: EstadoCita) {
    if (!cita || estado === cita.estado) return;
    setOcupado(estado);
    try {
      aplicarCambioCita({ tipo: 'actualizada', por: 'psicologo', cita: await cambiarEstadoCita(cita.id_cita, estado) });
      toast.exito(TEXTOS_AGENDA.estadoCambiado(ETIQUETA_ESTADO[estado]));
    } catch (error) {
      if (!(error instanceof ApiError && error.sesionCerrada)) toast.error('Error', TEXTOS_AGENDA.errorCambiarEstado);
    } finally {
      setOcupado(null);
    }
  }

  async function eliminar() {
    if (!cita) return;
    const si = await confirmar({
      titulo: '¿Eliminar esta cita?',
      texto: `La cita de ${nombreCompleto(cita.paciente)} del ${fechaLarga(cita.fecha)} de ${cita.hora_inicio} a ${cita.hora_fin} se eliminará de la agenda.`,
      confirmar: 'Sí, eliminar',
      peligro: true,
    });
    if (!si) return;
    setOcupado('eliminar');
    try {
      await eliminarCita(cita.id_cita);
      aplicarCambioCita({ tipo: 'eliminada', por: 'psicologo', cita });
      toast.exito('Cita eliminada');
      onCerrar();
    } catch (error) {
      mostrarError(error, 'Error al eliminar la cita');
    } finally {
      setOcupado(null);
    }
  }

  async function quitarDuplicadas() {
    if (!cita) return;
    const si = await confirmar({
      titulo: '¿Eliminar las citas duplicadas?',
      texto: `Se conservará esta cita y se eliminarán las otras ${duplicadas.length} cita(s) de ${nombreCompleto(cita.paciente)} del ${fechaLarga(cita.fecha)}.`,
      confirmar: 'Sí, eliminar duplicadas',
      peligro: true,
    });
    if (!si) return;
    setOcupado('duplicadas');
    try {
      const r = await eliminarDuplicadas(cita.id_cita);
      for (const d of duplicadas.filter((x) => r.eliminadas.includes(x.id_cita)))
        aplicarCambioCita({ tipo: 'eliminada', por: 'psicologo', cita: d });
      toast.exito(r.msg);
    } catch (error) {
      mostrarError(error, 'Error al eliminar las citas duplicadas');
    } finally {
      setOcupado(null);
    }
  }

  return (
    <Dialog open onOpenChange={(abierto) => !abierto && onCerrar()}>
      <DialogContent
        titulo={`Cita de ${cita.paciente.nombre} ${cita.paciente.apellido_paterno}`}
        descripcion={cita.origen === 'paciente' ? 'Solicitada por el paciente desde la app.' : undefined}
        ancho="lg"
      >
        <DetallesCita cita={cita} />

        {cita.modalidad === 'En línea' && cita.estado !== 'cancelada' ? <EntrarSalaCita cita={cita} /> : null}

        <fieldset className="mt-6">
          <legend className="mb-2 text-sm font-semibold text-tinta-800">Cambiar estado</legend>
          <div className="grid grid-cols-3 gap-2">
            {ESTADOS_CITA.map((e) => (
              <Button
                key={e}
                variante="secundario"
                tamano="sm"
                aria-pressed={cita.estado === e}
                cargando={ocupado === e}
                disabled={ocupado !== null}
                onClick={() => void cambiarEstado(e)}
                className={cx('border-2', tonoBoton[e])}
              >
                {ETIQUETA_ESTADO[e]}
              </Button>
            ))}
          </div>
        </fieldset>

        <div className="mt-6 flex flex-wrap gap-2 border-t border-arena-200 pt-5">
          <Button variante="suave" tamano="sm" onClick={() => onReagendar(cita)} disabled={ocupado !== null}>
            <CalendarClock className="size-4" aria-hidden /> Reagendar
          </Button>
          <Button variante="suave" tamano="sm" onClick={() => onDuplicar(cita)} disabled={ocupado !== null}>
            <Copy className="size-4" aria-hidden /> Duplicar
          </Button>
          <Button
            variante="secundario"
            tamano="sm"
            onClick={() => void quitarDuplicadas()}
            disabled={ocupado !== null || duplicadas.length === 0}
            cargando={ocupado === 'duplicadas'}
            aria-describedby={duplicadas.length === 0 ? 'sin-duplicadas' : undefined}
          >
            Eliminar duplicadas{duplicadas.length > 0 ? ` (${duplicadas.length})` : ''}
          </Button>
          <Button
            variante="peligro"
            tamano="sm"
            onClick={() => void eliminar()}
            disabled={ocupado !== null}
            cargando={ocupado === 'eliminar'}
          >
            <Trash2 className="size-4" aria-hidden /> Eliminar
          </Button>
          <Button variante="fantasma" tamano="sm" className="sm:ml-auto" onClick={onCerrar}>
            Cerrar
          </Button>
        </div>
        {/* Why it is disabled, written out: a tooltip never shows on a touch screen (issue 53). */}
        {duplicadas.length === 0 ? (
          <p id="sin-duplicadas" className="mt-3 text-xs text-tinta-600">
            {TEXTOS_AGENDA.sinDuplicadas}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Patient, date, hours, state, modality and notes of the appointment, and the way to the patient's
 * record. */
function DetallesCita({ cita }: { cita: Cita }) {
  const filas: Array<[string, React.ReactNode]> = [
    ['Paciente', nombreCompleto(cita.paciente)],
    [
      'Fecha',
      <span key="f" className="inline-block first-letter:uppercase">
        {fechaLarga(cita.fecha)}
      </span>,
    ],
    ['Horario', `${cita.hora_inicio} – ${cita.hora_fin} (${cita.duracion} min)`],
    ['Estado', <BadgeEstadoCita key="e" estado={cita.estado} />],
    ['Modalidad', cita.modalidad],
    [
      'Notas',
      cita.notas ?? (
        <span key="n" className="text-tinta-500">
          Sin notas
        </span>
      ),
    ],
  ];

  return (
    <>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2.5 text-sm">
        {filas.map(([t, d]) => (
          <div key={t} className="contents">
            <dt className="font-medium text-tinta-500">{t}</dt>
            <dd className="text-tinta-900 wrap-anywhere whitespace-pre-line">{d}</dd>
          </div>
        ))}
      </dl>
      <Link
        to="/paciente/$id"
        params={{ id: String(cita.id_paciente) }}
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-salvia-700 hover:underline"
      >
        <UserRound className="size-4" aria-hidden /> Ver expediente del paciente
      </Link>
    </>
  );
}
