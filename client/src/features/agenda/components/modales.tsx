import { type ComponentProps, lazy } from 'react';
import { AlAbrir } from '@/lib/diferido';
import type { AlertaDisponibilidad as Alerta } from './alerta-disponibilidad';
import type { ModalCita as Cita } from './modal-cita';
import type { ModalCrearCita as CrearCita } from './modal-crear-cita';
import type { ModalDisponibilidad as Disponibilidad } from './modal-disponibilidad';
import type { ModalDuplicar as Duplicar } from './modal-duplicar';
import type { ModalReagendar as Reagendar } from './modal-reagendar';

// The agenda's dialogs (forms, Radix dialog and select with floating-ui) are about a quarter of the
// screen's JavaScript and none is open when the week first shows: each is fetched on first opening
// (docs/decisions/080).
const CrearCitaPerezoso = lazy(() => import('./modal-crear-cita').then((m) => ({ default: m.ModalCrearCita })));
const CitaPerezoso = lazy(() => import('./modal-cita').then((m) => ({ default: m.ModalCita })));
const ReagendarPerezoso = lazy(() => import('./modal-reagendar').then((m) => ({ default: m.ModalReagendar })));
const DuplicarPerezoso = lazy(() => import('./modal-duplicar').then((m) => ({ default: m.ModalDuplicar })));
const DisponibilidadPerezoso = lazy(() => import('./modal-disponibilidad').then((m) => ({ default: m.ModalDisponibilidad })));
const AlertaPerezosa = lazy(() => import('./alerta-disponibilidad').then((m) => ({ default: m.AlertaDisponibilidad })));

export function ModalCrearCita(p: ComponentProps<typeof CrearCita>) {
  return (
    <AlAbrir abierto={p.abierto}>
      <CrearCitaPerezoso {...p} />
    </AlAbrir>
  );
}

export function ModalCita(p: ComponentProps<typeof Cita>) {
  return (
    <AlAbrir abierto={p.cita != null}>
      <CitaPerezoso {...p} />
    </AlAbrir>
  );
}

export function ModalReagendar(p: ComponentProps<typeof Reagendar>) {
  return (
    <AlAbrir abierto={p.cita != null}>
      <ReagendarPerezoso {...p} />
    </AlAbrir>
  );
}

export function ModalDuplicar(p: ComponentProps<typeof Duplicar>) {
  return (
    <AlAbrir abierto={p.cita != null}>
      <DuplicarPerezoso {...p} />
    </AlAbrir>
  );
}

export function ModalDisponibilidad(p: ComponentProps<typeof Disponibilidad>) {
  return (
    <AlAbrir abierto={p.abierto}>
      <DisponibilidadPerezoso {...p} />
    </AlAbrir>
  );
}

export function AlertaDisponibilidad(p: ComponentProps<typeof Alerta>) {
  return (
    <AlAbrir abierto={p.mensaje != null}>
      <AlertaPerezosa {...p} />
    </AlAbrir>
  );
}
