// "Dispositivos con sesión abierta" in the profile (issue 56, decision 380): every open session of
// the account with its device, browser, place and last use, this one marked; any other closes at
// once, or all others after a confirmation.
import { cuandoLegible, MSG_DISPOSITIVOS as T } from '@miduelo/shared/dispositivos-textos';
import type { SesionAbierta } from '@miduelo/shared/dispositivos';
import { Laptop, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { cerrarOtrasSesiones, cerrarSesionAbierta, sesionesAbiertas } from '@/api/dispositivos';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Cargando } from '@/components/ui/spinner';
import { confirmar } from '@/lib/confirm';
import { toast } from '@/lib/toast';
import { mensajeDeError } from '@/nucleo/http';
import { useLiveResource } from '@/nucleo/live/use-live-resource';

function Icono({ dispositivo }: { dispositivo: string }) {
  const C = dispositivo.startsWith('Teléfono') ? Smartphone : dispositivo.startsWith('Tableta') ? Tablet : Laptop;
  return <C className="mt-0.5 size-5 shrink-0 text-salvia-700" aria-hidden />;
}

export function Dispositivos() {
  const { data, error, recargar } = useLiveResource({ fetch: sesionesAbiertas });
  const [ocupado, setOcupado] = useState<number | 'otras' | null>(null);

  async function cerrarUna(s: SesionAbierta) {
    setOcupado(s.id);
    try {
      toast.exito((await cerrarSesionAbierta(s.id)).msg);
    } catch (err) {
      toast.error(mensajeDeError(err));
    } finally {
      setOcupado(null);
      void recargar();
    }
  }

  async function cerrarOtras() {
    const ok = await confirmar({
      titulo: T.cerrarOtras,
      texto: T.confirmarCerrarOtras,
      confirmar: T.confirmar,
      cancelar: T.cancelar,
      peligro: true,
    });
    if (!ok) return;
    setOcupado('otras');
    try {
      toast.exito((await cerrarOtrasSesiones()).msg);
    } catch (err) {
      toast.error(mensajeDeError(err));
    } finally {
      setOcupado(null);
      void recargar();
    }
  }

  const otras = data?.filter((s) => !s.actual).length ?? 0;
  return (
    <section id="dispositivos" aria-labelledby="dispositivos-titulo" className="scroll-mt-4">
      <Card className="p-6">
        <h2 id="dispositivos-titulo" className="font-sans text-lg font-semibold text-tinta-900">
          {T.titulo}
        </h2>
        <p className="mb-5 text-sm text-tinta-600">{T.descripcion}</p>
        {!data && error ? (
          <ErrorCarga texto={T.errorCarga} onReintentar={recargar} />
        ) : !data ? (
          <Cargando texto={T.cargando} />
        ) : (
          <>
            {data.length > 0 && (
              <ul className="flex flex-col gap-3" data-sesiones>
                {data.map((s) => (
                  <li
                    key={s.id}
                    data-sesion={s.id}
                    className="flex flex-col gap-3 rounded-xl border border-arena-200 px-4 py-3 text-sm sm:flex-row sm:items-start"
                  >
                    <Icono dispositivo={s.dispositivo} />
                    <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                      <p className="font-medium text-tinta-900">
                        {s.dispositivo} · {s.navegador} · {s.sistema} {s.actual && <Badge tono="salvia">{T.esteDispositivo}</Badge>}
                      </p>
                      <p className="text-tinta-600">
                        {T.lugar}: {s.lugar} · {T.ultimoUso}: {cuandoLegible(s.ultimo_uso)}
                      </p>
                    </div>
                    {!s.actual && (
                      <Button
                        variante="secundario"
                        tamano="sm"
                        className="shrink-0 self-start"
                        disabled={ocupado !== null}
                        aria-label={T.cerrarEn(`${s.dispositivo} · ${s.navegador}`)}
                        onClick={() => void cerrarUna(s)}
                      >
                        {ocupado === s.id ? 'Cerrando…' : T.cerrar}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {otras === 0 ? (
              <p className="mt-4 text-sm text-tinta-700" data-solo-este>
                {T.soloEste}
              </p>
            ) : (
              <Button variante="peligro" className="mt-4" disabled={ocupado !== null} onClick={() => void cerrarOtras()}>
                {ocupado === 'otras' ? 'Cerrando…' : T.cerrarOtras}
              </Button>
            )}
          </>
        )}
      </Card>
    </section>
  );
}
