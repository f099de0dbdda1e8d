import { MSG_ACTIVIDADES, type Plantilla, TEXTOS_ACTIVIDADES as T } from '@miduelo/shared/actividades';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Cargando } from '@/components/ui/spinner';
import { hoyClinica } from '@/lib/format';
import { toast } from '@/lib/toast';
import { ApiError, mostrarError } from '@/nucleo/http';
import { useIdCliente } from '@/nucleo/id-cliente';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { asignarAlPaciente, listarPlantillas } from '@/api/actividades';
import { diaSiguiente } from '../reglas';
import type { DialogoDeAsignacion } from './nueva-actividad-paciente';

/** 'Asignar Existente': choose a template of the catalogue; none → 'Sin plantillas'. */
export function AsignarExistente({ idPaciente, onCerrar, onAsignada }: DialogoDeAsignacion) {
  // Failure to load templates is only logged (spec 2 §8).
  const { data: plantillas } = useLiveResource<Plantilla[]>({
    fetch: (s) =>
      listarPlantillas(s).catch((e: unknown) => {
        console.warn('No se pudieron cargar las plantillas', e);
        return [];
      }),
  });
  const [elegida, setElegida] = useState<number | null>(null);
  const [fecha, setFecha] = useState(diaSiguiente(hoyClinica()));
  // Sent by every attempt of this opening with the same choice: a retry after a lost answer assigns
  // nothing twice; another activity or date is a new request (decision 313).
  const idCliente = useIdCliente(idPaciente);
  const [enviando, setEnviando] = useState(false);
  const [intentado, setIntentado] = useState(false);
  if (plantillas !== undefined && plantillas.length === 0) {
    return (
      <Dialog open onOpenChange={(o) => !o && onCerrar()}>
        <DialogContent titulo={T.sinPlantillasTitulo} ancho="sm">
          <p className="text-tinta-700">{T.sinPlantillas}</p>
          <DialogFooter>
            <Button onClick={onCerrar}>Aceptar</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Dialog open onOpenChange={(o) => !o && onCerrar()}>
      <DialogContent titulo={T.asignarExistente} ancho="lg">
        {plantillas === undefined ? (
          <Cargando texto="Cargando actividades..." />
        ) : (
          <form
            className="flex flex-col gap-4"
            noValidate
            onSubmit={async (e) => {
              e.preventDefault();
              setIntentado(true);
              if (elegida === null) return;
              setEnviando(true);
              try {
                const r = await asignarAlPaciente(elegida, idPaciente, fecha || null, idCliente.idPara([elegida, fecha || null]));
                toast.exito(T.asignada);
                onAsignada(r.asignaciones);
              } catch (err) {
                if (err instanceof ApiError && err.code === 'ID_CLIENTE_DISTINTO') idCliente.renovar();
                mostrarError(err, T.errorAsignar);
              } finally {
                setEnviando(false);
              }
            }}
          >
            <ul className="max-h-[300px] overflow-y-auto rounded-xl border border-arena-200" aria-label="Actividades del catálogo">
              {plantillas.map((p) => (
                <li key={p.id_actividad} className="border-b border-arena-100 last:border-0">
                  <label className="flex cursor-pointer items-start gap-3 px-4 py-2.5 hover:bg-arena-50">
                    <input
                      type="radio"
                      name="plantilla"
                      className="mt-1 accent-salvia-600"
                      checked={elegida === p.id_actividad}
                      onChange={() => setElegida(p.id_actividad)}
                    />
                    <span className="min-w-0">
                      <span className="block text-sm font-medium text-tinta-800 wrap-anywhere">{p.titulo}</span>
                      <span className="block text-xs text-tinta-500">
                        {p.tipo}
                        {p.etapa_duelo ? ` · Etapa: ${p.etapa_duelo}` : ''}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {intentado && elegida === null && <p className="text-sm text-peligro-700">{MSG_ACTIVIDADES.debeElegirPlantilla}</p>}
            <Field id="existente-fecha" etiqueta="Fecha límite" opcional>
              {(c) => <Input {...c} type="date" min={hoyClinica()} value={fecha} onChange={(e) => setFecha(e.target.value)} />}
            </Field>
            <DialogFooter>
              <Button type="button" variante="secundario" onClick={onCerrar}>
                {T.cancelar}
              </Button>
              <Button type="submit" cargando={enviando}>
                Asignar
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
