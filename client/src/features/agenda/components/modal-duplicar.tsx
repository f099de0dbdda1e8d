import { type Cita, mensajeCitasDuplicadas } from '@miduelo/shared/agenda';
import { diasDeSemana, diaSemanaDe } from '@miduelo/shared/agenda-tiempo';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { diaCorto } from '@/lib/format';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { crearCita } from '@/api/agenda';
import { useAgendaContexto } from '@/features/agenda/agenda-contexto';
import { yaPaso } from '@/features/agenda/tiempo';

interface Props {
  cita: Cita | null;
  /** Monday of the shown week: copies go to days of this week (spec 1 §2). */
  lunes: string;
  idAgenda: number | null;
  onCerrar: () => void;
}

/** Duplicar: the same hour, duration, patient, modality and notes on the chosen days; copies
 * start as Pendiente (decision 036). Each day is booked under the server's usual rules. */
export function ModalDuplicar({ cita, lunes, idAgenda, onCerrar }: Props) {
  return (
    <Dialog open={cita !== null} onOpenChange={(a) => !a && onCerrar()}>
      {cita ? <Formulario cita={cita} lunes={lunes} idAgenda={idAgenda} onCerrar={onCerrar} /> : null}
    </Dialog>
  );
}

function Formulario({ cita, lunes, idAgenda, onCerrar }: { cita: Cita } & Omit<Props, 'cita'>) {
  const { aplicarCambioCita } = useAgendaContexto();
  const [elegidos, setElegidos] = useState<string[]>([]);
  const [guardando, setGuardando] = useState(false);
  const dias = diasDeSemana(lunes);

  async function duplicar(e: React.FormEvent) {
    e.preventDefault();
    if (elegidos.length === 0 || idAgenda === null) return;
    setGuardando(true);
    const fallos: string[] = [];
    let creadas = 0;
    for (const fecha of [...elegidos].sort()) {
      try {
        const nueva = await crearCita({
          id_agenda: idAgenda,
          id_paciente: cita.id_paciente,
          fecha,
          hora_inicio: cita.hora_inicio,
          duracion: cita.duracion,
          modalidad: cita.modalidad,
          estado: 'pendiente',
          notas: cita.notas,
        });
        aplicarCambioCita({ tipo: 'creada', por: 'psicologo', cita: nueva });
        creadas++;
      } catch (error) {
        if (error instanceof ApiError && error.sesionCerrada) return;
        fallos.push(
          `${diaSemanaDe(fecha)} ${diaCorto(fecha).split(' ')[1]}: ${error instanceof ApiError && error.msg ? error.msg : 'Error desconocido'}`,
        );
      }
    }
    setGuardando(false);
    if (creadas > 0) toast.exito(creadas === 1 ? 'Cita duplicada' : 'Citas duplicadas', mensajeCitasDuplicadas(creadas));
    if (fallos.length > 0) toast.error('No se pudo duplicar en algunos días', fallos.join(' · '), { duracion: 8000 });
    if (fallos.length === 0) onCerrar();
  }

  return (
    <DialogContent
      titulo="Duplicar cita"
      descripcion={`Elige los días de esta semana en los que ${cita.paciente.nombre} tendrá la misma cita de ${cita.hora_inicio} a ${cita.hora_fin}.`}
    >
      <form onSubmit={duplicar}>
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">Días de la semana</legend>
          {dias.map((fecha) => {
            const propio = fecha === cita.fecha;
            const pasado = yaPaso(fecha, cita.hora_inicio);
            const id = `duplicar-${fecha}`;
            return (
              <label
                key={fecha}
                htmlFor={id}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-arena-200 px-3.5 py-2.5 text-sm has-disabled:cursor-not-allowed has-disabled:opacity-55 has-checked:border-salvia-400 has-checked:bg-salvia-50"
              >
                <Checkbox
                  id={id}
                  checked={elegidos.includes(fecha)}
                  disabled={propio || pasado}
                  onChange={(e) => setElegidos((x) => (e.target.checked ? [...x, fecha] : x.filter((f) => f !== fecha)))}
                />
                <span className="font-medium text-tinta-900">{diaSemanaDe(fecha)}</span>
                <span className="text-tinta-500">{diaCorto(fecha).split(' ')[1]}</span>
                {propio ? (
                  <span className="ml-auto text-xs text-tinta-500">Esta cita</span>
                ) : pasado ? (
                  <span className="ml-auto text-xs text-tinta-500">Ya pasó</span>
                ) : null}
              </label>
            );
          })}
        </fieldset>
        <DialogFooter>
          <Button variante="secundario" onClick={onCerrar} disabled={guardando}>
            Cancelar
          </Button>
          <Button type="submit" cargando={guardando} disabled={elegidos.length === 0}>
            Duplicar{elegidos.length > 0 ? ` en ${elegidos.length} día(s)` : ''}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
