import { Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { botonClases } from '@/components/ui/button';
import { cx } from '@/lib/cx';
import { obtenerConfigPublica } from '@/api/contenido';

/** Android download button; shown only when the server publishes an apk URL. */
export function DescargaApp({ className }: { className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const control = new AbortController();
    obtenerConfigPublica(control.signal)
      .then((config) => setUrl(typeof config?.appDescargaUrl === 'string' ? config.appDescargaUrl : null))
      .catch(() => setUrl(null));
    return () => control.abort();
  }, []);
  if (!url) return null;
  return (
    <a href={url} download className={cx(botonClases('secundario', 'lg'), className)}>
      <Smartphone className="size-5" aria-hidden />
      Descargar app para Android
    </a>
  );
}
