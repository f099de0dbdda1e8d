import { type Aplicacion, etiquetaEscala, type Test, TEXTOS_EXPEDIENTE } from '@miduelo/shared/expediente';
import { ClipboardList } from 'lucide-react';
import { lazy, useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Cargando } from '@/components/ui/spinner';
import { AlAbrir } from '@/lib/diferido';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { fechaCorta } from '@/lib/format';
import type { ExpedienteEnVivo } from '../use-expediente-en-vivo';

const AplicarTestDialog = lazy(() => import('./aplicar-test-dialog'));

/** 'Tests Disponibles' (spec 1 §2): cards of the active tests with the scale badge, description,
 * creation date and Aplicar Test. */
export function TestsDisponibles({
  vivo,
  idPaciente,
  onAplicado,
}: {
  vivo: ExpedienteEnVivo;
  idPaciente: number;
  onAplicado: (a: Aplicacion) => void;
}) {
  const { data: tests, error } = vivo.tests;
  const [abierto, setAbierto] = useState<Test | null>(null);

  useEffect(() => {
    if (!error || (error instanceof ApiError && error.sesionCerrada)) return;
    toast.error('Error', TEXTOS_EXPEDIENTE.errorCargarTests);
  }, [error]);

  if (tests === undefined && !error) return <Cargando texto="Cargando tests..." />;
  if (tests === undefined) return <ErrorCarga texto={TEXTOS_EXPEDIENTE.errorCargarTests} onReintentar={vivo.tests.recargar} />;
  const activos = tests.filter((t) => t.activo);
  return (
    <>
      {activos.length === 0 ? (
        <EmptyState icono={ClipboardList} titulo={TEXTOS_EXPEDIENTE.sinTests} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={TEXTOS_EXPEDIENTE.subtabs.disponibles}>
          {activos.map((t) => (
            <li key={t.id_test}>
              <Card className="flex h-full flex-col gap-3 p-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="min-w-0 font-semibold text-tinta-900 wrap-anywhere">{t.nombre}</h3>
                  <Badge tono="salvia">{etiquetaEscala(t.tipo_escala)}</Badge>
                </div>
                <p className="text-sm text-tinta-600 wrap-anywhere">{t.descripcion}</p>
                <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
                  <span className="text-xs text-tinta-500">Creado el {fechaCorta(t.fecha_creacion)}</span>
                  <Button tamano="sm" onClick={() => setAbierto(t)}>
                    {TEXTOS_EXPEDIENTE.aplicarTest}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <AlAbrir abierto={abierto !== null}>
        <AplicarTestDialog
          test={abierto}
          idPaciente={idPaciente}
          onCerrar={() => setAbierto(null)}
          onAplicado={(a) => {
            setAbierto(null);
            onAplicado(a);
          }}
        />
      </AlAbrir>
    </>
  );
}
