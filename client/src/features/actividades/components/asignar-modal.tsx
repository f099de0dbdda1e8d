import {
  INSTRUCCIONES_MAX,
  MSG_ACTIVIDADES,
  type Plantilla,
  PRIORIDADES,
  type Prioridad,
  ETIQUETA_PRIORIDAD,
} from '@miduelo/shared/actividades';
import type { Paciente } from '@miduelo/shared/pacientes';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { hoyClinica } from '@/lib/format';
import { ApiError } from '@/nucleo/http';
import { useIdCliente } from '@/nucleo/id-cliente';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { toast } from '@/lib/toast';
import type { DatosAsignar } from '@/api/actividades';
import { listarPacientes } from '@/api/pacientes';
import { diaSiguiente } from '../reglas';
import { ElegirPacientes } from './elegir-pacientes';

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
  const [elegidos, setElegidos] = useState<Set<number>>(new Set());
  const [enviando, setEnviando] = useState(false);
  const [intentado, setIntentado] = useState(false);
  // Sent by every attempt of this opening with the same choices: a retry after a lost answer assigns
  // nothing twice, and changed choices are a new request, never answered with the first (decision 313).
  const idCliente = useIdCliente(plantilla.id_actividad);
  const { data: pacientes } = useLiveResource<Paciente[]>({ fetch: listarPacientes });

  const errorFecha = !fecha ? MSG_ACTIVIDADES.fechaLimiteRequerida : fecha < hoy ? MSG_ACTIVIDADES.fechaLimitePasada : null;
  const errorInstr = instrucciones.length > INSTRUCCIONES_MAX ? MSG_ACTIVIDADES.noExcederAsignar('Instrucciones', INSTRUCCIONES_MAX) : null;
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
          <ElegirPacientes pacientes={pacientes} elegidos={elegidos} setElegidos={setElegidos} />
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
