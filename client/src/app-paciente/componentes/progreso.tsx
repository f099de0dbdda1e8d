/** A labelled progress bar (a module's or the five stages' advance), read out as a percentage. */
export function Progreso({ etiqueta, visible = etiqueta, valor }: { etiqueta: string; visible?: string; valor: number }) {
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
        <span className="text-tinta-700">{visible}</span>
        <span className="font-semibold text-tinta-900">{valor}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={etiqueta}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={valor}
        className="h-2.5 overflow-hidden rounded-full bg-arena-100"
      >
        <div className="h-full rounded-full bg-salvia-500 transition-[width]" style={{ width: `${valor}%` }} />
      </div>
    </div>
  );
}
