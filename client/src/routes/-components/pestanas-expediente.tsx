import { lazy, Suspense } from 'react';
import { Cargando } from '@/components/ui/spinner';
import type { PestanasExpediente } from '@/features/expediente/components/expediente';

// Tabs of the patient file owned by other features, each a chunk loaded when its tab is first opened.
const PestanaGraficas = lazy(() => import('@/features/expediente/components/pestana-graficas'));
const ModulosDuelo = lazy(() => import('@/features/actividades/components/modulos-duelo'));
const ActividadesPaciente = lazy(() => import('@/features/actividades/components/actividades-paciente'));
const SesionesPaciente = lazy(() => import('@/features/sesiones/components/sesiones-paciente'));

export const PESTANAS_EXPEDIENTE: PestanasExpediente = {
  graficas: (id) => (
    <Suspense fallback={<Cargando texto="Cargando evaluaciones..." />}>
      <PestanaGraficas idPaciente={id} />
    </Suspense>
  ),
  modulos: (id) => (
    <Suspense fallback={<Cargando />}>
      <ModulosDuelo idPaciente={id} />
    </Suspense>
  ),
  sesiones: (id) => (
    <Suspense fallback={<Cargando />}>
      <SesionesPaciente idPaciente={id} />
    </Suspense>
  ),
  actividades: (id) => (
    <Suspense fallback={<Cargando />}>
      <ActividadesPaciente idPaciente={id} />
    </Suspense>
  ),
};
