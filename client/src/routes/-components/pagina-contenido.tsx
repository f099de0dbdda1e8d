import type { ReactNode } from 'react';

/** Layout of the public content pages (article, contacts, terms, privacy). */
export function PaginaContenido({ titulo, entradilla, children }: { titulo: string; entradilla?: ReactNode; children: ReactNode }) {
  return (
    <>
      <div className="border-b border-arena-200 bg-arena-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <h1 className="max-w-3xl text-4xl font-semibold tracking-tight">{titulo}</h1>
          {entradilla ? <p className="mt-4 max-w-2xl text-lg text-tinta-600">{entradilla}</p> : null}
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">{children}</div>
    </>
  );
}
