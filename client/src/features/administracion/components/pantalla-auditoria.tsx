// The audit log screen: who did what to whom and when, filtered and paginated (decision 145).
import { ETIQUETA_ACCION } from '@miduelo/shared/administracion';
import type { FilaAuditoria } from '@miduelo/shared/administracion-esquemas';
import { ArrowLeft, ArrowRight, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Cargando } from '@/components/ui/spinner';
import { leerAuditoria } from '@/api/administracion';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { type ColumnaAdmin, TablaAdmin } from './tabla-admin';
import { fechaHora } from '@/lib/format';

const ACTORES: Record<string, string> = { admin: 'Administrador', psicologo: 'Psicólogo', paciente: 'Paciente', sistema: 'Sistema' };
const RECURSOS: Record<string, string> = { psicologo: 'Psicólogo', paciente: 'Paciente', consentimiento: 'Consentimiento' };

function quien(f: FilaAuditoria) {
  const tipo = ACTORES[f.actor_tipo] ?? f.actor_tipo;
  if (f.actor_id === null) return tipo;
  return f.actor_nombre ? `${f.actor_nombre} (${tipo} #${f.actor_id})` : `${tipo} #${f.actor_id} (eliminado)`;
}

const CLAVES: Record<string, string> = {
  de: 'psicólogo anterior',
  a: 'psicólogo nuevo',
  metodo: 'método',
  campos: 'campos',
  resultado: 'resultado',
  motivo: 'motivo',
};

function detalle(f: FilaAuditoria) {
  if (!f.detalle) return '';
  return Object.entries(f.detalle)
    .map(([k, v]) => {
      const valor = Array.isArray(v) ? v.join(', ') : v === null || v === undefined ? 'ninguno' : String(v);
      const esId = (k === 'de' || k === 'a') && typeof v === 'number';
      return `${CLAVES[k] ?? k.replace(/_/g, ' ')}: ${esId ? `#${valor}` : valor.replace(/_/g, ' ')}`;
    })
    .join(' · ');
}

const COLUMNAS: ColumnaAdmin<FilaAuditoria>[] = [
  { titulo: 'Cuándo', clase: 'whitespace-nowrap tabular-nums', valor: (f) => fechaHora(f.fecha) },
  { titulo: 'Quién', clase: 'max-w-56 [overflow-wrap:anywhere]', valor: quien },
  { titulo: 'Qué', valor: (f) => <Badge tono="neutro">{ETIQUETA_ACCION[f.accion] ?? f.accion}</Badge> },
  {
    titulo: 'A quién',
    clase: '[overflow-wrap:anywhere]',
    valor: (f) => `${RECURSOS[f.recurso] ?? f.recurso}${f.id_recurso ? ` #${f.id_recurso}` : ''}`,
  },
  { titulo: 'Detalle', clase: 'max-w-72 text-tinta-600 [overflow-wrap:anywhere]', valor: detalle },
];

export function PantallaAuditoria() {
  const [page, setPage] = useState(1);
  const [accion, setAccion] = useState('');
  const [actor, setActor] = useState('');
  const datos = useLiveResource({
    fetch: (signal) => leerAuditoria({ page, accion: accion || undefined, actor_tipo: actor || undefined }, signal),
    deps: [page, accion, actor],
  });
  const meta = datos.data?.meta;

  return (
    <div className="flex flex-col gap-4">
      <Card className="grid gap-3 p-4 sm:grid-cols-2">
        <Field id="filtro-accion" etiqueta="Acción">
          {(control) => (
            <Select
              {...control}
              value={accion || 'todas'}
              onValueChange={(x) => {
                setAccion(x === 'todas' ? '' : x);
                setPage(1);
              }}
              opciones={[
                { valor: 'todas', etiqueta: 'Todas' },
                ...Object.entries(ETIQUETA_ACCION).map(([valor, etiqueta]) => ({ valor, etiqueta })),
              ]}
            />
          )}
        </Field>
        <Field id="filtro-actor" etiqueta="Quién">
          {(control) => (
            <Select
              {...control}
              value={actor || 'todos'}
              onValueChange={(x) => {
                setActor(x === 'todos' ? '' : x);
                setPage(1);
              }}
              opciones={[
                { valor: 'todos', etiqueta: 'Todos' },
                ...Object.entries(ACTORES).map(([valor, etiqueta]) => ({ valor, etiqueta })),
              ]}
            />
          )}
        </Field>
      </Card>
      {!datos.data && datos.error ? (
        <ErrorCarga texto="No se pudo cargar la bitácora" onReintentar={datos.recargar} />
      ) : !datos.data ? (
        <Cargando texto="Cargando bitácora..." />
      ) : datos.data.data.length === 0 ? (
        <EmptyState icono={ScrollText} titulo="Sin registros" texto="No hay actos que coincidan con los filtros." />
      ) : (
        <TablaAdmin anchoMinimo="min-w-[860px]" columnas={COLUMNAS} filas={datos.data.data} clave={(f) => f.id_auditoria} />
      )}
      {meta && meta.totalPages > 1 && (
        <nav className="flex items-center justify-between gap-3" aria-label="Páginas de la bitácora">
          <Button variante="secundario" tamano="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            <ArrowLeft className="size-4" aria-hidden /> Anterior
          </Button>
          <span className="text-sm text-tinta-600">
            Página {meta.page} de {meta.totalPages} · {meta.total} registros
          </span>
          <Button
            variante="secundario"
            tamano="sm"
            disabled={page >= meta.totalPages}
            onClick={() => setPage((p) => Math.min(meta.totalPages, p + 1))}
          >
            Siguiente <ArrowRight className="size-4" aria-hidden />
          </Button>
        </nav>
      )}
    </div>
  );
}
