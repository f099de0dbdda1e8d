import {
  type Evidencia,
  EXTRACTO_COMENTARIO,
  extracto,
  resolverTipoEvidencia,
  TEXTOS_ACTIVIDADES as T,
  type TipoArchivo,
  documentoIncrustable,
  urlIncrustada,
} from '@miduelo/shared/actividades';
import { Download, ExternalLink, Eye, EyeOff, FileText, Image, Link2, Music, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, botonClases } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Cargando } from '@/components/ui/spinner';
import { cx } from '@/lib/cx';
import { mostrarError } from '@/nucleo/http';
import { descargarEvidencia } from '@/api/actividades';
import { fechaHora } from '@/lib/format';

const ICONOS: Record<TipoArchivo, typeof Image> = { imagen: Image, video: Video, audio: Music, documento: FileText, otro: Link2 };
const ETIQUETAS: Record<TipoArchivo, string> = { imagen: 'Imagen', video: 'Video', audio: 'Audio', documento: 'Documento', otro: 'Enlace' };

/** The type shown: the declared one, else resolved from the link (spec 2 §4). */
const tipoDe = (e: Evidencia): TipoArchivo => (e.es_archivo ? e.tipo_archivo : resolverTipoEvidencia(e.archivo_url, e.tipo_archivo));

/** Downloads through the authorized route (the server audits it) or opens an external link. */
async function descargar(e: Evidencia) {
  if (!e.es_archivo) {
    window.open(e.archivo_url, '_blank', 'noopener,noreferrer');
    return;
  }
  try {
    const blob = await descargarEvidencia(e, true);
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = e.nombre_archivo ?? 'evidencia';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (err) {
    mostrarError(err, 'No se pudo descargar la evidencia');
  }
}

export function TarjetaEvidencia({ evidencia, onVer }: { evidencia: Evidencia; onVer: () => void }) {
  const tipo = tipoDe(evidencia);
  const Icono = ICONOS[tipo];
  return (
    // Laid out by its own width, not the window's: in the activity's side panel (about 410 px on a
    // desktop) buttons beside the comment left it a word per line. Narrow, the buttons go under the
    // comment; from 576 px (@xl) beside it.
    <li className="@container rounded-xl border border-arena-200 bg-papel">
      <div className="flex flex-col gap-3 p-4 @xl:flex-row @xl:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3 @xl:items-center">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-salvia-50 text-salvia-700">
            <Icono className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tono="salvia">{ETIQUETAS[tipo]}</Badge>
              <span className="text-xs text-tinta-500">{fechaHora(evidencia.fecha_subida)}</span>
            </div>
            <p className="mt-1 text-sm text-tinta-700 wrap-anywhere">
              {evidencia.comentario ? extracto(evidencia.comentario, EXTRACTO_COMENTARIO) : T.sinComentarios}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variante="secundario" tamano="sm" onClick={() => void descargar(evidencia)} aria-label={`${T.descargar} evidencia`}>
            <Download className="size-4" aria-hidden /> {T.descargar}
          </Button>
          <Button variante="suave" tamano="sm" onClick={onVer}>
            <Eye className="size-4" aria-hidden /> {T.verEvidencia}
          </Button>
        </div>
      </div>
    </li>
  );
}

const SIN_ARCHIVO = { ruta: null, url: null, error: false };

/** A file's object URL, fetched with the session (an <img src> cannot carry the bearer token). It
 * follows the route, not the evidence object: a live reload of the same evidence fetches nothing
 * again (nor writes another audit row); a route gone (the evidence hidden or deleted) releases it. */
function useArchivo(ruta: string | null) {
  const [estado, setEstado] = useState<{ ruta: string | null; url: string | null; error: boolean }>(SIN_ARCHIVO);
  useEffect(() => {
    if (!ruta) return;
    const control = new AbortController();
    let url: string | null = null;
    descargarEvidencia({ archivo_url: ruta }, false, control.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setEstado({ ruta, url, error: false });
      })
      .catch(() => {
        if (!control.signal.aborted) setEstado({ ruta, url: null, error: true });
      });
    return () => {
      control.abort();
      if (url) URL.revokeObjectURL(url);
      // A released URL is never rendered again, also if the same route comes back later.
      setEstado((e) => (e.ruta === ruta ? SIN_ARCHIVO : e));
    };
  }, [ruta]);
  return estado.ruta === ruta ? estado : SIN_ARCHIVO;
}

/** The spec's notice where evidence the patient keeps private would be (spec 2 §2). */
export function AvisoEvidenciaPrivada({ className }: { className?: string }) {
  return (
    <div className={cx('flex items-start gap-3 rounded-xl bg-arena-50 p-4', className)} role="note">
      <EyeOff className="mt-0.5 size-5 shrink-0 text-tinta-500" aria-hidden />
      <div>
        <p className="font-semibold text-tinta-800">{T.evidenciasNoDisponibles}</p>
        <p className="text-sm text-tinta-600">{T.evidenciaPrivada}</p>
      </div>
    </div>
  );
}

/** 'Visualizador de Evidencia' (spec 2 §2): image, video (YouTube/Vimeo embedded), audio, document
 * in a frame, or an external-link card; each load failure with its own text and a download.
 * It shows one evidence of a live list, found by id: when the patient hides the activity's evidence
 * or deletes this one, nothing of it stays on screen — the private notice (or that it is no longer
 * available) takes its place and the file's object URL is released (decision 267). */
