import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card';

interface EmptyStateProps {
  icono: LucideIcon;
  titulo: string;
  texto?: ReactNode;
  accion?: ReactNode;
  /** `arena` for what is not there yet (a placeholder), `salvia` for an empty list. */
  tono?: 'salvia' | 'arena';
}

const TONOS = { salvia: 'bg-salvia-50 text-salvia-600', arena: 'bg-arena-100 text-tinta-500' };

export function EmptyState({ icono: Icono, titulo, texto, accion, tono = 'salvia' }: EmptyStateProps) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      <span className={`flex size-14 items-center justify-center rounded-full ${TONOS[tono]}`}>
        <Icono className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 font-sans text-lg font-semibold text-tinta-900">{titulo}</h2>
      {texto ? <p className="mt-1.5 max-w-md text-sm text-tinta-600">{texto}</p> : null}
      {accion ? <div className="mt-6">{accion}</div> : null}
    </Card>
  );
}
