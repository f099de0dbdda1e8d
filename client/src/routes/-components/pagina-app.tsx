import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';

/** Frame of a signed-in screen: title, optional description and actions, content. */
export function PaginaApp({
  titulo,
  descripcion,
  acciones,
  antes,
  amplia,
  children,
}: {
  titulo: string;
  descripcion?: ReactNode;
  acciones?: ReactNode;
  antes?: ReactNode;
  /** A wide table's screen: the width of the window, up to 1536 px (issue 53), not the 1152 px of text. */
  amplia?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto w-full ${amplia ? 'max-w-[96rem]' : 'max-w-6xl'} px-4 py-10 sm:px-6`}>
      <PageHeader titulo={titulo} descripcion={descripcion} acciones={acciones} antes={antes} />
      {children}
    </div>
  );
}
