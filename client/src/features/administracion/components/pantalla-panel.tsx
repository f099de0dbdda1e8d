// /admin/dashboard: the figures of spec 2 §3 computed by the server and kept live by the socket
// (decision 144), and the licences waiting for validation as a work list.
import { type Estadisticas, EstadisticasSchema, MSG_ADMINISTRACION } from '@miduelo/shared/administracion';
import { AdminCambioSchema } from '@miduelo/shared/realtime-administracion';
import { Link } from '@tanstack/react-router';
import { CalendarDays, ClipboardCheck, MessageSquare, BadgeAlert, Stethoscope, UserCheck, UserX, Users } from 'lucide-react';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Cargando } from '@/components/ui/spinner';
import { listarPsicologos, obtenerEstadisticas } from '@/api/administracion';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { nombreDe } from '../formato';
import { fechaCorta } from '@/lib/format';

const TARJETAS: Array<{ clave: keyof Estadisticas; etiqueta: string; icono: typeof Users }> = [
  { clave: 'totalPsicologos', etiqueta: 'Psicólogos', icono: Stethoscope },
  { clave: 'psicologosActivos', etiqueta: 'Activos', icono: UserCheck },
  { clave: 'psicologosInactivos', etiqueta: 'Inactivos', icono: UserX },
  { clave: 'totalPacientes', etiqueta: 'Pacientes', icono: Users },
  { clave: 'cedulasValidadas', etiqueta: 'Cédulas validadas', icono: ClipboardCheck },
  { clave: 'cedulasPendientes', etiqueta: 'Cédulas pendientes', icono: BadgeAlert },
  { clave: 'mensajesHoy', etiqueta: 'Mensajes hoy', icono: MessageSquare },
  { clave: 'citasHoy', etiqueta: 'Citas hoy', icono: CalendarDays },
];

export function PantallaPanel() {
  const stats = useLiveResource({ fetch: obtenerEstadisticas });
  const psicologos = useLiveResource({ fetch: listarPsicologos });
  useEventoSocket('admin:estadisticas', EstadisticasSchema, (e) => {
    stats.setData(e);
    // A licence validated elsewhere leaves the work list too.
    if (e.cedulasPendientes !== stats.data?.cedulasPendientes) psicologos.recargar();
  });
  // A psychologist registered, validated, enabled, disabled or deleted (decision 291).
  useEventoSocket('admin:cambio', AdminCambioSchema, (c) => {
    if (c.recurso === 'psicologo') psicologos.recargar();
  });
  const pendientes = useMemo(
    () => (psicologos.data ?? []).filter((p) => !p.rol_admin && !p.cedula_validada).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    [psicologos.data],
  );

  return (
    <div className="flex flex-col gap-6">
      {!stats.data && stats.error ? (
        <ErrorCarga texto="No se pudieron cargar las estadísticas" onReintentar={stats.recargar} />
      ) : !stats.data ? (
        <Cargando texto="Cargando estadísticas..." />
      ) : (
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {TARJETAS.map(({ clave, etiqueta, icono: Icono }) => (
            <li key={clave}>
              <Card className="flex items-center gap-3 p-4 max-[359px]:flex-col max-[359px]:items-start" data-estadistica={clave}>
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-salvia-50 text-salvia-700">
                  <Icono className="size-5" aria-hidden />
                </span>
                <div className="min-w-0">
                  <p className="font-serif text-2xl font-semibold text-tinta-900 tabular-nums">{stats.data?.[clave]}</p>
                  <p className="text-sm leading-snug text-tinta-600">{etiqueta}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Card className="p-5">
        <h2 className="mb-1 font-sans text-lg font-semibold">Validaciones de cédula pendientes</h2>
        <p className="mb-4 text-sm text-tinta-600">Las más antiguas primero: pasado el periodo de gracia la cuenta queda limitada.</p>
        {!psicologos.data && psicologos.error ? (
          <ErrorCarga texto={MSG_ADMINISTRACION.errorCargarPsicologos} onReintentar={psicologos.recargar} />
        ) : !psicologos.data ? (
          <Cargando />
        ) : pendientes.length === 0 ? (
          <EmptyState icono={ClipboardCheck} titulo="Todo al día" texto="No hay cédulas pendientes de validar." />
        ) : (
          <ul className="divide-y divide-arena-100">
            {pendientes.map((p) => (
              <li key={p.id_psicologo} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium [overflow-wrap:anywhere]">{nombreDe(p.nombre, p.apellidoPaterno, p.apellidoMaterno)}</p>
                  <p className="text-sm text-tinta-600">
                    Cédula {p.cedula} · registrado el {fechaCorta(p.createdAt)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  {p.status === 'inactivo' && <Badge tono="peligro">Inactivo</Badge>}
                  <Link to="/admin/psicologos" className="text-sm font-semibold text-salvia-700 hover:underline">
                    Revisar
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
