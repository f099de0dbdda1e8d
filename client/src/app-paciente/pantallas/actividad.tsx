// One activity (issue 17, docs/decisions/200, 204): what to do, by when, finishing it or taking it
// up again, and the evidence — a photo from the camera, a file, or a link — with the switch that
// lets the psychologist see it. Live: the psychologist's edits and reminders show here at once.
import { type Asignacion, COMENTARIO_EVIDENCIA_MAX, EVIDENCIA_MAX_MB, type Evidencia, MSG_ACTIVIDADES } from '@miduelo/shared/actividades';
import { Camera, ChevronLeft, Clock, ExternalLink, FileText, Link2, Music, Paperclip, Trash2, Video } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Aviso, AvisoGuardado, Boton, Cuenta, Tarjeta } from '../componentes/ui';
import { aplicarAsignacion, ETIQUETA_ESTADO_APP, subirEvidencia, tamanoLegible, textoFechaLimite, urlDeArchivo } from '../lib/actividades';
import { cambiarEstadoActividad, cambiarVisibilidadEvidencias, eliminarEvidencia, useMiActividad } from '../api/actividades';
import { ErrorApi } from '../lib/api';
import { useAlDia, useConexion, useEvento } from '../lib/conexion';
import { Enlace } from '../lib/enrutador';
import { fechaLarga, horaDe } from '../lib/fechas';
import { ID_CLIENTE_DISTINTO, idParaEnviar, nuevoIdDeEnvio, renovarIdDeEnvio } from '../lib/id-cliente';

/** What the file pickers offer; the server still decides by the file's bytes (decision 121). */
const ACEPTA =
  'image/*,video/*,audio/*,application/pdf,.pdf,.jpg,.jpeg,.png,.gif,.webp,.bmp,.mp4,.webm,.mov,.avi,.mp3,.wav,.ogg,.opus,.m4a,.aac,.flac';

