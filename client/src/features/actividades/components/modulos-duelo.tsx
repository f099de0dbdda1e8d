import {
  type ActividadModulo,
  ETIQUETA_ESTADO_MODULO,
  EXTRACTO_ACTIVIDAD,
  extracto,
  type Modulo,
  progresoGeneral,
  TEXTOS_ACTIVIDADES as T,
} from '@miduelo/shared/actividades';
import { ChevronDown, Flower2, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Cargando } from '@/components/ui/spinner';
import { cx } from '@/lib/cx';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { useModulosEnVivo } from '../use-modulos-en-vivo';
import { DetalleActividadModulo } from './detalle-actividad-modulo';
import { DiarioCompartido } from './diario-compartido';
import { HistorialProgreso } from './historial-progreso';
import { TONO_ESTADO } from './estados';
import { BarraProgreso, TextoProgreso } from './progreso';

/** 'Módulos de Duelo' tab (spec 2 §2). */
export default function ModulosDuelo({ idPaciente }: { idPaciente: number }) {
  const { data: modulos, error } = useModulosEnVivo(idPaciente);
  const [abierta, setAbierta] = useState<ActividadModulo | null>(null);
  useEffect(() => {
    if (error && !(error instanceof ApiError && error.sesionCerrada)) toast.error('Error', T.errorModulos);
  }, [error]);
  // Keep the open detail in step with live changes (a new evidence, the patient's switch).
  const actual = abierta && modulos?.flatMap((m) => m.actividades).find((a) => a.id_actividad === abierta.id_actividad);

  if (modulos === undefined) return error ? <EmptyState icono={Flower2} titulo={T.errorModulos} /> : <Cargando texto={T.cargandoModulos} />;
  if (modulos.length === 0) return <EmptyState icono={Flower2} titulo={T.sinModulos} texto={T.sinModulosDetalle} />;

  const general = progresoGeneral(modulos.map((m) => m.progreso));
  const todas = modulos.flatMap((m) => m.actividades);
  return (
    <div className="flex flex-col gap-5">
      <Card className="p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-serif text-lg font-semibold text-tinta-900">{T.progresoGeneral}</h2>
          <TextoProgreso valor={general} className="text-lg" />
        </div>
        <div className="mt-3">
          <BarraProgreso valor={general} etiqueta={T.progresoGeneral} grande />
        </div>
        <p className="mt-2 text-sm text-tinta-500">{T.notaProgreso}</p>
      </Card>

      <div className="grid items-start gap-4 md:grid-cols-2">
        {modulos.map((m) => (
          <TarjetaModulo key={m.id_modulo} modulo={m} onAbrir={setAbierta} />
        ))}
      </div>

      <Card className="grid grid-cols-2 gap-4 p-5 sm:grid-cols-4" aria-label="Resumen de módulos">
        <Cifra titulo={T.resumenCompletadas} valor={todas.filter((a) => a.estado === 'finalizada').length} />
        <Cifra titulo={T.resumenEnProceso} valor={todas.filter((a) => a.estado === 'en_proceso').length} />
        <Cifra titulo={T.modulosTotales} valor={modulos.length} />
        <Cifra titulo={T.modulosCompletados} valor={modulos.filter((m) => m.progreso === 100).length} />
      </Card>

      <div className="grid items-start gap-4 lg:grid-cols-2">
        <HistorialProgreso idPaciente={idPaciente} />
        <DiarioCompartido idPaciente={idPaciente} />
      </div>

      {actual && <DetalleActividadModulo actividad={actual} onCerrar={() => setAbierta(null)} />}
    </div>
  );
}

function Cifra({ titulo, valor }: { titulo: string; valor: number }) {
  return (
    <div className="text-center">
      <p className="font-serif text-2xl font-semibold text-tinta-900 tabular-nums">{valor}</p>
      <p className="text-xs text-tinta-500">{titulo}</p>
    </div>
  );
}

function TarjetaModulo({ modulo: m, onAbrir }: { modulo: Modulo; onAbrir: (a: ActividadModulo) => void }) {
  const [expandido, setExpandido] = useState(false);
  const pendientes = m.actividades_totales - m.actividades_completadas - m.actividades_en_proceso;
  const idLista = `modulo-${m.id_modulo}-actividades`;
  return (
    <Card className="flex flex-col p-0" data-modulo={m.etapa_duelo}>
      <button
        type="button"
        className="flex w-full cursor-pointer flex-col gap-3 rounded-2xl p-5 text-left hover:bg-arena-50 focus-visible:outline-2 focus-visible:outline-salvia-500"
        aria-expanded={expandido}
        aria-controls={idLista}
        onClick={() => setExpandido((x) => !x)}
      >
        <div className="flex w-full items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-semibold text-tinta-900 wrap-anywhere">{m.nombre}</h3>
            <p className="text-sm text-tinta-500">Etapa: {m.etapa_duelo}</p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <span className="text-sm text-tinta-600 tabular-nums">
              {m.actividades_completadas}/{m.actividades_totales}
            </span>
            <ChevronDown className={cx('size-4 text-tinta-500 transition-transform', expandido && 'rotate-180')} aria-hidden />
          </div>
        </div>
        <div className="flex w-full items-center gap-3">
          <BarraProgreso valor={m.progreso} etiqueta={`Progreso de ${m.nombre}`} />
          <TextoProgreso valor={m.progreso} className="text-sm" />
        </div>
        <div className="flex flex-wrap gap-2 text-xs">
          <Badge tono="exito">
            {T.completadas}: {m.actividades_completadas}
          </Badge>
          <Badge tono="aviso">
            {T.enProceso}: {m.actividades_en_proceso}
          </Badge>
          <Badge tono="neutro">
            {T.pendientes}: {pendientes}
          </Badge>
        </div>
      </button>
      {expandido && (
        <div id={idLista} className="border-t border-arena-200 px-5 pt-3 pb-5">
          <h4 className="mb-2 text-sm font-semibold text-tinta-700">{T.actividadesDelModulo}</h4>
          <ul className="flex flex-col gap-2">
            {m.actividades.map((a) => {
              const bloqueada = a.estado === 'no_asignada';
              return (
                <li key={a.id_actividad}>
                  <button
                    type="button"
                    disabled={bloqueada}
                    onClick={() => onAbrir(a)}
                    className={cx(
                      'flex w-full flex-col gap-1 rounded-xl border border-arena-200 p-3 text-left',
                      bloqueada ? 'cursor-not-allowed bg-arena-50 opacity-70' : 'cursor-pointer bg-papel hover:border-salvia-300',
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="flex min-w-0 items-center gap-2 font-medium text-tinta-800">
                        {bloqueada && <Lock className="size-4 shrink-0 text-tinta-400" aria-label="Bloqueada" />}
                        <span className="wrap-anywhere">{a.titulo}</span>
                      </span>
                      <Badge tono={TONO_ESTADO[a.estado]}>{ETIQUETA_ESTADO_MODULO[a.estado]}</Badge>
                    </span>
                    {a.descripcion && (
                      <span className="text-sm text-tinta-600 wrap-anywhere">{extracto(a.descripcion, EXTRACTO_ACTIVIDAD)}</span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Card>
  );
}
