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
import { partesDetalle, RECURSOS_AUDITORIA } from '../formato-auditoria';

const ACTORES: Record<string, string> = { admin: 'Administrador', psicologo: 'Psicólogo', paciente: 'Paciente', sistema: 'Sistema' };

function quien(f: FilaAuditoria) {
  const tipo = ACTORES[f.actor_tipo] ?? f.actor_tipo;
  if (f.actor_id === null) return tipo;
  return f.actor_nombre ? `${f.actor_nombre} (${tipo} #${f.actor_id})` : `${tipo} #${f.actor_id} (eliminado)`;
}

function Detalle({ fila }: { fila: FilaAuditoria }) {
  const partes = partesDetalle(fila.detalle);
  if (partes.length === 0) return null;
  return (
    <ul className="flex flex-col gap-0.5">
      {partes.map((p) => (
        <li key={p.clave} className="whitespace-pre-line">
          <span className="text-tinta-500">{p.etiqueta}:</span> <span className="text-tinta-800">{p.valor}</span>
        </li>
      ))}
    </ul>
  );
}

const COLUMNAS: ColumnaAdmin<FilaAuditoria>[] = [
  { titulo: 'Cuándo', clase: 'whitespace-nowrap tabular-nums', valor: (f) => fechaHora(f.fecha) },
  { titulo: 'Quién', clase: 'max-w-56 [overflow-wrap:anywhere]', valor: quien },
  // A long action name wraps on a phone, where its card line is ~190 px wide.
  {
    titulo: 'Qué',
    valor: (f) => (
      <Badge tono="neutro" className="max-md:whitespace-normal">
        {ETIQUETA_ACCION[f.accion] ?? f.accion}
      </Badge>
    ),
  },
  {
    titulo: 'A quién',
    clase: '[overflow-wrap:anywhere]',
    valor: (f) => `${RECURSOS_AUDITORIA[f.recurso] ?? f.recurso}${f.id_recurso ? ` #${f.id_recurso}` : ''}`,
  },
  // One line per key: an opening's reason (up to 500 characters) reads apart from its motive and ids.
  { titulo: 'Detalle', clase: 'max-w-96 text-tinta-600 md:min-w-64 [overflow-wrap:anywhere]', valor: (f) => <Detalle fila={f} /> },
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
