import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';

/** Frame of a signed-in screen: title, optional description and actions, content. */
export function PaginaApp({
  titulo,
  descripcion,
  acciones,
  antes,
  children,
}: {
  titulo: string;
  descripcion?: ReactNode;
  acciones?: ReactNode;
  antes?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader titulo={titulo} descripcion={descripcion} acciones={acciones} antes={antes} />
      {children}
    </div>
  );
}
