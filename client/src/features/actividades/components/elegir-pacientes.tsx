import { nombreCompleto } from '@miduelo/shared/nombres';
import type { Paciente } from '@miduelo/shared/pacientes';
import { Search } from 'lucide-react';
import { type Dispatch, type SetStateAction, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Cargando } from '@/components/ui/spinner';
import { coincidePaciente } from '../reglas';

/** The patients of an assignment: a search by name, surnames or e-mail, select all (of those shown),
 * and one checkbox per patient; `pacientes` undefined while they load. */
export function ElegirPacientes({
  pacientes,
  elegidos,
  setElegidos,
}: {
  pacientes: Paciente[] | undefined;
  elegidos: Set<number>;
  setElegidos: Dispatch<SetStateAction<Set<number>>>;
}) {
  const [busqueda, setBusqueda] = useState('');
  const visibles = useMemo(() => (pacientes ?? []).filter((p) => coincidePaciente(p, busqueda)), [pacientes, busqueda]);
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

  return (
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
      <Button type="button" variante="enlace" tamano="sm" onClick={alternarTodos} disabled={visibles.length === 0} className="self-start">
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
              <label htmlFor={`asig-pac-${p.id_paciente}`} className="flex cursor-pointer items-center gap-3 px-4 py-2.5 hover:bg-arena-50">
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
  );
}
