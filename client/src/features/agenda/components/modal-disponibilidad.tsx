import { fusionarPorId } from '@/nucleo/live/lista';
import { DisponibilidadBody, type Disponibilidad, RETRASO_DISPONIBILIDAD_MS, TEXTOS_AGENDA } from '@miduelo/shared/agenda';
import { SEMANA_DIAS } from '@miduelo/shared/constants';
import { Clock, Lightbulb, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { confirmar } from '@/lib/confirm';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { agregarDisponibilidad, eliminarDisponibilidad } from '@/api/agenda';
import { useAgendaContexto } from '@/features/agenda/agenda-contexto';
import { SeccionExcepciones } from './seccion-excepciones';

interface Props {
  abierto: boolean;
  onOpenChange: (abierto: boolean) => void;
}

/** Personalizar Horario (spec 1 §2, §5, §8): the weekly slots, a form to add one, the tip, and
 * the days blocked by exceptions. */
export function ModalDisponibilidad({ abierto, onOpenChange }: Props) {
  const { idPsicologo, actualizarDisponibilidad, recargarDisponibilidad, ...vivo } = useAgendaContexto();
  const disponibilidad = vivo.disponibilidad ?? [];

  // With no slot left, the server creates the default schedule on the next read (spec 1 §8).
  const vacia = abierto && disponibilidad.length === 0;
  useEffect(() => {
    if (!vacia) return;
    const t = window.setTimeout(recargarDisponibilidad, RETRASO_DISPONIBILIDAD_MS);
    return () => window.clearTimeout(t);
  }, [vacia, recargarDisponibilidad]);

  async function eliminar(d: Disponibilidad) {
    const si = await confirmar({
      titulo: '¿Eliminar horario?',
      texto: TEXTOS_AGENDA.confirmarEliminarDisponibilidad(d.dia_semana, d.hora_inicio, d.hora_fin),
      confirmar: 'Sí, eliminar',
      peligro: true,
    });
    if (!si) return;
    try {
      await eliminarDisponibilidad(idPsicologo, d.dia_semana, d.hora_inicio);
      actualizarDisponibilidad((ds) => ds.filter((x) => x.id_disponibilidad !== d.id_disponibilidad));
    } catch (err) {
      if (!(err instanceof ApiError && err.sesionCerrada)) toast.error('Error', TEXTOS_AGENDA.errorEliminarDisponibilidad);
    }
  }

  return (
    <Dialog open={abierto} onOpenChange={onOpenChange}>
      <DialogContent
        titulo="Personalizar Horario"
        descripcion="Los días y horas en que recibes pacientes. Solo se pueden agendar citas dentro de estos horarios."
        ancho="xl"
      >
        <div className="grid gap-8 lg:grid-cols-[1.1fr_1fr]">
          <section aria-labelledby="titulo-horarios">
            <h3 id="titulo-horarios" className="mb-3 font-sans text-base font-semibold">
              Horarios configurados
            </h3>
            {disponibilidad.length === 0 ? (
              <p className="rounded-xl border border-dashed border-arena-300 bg-arena-50 px-4 py-6 text-center text-sm text-tinta-600">
                {TEXTOS_AGENDA.sinDisponibilidad}
              </p>
            ) : (
              <div className="overflow-hidden rounded-xl border border-arena-200">
                <table className="w-full text-sm">
                  <thead className="bg-arena-50 text-left text-tinta-600">
                    <tr>
                      <th scope="col" className="px-4 py-2.5 font-medium">
                        Día
                      </th>
                      <th scope="col" className="px-4 py-2.5 font-medium">
                        Inicio
                      </th>
                      <th scope="col" className="px-4 py-2.5 font-medium">
                        Fin
                      </th>
                      <th scope="col" className="px-4 py-2.5 text-right font-medium">
                        <span className="sr-only">Acciones</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {disponibilidad.map((d) => (
                      <tr key={d.id_disponibilidad} className="border-t border-arena-100">
                        <td className="px-4 py-2 font-medium text-tinta-900">{d.dia_semana}</td>
                        <td className="px-4 py-2 tabular-nums">{d.hora_inicio}</td>
                        <td className="px-4 py-2 tabular-nums">{d.hora_fin}</td>
                        <td className="px-2 py-1 text-right">
                          <Button
                            variante="fantasma"
                            tamano="sm"
                            aria-label={`Eliminar horario del ${d.dia_semana} de ${d.hora_inicio} a ${d.hora_fin}`}
                            onClick={() => void eliminar(d)}
                          >
                            <Trash2 className="size-4 text-peligro-600" aria-hidden />
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <FormularioHorario />
        </div>
        <SeccionExcepciones />
      </DialogContent>
    </Dialog>
  );
}

/** Agregar horario: mounted with the dialog's content, so each opening starts from an empty form
 * (Lunes, no times, no error) instead of the previous attempt's. */
function FormularioHorario() {
  const { idPsicologo, actualizarDisponibilidad } = useAgendaContexto();
  const [dia, setDia] = useState<string>('Lunes');
  const [inicio, setInicio] = useState('');
  const [fin, setFin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [guardando, setGuardando] = useState(false);

  async function agregar(e: React.FormEvent) {
    e.preventDefault();
    const r = v.safeParse(DisponibilidadBody, { dia_semana: dia, hora_inicio: inicio, hora_fin: fin });
    if (!r.success) {
      setError(r.issues[0].message);
      return;
    }
    setError(null);
    setGuardando(true);
    try {
      const creada = await agregarDisponibilidad(idPsicologo, r.output);
      // The `disponibilidad:cambio` event may have brought it already: merged by id, never appended.
      actualizarDisponibilidad((d) => ordenar(fusionarPorId(d, [creada], (x) => x.id_disponibilidad)));
      setInicio('');
      setFin('');
      toast.exito('Horario agregado', `${creada.dia_semana} de ${creada.hora_inicio} a ${creada.hora_fin}.`);
    } catch (err) {
      if (!(err instanceof ApiError && err.sesionCerrada))
        toast.error(
          'Error',
          `${TEXTOS_AGENDA.errorAgregarDisponibilidad}${(err instanceof ApiError && err.msg) || TEXTOS_AGENDA.errorDesconocido}`,
        );
    } finally {
      setGuardando(false);
    }
  }

  return (
    <section aria-labelledby="titulo-agregar" className="flex flex-col gap-4">
      <h3 id="titulo-agregar" className="font-sans text-base font-semibold">
        Agregar horario
      </h3>
      <form onSubmit={agregar} noValidate className="grid gap-3 sm:grid-cols-3">
        <Field id="disp-dia" etiqueta="Día" className="sm:col-span-3">
          {(c) => <Select {...c} value={dia} onValueChange={setDia} opciones={SEMANA_DIAS.map((d) => ({ valor: d, etiqueta: d }))} />}
        </Field>
        <Field id="disp-inicio" etiqueta="Hora de inicio">
          {(c) => <Input {...c} type="time" value={inicio} onChange={(e) => setInicio(e.target.value)} />}
        </Field>
        <Field id="disp-fin" etiqueta="Hora de fin">
          {(c) => <Input {...c} type="time" value={fin} onChange={(e) => setFin(e.target.value)} />}
        </Field>
        <div className="flex items-end">
          <Button type="submit" className="w-full" cargando={guardando}>
            <Plus className="size-4" aria-hidden /> Agregar
          </Button>
        </div>
        <p role="alert" className={error ? 'text-sm text-peligro-700 sm:col-span-3' : 'hidden'}>
          {error}
        </p>
      </form>
      <p className="flex gap-2.5 rounded-xl bg-info-50 px-4 py-3 text-sm text-info-700">
        <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden />
        {TEXTOS_AGENDA.consejoDisponibilidad}
      </p>
      <p className="flex items-center gap-2 text-xs text-tinta-500">
        <Clock className="size-3.5" aria-hidden /> Las citas ya agendadas no cambian al modificar tu horario.
      </p>
    </section>
  );
}

const ORDEN = new Map<string, number>(SEMANA_DIAS.map((d, i) => [d, i]));
function ordenar(lista: Disponibilidad[]) {
  return [...lista].sort(
    (a, b) => (ORDEN.get(a.dia_semana) ?? 0) - (ORDEN.get(b.dia_semana) ?? 0) || a.hora_inicio.localeCompare(b.hora_inicio),
  );
}
