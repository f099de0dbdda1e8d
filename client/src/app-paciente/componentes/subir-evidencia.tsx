// "Añadir una evidencia" of an activity: a photo from the camera, a file, or a link, with a few
// words, the upload's progress and its answer. The sending itself is useSubirEvidencia.
import { type Asignacion, COMENTARIO_EVIDENCIA_MAX, EVIDENCIA_MAX_MB, MSG_ACTIVIDADES } from '@miduelo/shared/actividades';
import { Camera, Link2, Paperclip } from 'lucide-react';
import { tamanoLegible } from '../lib/actividades';
import { useConexion } from '../lib/conexion';
import { Aviso, Boton, Cuenta, Tarjeta } from './ui';
import { useSubirEvidencia } from './use-subir-evidencia';

/** What the file pickers offer; the server still decides by the file's bytes (decision 121). */
const ACEPTA =
  'image/*,video/*,audio/*,application/pdf,.pdf,.jpg,.jpeg,.png,.gif,.webp,.bmp,.mp4,.webm,.mov,.avi,.mp3,.wav,.ogg,.opus,.m4a,.aac,.flac';

const CLASE_BOTON =
  'inline-flex min-h-12 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl border border-arena-300 bg-papel px-4 font-semibold text-tinta-800 active:bg-arena-100 has-[:disabled]:cursor-default has-[:disabled]:text-tinta-400';

export function SubirEvidencia({ a, alSubir }: { a: Asignacion; alSubir: () => void }) {
  const s = useSubirEvidencia(a, alSubir);
  const enLinea = useConexion((c) => c.enLinea);
  return (
    <Tarjeta className="space-y-3">
      <h3 className="font-semibold text-tinta-900">Añadir una evidencia</h3>
      <p className="text-sm text-tinta-600">
        Una foto, un video, un audio o un PDF de hasta {EVIDENCIA_MAX_MB} MB, o un enlace. Puedes escribir unas palabras sobre lo que
        sentiste.
      </p>
      <div className="grid gap-2 min-[480px]:grid-cols-2">
        <label className={CLASE_BOTON}>
          <Camera aria-hidden className="size-5" />
          Tomar una foto
          <input
            ref={s.camara}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            disabled={s.ocupado || !enLinea}
            onChange={(e) => s.elegir(e.target.files?.[0])}
          />
        </label>
        <label className={CLASE_BOTON}>
          <Paperclip aria-hidden className="size-5" />
          Elegir un archivo
          <input
            ref={s.archivos}
            type="file"
            accept={ACEPTA}
            className="sr-only"
            disabled={s.ocupado || !enLinea}
            onChange={(e) => s.elegir(e.target.files?.[0])}
          />
        </label>
      </div>
      {s.archivo ? (
        <div className="flex items-center gap-3 rounded-xl bg-crema p-3" data-testid="archivo-elegido">
          <Paperclip aria-hidden className="size-5 shrink-0 text-tinta-600" />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-tinta-900">{s.archivo.name}</span>
            <span className="block text-sm text-tinta-600">{tamanoLegible(s.archivo.size)}</span>
          </span>
          <button type="button" className="min-h-11 px-2 font-semibold text-terracota-700" disabled={s.ocupado} onClick={s.quitarArchivo}>
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
            value={s.enlace}
            onChange={(e) => s.cambiarEnlace(e.target.value)}
            placeholder="https://"
            className="block min-h-12 w-full rounded-xl border border-arena-300 bg-papel px-3 text-base"
          />
        </label>
      )}
      <label className="block">
        <span className="mb-1 block font-medium text-tinta-800">Unas palabras (opcional)</span>
        <textarea
          value={s.comentario}
          onChange={(e) => s.setComentario(e.target.value)}
          rows={3}
          aria-invalid={s.comentarioLargo || undefined}
          aria-describedby="cuenta-comentario"
          className="w-full rounded-xl border border-arena-300 bg-papel p-3 text-base aria-[invalid]:border-terracota-500"
        />
        <Cuenta id="cuenta-comentario" largo={s.comentario.length} max={COMENTARIO_EVIDENCIA_MAX} mensaje={MSG_ACTIVIDADES.comentarioMax} />
      </label>
      {s.progreso !== null && (
        <div
          role="progressbar"
          aria-label="Subiendo"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(s.progreso * 100)}
          className="h-2 overflow-hidden rounded-full bg-arena-100"
        >
          <div className="h-full bg-salvia-500" style={{ width: `${Math.round(s.progreso * 100)}%` }} />
        </div>
      )}
      {s.error && <Aviso tono="error">{s.error}</Aviso>}
      {s.hecho && <Aviso tono="exito">{s.hecho}</Aviso>}
      {!enLinea && <p className="text-sm text-tinta-600">Para subir evidencias necesitas conexión.</p>}
      <Boton
        className="w-full"
        onClick={s.enviar}
        disabled={s.ocupado || !enLinea || (!s.archivo && !s.enlace.trim()) || s.comentarioLargo}
      >
        {s.ocupado ? `Subiendo… ${Math.round((s.progreso ?? 0) * 100)}%` : 'Subir evidencia'}
      </Boton>
    </Tarjeta>
  );
}
