import { ExcepcionBody, type Excepcion, MOTIVO_EXCEPCION_MAX, MSG_AGENDA } from '@miduelo/shared/agenda';
import { CalendarOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import * as v from 'valibot';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { confirmar } from '@/lib/confirm';
import { fechaLarga } from '@/lib/format';
import { mostrarError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { crearExcepcion, eliminarExcepcion } from '@/api/agenda';
import { useAgendaContexto } from '@/features/agenda/agenda-contexto';
import { ahoraClinica } from '@/lib/format';

const rango = (e: Excepcion) => (e.hora_inicio ? `de ${e.hora_inicio} a ${e.hora_fin}` : 'todo el día');

/** Days or hours the psychologist does not take appointments (decision 034). */
export function SeccionExcepciones() {
  const { excepciones, aplicarCambioExcepcion } = useAgendaContexto();
  const [fecha, setFecha] = useState('');
  const [diaCompleto, setDiaCompleto] = useState(true);
  const [inicio, setInicio] = useState('');
  const [fin, setFin] = useState('');
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [guardando, setGuardando] = useState(false);

  async function bloquear(e: React.FormEvent) {
    e.preventDefault();
    const r = v.safeParse(ExcepcionBody, { fecha, hora_inicio: diaCompleto ? null : inicio, hora_fin: diaCompleto ? null : fin, motivo });
    if (!r.success) {
      setError(r.issues[0].message);
      return;
    }
    setError(null);
    setGuardando(true);
    try {
      aplicarCambioExcepcion({ tipo: 'creada', excepcion: await crearExcepcion(r.output) });
      toast.exito('Horario bloqueado', `${fechaLarga(r.output.fecha)}, ${diaCompleto ? 'todo el día' : `de ${inicio} a ${fin}`}.`);
      setFecha('');
      setMotivo('');
    } catch (err) {
      mostrarError(err, 'Error al bloquear el horario');
    } finally {
      setGuardando(false);
    }
  }

  async function quitar(x: Excepcion) {
    const si = await confirmar({
      titulo: '¿Desbloquear este horario?',
      texto: `${fechaLarga(x.fecha)}, ${rango(x)}.`,
      confirmar: 'Sí, desbloquear',
    });
    if (!si) return;
    try {
      await eliminarExcepcion(x.id_excepcion);
      aplicarCambioExcepcion({ tipo: 'eliminada', excepcion: x });
    } catch (err) {
      mostrarError(err, 'Error al desbloquear el horario');
    }
  }

  return (
    <section aria-labelledby="titulo-excepciones" className="mt-8 border-t border-arena-200 pt-6">
      <h3 id="titulo-excepciones" className="flex items-center gap-2 font-sans text-base font-semibold">
        <CalendarOff className="size-4 text-terracota-600" aria-hidden /> Días y horas bloqueados
      </h3>
      <p className="mt-1 text-sm text-tinta-600">
        Vacaciones, congresos o pendientes personales: en esos horarios no se pueden agendar citas.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-[1.1fr_1fr]">
        {excepciones.length === 0 ? (
          <p className="self-start rounded-xl border border-dashed border-arena-300 px-4 py-5 text-center text-sm text-tinta-500">
            No tienes días bloqueados próximamente.
          </p>
        ) : (
          <ul className="flex flex-col gap-2 self-start">
            {excepciones.map((x) => (
              <li
                key={x.id_excepcion}
                className="flex items-center gap-3 rounded-xl border border-terracota-100 bg-terracota-50 px-4 py-2.5 text-sm"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-tinta-900 first-letter:uppercase">{fechaLarga(x.fecha)}</p>
                  <p className="text-tinta-600">
                    {rango(x)}
                    {x.motivo ? ` · ${x.motivo}` : ''}
                  </p>
                </div>
                <Button variante="fantasma" tamano="sm" aria-label={`Desbloquear ${fechaLarga(x.fecha)}`} onClick={() => void quitar(x)}>
                  <Trash2 className="size-4 text-peligro-600" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={bloquear} noValidate className="grid gap-3 sm:grid-cols-2">
          <Field id="exc-fecha" etiqueta="Fecha">
            {(c) => <Input {...c} type="date" min={ahoraClinica().hoy} value={fecha} onChange={(e) => setFecha(e.target.value)} />}
          </Field>
          {/* No maxLength: a reason pasted past the limit stays whole and says so (decision 295). */}
          <Field
            id="exc-motivo"
            etiqueta="Motivo"
            opcional
            ayuda={`${motivo.trim().length}/${MOTIVO_EXCEPCION_MAX}`}
            error={motivo.trim().length > MOTIVO_EXCEPCION_MAX ? MSG_AGENDA.motivoLargo : undefined}
          >
            {(c) => <Input {...c} value={motivo} onChange={(e) => setMotivo(e.target.value)} placeholder="Congreso, vacaciones…" />}
          </Field>
          <label htmlFor="exc-dia-completo" className="flex items-center gap-2 text-sm text-tinta-800 sm:col-span-2">
            <Checkbox id="exc-dia-completo" checked={diaCompleto} onChange={(e) => setDiaCompleto(e.target.checked)} /> Todo el día
          </label>
          {diaCompleto ? null : (
            <>
              <Field id="exc-inicio" etiqueta="Desde">
                {(c) => <Input {...c} type="time" value={inicio} onChange={(e) => setInicio(e.target.value)} />}
              </Field>
              <Field id="exc-fin" etiqueta="Hasta">
                {(c) => <Input {...c} type="time" value={fin} onChange={(e) => setFin(e.target.value)} />}
              </Field>
            </>
          )}
          <p role="alert" className={error ? 'text-sm text-peligro-700 sm:col-span-2' : 'hidden'}>
            {error}
          </p>
          <div className="sm:col-span-2">
            <Button type="submit" variante="secundario" cargando={guardando}>
              Bloquear horario
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
}
