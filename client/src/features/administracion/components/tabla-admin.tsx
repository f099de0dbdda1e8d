import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cx } from '@/lib/cx';

/** A column of a `TablaAdmin`: its name (the header on a wide screen, the label on a phone), the
 * classes of its cells and what each row shows in it. */
export interface ColumnaAdmin<T> {
  titulo: string;
  clase?: string;
  valor: (fila: T) => ReactNode;
}

/** A row's own attributes: its colour and the `data-fila-*` the tests and the screen find it by. */
type AtributosFila = { className?: string } & { [dato: `data-${string}`]: string | number };

/**
 * The administration's wide tables (psychologists, patients, audit log). On a wide screen, a table
 * with a header row of the columns' names, scrolling sideways when the window is narrower than
 * `anchoMinimo`; on a phone (below 768 px), each row a card of label–value lines — a line with no
 * value left out — closed by its buttons (`acciones`), so that nothing sits off screen (decision
 * 249). Both from the same columns: a name is written once.
 */
export function TablaAdmin<T>({
  columnas,
  filas,
  clave,
  atributos,
  acciones,
  anchoMinimo,
}: {
  columnas: ColumnaAdmin<T>[];
  filas: T[];
  clave: (fila: T) => string | number;
  atributos?: (fila: T) => AtributosFila;
  acciones?: (fila: T) => ReactNode;
  anchoMinimo: string;
}) {
  return (
    <Card className="overflow-x-auto p-0">
      <table
        className={cx(
          'w-full text-left text-sm',
          anchoMinimo,
          'max-md:block max-md:min-w-0 max-md:[&_tbody]:block max-md:[&_tr]:block max-md:[&_tr]:py-2',
        )}
      >
        <thead className="border-b border-arena-200 bg-arena-50 text-xs tracking-wide text-tinta-600 uppercase max-md:sr-only">
          <tr>
            {columnas.map((c) => (
              <th key={c.titulo} scope="col" className="px-3 py-2.5 font-semibold">
                {c.titulo}
              </th>
            ))}
            {acciones && <th scope="col" className="px-3 py-2.5" />}
          </tr>
        </thead>
        <tbody>
          {filas.map((f) => {
            const { className, ...datos } = atributos?.(f) ?? {};
            return (
              <tr key={clave(f)} {...datos} className={cx('border-b border-arena-100 align-top', className)}>
                {columnas.map((c) => (
                  <td
                    key={c.titulo}
                    data-etiqueta={c.titulo}
                    className={cx(
                      'px-3 py-2.5',
                      c.clase,
                      'max-md:grid max-md:max-w-none max-md:grid-cols-[8rem_minmax(0,1fr)] max-md:gap-3 max-md:py-1 max-md:[&:has(>div:empty)]:hidden',
                      'max-md:before:pt-0.5 max-md:before:font-sans max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-tinta-600 max-md:before:uppercase max-md:before:content-[attr(data-etiqueta)]',
                    )}
                  >
                    <div className="min-w-0">{c.valor(f)}</div>
                  </td>
                ))}
                {acciones && (
                  <td className="px-3 py-2.5 max-md:pt-2">
                    <div className="flex gap-2 max-md:flex-wrap">{acciones(f)}</div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
