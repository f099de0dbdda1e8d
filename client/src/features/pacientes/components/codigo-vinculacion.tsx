import { TEXTOS_PACIENTES } from '@miduelo/shared/pacientes';
import { Copy, KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { obtenerPerfilBasico } from '@/api/pacientes';

/** The psychologist's own linking code, to hand to a new patient who registers in the app. */
export function CodigoVinculacion() {
  // The code never changes while the screen is open: loaded once (decision 060).
  const { data } = useLiveResource({ fetch: obtenerPerfilBasico, vigilar: false });
  const codigo = data?.codigo_vinculacion ?? null;

  async function copiar() {
    if (!codigo) return;
    try {
      await navigator.clipboard.writeText(codigo);
      toast.exito(TEXTOS_PACIENTES.codigoCopiado, codigo);
    } catch {
      toast.info(TEXTOS_PACIENTES.codigoTitulo, codigo);
    }
  }

  return (
    <Card className="flex flex-col gap-4 border-salvia-200 bg-salvia-50/60 p-5 sm:flex-row sm:items-center">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-salvia-100 text-salvia-700">
        <KeyRound className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-sans text-base font-semibold text-tinta-900">{TEXTOS_PACIENTES.codigoTitulo}</h2>
        <p className="mt-0.5 text-sm text-tinta-600">{TEXTOS_PACIENTES.codigoExplicacion}</p>
      </div>
      <div className="flex items-center gap-2">
        <output
          aria-label={TEXTOS_PACIENTES.codigoTitulo}
          className="rounded-xl border border-salvia-200 bg-papel px-4 py-2 font-mono text-lg font-semibold tracking-[0.2em] text-salvia-800"
        >
          {codigo ?? '······'}
        </output>
        <Button
          variante="secundario"
          tamano="sm"
          onClick={() => void copiar()}
          disabled={!codigo}
          aria-label="Copiar código de vinculación"
        >
          <Copy className="size-4" aria-hidden /> Copiar
        </Button>
      </div>
    </Card>
  );
}
