import { type CitaPaciente, ETIQUETA_ESTADO } from '@miduelo/shared/agenda';
import { fechaLarga, hora } from '../lib/fechas';

const TONO = {
  pendiente: 'bg-amber-100 text-amber-900',
  confirmada: 'bg-salvia-100 text-salvia-800',
  cancelada: 'bg-terracota-100 text-terracota-700',
} as const;

export function EstadoCita({ estado }: { estado: CitaPaciente['estado'] }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium ${TONO[estado]}`} data-estado={estado}>
      {ETIQUETA_ESTADO[estado]}
    </span>
  );
}

export function ResumenCita({ cita }: { cita: CitaPaciente }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold text-tinta-900 first-letter:uppercase">{fechaLarga(cita.fecha)}</p>
      <p className="text-tinta-700">
        {hora(cita.hora_inicio)} a {hora(cita.hora_fin)} · {cita.modalidad}
      </p>
    </div>
  );
}
