import { Smartphone } from 'lucide-react';
import { botonClases } from '@/components/ui/button';
import { cx } from '@/lib/cx';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { obtenerConfigPublica } from '@/api/contenido';

/** Android download button; shown only when the server publishes an apk URL. */
export function DescargaApp({ className }: { className?: string }) {
  // Public configuration, fixed while the page is open: loaded once (decision 060); a failure hides the button.
  const { data: config } = useLiveResource({ fetch: obtenerConfigPublica, vigilar: false });
  const url = typeof config?.appDescargaUrl === 'string' ? config.appDescargaUrl : null;
  if (!url) return null;
  return (
    <a href={url} download className={cx(botonClases('secundario', 'lg'), className)}>
      <Smartphone className="size-5" aria-hidden />
      Descargar app para Android
    </a>
  );
}
