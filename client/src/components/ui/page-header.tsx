import type { ReactNode } from 'react';

interface PageHeaderProps {
  titulo: string;
  descripcion?: ReactNode;
  /** Buttons on the right (stacked under the title on phones). */
  acciones?: ReactNode;
  /** A small line above the title (e.g. a back link). */
  antes?: ReactNode;
}

export function PageHeader({ titulo, descripcion, acciones, antes }: PageHeaderProps) {
  return (
    <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {antes ? <div className="mb-2">{antes}</div> : null}
        <h1 className="text-3xl font-semibold tracking-tight">{titulo}</h1>
        {descripcion ? <p className="mt-2 max-w-2xl text-tinta-600">{descripcion}</p> : null}
      </div>
      {acciones ? <div className="flex flex-wrap gap-2">{acciones}</div> : null}
    </header>
  );
}
