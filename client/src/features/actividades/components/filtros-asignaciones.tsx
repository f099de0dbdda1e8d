import { TEXTOS_ACTIVIDADES as T } from '@miduelo/shared/actividades';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { FILTROS_INICIALES, type FiltrosActividades } from '../reglas';

/** The filters of a patient's assigned activities: text, state, priority, order, only with evidence;
 * how many of them are shown. */
export function FiltrosAsignaciones({
  filtros: f,
  onCambiar,
  mostrando,
  total,
}: {
  filtros: FiltrosActividades;
  onCambiar: (f: FiltrosActividades) => void;
  mostrando: number;
  total: number;
}) {
  const set = <K extends keyof FiltrosActividades>(k: K, v: FiltrosActividades[K]) => onCambiar({ ...f, [k]: v });
  return (
    <Card className="flex flex-col gap-4 p-4" aria-label="Filtros de actividades">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Input
          aria-label="Buscar actividad"
          placeholder={T.buscarActividad}
          value={f.texto}
          onChange={(e) => set('texto', e.target.value)}
        />
        <Select
          aria-label="Estado"
          value={f.estado}
          onValueChange={(v) => set('estado', v as FiltrosActividades['estado'])}
          opciones={[
            { valor: 'todos', etiqueta: 'Todos' },
            { valor: 'en_proceso', etiqueta: 'En Proceso' },
            { valor: 'finalizada', etiqueta: 'Finalizadas' },
          ]}
        />
        <Select
          aria-label="Prioridad"
          value={f.prioridad}
          onValueChange={(v) => set('prioridad', v as FiltrosActividades['prioridad'])}
          opciones={[
            { valor: 'todas', etiqueta: 'Todas' },
            { valor: 'alta', etiqueta: 'Alta' },
            { valor: 'media', etiqueta: 'Media' },
            { valor: 'baja', etiqueta: 'Baja' },
          ]}
        />
        <Select
          aria-label="Ordenar por"
          value={f.orden}
          onValueChange={(v) => set('orden', v as FiltrosActividades['orden'])}
          opciones={[
            { valor: 'fecha_limite', etiqueta: 'Fecha límite' },
            { valor: 'prioridad', etiqueta: 'Prioridad' },
            { valor: 'titulo', etiqueta: 'Título' },
          ]}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <label htmlFor="solo-evidencia" className="flex items-center gap-2 text-tinta-800">
          <Checkbox id="solo-evidencia" checked={f.soloConEvidencia} onChange={(e) => set('soloConEvidencia', e.target.checked)} />{' '}
          {T.soloConEvidencia}
        </label>
        <span className="text-tinta-600" aria-live="polite">
          {T.mostrando(mostrando, total)}
        </span>
        <Button variante="enlace" tamano="sm" onClick={() => onCambiar(FILTROS_INICIALES)}>
          {T.limpiarFiltros}
        </Button>
      </div>
    </Card>
  );
}