export function VisorEvidencia({
  id,
  evidencias,
  privada,
  onCerrar,
}: {
  id: number;
  evidencias: Evidencia[];
  /** The patient's switch is off: what is gone was hidden, not deleted. */
  privada: boolean;
  onCerrar: () => void;
}) {
  const evidencia = evidencias.find((e) => e.id_evidencia === id) ?? null;
  const archivo = useArchivo(evidencia?.es_archivo ? evidencia.archivo_url : null);
  const url = evidencia && !evidencia.es_archivo ? evidencia.archivo_url : archivo.url;
  // The URL that failed to show: another one (another evidence, a new fetch) starts without it.
  const [falloEn, setFalloEn] = useState<string | null>(null);
  const fallo = url !== null && falloEn === url;
  const error = archivo.error;
  if (!evidencia) {
    return (
      <Dialog open onOpenChange={(o) => !o && onCerrar()}>
        <DialogContent titulo={T.visorTitulo} ancho="lg">
          {privada ? (
            <AvisoEvidenciaPrivada />
          ) : (
            <p className="rounded-xl bg-arena-50 p-4 text-tinta-700" role="note">
              {T.evidenciaYaNoDisponible}
            </p>
          )}
        </DialogContent>
      </Dialog>
    );
  }
  const tipo = tipoDe(evidencia);
  const embebido = tipo === 'video' && !evidencia.es_archivo ? urlIncrustada(evidencia.archivo_url) : null;
  const textoFallo = {
    imagen: T.errorImagen,
    video: T.errorVideo,
    audio: T.errorAudio,
    documento: T.errorDocumento,
    otro: T.errorDocumento,
  }[tipo];
  const botonDescarga = (
    <Button variante="secundario" tamano="sm" onClick={() => void descargar(evidencia)}>
      <Download className="size-4" aria-hidden /> {T.descargar}
    </Button>
  );

  let cuerpo: React.ReactNode;
  if (error || fallo) {
    cuerpo = (
      <div className="flex flex-col items-center gap-3 rounded-xl bg-arena-50 px-4 py-10 text-center">
        <p className="text-tinta-700">{textoFallo}</p>
        {botonDescarga}
      </div>
    );
  } else if (tipo === 'otro' || (tipo === 'documento' && !evidencia.es_archivo && !documentoIncrustable(evidencia.archivo_url))) {
    cuerpo = (
      <div className="rounded-xl border border-arena-200 bg-arena-50 p-5">
        <p className="flex items-center gap-2 font-medium text-tinta-800">
          <Link2 className="size-4" aria-hidden /> Enlace externo
        </p>
        <p className="mt-2 text-sm text-tinta-600 wrap-anywhere">{evidencia.archivo_url}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <a href={evidencia.archivo_url} target="_blank" rel="noopener noreferrer" className={botonClases('suave', 'sm')}>
            <ExternalLink className="size-4" aria-hidden /> {T.abrirPestana}
          </a>
          {botonDescarga}
        </div>
      </div>
    );
  } else if (!url) {
    cuerpo = <Cargando texto="Cargando evidencia..." />;
  } else if (tipo === 'imagen') {
    cuerpo = (
      <img
        src={url}
        alt="Evidencia del paciente"
        className="mx-auto max-h-[60vh] rounded-xl object-contain"
        onError={() => setFalloEn(url)}
      />
    );
  } else if (tipo === 'video' && embebido) {
    cuerpo = (
      <iframe
        src={embebido}
        title="Video de la evidencia"
        className="aspect-video w-full rounded-xl"
        allow="encrypted-media; picture-in-picture"
        sandbox="allow-scripts allow-same-origin allow-presentation"
        allowFullScreen
      />
    );
  } else if (tipo === 'video') {
    // biome-ignore lint/a11y/useMediaCaption: patients' own recordings carry no caption track
    cuerpo = <video src={url} controls className="w-full rounded-xl" onError={() => setFalloEn(url)} />;
  } else if (tipo === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: patients' own recordings carry no caption track
    cuerpo = <audio src={url} controls className="w-full" onError={() => setFalloEn(url)} />;
  } else {
    cuerpo = (
      <iframe
        src={url}
        title="Documento de la evidencia"
        className="h-[60vh] w-full rounded-xl border border-arena-200"
        {...(evidencia.es_archivo ? {} : { sandbox: 'allow-scripts allow-same-origin' })}
      />
    );
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onCerrar()}>
      <DialogContent titulo={T.visorTitulo} ancho="lg">
        <div className="flex flex-col gap-4">
          {cuerpo}
          {evidencia.es_archivo && tipo !== 'otro' && !(error || fallo) && <div className="flex justify-end">{botonDescarga}</div>}
          {evidencia.comentario && (
            <div className="rounded-xl bg-salvia-50 p-4">
              <p className="text-sm font-semibold text-salvia-800">{T.comentarioPaciente}</p>
              <p className="mt-1 text-sm whitespace-pre-wrap text-tinta-700 wrap-anywhere">{evidencia.comentario}</p>
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
