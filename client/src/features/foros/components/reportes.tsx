// The reports of a forum for its moderators (decision 164), refreshed live by `foro:reporte`.
import { TEXTOS_FOROS } from '@miduelo/shared/foros';
import { EventoReporteSchema } from '@miduelo/shared/realtime-foros';
import { Link } from '@tanstack/react-router';
import { Flag } from 'lucide-react';
import { ocultarMensaje, reportes as listarReportes } from '@/api/foros';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Spinner } from '@/components/ui/spinner';
import { mensajeDeError } from '@/nucleo/http';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { toast } from '@/lib/toast';
import { fechaHora } from '@/lib/format';

export function Reportes({ idForo }: { idForo: number }) {
  const lista = useLiveResource({ fetch: (signal) => listarReportes(idForo, signal), deps: [idForo] });
  useEventoSocket('foro:reporte', EventoReporteSchema, (r) => {
    if (r.id_foro === idForo) lista.recargar();
  });

  async function alternar(idMensaje: number, oculto: boolean) {
    try {
      await ocultarMensaje(idMensaje, !oculto);
      lista.recargar();
    } catch (e) {
      toast.error('Error', mensajeDeError(e, 'Error'));
    }
  }

  if (!lista.data && lista.error) return <ErrorCarga texto={TEXTOS_FOROS.errorCargarReportes} onReintentar={lista.recargar} />;
  if (!lista.data) return <Spinner className="size-6 text-salvia-500" etiqueta="Cargando reportes" />;
  if (lista.data.data.length === 0) return <EmptyState icono={Flag} titulo={TEXTOS_FOROS.sinReportes} texto="" />;
  return (
    <ul className="flex flex-col gap-3" data-reportes>
      {lista.data.data.map((r) => (
        <li key={r.id_reporte} className="rounded-xl border border-arena-200 bg-papel p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-tinta-600">
            <span className="[overflow-wrap:anywhere]">
              {TEXTOS_FOROS.reportadoPor} {r.reportante.nombre} {r.reportante.apellido} · {fechaHora(r.fecha)}
            </span>
            <Link
              to="/foros/$idForo/temas/$idTema"
              params={{ idForo: String(idForo), idTema: String(r.id_tema) }}
              className="font-medium text-salvia-700 hover:underline [overflow-wrap:anywhere]"
            >
              {TEXTOS_FOROS.verTema}: {r.tema}
            </Link>
          </div>
          {r.motivo ? <p className="mt-1 text-sm text-tinta-700 italic [overflow-wrap:anywhere]">“{r.motivo}”</p> : null}
          <blockquote className="mt-3 border-l-4 border-arena-300 pl-3 text-tinta-900">
            <p className="text-xs font-semibold text-tinta-600">
              {r.mensaje.autor.nombre} {r.mensaje.autor.apellido}
            </p>
            <p className={`whitespace-pre-line [overflow-wrap:anywhere] ${r.mensaje.oculto ? 'line-through opacity-70' : ''}`}>
              {r.mensaje.contenido}
            </p>
          </blockquote>
          <div className="mt-3">
            <Button variante="secundario" tamano="sm" onClick={() => void alternar(r.id_mensaje, r.mensaje.oculto)}>
              {r.mensaje.oculto ? TEXTOS_FOROS.mostrar : TEXTOS_FOROS.ocultar}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
