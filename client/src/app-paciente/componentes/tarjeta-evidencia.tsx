// One evidence of an activity as the patient sees it: the image itself, a file to open, or a link;
// her words, when and by whom it was added, and deleting her own after a confirmation.
import type { Evidencia } from '@miduelo/shared/actividades';
import { ExternalLink, FileText, Music, Paperclip, Trash2, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { eliminarEvidencia } from '../api/actividades';
import { tamanoLegible, urlDeArchivo } from '../lib/actividades';
import { ErrorApi } from '../lib/api';
import { fechaLarga, horaDe } from '../lib/fechas';
import { Aviso, Boton, Tarjeta } from './ui';

const ICONO = { video: Video, audio: Music, documento: FileText, otro: ExternalLink, imagen: Paperclip } as const;

export function TarjetaEvidencia({ e, alBorrar }: { e: Evidencia; alBorrar: () => void }) {
  const [confirmando, setConfirmando] = useState(false);
  const [borrando, setBorrando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fecha = String(e.fecha_subida);
  const Icono = ICONO[e.tipo_archivo];

  async function borrar() {
    setBorrando(true);
    setError(null);
    try {
      await eliminarEvidencia(e.id_evidencia);
      alBorrar();
    } catch (err) {
      setError(err instanceof ErrorApi ? err.message : 'No pudimos eliminar esta evidencia.');
      setBorrando(false);
    }
  }

  return (
    <Tarjeta className="space-y-2">
      <div data-evidencia={e.id_evidencia}>
        {e.es_archivo && e.tipo_archivo === 'imagen' ? (
          <Imagen ruta={e.archivo_url} alt={e.comentario ? `Evidencia: ${e.comentario}` : 'Tu evidencia'} />
        ) : e.es_archivo ? (
          <ArchivoDescargable e={e} Icono={Icono} />
        ) : (
          <a
            href={e.archivo_url}
            target="_blank"
            rel="noopener noreferrer"
            className="flex min-h-11 items-center gap-2 font-semibold text-salvia-700 underline [overflow-wrap:anywhere]"
          >
            <Icono aria-hidden className="size-5 shrink-0" /> {e.archivo_url}
          </a>
        )}
      </div>
      {e.comentario && <p className="whitespace-pre-line text-tinta-800 [overflow-wrap:anywhere]">{e.comentario}</p>}
      <p className="text-sm text-tinta-600">
        {e.subida_por === 'psicologo' ? 'Compartida por tu psicóloga o psicólogo' : 'Subida'} el {fechaLarga(fecha.slice(0, 10))},{' '}
        {horaDe(fecha)}
      </p>
      {e.subida_por === 'paciente' &&
        (confirmando ? (
          <div className="space-y-2">
            <p className="text-tinta-800">¿Eliminar esta evidencia? No se puede recuperar.</p>
            <div className="flex flex-wrap gap-2">
              <Boton variante="peligro" onClick={borrar} disabled={borrando}>
                Sí, eliminarla
              </Boton>
              <Boton variante="secundario" onClick={() => setConfirmando(false)}>
                No, conservarla
              </Boton>
            </div>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => setConfirmando(true)}
            className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-terracota-700"
          >
            <Trash2 aria-hidden className="size-4" /> Eliminar
          </button>
        ))}
      {error && <Aviso tono="error">{error}</Aviso>}
    </Tarjeta>
  );
}

/** An image of the patient's own, fetched with the session (an <img src> could not send it). */
function Imagen({ ruta, alt }: { ruta: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [fallo, setFallo] = useState(false);
  useEffect(() => {
    let vivo = true;
    let creada: string | null = null;
    urlDeArchivo(ruta).then(
      (u) => {
        creada = u;
        if (vivo) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      () => vivo && setFallo(true),
    );
    return () => {
      vivo = false;
      if (creada) URL.revokeObjectURL(creada);
    };
  }, [ruta]);
  if (fallo) return <p className="text-sm text-tinta-600">No pudimos mostrar la imagen.</p>;
  if (!url) return <div className="h-40 animate-pulse rounded-xl bg-arena-100" aria-hidden />;
  return <img src={url} alt={alt} className="max-h-80 w-full rounded-xl bg-arena-50 object-contain" />;
}

function ArchivoDescargable({ e, Icono }: { e: Evidencia; Icono: (typeof ICONO)[keyof typeof ICONO] }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cargando, setCargando] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  async function abrir() {
    setCargando(true);
    setError(null);
    try {
      setUrl(await urlDeArchivo(e.archivo_url));
    } catch (err) {
      setError(err instanceof ErrorApi ? err.message : 'No pudimos abrir este archivo.');
    } finally {
      setCargando(false);
    }
  }
  const nombre = e.nombre_archivo ?? 'evidencia';
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        <Icono aria-hidden className="size-5 shrink-0 text-tinta-600" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-tinta-900">{nombre}</span>
          <span className="block text-sm text-tinta-600">{tamanoLegible(e.tamano)}</span>
        </span>
        {!url && (
          <Boton variante="secundario" onClick={abrir} disabled={cargando}>
            {cargando ? 'Abriendo…' : 'Abrir'}
          </Boton>
        )}
      </div>
      {url && e.tipo_archivo === 'video' && (
        // biome-ignore lint/a11y/useMediaCaption: the patient's own recording, no captions exist
        <video src={url} controls className="w-full rounded-xl" />
      )}
      {url && e.tipo_archivo === 'audio' && (
        // biome-ignore lint/a11y/useMediaCaption: the patient's own recording, no captions exist
        <audio src={url} controls className="w-full" />
      )}
      {url && (e.tipo_archivo === 'documento' || e.tipo_archivo === 'otro') && (
        <a href={url} download={nombre} className="inline-flex min-h-11 items-center font-semibold text-salvia-700 underline">
          Descargar {nombre}
        </a>
      )}
      {error && <Aviso tono="error">{error}</Aviso>}
    </div>
  );
}
