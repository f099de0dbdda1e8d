import type { Cita } from '@miduelo/shared/agenda';
import { DURACION_CITA_PASO } from '@miduelo/shared/constants';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { reagendarCita } from '@/api/agenda';
import { useAgendaContexto } from '@/features/agenda/agenda-contexto';
import { ahoraClinica } from '@/lib/format';
import { errorTemporal, mencionaDisponibilidad } from '@/features/agenda/tiempo';

interface Props {
  cita: Cita | null;
  onCerrar: () => void;
  onFueraDeDisponibilidad: (msg: string) => void;
}

/** Reagendar (spec 1 §2, §5): a new date and hour; the duration stays. */
export function ModalReagendar({ cita, onCerrar, onFueraDeDisponibilidad }: Props) {
  return (
    <Dialog open={cita !== null} onOpenChange={(a) => !a && onCerrar()}>
      {cita ? <Formulario cita={cita} onCerrar={onCerrar} onFueraDeDisponibilidad={onFueraDeDisponibilidad} /> : null}
    </Dialog>
  );
}

function Formulario({ cita, onCerrar, onFueraDeDisponibilidad }: { cita: Cita } & Omit<Props, 'cita'>) {
  const { aplicarCambioCita } = useAgendaContexto();
  const [fecha, setFecha] = useState(cita.fecha);
  const [hora, setHora] = useState(cita.hora_inicio);
  const [guardando, setGuardando] = useState(false);
  const temporal = errorTemporal(fecha, hora, 'reagendar');

  async function guardar(e: React.FormEvent) {
    e.preventDefault();
    // Spec 1 §5: without both a date and an hour nothing happens.
    if (!fecha || !hora || temporal) return;
    setGuardando(true);
    try {
      aplicarCambioCita({ tipo: 'actualizada', por: 'psicologo', cita: await reagendarCita(cita.id_cita, fecha, hora) });
      toast.exito('Cita reagendada', `Nueva fecha: ${fecha.split('-').reverse().join('/')} a las ${hora}.`);
      onCerrar();
    } catch (error) {
      if (error instanceof ApiError && error.sesionCerrada) return;
      const msg = error instanceof ApiError ? error.msg : undefined;
      if (mencionaDisponibilidad(msg)) onFueraDeDisponibilidad(msg ?? '');
      else toast.error('Error', msg ?? 'Error al reagendar la cita');
    } finally {
      setGuardando(false);
    }
  }

  return (
    <DialogContent
      titulo="Reagendar cita"
      descripcion={`${cita.paciente.nombre} ${cita.paciente.apellido_paterno} · ${cita.duracion} minutos`}
    >
      <form onSubmit={guardar} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field id="reagendar-fecha" etiqueta="Nueva fecha" error={temporal?.campo === 'fecha' ? temporal.msg : undefined}>
          {(c) => <Input {...c} type="date" min={ahoraClinica().hoy} value={fecha} onChange={(e) => setFecha(e.target.value)} />}
        </Field>
        <Field id="reagendar-hora" etiqueta="Nueva hora" error={temporal?.campo === 'hora_inicio' ? temporal.msg : undefined}>
          {(c) => <Input {...c} type="time" step={DURACION_CITA_PASO * 60} value={hora} onChange={(e) => setHora(e.target.value)} />}
        </Field>
        <DialogFooter className="sm:col-span-2">
          <Button variante="secundario" onClick={onCerrar} disabled={guardando}>
            Cancelar
          </Button>
          <Button type="submit" cargando={guardando} disabled={!fecha || !hora || temporal !== null}>
            Reagendar
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
