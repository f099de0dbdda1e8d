import {
  type Asignacion,
  ETIQUETA_ESTADO_ASIGNACION,
  ETIQUETA_PRIORIDAD,
  INSTRUCCIONES_MAX,
  MSG_ACTIVIDADES,
  type Plantilla,
  TEXTOS_ACTIVIDADES as T,
} from '@miduelo/shared/actividades';
import { formatoFecha } from '@miduelo/shared/fechas';
import { ClipboardList, Filter, MoreVertical, Paperclip, Plus, SearchX } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { ErrorCarga } from '@/components/ui/error-carga';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Cargando } from '@/components/ui/spinner';
import { confirmar } from '@/lib/confirm';
import { hoyClinica } from '@/lib/format';
import { ApiError, mostrarError } from '@/nucleo/http';
import { useIdCliente } from '@/nucleo/id-cliente';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { toast } from '@/lib/toast';
import { asignarAlPaciente, cambiarEstado, editarInstrucciones, eliminarAsignacion, listarPlantillas } from '@/api/actividades';
import { contar, diaSiguiente, FILTROS_INICIALES, type FiltrosActividades, filtrar } from '../reglas';
import { useAsignacionesEnVivo } from '../use-asignaciones-en-vivo';
import { PanelDetalle } from './panel-detalle';
import { TONO_PRIORIDAD } from './estados';
import { type DialogoDeAsignacion, NuevaActividadPaciente } from './nueva-actividad-paciente';

const TONO_ESTADO_ASIGNACION = { en_proceso: 'aviso', finalizada: 'exito' } as const;

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

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Tile titulo={T.total} valor={cargada ? cifras.total : null} />
        <Tile titulo={T.resumenEnProceso} valor={cargada ? cifras.enProceso : null} />
        <Tile titulo={T.finalizadas} valor={cargada ? cifras.finalizadas : null} />
        <Tile titulo={T.conEvidencia} valor={cargada ? cifras.conEvidencia : null} />
      </div>

      {verFiltros && <PanelFiltros filtros={filtros} onCambiar={setFiltros} mostrando={visibles.length} total={items.length} />}

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
              <Card className="flex items-start gap-3 p-4">
                <button type="button" className="min-w-0 flex-1 cursor-pointer text-left" onClick={() => setDetalle(a.id_asignacion)}>
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-tinta-900 wrap-anywhere">{a.actividad.titulo}</span>
                    <Badge tono={TONO_ESTADO_ASIGNACION[a.estado]}>{ETIQUETA_ESTADO_ASIGNACION[a.estado]}</Badge>
                    <Badge tono={TONO_PRIORIDAD[a.prioridad]}>{ETIQUETA_PRIORIDAD[a.prioridad]}</Badge>
                    <Badge tono={a.total_evidencias > 0 ? 'salvia' : 'neutro'}>
                      <Paperclip className="size-3" aria-hidden /> {a.total_evidencias} evidencia(s)
                    </Badge>
                  </span>
                  <span className="mt-1 line-clamp-2 text-sm text-tinta-600 wrap-anywhere">
                    {a.instrucciones_personalizadas ?? a.actividad.descripcion ?? T.sinDescripcion}
                  </span>
                  <span className="mt-1 block text-xs text-tinta-500">
                    {a.fecha_limite ? T.fechaLimite(formatoFecha(a.fecha_limite)) : T.sinFechaLimite}
                  </span>
                </button>
                <MenuFila
                  asignacion={a}
                  onEstado={() => void alternarEstado(a)}
                  onInstrucciones={() => setEditando(a)}
                  onEliminar={() => void eliminar(a)}
                />
              </Card>
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

/** A figure of the list; '—' until the list is read (a failed read is not 0). */
function Tile({ titulo, valor }: { titulo: string; valor: number | null }) {
  return (
    <Card className="p-4 text-center">
      <p className="font-serif text-2xl font-semibold text-tinta-900 tabular-nums">{valor ?? '—'}</p>
      <p className="text-xs text-tinta-500">{titulo}</p>
    </Card>
  );
}

function PanelFiltros({
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

function MenuFila({
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

function EditarInstrucciones({
  asignacion,
  onCerrar,
  onGuardada,
}: {
  asignacion: Asignacion;
  onCerrar: () => void;
  onGuardada: (a: Asignacion) => void;
}) {
  const [texto, setTexto] = useState(asignacion.instrucciones_personalizadas ?? '');
  const [guardando, setGuardando] = useState(false);
  const [intentado, setIntentado] = useState(false);
  const error = !texto.trim()
    ? MSG_ACTIVIDADES.instruccionesVacias
    : texto.length > INSTRUCCIONES_MAX
      ? MSG_ACTIVIDADES.noExcederAsignar('Instrucciones', INSTRUCCIONES_MAX)
      : null;
  return (
    <Dialog open onOpenChange={(o) => !o && onCerrar()}>
      <DialogContent titulo={T.editarInstrucciones} descripcion={<span className="wrap-anywhere">{asignacion.actividad.titulo}</span>}>
        <form
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            setIntentado(true);
            if (error) return;
            setGuardando(true);
            try {
              onGuardada(await editarInstrucciones(asignacion.id_asignacion, texto.trim()));
              toast.exito(T.actualizado);
            } catch (err) {
              mostrarError(err, T.errorInstrucciones);
            } finally {
              setGuardando(false);
            }
          }}
        >
          <Field
            id="instrucciones"
            etiqueta="Instrucciones personalizadas"
            error={intentado ? error : null}
            ayuda={`${texto.length}/${INSTRUCCIONES_MAX}`}
          >
            {(c) => <Textarea {...c} rows={5} value={texto} onChange={(e) => setTexto(e.target.value)} />}
          </Field>
          <DialogFooter>
            <Button type="button" variante="secundario" onClick={onCerrar}>
              {T.cancelar}
            </Button>
            <Button type="submit" cargando={guardando}>
              {T.guardarCambios}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Asignar Existente': choose a template of the catalogue; none → 'Sin plantillas'. */
function AsignarExistente({ idPaciente, onCerrar, onAsignada }: DialogoDeAsignacion) {
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
