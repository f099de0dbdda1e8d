import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** The administration's wide tables (psychologists, patients, audit log): a card that scrolls
 * sideways on a phone, a header row of column names, and the rows the screen gives. */
export function TablaAdmin({ columnas, anchoMinimo, children }: { columnas: string[]; anchoMinimo: string; children: ReactNode }) {
  return (
    <Card className="overflow-x-auto p-0">
      <table className={`w-full ${anchoMinimo} text-left text-sm`}>
        <thead className="border-b border-arena-200 bg-arena-50 text-xs tracking-wide text-tinta-600 uppercase">
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
