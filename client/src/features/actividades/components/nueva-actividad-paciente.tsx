import { type Asignacion, TEXTOS_ACTIVIDADES as T } from '@miduelo/shared/actividades';
import { useRef } from 'react';
import { ApiError, mostrarError } from '@/nucleo/http';
import { useIdCliente } from '@/nucleo/id-cliente';
import { toast } from '@/lib/toast';
import { actualizarPlantilla, asignarAlPaciente, crearPlantilla, type DatosPlantilla } from '@/api/actividades';
import { PlantillaModal } from './plantilla-modal';

/** The two ways of giving a patient an activity from their tab ('Nueva Actividad', 'Asignar
 * Existente'): for whom, and what to do on closing and once assigned. */
export interface DialogoDeAsignacion {
  idPaciente: number;
  onCerrar: () => void;
  onAsignada: (a: Asignacion[]) => void;
}

/**
 * 'Nueva Actividad' of a patient's Actividades tab (spec 2 §7): a personal template, not mandatory
 * and not repetitive (the form offers neither switch), then its assignment to the patient with
 * priority media. When the assignment fails (a dropped connection, the patient just reassigned),
 * 'Crear Actividad' again assigns the template already created — updated first if the form changed
 * — instead of leaving a second, unassigned copy in the catalogue (decision 261).
 */
export function NuevaActividadPaciente({ idPaciente, onCerrar, onAsignada }: DialogoDeAsignacion) {
  const creada = useRef<{ id: number; clave: string } | null>(null);
  // Per template assigned in this opening: a retry after a lost answer does not assign it twice (decision 313).
  const idCliente = useIdCliente(idPaciente);

  async function guardar(d: DatosPlantilla) {
    const datos: DatosPlantilla = { ...d, obligatoria: false, repetitiva: false, periodo: null };
    const clave = JSON.stringify(datos);
    try {
      const previa = creada.current;
      let id: number;
      if (!previa) {
        id = (await crearPlantilla(datos)).id_actividad;
        creada.current = { id, clave };
      } else {
        id = previa.id;
        if (previa.clave !== clave) {
          await actualizarPlantilla(id, datos);
          creada.current = { id, clave };
        }
      }
      const r = await asignarAlPaciente(id, idPaciente, null, idCliente.idPara(id));
      toast.exito(T.creadaYAsignada);
      onAsignada(r.asignaciones);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'ID_CLIENTE_DISTINTO') idCliente.renovar();
      mostrarError(e, T.errorCrear);
    }
  }

  return <PlantillaModal modo="crear" interruptores={false} onGuardar={guardar} onCerrar={onCerrar} />;
}
