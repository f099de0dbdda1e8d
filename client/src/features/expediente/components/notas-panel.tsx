import { type FiltroNota, type Nota, notaCoincide, notaEditada, TEXTOS_EXPEDIENTE } from '@miduelo/shared/expediente';
import { ClipboardList, EllipsisVertical, NotebookPen, Pencil, Plus, Search, StickyNote, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { lazy, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorCarga } from '@/components/ui/error-carga';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Cargando } from '@/components/ui/spinner';
import { eliminarNota } from '@/api/expediente';
import { confirmar } from '@/lib/confirm';
import { cx } from '@/lib/cx';
import { AlAbrir } from '@/lib/diferido';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { fechaHora } from '@/lib/format';
import type { ExpedienteEnVivo } from '../use-expediente-en-vivo';

const NotaDialog = lazy(() => import('./nota-dialog'));

/** 'Notas del Psicólogo' (spec 2 §2): search, Nueva Nota, filters with the count, cards with the
 * Editar/Eliminar menu and the '¿Eliminar nota?' confirmation, and the empty states: the spec's
 * three, and a type filter without a match (decision 263). */
export function NotasPanel({ vivo, idPaciente }: { vivo: ExpedienteEnVivo; idPaciente: number }) {
  const { items: notas, cargada, error } = vivo.notas;
  const [busqueda, setBusqueda] = useState('');
  const [filtro, setFiltro] = useState<FiltroNota>('todas');
  const [modal, setModal] = useState<{ nota: Nota | null } | null>(null);

  const visibles = useMemo(
    () => notas.filter((n) => (filtro === 'todas' || n.tipo === filtro) && notaCoincide(n, busqueda)),
    [notas, filtro, busqueda],
  );

  async function eliminar(n: Nota) {
    const si = await confirmar({
      titulo: TEXTOS_EXPEDIENTE.confirmarEliminar,
      texto: TEXTOS_EXPEDIENTE.confirmarEliminarTexto(n.titulo),
      confirmar: TEXTOS_EXPEDIENTE.siEliminar,
      cancelar: TEXTOS_EXPEDIENTE.cancelar,
      peligro: true,
    });
    if (!si) return;
    try {
      await eliminarNota(n.id_nota);
      vivo.cambioNota('eliminada', n);
      toast.exito(TEXTOS_EXPEDIENTE.notaEliminada);
    } catch (e) {
      if (!(e instanceof ApiError && e.sesionCerrada)) toast.error('Error', TEXTOS_EXPEDIENTE.errorEliminarNota);
    }
  }

  const filtros: FiltroNota[] = ['todas', 'general', 'test'];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-tinta-400" aria-hidden />
          <Input
            type="search"
            className="pl-9"
            placeholder={TEXTOS_EXPEDIENTE.buscarNotas}
            aria-label={TEXTOS_EXPEDIENTE.buscarNotas}
            value={busqueda}
            onChange={(e) => setBusqueda(e.target.value)}
          />
        </div>
        <Button onClick={() => setModal({ nota: null })}>
          <Plus className="size-4" aria-hidden /> {TEXTOS_EXPEDIENTE.nuevaNota}
        </Button>
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Filtrar notas</legend>
        {filtros.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filtro === f}
            onClick={() => setFiltro(f)}
            className={cx(
              'min-h-9 cursor-pointer rounded-full border px-3.5 text-sm font-medium',
              filtro === f ? 'border-salvia-600 bg-salvia-600 text-white' : 'border-arena-300 bg-papel text-tinta-700 hover:bg-salvia-50',
            )}
          >
            {TEXTOS_EXPEDIENTE.filtros[f]}
            {f === 'todas' && cargada ? ` (${notas.length})` : ''}
          </button>
        ))}
      </fieldset>

      {!cargada && !error ? (
        <Cargando texto="Cargando notas..." />
      ) : !cargada ? (
        <ErrorCarga texto={TEXTOS_EXPEDIENTE.errorCargarNotas} onReintentar={vivo.notas.recargar} />
      ) : visibles.length === 0 ? (
        busqueda.trim() ? (
          <EmptyState icono={Search} titulo={TEXTOS_EXPEDIENTE.sinNotas} texto={TEXTOS_EXPEDIENTE.sinResultados} />
        ) : filtro !== 'todas' && notas.length > 0 ? (
          <EmptyState icono={NotebookPen} titulo={TEXTOS_EXPEDIENTE.sinNotas} texto={TEXTOS_EXPEDIENTE.sinNotasDelTipo[filtro]} />
        ) : (
          <EmptyState
            icono={NotebookPen}
            titulo={TEXTOS_EXPEDIENTE.sinNotas}
            texto={TEXTOS_EXPEDIENTE.sinNotasTexto}
            accion={<Button onClick={() => setModal({ nota: null })}>{TEXTOS_EXPEDIENTE.crearPrimera}</Button>}
          />
        )
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={TEXTOS_EXPEDIENTE.subtabs.notas}>
          {visibles.map((n) => (
            <li key={n.id_nota}>
              <TarjetaNota nota={n} onEditar={() => setModal({ nota: n })} onEliminar={() => void eliminar(n)} />
            </li>
          ))}
        </ul>
      )}
      <AlAbrir abierto={modal !== null}>
        <NotaDialog
          abierto={modal !== null}
          nota={modal?.nota ?? null}
          idPaciente={idPaciente}
          onCerrar={() => setModal(null)}
          onActual={(n) => vivo.cambioNota('actualizada', n)}
          onGuardada={(n, nueva) => {
            vivo.cambioNota(nueva ? 'creada' : 'actualizada', n);
            setModal(null);
          }}
        />
      </AlAbrir>
    </div>
  );
}

