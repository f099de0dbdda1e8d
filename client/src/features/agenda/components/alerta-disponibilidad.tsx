import { TEXTOS_AGENDA } from '@miduelo/shared/agenda';
import { CalendarX2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';

/** Spec 1 §8: when the server's answer mentions disponibilidad, explain what to do. */
export function AlertaDisponibilidad({
  mensaje,
  onCerrar,
  onPersonalizar,
}: {
  mensaje: string | null;
  onCerrar: () => void;
  onPersonalizar: () => void;
}) {
  const [primero, ...consejos] = TEXTOS_AGENDA.alertaDisponibilidad;
  return (
    <Dialog open={mensaje !== null} onOpenChange={(a) => !a && onCerrar()}>
      <DialogContent titulo={TEXTOS_AGENDA.alertaDisponibilidadTitulo} descripcion={primero}>
        <div role="alert" className="flex gap-3 rounded-xl border border-pendiente-borde bg-aviso-50 px-4 py-3 text-sm text-aviso-700">
          <CalendarX2 className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>{mensaje}</p>
        </div>
        <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-tinta-700 marker:text-salvia-500">
          {consejos.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <DialogFooter>
          <Button variante="secundario" onClick={onCerrar}>
            Entendido
          </Button>
          <Button onClick={onPersonalizar}>{TEXTOS_AGENDA.personalizarHorario}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
