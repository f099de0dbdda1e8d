import { nombreCompleto } from '@miduelo/shared/nombres';
import { type Paciente, TEXTOS_PACIENTES } from '@miduelo/shared/pacientes';
import { Link, useNavigate } from '@tanstack/react-router';
import { Activity, AlertTriangle, ArrowLeft, Flower2, UserRound } from 'lucide-react';
import { AplicacionEventoSchema } from '@miduelo/shared/realtime-expediente';
import { PacientesCambioSchema } from '@miduelo/shared/realtime-pacientes';
import { type ReactNode, useEffect, useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Cargando } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { obtenerPaciente } from '@/api/pacientes';
import { InfoGeneral } from './info-general';

type PestanaExpediente = 'info' | 'graficas' | 'modulos' | 'actividades';

/** The patient file (spec 1 §2, spec 2 §2): header, loading and not-found texts, back button and
 * the four tabs. A failed load shows an error and returns to the list. */
/** The content of tabs that other features own, handed in by the route (features never import each
 * other); a tab without one shows its placeholder. */
/** `sesiones`: the online sessions' record (issue 54), a section under the general information. */
export type PestanasExpediente = Partial<Record<Exclude<PestanaExpediente, 'info'> | 'sesiones', (idPaciente: number) => ReactNode>>;

export function Expediente({ idPaciente, pestanas = {} }: { idPaciente: number; pestanas?: PestanasExpediente }) {
  const navigate = useNavigate();
  const [pestana, setPestana] = useState<PestanaExpediente>('info');

  // The file is live like every resource (decision 060): reloaded on reconnect and polled while the
  // socket is down. A 404 is an answer ("not found"), not a failure.
  const {
    data: paciente,
    error,
    setData,
    recargar,
  } = useLiveResource<Paciente | null>({
    fetch: (signal) =>
      obtenerPaciente(idPaciente, signal).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }),
    deps: [idPaciente],
  });

  // The risk flag (decision 104) follows every test applied to this patient, from any tab.
  useEventoSocket('expediente:aplicacion', AplicacionEventoSchema, (e) => {
    if (e.id_paciente === idPaciente) setData((p) => (p ? { ...p, riesgo: e.riesgo_paciente } : p));
  });

  // Reassigned to another psychologist while open (decision 285): the file leaves the screen at once,
  // every tab with it, as its next read would answer; assigned back, or her phone or email changed
  // in the app (decision 293), it reads itself again.
  useEventoSocket('pacientes:cambio', PacientesCambioSchema, (e) => {
    if (e.id_paciente !== idPaciente) return;
    if (e.tipo === 'desvinculado') setData(null);
    else recargar();
  });

  // A first load that failed shows an error and returns to the list; a failed background reload
  // keeps the file on screen.
  const sinCargar = paciente === undefined && error !== null;
  useEffect(() => {
    if (!sinCargar || (error instanceof ApiError && error.sesionCerrada)) return;
    toast.error('Error', TEXTOS_PACIENTES.errorCargar);
    void navigate({ to: '/lista-pacientes-del-psicologo' });
  }, [sinCargar, error, navigate]);

  const volver = (
    <Link
      to="/lista-pacientes-del-psicologo"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-salvia-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {TEXTOS_PACIENTES.volver}
    </Link>
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <div className="mb-3">{volver}</div>
      {paciente === undefined ? (
        <Cargando texto={TEXTOS_PACIENTES.cargando} />
      ) : paciente === null ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <UserRound className="size-8 text-tinta-400" aria-hidden />
          <p className="mt-3 text-tinta-700">{TEXTOS_PACIENTES.noEncontrado}</p>
        </Card>
      ) : (
        <>
          <header className="mb-6 flex items-center gap-4">
            <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-salvia-100 font-serif text-xl font-semibold text-salvia-800">
              {paciente.nombre[0]}
              {paciente.apellido_paterno[0]}
            </span>
            <div className="min-w-0">
              <h1 className="text-3xl font-semibold tracking-tight wrap-anywhere">{nombreCompleto(paciente)}</h1>
              <p className="mt-1 text-sm text-tinta-500">ID: {paciente.id_paciente}</p>
              {paciente.riesgo ? (
                <p className="mt-2 inline-flex items-start gap-1 rounded-lg border border-cancelada-borde bg-peligro-50 px-2.5 py-0.5 text-xs font-semibold text-peligro-700">
                  <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden /> {TEXTOS_PACIENTES.riesgo}
                </p>
              ) : null}
            </div>
          </header>
          <Tabs value={pestana} onValueChange={(v) => setPestana(v as PestanaExpediente)}>
            {/* Two by two on a phone: in one scrolling row the last two tabs were cut off unseen. */}
            <TabsList aria-label="Secciones del expediente" className="grid grid-cols-2 sm:flex">
              <TabsTrigger value="info">{TEXTOS_PACIENTES.tabs.info}</TabsTrigger>
              <TabsTrigger value="graficas">{TEXTOS_PACIENTES.tabs.graficas}</TabsTrigger>
              <TabsTrigger value="modulos">{TEXTOS_PACIENTES.tabs.modulos}</TabsTrigger>
              <TabsTrigger value="actividades">{TEXTOS_PACIENTES.tabs.actividades}</TabsTrigger>
            </TabsList>
            <TabsContent value="info">
              <InfoGeneral paciente={paciente} onVerHistorial={() => setPestana('graficas')} onPacienteActualizado={(p) => setData(p)} />
              {pestanas.sesiones?.(paciente.id_paciente) ?? null}
            </TabsContent>
            {/* Radix mounts a tab's content only while it is shown: the chunk loads when the tab opens. */}
            <TabsContent value="graficas">{pestanas.graficas?.(paciente.id_paciente) ?? null}</TabsContent>
            <TabsContent value="modulos">
              {pestanas.modulos?.(paciente.id_paciente) ?? <Proximamente icono={Flower2} titulo={TEXTOS_PACIENTES.modulosTitulo} />}
            </TabsContent>
            <TabsContent value="actividades">
              {pestanas.actividades?.(paciente.id_paciente) ?? (
                <Proximamente icono={Activity} titulo={TEXTOS_PACIENTES.actividadesTitulo} />
              )}
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}

/** The frame of a tab whose issue has not landed yet: a calm placeholder card. */
function Proximamente({ icono, titulo }: { icono: typeof Activity; titulo: string }) {
  return <EmptyState icono={icono} titulo={titulo} texto={TEXTOS_PACIENTES.proximamente} tono="arena" />;
}
