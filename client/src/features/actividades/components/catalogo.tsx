import { FILTROS_CATALOGO, ordenCatalogo, type Plantilla, TEXTOS_ACTIVIDADES as T } from '@miduelo/shared/actividades';
import { ActividadCambioSchema } from '@miduelo/shared/realtime-actividades';
import { Eye, Paperclip, Pencil, Plus, Repeat, Search, Sprout, Trash2, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Cargando } from '@/components/ui/spinner';
import { confirmar } from '@/lib/confirm';
import { mostrarError } from '@/nucleo/http';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useListaViva } from '@/nucleo/live/use-lista-viva';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { actualizarPlantilla, asignar, crearPlantilla, eliminarPlantilla, listarPlantillas } from '@/api/actividades';
import { filtrarCatalogo } from '../reglas';
import { AsignarModal } from './asignar-modal';
import { type ModoPlantilla, PlantillaModal } from './plantilla-modal';

const ETIQUETA_FILTRO: Record<(typeof FILTROS_CATALOGO)[number], string> = {
  todas: 'Todas',
  obligatorias: 'Obligatorias',
  personalizadas: 'Personalizadas',
  modulo: 'Módulo',
};

/** The global activity catalogue (spec 2 §2 'actividades-globales'). */
export function Catalogo() {
  const idPsicologo = useSession((s) => s.usuario?.id_psicologo ?? 0);
  const { items, cargada, error, recargar, aplicar } = useListaViva<Plantilla>({
    cargar: listarPlantillas,
    id: (p) => p.id_actividad,
    // A saved activity takes its place in the server's order (it went to the end of the grid).
    orden: ordenCatalogo,
    alFallar: (e, silenciosa) => {
      if (!silenciosa) mostrarError(e, T.errorCargarCatalogo);
    },
  });
  // Assignment counts follow changes made in other tabs or by patients.
  useEventoSocket('actividad:cambio', ActividadCambioSchema, () => recargar());
  const [texto, setTexto] = useState('');
  const [filtro, setFiltro] = useState<string>('todas');
  const [modal, setModal] = useState<{ modo: ModoPlantilla; plantilla: Plantilla | null } | null>(null);
  const [asignando, setAsignando] = useState<Plantilla | null>(null);
  const visibles = useMemo(() => filtrarCatalogo(items, texto, filtro), [items, texto, filtro]);
  const esPropia = (p: Plantilla) => p.origen === 'personalizada' && p.id_psicologo_creador === idPsicologo;

  async function guardar(d: Parameters<typeof crearPlantilla>[0]) {
    const editando = modal?.modo === 'editar' && modal.plantilla;
    try {
      const p = editando ? await actualizarPlantilla(modal.plantilla?.id_actividad ?? 0, d) : await crearPlantilla(d);
      aplicar({ tipo: 'guardado', item: p });
      toast.exito(editando ? T.actualizadaOk : T.creadaOk);
      setModal(null);
    } catch (e) {
      mostrarError(e, editando ? T.errorActualizar : T.errorCrear);
    }
  }

  async function eliminar(p: Plantilla) {
    const si = await confirmar({
      titulo: '¿Eliminar actividad?',
      texto: `Se eliminará "${p.titulo}" del catálogo.`,
      confirmar: 'Sí, eliminar',
      peligro: true,
    });
    if (!si) return;
    try {
      await eliminarPlantilla(p.id_actividad);
      aplicar({ tipo: 'eliminado', item: p });
      toast.exito(T.eliminadaOk);
      setModal(null);
    } catch (e) {
      mostrarError(e, T.errorEliminar);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-tinta-400" aria-hidden />
          <Input
            aria-label="Buscar actividades"
            placeholder="Buscar actividades..."
            className="pl-9"
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
          />
        </div>
        <Select
          aria-label="Filtrar actividades"
          className="sm:w-48"
          value={filtro}
          onValueChange={setFiltro}
          opciones={FILTROS_CATALOGO.map((f) => ({ valor: f, etiqueta: ETIQUETA_FILTRO[f] }))}
        />
        <Button onClick={() => setModal({ modo: 'crear', plantilla: null })}>
          <Plus className="size-4" aria-hidden /> {T.nuevaActividad}
        </Button>
      </div>
      {cargada ? (
        <p className="text-sm text-tinta-600" aria-live="polite">
          {visibles.length} actividad(es)
        </p>
      ) : null}
      {!cargada && !error ? (
        <Cargando texto="Cargando actividades..." />
      ) : !cargada ? (
        <ErrorCarga texto={T.errorCargarCatalogo} onReintentar={recargar} />
      ) : visibles.length === 0 ? (
        <EmptyState icono={Sprout} titulo="No se encontraron actividades" texto="Prueba con otra búsqueda o crea una actividad nueva." />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {visibles.map((p) => (
            <li key={p.id_actividad}>
              <TarjetaPlantilla
                plantilla={p}
                propia={esPropia(p)}
                onVer={() => setModal({ modo: 'ver', plantilla: p })}
                onAsignar={() => setAsignando(p)}
                onEditar={() => setModal({ modo: 'editar', plantilla: p })}
                onEliminar={() => void eliminar(p)}
              />
            </li>
          ))}
        </ul>
      )}
      {modal && (
        <PlantillaModal
          key={`${modal.modo}-${modal.plantilla?.id_actividad ?? 'nueva'}`}
          modo={modal.modo}
          plantilla={modal.plantilla}
          editable={modal.plantilla ? esPropia(modal.plantilla) : true}
          onGuardar={guardar}
          onCerrar={() => setModal(null)}
          onModo={(m) => setModal((x) => (x ? { ...x, modo: m } : x))}
          onAsignar={() => {
            setAsignando(modal.plantilla);
            setModal(null);
          }}
          onEliminar={() => modal.plantilla && void eliminar(modal.plantilla)}
        />
      )}
      {asignando && (
        <AsignarModal
          plantilla={asignando}
          onCerrar={() => setAsignando(null)}
          onAsignar={async (d) => {
            try {
              const r = await asignar(d);
              toast.exito(T.asignadaA(r.asignadas));
              setAsignando(null);
              recargar();
            } catch (e) {
              mostrarError(e, T.errorAsignarCatalogo);
              // The dialog stays open and renews its client id when the server asks (decision 313).
              throw e;
            }
          }}
        />
      )}
    </div>
  );
}

/** One activity of the catalogue: its badges, title, stage, description and assignment counts, and
 * its actions (edit and delete only for its creator). */
function TarjetaPlantilla(x: {
  plantilla: Plantilla;
  propia: boolean;
  onVer: () => void;
  onAsignar: () => void;
  onEditar: () => void;
  onEliminar: () => void;
}) {
  const p = x.plantilla;
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-actividad={p.id_actividad}>
      <div className="flex flex-wrap gap-1.5">
        <Badge tono={p.obligatoria ? 'terracota' : 'neutro'}>{p.obligatoria ? 'Obligatoria' : 'Opcional'}</Badge>
        <Badge tono={p.origen === 'modulo' ? 'info' : 'salvia'}>{p.origen === 'modulo' ? 'Modulo' : 'Personalizada'}</Badge>
        <Badge>{p.tipo}</Badge>
        {p.repetitiva && p.periodo !== null && (
          <Badge tono="aviso">
            <Repeat className="size-3" aria-hidden /> Cada {p.periodo} días
          </Badge>
        )}
        {p.archivo_url && (
          <Badge tono="info">
            <Paperclip className="size-3" aria-hidden /> Adjunto
          </Badge>
        )}
      </div>
      <h3 className="font-semibold text-tinta-900 wrap-anywhere">{p.titulo}</h3>
      {p.etapa_duelo && <p className="text-xs text-tinta-500">Etapa: {p.etapa_duelo}</p>}
      <p className="line-clamp-3 flex-1 text-sm text-tinta-600 wrap-anywhere">{p.descripcion ?? T.sinDescripcion}</p>
      <p className="text-xs text-tinta-500">
        {p.asignaciones_activas} en proceso · {p.asignaciones_totales} asignada(s) en total
      </p>
      <div className="flex flex-wrap gap-1">
        <Button variante="fantasma" tamano="sm" onClick={x.onVer} aria-label={`Ver ${p.titulo}`}>
          <Eye className="size-4" aria-hidden /> Ver
        </Button>
        <Button variante="fantasma" tamano="sm" onClick={x.onAsignar} aria-label={`Asignar ${p.titulo}`}>
          <UserPlus className="size-4" aria-hidden /> Asignar
        </Button>
        {x.propia && (
          <>
            <Button variante="fantasma" tamano="sm" onClick={x.onEditar} aria-label={`Editar ${p.titulo}`}>
              <Pencil className="size-4" aria-hidden /> Editar
            </Button>
            <Button variante="fantasma" tamano="sm" onClick={x.onEliminar} aria-label={`Eliminar ${p.titulo}`}>
              <Trash2 className="size-4" aria-hidden /> Eliminar
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