export default function Actividad({ id }: { id: number }) {
  const recurso = useMiActividad(id);
  const [aviso, setAviso] = useState<string | null>(null);
  const a = recurso.datos;

  useEvento('mi-actividad:cambio', (p) => {
    if (p.asignacion.id_asignacion !== id) return;
    if (p.tipo === 'eliminada') {
      recurso.fijar(() => undefined);
      setAviso('Tu psicóloga o psicólogo retiró esta actividad.');
      return;
    }
    recurso.fijar((actual) => aplicarAsignacion(actual ? [actual] : [], p.tipo, p.asignacion)[0] ?? actual);
  });
  useEvento('actividad:recordatorio', (p) => {
    if (p.id_asignacion === id) setAviso('Tu psicóloga o psicólogo te recuerda esta actividad. Sin prisa: cuando puedas.');
  });
  useAlDia(() => void recurso.recargar());

  const volver = (
    <Enlace a="/proceso" className="mb-2 inline-flex min-h-11 items-center gap-1 font-semibold text-salvia-700">
      <ChevronLeft aria-hidden className="size-5" /> Mi proceso
    </Enlace>
  );

  if (!a) {
    return (
      <div className="space-y-4">
        {volver}
        {aviso ? (
          <Aviso>{aviso}</Aviso>
        ) : recurso.error ? (
          <Aviso tono="error">{recurso.error.status === 404 ? 'No encontramos esta actividad.' : recurso.error.message}</Aviso>
        ) : (
          <p className="text-tinta-600">Cargando…</p>
        )}
      </div>
    );
  }

  const limite = textoFechaLimite(a.fecha_limite);
  const act = a.actividad;
  return (
    <div className="space-y-4">
      {volver}
      <div>
        <p className="text-sm font-medium text-salvia-700">
          {act.etapa_duelo ? `Etapa: ${act.etapa_duelo}` : 'De tu psicóloga o psicólogo'}
        </p>
        <h1 className="font-serif text-2xl text-tinta-900 [overflow-wrap:anywhere]">{act.titulo}</h1>
        <p className="mt-1 text-tinta-600">
          {act.tipo} · <span data-testid="estado-actividad">{ETIQUETA_ESTADO_APP[a.estado]}</span>
        </p>
      </div>
      {aviso && <Aviso tono="exito">{aviso}</Aviso>}
      <AvisoGuardado visible={recurso.guardado && recurso.error !== null} />

      <Tarjeta className="space-y-3">
        {a.estado === 'en_proceso' && limite && (
          <p className="flex items-start gap-2 text-tinta-800">
            <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-salvia-600" /> {limite}
          </p>
        )}
        {a.estado === 'finalizada' && a.fecha_completada && (
          <p className="text-salvia-800">Terminada el {fechaLarga(String(a.fecha_completada).slice(0, 10))}. Bien hecho.</p>
        )}
        {a.instrucciones_personalizadas && (
          <div>
            <h2 className="font-semibold text-tinta-800">Lo que te pide tu psicóloga o psicólogo</h2>
            <p className="whitespace-pre-line text-tinta-800 [overflow-wrap:anywhere]">{a.instrucciones_personalizadas}</p>
          </div>
        )}
        <div>
          <h2 className="font-semibold text-tinta-800">De qué se trata</h2>
          <p className="whitespace-pre-line text-tinta-700 [overflow-wrap:anywhere]">
            {act.descripcion ?? 'Esta actividad no tiene descripción.'}
          </p>
        </div>
        {act.repetitiva && act.periodo && (
          <p className="text-sm text-tinta-600">Puedes repetirla cada {act.periodo === 1 ? 'día' : `${act.periodo} días`}.</p>
        )}
        {act.archivo_url && (
          <a
            href={/^https?:\/\//i.test(act.archivo_url) ? act.archivo_url : `https://${act.archivo_url}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-salvia-700 underline [overflow-wrap:anywhere]"
          >
            <ExternalLink aria-hidden className="size-4 shrink-0" /> Abrir el material de apoyo
          </a>
        )}
        <CambiarEstado a={a} alCambiar={(n) => recurso.fijar(() => n)} />
      </Tarjeta>

      <Evidencias a={a} alCambiar={(n) => recurso.fijar(() => n)} recargar={() => void recurso.recargar()} />
    </div>
  );
}

function CambiarEstado({ a, alCambiar }: { a: Asignacion; alCambiar: (a: Asignacion) => void }) {
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enLinea = useConexion((c) => c.enLinea);
  const destino = a.estado === 'en_proceso' ? 'finalizada' : 'en_proceso';
  async function cambiar() {
    setEnviando(true);
    setError(null);
    try {
      alCambiar(await cambiarEstadoActividad(a.id_asignacion, destino));
    } catch (e) {
      setError(e instanceof ErrorApi ? e.message : 'No pudimos guardar el cambio.');
    } finally {
      setEnviando(false);
    }
  }
  return (
    <div className="space-y-2 pt-1">
      <Boton
        variante={destino === 'finalizada' ? 'primario' : 'secundario'}
        className="w-full"
        onClick={cambiar}
        disabled={enviando || !enLinea}
      >
        {enviando ? 'Guardando…' : destino === 'finalizada' ? 'Marcar como terminada' : 'Retomar esta actividad'}
      </Boton>
      {error && <Aviso tono="error">{error}</Aviso>}
    </div>
  );
}

function Evidencias({ a, alCambiar, recargar }: { a: Asignacion; alCambiar: (a: Asignacion) => void; recargar: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [cambiando, setCambiando] = useState(false);
  const enLinea = useConexion((c) => c.enLinea);

  async function cambiarVisibilidad(visible: boolean) {
    setCambiando(true);
    setError(null);
    try {
      alCambiar(await cambiarVisibilidadEvidencias(a.id_asignacion, visible));
    } catch (e) {
      setError(e instanceof ErrorApi ? e.message : 'No pudimos guardar el cambio.');
    } finally {
      setCambiando(false);
    }
  }

  const lista = [...a.evidencias].sort((x, y) => String(y.fecha_subida).localeCompare(String(x.fecha_subida)));
  return (
    <section aria-labelledby="evidencias" className="space-y-3">
      <h2 id="evidencias" className="text-lg font-semibold">
        Tus evidencias
      </h2>
      <Tarjeta>
        <label className="flex min-h-11 items-start gap-3">
          <input
            type="checkbox"
            role="switch"
            aria-checked={a.visible_para_psicologo}
            className="mt-1 size-5 shrink-0"
            checked={a.visible_para_psicologo}
            disabled={cambiando || !enLinea}
            onChange={(e) => cambiarVisibilidad(e.target.checked)}
          />
          <span>
            <span className="block font-medium text-tinta-900">Compartir con mi psicóloga o psicólogo</span>
            <span className="block text-sm text-tinta-600">
              {a.visible_para_psicologo
                ? 'Puede ver lo que subas en esta actividad.'
                : 'Por ahora lo que subas aquí es solo para ti. Puedes compartirlo cuando quieras.'}
            </span>
          </span>
        </label>
        {error && (
          <div className="mt-2">
            <Aviso tono="error">{error}</Aviso>
          </div>
        )}
      </Tarjeta>

      <Subir a={a} alSubir={recargar} />

      {lista.length === 0 ? (
        <p className="text-tinta-600">Todavía no has subido evidencias en esta actividad.</p>
      ) : (
        <ul className="space-y-3" aria-label="Evidencias subidas">
          {lista.map((e) => (
            <li key={e.id_evidencia}>
              <TarjetaEvidencia e={e} alBorrar={recargar} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Subir({ a, alSubir }: { a: Asignacion; alSubir: () => void }) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [enlace, setEnlace] = useState('');
  const [comentario, setComentario] = useState('');
  const [progreso, setProgreso] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [hecho, setHecho] = useState<string | null>(null);
  const enLinea = useConexion((c) => c.enLinea);
  const camara = useRef<HTMLInputElement>(null);
  const archivos = useRef<HTMLInputElement>(null);
  // One per evidence being prepared, sent by every attempt while what it sends is unchanged
  // (decision 313): a retry after an answer that never arrived stores nothing twice. Another file or
  // link is another evidence: a new id; so is another comment (or visibility) at the next attempt —
  // had the first one got through, the change would otherwise be lost.
  const idCliente = useRef(nuevoIdDeEnvio());

  function elegir(f: File | undefined) {
    setHecho(null);
    setError(null);
    if (!f) return;
    renovarIdDeEnvio(idCliente.current);
    setArchivo(null);
    // The two limits the phone can check before spending the patient's data; the type is the
    // server's to decide (by the file's bytes), with the same message.
    if (f.size === 0) return setError(MSG_ACTIVIDADES.evidenciaVacia);
    if (f.size > EVIDENCIA_MAX_MB * 1024 * 1024) return setError(MSG_ACTIVIDADES.evidenciaDemasiadoGrande(EVIDENCIA_MAX_MB));
    setArchivo(f);
    setEnlace('');
  }

  function limpiarEntradas() {
    if (camara.current) camara.current.value = '';
    if (archivos.current) archivos.current.value = '';
  }

  async function enviar() {
    setError(null);
    setHecho(null);
    if (!archivo && !enlace.trim()) return setError(MSG_ACTIVIDADES.evidenciaSinContenido);
    if (comentario.length > COMENTARIO_EVIDENCIA_MAX) return;
    setProgreso(0);
    const contenido = JSON.stringify([
      archivo ? [archivo.name, archivo.size, archivo.lastModified] : null,
      archivo ? null : enlace.trim(),
      comentario.trim(),
      a.visible_para_psicologo,
    ]);
    const id = idParaEnviar(idCliente.current, contenido);
    try {
      await subirEvidencia(
        a.id_asignacion,
        {
          archivo: archivo ?? undefined,
          url: archivo ? undefined : enlace,
          comentario,
          visible: a.visible_para_psicologo,
          idCliente: id,
        },
        setProgreso,
      );
      renovarIdDeEnvio(idCliente.current);
      setArchivo(null);
      setEnlace('');
      setComentario('');
      limpiarEntradas();
      setHecho(a.visible_para_psicologo ? 'Listo. Tu psicóloga o psicólogo ya puede verla.' : 'Listo. Se guardó solo para ti.');
      alSubir();
    } catch (e) {
      // Refused as another content with the same id: nothing was stored; the next attempt is new.
      if (e instanceof ErrorApi && e.code === ID_CLIENTE_DISTINTO) renovarIdDeEnvio(idCliente.current);
      setError(e instanceof ErrorApi ? e.message : 'No pudimos subir tu evidencia.');
    } finally {
      setProgreso(null);
    }
  }

  const ocupado = progreso !== null;
  // Counted as the server counts it; a longer text stays whole and is not sent (decision 295).
  const comentarioLargo = comentario.length > COMENTARIO_EVIDENCIA_MAX;
  const claseBoton =
    'inline-flex min-h-12 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl border border-arena-300 bg-papel px-4 font-semibold text-tinta-800 active:bg-arena-100 has-[:disabled]:cursor-default has-[:disabled]:text-tinta-400';
  return (
    <Tarjeta className="space-y-3">
      <h3 className="font-semibold text-tinta-900">Añadir una evidencia</h3>
      <p className="text-sm text-tinta-600">
        Una foto, un video, un audio o un PDF de hasta {EVIDENCIA_MAX_MB} MB, o un enlace. Puedes escribir unas palabras sobre lo que
        sentiste.
      </p>
      <div className="grid gap-2 min-[480px]:grid-cols-2">
        <label className={claseBoton}>
          <Camera aria-hidden className="size-5" />
          Tomar una foto
          <input
            ref={camara}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            disabled={ocupado || !enLinea}
            onChange={(e) => elegir(e.target.files?.[0])}
          />
        </label>
        <label className={claseBoton}>
          <Paperclip aria-hidden className="size-5" />
          Elegir un archivo
          <input
            ref={archivos}
            type="file"
            accept={ACEPTA}
            className="sr-only"
            disabled={ocupado || !enLinea}
            onChange={(e) => elegir(e.target.files?.[0])}
          />
        </label>
      </div>
      {archivo ? (
        <div className="flex items-center gap-3 rounded-xl bg-crema p-3" data-testid="archivo-elegido">
          <Paperclip aria-hidden className="size-5 shrink-0 text-tinta-600" />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-tinta-900">{archivo.name}</span>
            <span className="block text-sm text-tinta-600">{tamanoLegible(archivo.size)}</span>
          </span>
          <button
            type="button"
            className="min-h-11 px-2 font-semibold text-terracota-700"
            disabled={ocupado}
            onClick={() => {
              setArchivo(null);
              limpiarEntradas();
            }}
          >
            Quitar
          </button>
        </div>
      ) : (
        <label className="block">
          <span className="mb-1 flex items-center gap-2 font-medium text-tinta-800">
            <Link2 aria-hidden className="size-4" /> O pega un enlace (opcional)
          </span>
          <input
            type="url"
            inputMode="url"
            value={enlace}
            onChange={(e) => {
              renovarIdDeEnvio(idCliente.current);
              setEnlace(e.target.value);
            }}
            placeholder="https://"
            className="block min-h-12 w-full rounded-xl border border-arena-300 bg-papel px-3 text-base"
          />
        </label>
      )}
      <label className="block">
        <span className="mb-1 block font-medium text-tinta-800">Unas palabras (opcional)</span>
        <textarea
          value={comentario}
          onChange={(e) => setComentario(e.target.value)}
          rows={3}
          aria-invalid={comentarioLargo || undefined}
          aria-describedby="cuenta-comentario"
          className="w-full rounded-xl border border-arena-300 bg-papel p-3 text-base aria-[invalid]:border-terracota-500"
        />
        <Cuenta id="cuenta-comentario" largo={comentario.length} max={COMENTARIO_EVIDENCIA_MAX} mensaje={MSG_ACTIVIDADES.comentarioMax} />
      </label>
      {progreso !== null && (
        <div
          role="progressbar"
          aria-label="Subiendo"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progreso * 100)}
          className="h-2 overflow-hidden rounded-full bg-arena-100"
        >
          <div className="h-full bg-salvia-500" style={{ width: `${Math.round(progreso * 100)}%` }} />
        </div>
      )}
      {error && <Aviso tono="error">{error}</Aviso>}
      {hecho && <Aviso tono="exito">{hecho}</Aviso>}
      {!enLinea && <p className="text-sm text-tinta-600">Para subir evidencias necesitas conexión.</p>}
      <Boton className="w-full" onClick={enviar} disabled={ocupado || !enLinea || (!archivo && !enlace.trim()) || comentarioLargo}>
        {ocupado ? `Subiendo… ${Math.round((progreso ?? 0) * 100)}%` : 'Subir evidencia'}
      </Boton>
    </Tarjeta>
  );
}

const ICONO = { video: Video, audio: Music, documento: FileText, otro: ExternalLink, imagen: Paperclip } as const;

function TarjetaEvidencia({ e, alBorrar }: { e: Evidencia; alBorrar: () => void }) {
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
