import { type Asignacion, ETIQUETA_ESTADO_ASIGNACION, TEXTOS_ACTIVIDADES as T } from '@miduelo/shared/actividades';
import { ClipboardList, Filter, Plus, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorCarga } from '@/components/ui/error-carga';
import { EmptyState } from '@/components/ui/empty-state';
import { Cargando } from '@/components/ui/spinner';
import { confirmar } from '@/lib/confirm';
import { mostrarError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { cambiarEstado, eliminarAsignacion } from '@/api/actividades';
import { contar, FILTROS_INICIALES, type FiltrosActividades, filtrar } from '../reglas';
import { useAsignacionesEnVivo } from '../use-asignaciones-en-vivo';
import { AsignarExistente } from './asignar-existente';
import { EditarInstrucciones } from './editar-instrucciones';
import { FiltrosAsignaciones } from './filtros-asignaciones';
import { NuevaActividadPaciente } from './nueva-actividad-paciente';
import { PanelDetalle } from './panel-detalle';
import { TarjetaAsignacion } from './tarjeta-asignacion';

/** 'Actividades Asignadas' tab (spec 2 §2). */
export default function ActividadesPaciente({ idPaciente }: { idPaciente: number }) {
  const { items, cargada, error, aplicar, recargar } = useAsignacionesEnVivo(idPaciente, (e, silenciosa) => {
    if (!silenciosa) mostrarError(e, T.errorCargarActividades);
  });
  const [filtros, setFiltros] = useState<FiltrosActividades>(FILTROS_INICIALES);
  const [verFiltros, setVerFiltros] = useState(false);
  const [detalle, setDetalle] = useState<number | null>(null);
  const [editando, setEditando] = useState<Asignacion | null>(null);
  const [creando, setCreando] = useState(false);
  const [eligiendo, setEligiendo] = useState(false);
  const visibles = useMemo(() => filtrar(items, filtros), [items, filtros]);
  const cifras = contar(items);
  const abierta = detalle === null ? null : (items.find((a) => a.id_asignacion === detalle) ?? null);

  async function alternarEstado(a: Asignacion) {
    const nuevo = a.estado === 'en_proceso' ? 'finalizada' : 'en_proceso';
    const si = await confirmar({
      titulo: T.cambiarEstadoTitulo,
      texto: `"${a.actividad.titulo}" pasará a ${ETIQUETA_ESTADO_ASIGNACION[nuevo]}.`,
      confirmar: T.siCambiar,
    });
    if (!si) return;
    try {
      aplicar({ tipo: 'guardado', item: await cambiarEstado(a.id_asignacion, nuevo) });
      toast.exito(T.actualizado);
    } catch (e) {
      mostrarError(e, T.errorCambiarEstado);
    }
  }

  async function eliminar(a: Asignacion) {
    const si = await confirmar({
      titulo: '¿Eliminar actividad?',
      texto: `Se quitará "${a.actividad.titulo}" de las actividades del paciente, con sus evidencias.`,
      confirmar: 'Sí, eliminar',
      peligro: true,
    });
    if (!si) return;
    try {
      await eliminarAsignacion(a.id_asignacion);
      aplicar({ tipo: 'eliminado', item: a });
      setDetalle(null);
      toast.exito(T.eliminada);
    } catch (e) {
      mostrarError(e, T.errorEliminarAsignada);
    }
  }

  const acciones = (
    <div className="flex flex-wrap gap-2">
      <Button variante="secundario" tamano="sm" aria-expanded={verFiltros} onClick={() => setVerFiltros((x) => !x)}>
        <Filter className="size-4" aria-hidden /> {T.filtros}
      </Button>
      <Button variante="suave" tamano="sm" onClick={() => setEligiendo(true)}>
        <ClipboardList className="size-4" aria-hidden /> {T.asignarExistente}
      </Button>
      <Button tamano="sm" onClick={() => setCreando(true)}>
        <Plus className="size-4" aria-hidden /> {T.nuevaActividad}
      </Button>
    </div>
  );

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-serif text-xl font-semibold text-tinta-900">
          {T.actividadesAsignadas} {cargada ? <Badge tono="salvia">{cifras.total}</Badge> : null}
        </h2>
        {acciones}
      </div>

      <Resumen cifras={cargada ? cifras : null} />

      {verFiltros && <FiltrosAsignaciones filtros={filtros} onCambiar={setFiltros} mostrando={visibles.length} total={items.length} />}

      {!cargada && !error ? (
        <Cargando texto="Cargando actividades..." />
      ) : !cargada ? (
        <ErrorCarga texto={T.errorCargarActividades} onReintentar={recargar} />
      ) : items.length === 0 ? (
        <EmptyState icono={ClipboardList} titulo={T.sinActividades} accion={acciones} />
      ) : visibles.length === 0 ? (
        <EmptyState
          icono={SearchX}
          titulo={T.sinResultados}
          accion={
            <Button variante="secundario" onClick={() => setFiltros(FILTROS_INICIALES)}>
              {T.restablecerFiltros}
            </Button>
          }
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={T.actividadesAsignadas}>
          {visibles.map((a) => (
            <li key={a.id_asignacion} data-asignacion={a.id_asignacion}>
              <TarjetaAsignacion
                asignacion={a}
                onAbrir={() => setDetalle(a.id_asignacion)}
                onEstado={() => void alternarEstado(a)}
                onInstrucciones={() => setEditando(a)}
                onEliminar={() => void eliminar(a)}
              />
            </li>
          ))}
        </ul>
      )}

      {abierta && (
        <PanelDetalle
          asignacion={abierta}
          onCerrar={() => setDetalle(null)}
          onEditar={() => setEditando(abierta)}
          onEstado={() => void alternarEstado(abierta)}
        />
      )}
      {editando && (
        <EditarInstrucciones
          asignacion={editando}
          onCerrar={() => setEditando(null)}
          onGuardada={(a) => {
            aplicar({ tipo: 'guardado', item: a });
            setEditando(null);
          }}
        />
      )}
      {creando && (
        <NuevaActividadPaciente
          idPaciente={idPaciente}
          onCerrar={() => setCreando(false)}
          onAsignada={(lista) => {
            for (const a of lista) aplicar({ tipo: 'guardado', item: a });
            setCreando(false);
          }}
        />
      )}
      {eligiendo && (
        <AsignarExistente
          idPaciente={idPaciente}
          onCerrar={() => setEligiendo(false)}
          onAsignada={(lista) => {
            for (const a of lista) aplicar({ tipo: 'guardado', item: a });
            setEligiendo(false);
          }}
        />
      )}
    </div>
  );
}

/** The list's figures; '—' until the list is read (a failed read is not 0). */
function Resumen({ cifras }: { cifras: ReturnType<typeof contar> | null }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Tile titulo={T.total} valor={cifras?.total ?? null} />
      <Tile titulo={T.resumenEnProceso} valor={cifras?.enProceso ?? null} />
      <Tile titulo={T.finalizadas} valor={cifras?.finalizadas ?? null} />
      <Tile titulo={T.conEvidencia} valor={cifras?.conEvidencia ?? null} />
    </div>
  );
}

/** A figure of the list. */
function Tile({ titulo, valor }: { titulo: string; valor: number | null }) {
  return (
    <Card className="p-4 text-center">
      <p className="font-serif text-2xl font-semibold text-tinta-900 tabular-nums">{valor ?? '—'}</p>
      <p className="text-xs text-tinta-500">{titulo}</p>
    </Card>
  );
}
