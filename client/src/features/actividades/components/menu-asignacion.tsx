import { type Asignacion, TEXTOS_ACTIVIDADES as T } from '@miduelo/shared/actividades';
import { MoreVertical } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '@/components/ui/button';

/** The actions menu of an assigned activity: change its state, edit its instructions, remove it. */
export function MenuAsignacion({
  asignacion: a,
  onEstado,
  onInstrucciones,
  onEliminar,
}: {
  asignacion: Asignacion;
  onEstado: () => void;
  onInstrucciones: () => void;
  onEliminar: () => void;
}) {
  const item = 'cursor-pointer rounded-lg px-3 py-2 text-sm text-tinta-800 outline-none data-highlighted:bg-arena-100';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variante="fantasma" tamano="icono" aria-label={`Acciones de ${a.actividad.titulo}`}>
          <MoreVertical className="size-4" aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-xl border border-arena-200 bg-papel p-1 shadow-elevada"
        >
          <DropdownMenu.Item className={item} onSelect={onEstado}>
            {a.estado === 'en_proceso' ? T.cambiarAFinalizada : T.cambiarAEnProceso}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={onInstrucciones}>
            {T.editarInstrucciones}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={`${item} text-peligro-700`} onSelect={onEliminar}>
            {T.eliminarActividad}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
