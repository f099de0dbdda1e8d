import {
  INSTRUCCIONES_MAX,
  MSG_ACTIVIDADES,
  type Plantilla,
  PRIORIDADES,
  type Prioridad,
  ETIQUETA_PRIORIDAD,
} from '@miduelo/shared/actividades';
import { nombreCompleto } from '@miduelo/shared/nombres';
import type { Paciente } from '@miduelo/shared/pacientes';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Cargando } from '@/components/ui/spinner';
import { hoyClinica } from '@/lib/format';
import { ApiError } from '@/nucleo/http';
import { useIdCliente } from '@/nucleo/id-cliente';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { toast } from '@/lib/toast';
import type { DatosAsignar } from '@/api/actividades';
import { listarPacientes } from '@/api/pacientes';
import { coincidePaciente, diaSiguiente } from '../reglas';

/** The catalogue's assign modal (spec 2 §2, §5): deadline (default tomorrow, minimum today),
 * priority (default media), instructions (n/500), patient search with select all. */
export function AsignarModal({
  plantilla,
  onAsignar,
  onCerrar,
}: {
  plantilla: Plantilla;
  onAsignar: (d: DatosAsignar) => Promise<void>;
  onCerrar: () => void;
}) {
  const hoy = hoyClinica();
  const [fecha, setFecha] = useState(diaSiguiente(hoy));
  const [prioridad, setPrioridad] = useState<Prioridad>('media');
  const [instrucciones, setInstrucciones] = useState('');
  const [busqueda, setBusqueda] = useState('');
  const [elegidos, setElegidos] = useState<Set<number>>(new Set());
  const [enviando, setEnviando] = useState(false);
  const [intentado, setIntentado] = useState(false);
  // Sent by every attempt of this opening with the same choices: a retry after a lost answer assigns
  // nothing twice, and changed choices are a new request, never answered with the first (decision 313).
  const idCliente = useIdCliente(plantilla.id_actividad);
  const { data: pacientes } = useLiveResource<Paciente[]>({ fetch: listarPacientes });
  const visibles = useMemo(() => (pacientes ?? []).filter((p) => coincidePaciente(p, busqueda)), [pacientes, busqueda]);

  const errorFecha = !fecha ? MSG_ACTIVIDADES.fechaLimiteRequerida : fecha < hoy ? MSG_ACTIVIDADES.fechaLimitePasada : null;
  const errorInstr = instrucciones.length > INSTRUCCIONES_MAX ? MSG_ACTIVIDADES.noExcederAsignar('Instrucciones', INSTRUCCIONES_MAX) : null;
  const todosVisibles = visibles.length > 0 && visibles.every((p) => elegidos.has(p.id_paciente));

  function alternarTodos() {
    setElegidos((s) => {
      const n = new Set(s);
      for (const p of visibles) {
        if (todosVisibles) n.delete(p.id_paciente);
        else n.add(p.id_paciente);
      }
      return n;
    });
  }

  async function enviar() {
    setIntentado(true);
    if (errorFecha || errorInstr) return;
    if (elegidos.size === 0) {
      toast.aviso('Atención', MSG_ACTIVIDADES.sinPacientes);
      return;
    }
    setEnviando(true);
    try {
      const cuerpo = {
        id_actividad: plantilla.id_actividad,
        pacientes: [...elegidos].sort((a, b) => a - b),
        fecha_limite: fecha,
        prioridad,
        instrucciones_personalizadas: instrucciones.trim() || null,
      };
      await onAsignar({ ...cuerpo, id_cliente: idCliente.idPara(cuerpo) });
    } catch (e) {
      // Shown by onAsignar. The server holds this id with other content (changed elsewhere since):
      // the next 'Asignar' sends a new id, as its message asks.
      if (e instanceof ApiError && e.code === 'ID_CLIENTE_DISTINTO') idCliente.renovar();
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onCerrar()}>
      <DialogContent titulo="Asignar a Pacientes" descripcion={<span className="wrap-anywhere">{plantilla.titulo}</span>} ancho="lg">
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void enviar();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="asig-fecha" etiqueta="Fecha límite" error={intentado ? errorFecha : null}>
              {(c) => <Input {...c} type="date" min={hoy} value={fecha} onChange={(e) => setFecha(e.target.value)} />}
            </Field>
            <Field id="asig-prioridad" etiqueta="Prioridad">
              {(c) => (
                <Select
                  id={c.id}
                  value={prioridad}
                  onValueChange={(x) => setPrioridad(x as Prioridad)}
                  opciones={PRIORIDADES.map((p) => ({ valor: p, etiqueta: ETIQUETA_PRIORIDAD[p] }))}
                />
              )}
            </Field>
          </div>
          <Field
            id="asig-instrucciones"
            etiqueta="Instrucciones"
            opcional
            error={errorInstr}
            ayuda={`${instrucciones.length}/${INSTRUCCIONES_MAX}`}
          >
            {(c) => <Textarea {...c} rows={3} value={instrucciones} onChange={(e) => setInstrucciones(e.target.value)} />}
          </Field>
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-semibold text-tinta-800">Pacientes</p>
              <span className="text-sm text-tinta-600" aria-live="polite">
                {elegidos.size} paciente(s) seleccionado(s)
              </span>
            </div>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-tinta-400" aria-hidden />
              <Input
                aria-label="Buscar paciente"
                placeholder="Buscar por nombre, apellidos o correo..."
                className="pl-9"
                value={busqueda}
                onChange={(e) => setBusqueda(e.target.value)}
              />
            </div>
            <Button
              type="button"
              variante="enlace"
              tamano="sm"
              onClick={alternarTodos}
              disabled={visibles.length === 0}
              className="self-start"
            >
              {todosVisibles ? 'Deseleccionar todos' : 'Seleccionar todos'}
            </Button>
            <ul className="max-h-[300px] overflow-y-auto rounded-xl border border-arena-200" aria-label="Lista de pacientes">
              {pacientes === undefined ? (
                <li className="p-4">
                  <Cargando texto="Cargando pacientes..." />
                </li>
              ) : visibles.length === 0 ? (
                <li className="p-4 text-sm text-tinta-500">No se encontraron pacientes.</li>
              ) : (
                visibles.map((p) => (
                  <li key={p.id_paciente} className="border-b border-arena-100 last:border-0">
                    <label
                      htmlFor={`asig-pac-${p.id_paciente}`}
                      className="flex cursor-pointer items-center gap-3 px-4 py-2.5 hover:bg-arena-50"
                    >
                      <Checkbox
                        id={`asig-pac-${p.id_paciente}`}
                        checked={elegidos.has(p.id_paciente)}
                        onChange={(e) =>
                          setElegidos((s) => {
                            const n = new Set(s);
                            if (e.target.checked) n.add(p.id_paciente);
                            else n.delete(p.id_paciente);
                            return n;
                          })
                        }
                      />
                      <span className="min-w-0">
                        <span className="block text-sm font-medium text-tinta-800 wrap-anywhere">{nombreCompleto(p)}</span>
                        <span className="block text-xs text-tinta-500 wrap-anywhere">{p.email}</span>
                      </span>
                    </label>
                  </li>
                ))
              )}
            </ul>
          </div>
          <DialogFooter>
            <Button type="button" variante="secundario" onClick={onCerrar}>
              Cancelar
            </Button>
            <Button type="submit" cargando={enviando}>
              Asignar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
