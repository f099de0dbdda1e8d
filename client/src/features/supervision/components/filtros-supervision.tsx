import { ESPERAS_FILTRO, TEXTOS_SUPERVISION as T } from '@miduelo/shared/supervision-textos';
import { nombreCompleto } from '@miduelo/shared/nombres';
import { useMemo } from 'react';
import { listarPsicologos } from '@/api/administracion';
import type { OrdenSupervision } from '@/api/supervision';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useLiveResource } from '@/nucleo/live/use-live-resource';

export interface Filtros {
  /** Hours; 0: any wait. */
  espera: number;
  crisis: boolean;
  /** 0: every psychologist. */
  psicologo: number;
  orden: OrdenSupervision;
}

export const FILTROS_INICIALES: Filtros = { espera: 0, crisis: false, psicologo: 0, orden: 'espera' };

const ORDENES = (Object.keys(T.ordenes) as OrdenSupervision[]).map((o) => ({ valor: o, etiqueta: T.ordenes[o] }));
const ESPERAS = [
  { valor: '0', etiqueta: T.esperaCualquiera },
  ...ESPERAS_FILTRO.map((h) => ({ valor: String(h), etiqueta: T.esperaMas(h) })),
];

/** Waiting longer than N hours, with a crisis mark, by psychologist; and the order. */
export function FiltrosSupervision({ filtros, onCambio }: { filtros: Filtros; onCambio: (f: Filtros) => void }) {
  // Every psychologist, for the filter: loaded once (a name list, not live data).
  const psicologos = useLiveResource({ fetch: listarPsicologos, vigilar: false });
  const opciones = useMemo(
    () => [
      { valor: '0', etiqueta: T.psicologoTodos },
      ...(psicologos.data ?? [])
        .map((p) => ({
          valor: String(p.id_psicologo),
          etiqueta: nombreCompleto({ nombre: p.nombre, apellido_paterno: p.apellidoPaterno, apellido_materno: p.apellidoMaterno }),
        }))
        .sort((a, b) => a.etiqueta.localeCompare(b.etiqueta, 'es')),
    ],
    [psicologos.data],
  );
  return (
    <Card
      className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-end"
      role="group"
      aria-label={T.filtros}
    >
      <Field id="filtro-espera" etiqueta={T.filtroEspera}>
        {(control) => (
          <Select
            {...control}
            value={String(filtros.espera)}
            onValueChange={(x) => onCambio({ ...filtros, espera: Number(x) })}
            opciones={ESPERAS}
          />
        )}
      </Field>
      <Field id="filtro-psicologo" etiqueta={T.filtroPsicologo}>
        {(control) => (
          <Select
            {...control}
            value={String(filtros.psicologo)}
            onValueChange={(x) => onCambio({ ...filtros, psicologo: Number(x) })}
            opciones={opciones}
          />
        )}
      </Field>
      <Field id="filtro-orden" etiqueta={T.orden}>
        {(control) => (
          <Select
            {...control}
            value={filtros.orden}
            onValueChange={(x) => onCambio({ ...filtros, orden: x as OrdenSupervision })}
            opciones={ORDENES}
          />
        )}
      </Field>
      <label htmlFor="filtro-crisis" className="flex min-h-11 cursor-pointer items-center gap-2.5 text-sm font-medium text-tinta-800">
        <Checkbox id="filtro-crisis" checked={filtros.crisis} onChange={(e) => onCambio({ ...filtros, crisis: e.target.checked })} />
        {T.filtroCrisis}
      </label>
    </Card>
  );
}