function TarjetaNota({ nota: n, onEditar, onEliminar }: { nota: Nota; onEditar: () => void; onEliminar: () => void }) {
  const Icono = n.tipo === 'test' ? ClipboardList : StickyNote;
  return (
    <Card className="flex h-full flex-col gap-2 p-4" data-nota={n.id_nota}>
      <div className="flex items-start gap-3">
        <span
          className={cx(
            'flex size-9 shrink-0 items-center justify-center rounded-lg',
            n.tipo === 'test' ? 'bg-info-50 text-info-700' : 'bg-salvia-50 text-salvia-700',
          )}
        >
          <Icono className="size-4.5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-tinta-900 wrap-anywhere">{n.titulo}</h3>
          <p className="text-xs text-tinta-500 tabular-nums">
            {fechaHora(n.fecha_creacion)}
            {notaEditada(n) ? <span className="ml-1.5 italic">· {TEXTOS_EXPEDIENTE.editada}</span> : null}
          </p>
        </div>
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            aria-label={`Acciones de la nota ${n.titulo}`}
            className="flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-lg text-tinta-500 hover:bg-arena-100 focus-visible:outline-2 focus-visible:outline-salvia-500"
          >
            <EllipsisVertical className="size-4.5" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={4}
              className="z-50 min-w-36 rounded-xl border border-arena-200 bg-papel p-1 shadow-elevada"
            >
              <DropdownMenu.Item
                onSelect={onEditar}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-highlighted:bg-salvia-50"
              >
                <Pencil className="size-4" aria-hidden /> {TEXTOS_EXPEDIENTE.editar}
              </DropdownMenu.Item>
              <DropdownMenu.Item
                onSelect={onEliminar}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-peligro-700 outline-none data-highlighted:bg-peligro-50"
              >
                <Trash2 className="size-4" aria-hidden /> {TEXTOS_EXPEDIENTE.eliminar}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      <p className="line-clamp-5 text-sm whitespace-pre-wrap text-tinta-700 wrap-anywhere">{n.contenido}</p>
      <div className="mt-auto pt-1">
        <Badge tono={n.tipo === 'test' ? 'info' : 'salvia'}>
          {n.tipo === 'test' ? TEXTOS_EXPEDIENTE.notaTest : TEXTOS_EXPEDIENTE.notaGeneral}
        </Badge>
      </div>
    </Card>
  );
}
