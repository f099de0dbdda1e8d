import { CalendarDays, MessageCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ResumenCita, EstadoCita } from '../componentes/cita';
import { LineasCrisis } from '../componentes/crisis';
import { EntrarCita, SesionesAbiertas } from '../componentes/entrar-sesion';
import { PendientesDeHoy } from '../componentes/pendientes-hoy';
import { Tarjeta } from '../componentes/ui';
import { aplicarCambio, siguiente } from '../lib/agenda';
import { useMisCitas } from '../api/agenda';
import { useAlDia, useEvento } from '../lib/conexion';
import { Enlace } from '../lib/enrutador';
import { totalNoLeidos, useNoLeidos } from '../lib/no-leidos';
import { useSesion } from '../lib/sesion';

// The daily check-in into the emotion diary: its own chunk (decision 212).
const RegistroDelDia = lazy(() => import('../componentes/registro-del-dia'));

function saludo(): string {
  const h = new Date().getHours();
  return h < 12 ? 'Buenos días' : h < 19 ? 'Buenas tardes' : 'Buenas noches';
}

export function Inicio() {
  const nombre = useSesion((s) => s.sesion?.paciente.nombre ?? '');
  const citas = useMisCitas();
  const total = useNoLeidos(totalNoLeidos);
  useEvento('mi-cita:cambio', (p) => citas.fijar((l) => aplicarCambio(l, p.tipo, p.cita)));
  useAlDia(() => void citas.recargar());
  const proxima = siguiente(citas.datos);

  return (
    <div className="space-y-4">
      <h1 className="font-serif text-2xl [overflow-wrap:anywhere]">
        {saludo()}, {nombre}
      </h1>

      {/* Her open online rooms (one opened from the chat too) first: she may be awaited now. */}
      <SesionesAbiertas mostradas={proxima ? [proxima.id_cita] : []} />

      <Tarjeta>
        <h2 className="mb-2 flex items-center gap-2 font-semibold text-tinta-800">
          <CalendarDays aria-hidden className="size-5 text-salvia-600" /> Tu próxima cita
        </h2>
        {proxima ? (
          <div className="flex items-start justify-between gap-3" data-testid="proxima-cita">
            <ResumenCita cita={proxima} />
            <EstadoCita estado={proxima.estado} />
          </div>
        ) : citas.datos === undefined ? (
          <p className="text-tinta-600">{citas.error ? citas.error.message : 'Cargando…'}</p>
        ) : (
          <p className="text-tinta-600">No tienes citas próximas.</p>
        )}
        {proxima && <EntrarCita cita={proxima} />}
        <Enlace a="/citas" className="mt-3 inline-flex min-h-11 items-center font-semibold text-salvia-700 underline">
          {proxima ? 'Ver mis citas' : 'Solicitar una cita'}
        </Enlace>
      </Tarjeta>

      <Suspense fallback={null}>
        <RegistroDelDia />
      </Suspense>

      <PendientesDeHoy />

      <Tarjeta>
        <h2 className="mb-2 flex items-center gap-2 font-semibold text-tinta-800">
          <MessageCircle aria-hidden className="size-5 text-salvia-600" /> Mensajes
        </h2>
        <p className="text-tinta-700" data-testid="no-leidos">
          {total === 0 ? 'No tienes mensajes sin leer.' : total === 1 ? 'Tienes 1 mensaje sin leer.' : `Tienes ${total} mensajes sin leer.`}
        </p>
        <Enlace a="/chat" className="mt-3 inline-flex min-h-11 items-center font-semibold text-salvia-700 underline">
          Abrir mensajes
        </Enlace>
      </Tarjeta>

      <Tarjeta className="border-terracota-200 bg-terracota-50">
        <h2 className="mb-1 font-semibold text-tinta-900">Si lo necesitas ahora</h2>
        <p className="mb-3 text-tinta-700">Hay personas listas para escucharte a cualquier hora.</p>
        <LineasCrisis />
      </Tarjeta>
    </div>
  );
}
