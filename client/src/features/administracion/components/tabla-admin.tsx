import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cx } from '@/lib/cx';

/** The administration's wide tables (psychologists, patients, audit log): on a wide screen a
 * table with a header row of column names (scrolling sideways if the window is narrower than
 * `anchoMinimo`); on a phone each row becomes a card of label–value lines, its actions at the
 * end, so that nothing — the "Ver" button least of all — sits off screen. The rows are the
 * screen's, their cells `Celda` (labelled) and `CeldaAcciones`. */
export function TablaAdmin({ columnas, anchoMinimo, children }: { columnas: string[]; anchoMinimo: string; children: ReactNode }) {
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
              <th key={c} scope="col" className="px-3 py-2.5 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </Card>
  );
}

/** A cell of a `TablaAdmin` row; on a phone, a line with its column's name (`etiqueta`) before
 * the value, left out when the value is empty. */
export function Celda({ etiqueta, className, children }: { etiqueta: string; className?: string; children: ReactNode }) {
  return (
    <td
      data-etiqueta={etiqueta}
      className={cx(
        'px-3 py-2.5',
        className,
        'max-md:grid max-md:max-w-none max-md:grid-cols-[8rem_minmax(0,1fr)] max-md:gap-3 max-md:py-1 max-md:[&:has(>div:empty)]:hidden',
        'max-md:before:pt-0.5 max-md:before:font-sans max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-tinta-600 max-md:before:uppercase max-md:before:content-[attr(data-etiqueta)]',
      )}
    >
      <div className="min-w-0">{children}</div>
    </td>
  );
}

/** The last cell of a `TablaAdmin` row: its buttons, side by side. */
export function CeldaAcciones({ children }: { children: ReactNode }) {
  return (
    <td className="px-3 py-2.5 max-md:pt-2">
      <div className="flex flex-wrap gap-2">{children}</div>
    </td>
  );
}
