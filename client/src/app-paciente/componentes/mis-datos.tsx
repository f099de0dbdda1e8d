// Ajustes → "Tus datos" (issue 56; decisions 376, 377): download everything the platform holds about
// her (right of access), and oppose specific uses of her data (right of opposition). Rectification
// is the contact form above; the clinical record is her psychologist's to hand over.
import { nombreArchivoExportacion, TEXTO_EXPORTACION } from '@miduelo/shared/derechos-exportacion';
import { type Oposicion, TEXTO_OPOSICION } from '@miduelo/shared/derechos-oposicion';
import { fechaEnZona } from '@miduelo/shared/fechas';
import { useState } from 'react';
import { descargarMisDatos, guardarOposicion, useOposicion } from '../api/derechos';
import { ErrorApi } from '../lib/api';
import { sesionActual } from '../lib/sesion';
import { Aviso, Boton, Tarjeta } from './ui';

type Mensaje = { tono: 'exito' | 'error'; texto: string } | null;
const USOS = ['correos', 'push', 'foro_sin_nombre'] as const;

function guardarArchivo(blob: Blob, nombre: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function Descarga() {
  const [ocupado, setOcupado] = useState(false);
  const [mensaje, setMensaje] = useState<Mensaje>(null);

  async function descargar() {
    setOcupado(true);
    setMensaje(null);
    try {
      const blob = await descargarMisDatos();
      const id = sesionActual()?.paciente.id_paciente ?? 0;
      guardarArchivo(blob, nombreArchivoExportacion(id, fechaEnZona(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone)));
      setMensaje({ tono: 'exito', texto: 'Listo: tu archivo con tus datos se descargó.' });
    } catch (e) {
      setMensaje({ tono: 'error', texto: e instanceof ErrorApi ? e.message : 'No pudimos preparar tu archivo. Inténtalo de nuevo.' });
    } finally {
      setOcupado(false);
    }
  }

  return (
    <section aria-labelledby="mis-datos-descarga" className="space-y-2">
      <h3 id="mis-datos-descarga" className="font-medium">
        Descargar mis datos
      </h3>
      <p className="text-tinta-600">
        Un archivo ZIP con todo lo que MiDuelo guarda de ti: tu perfil, tus consentimientos, citas, conversaciones, diario, actividades con
        tus evidencias y tus publicaciones en los foros. Incluye una copia en PDF para leer.
      </p>
      <p className="text-sm text-tinta-600">{TEXTO_EXPORTACION.expediente}</p>
      <Boton onClick={descargar} disabled={ocupado} aria-busy={ocupado}>
        {ocupado ? 'Preparando tu archivo…' : 'Descargar mis datos'}
      </Boton>
      <div aria-live="polite">{mensaje && <Aviso tono={mensaje.tono}>{mensaje.texto}</Aviso>}</div>
    </section>
  );
}

function Oposiciones() {
  const oposicion = useOposicion();
  const [mensaje, setMensaje] = useState<Mensaje>(null);
  const [guardando, setGuardando] = useState(false);
  const o = oposicion.datos;

  async function cambiar(uso: (typeof USOS)[number], valor: boolean) {
    if (!o) return;
    const previa = o;
    const nueva: Oposicion = { correos: o.correos, push: o.push, foro_sin_nombre: o.foro_sin_nombre, [uso]: valor };
    oposicion.fijar(() => ({ ...previa, ...nueva }));
    setGuardando(true);
    setMensaje(null);
    try {
      const r = await guardarOposicion(nueva);
      oposicion.fijar(() => r);
      setMensaje({ tono: 'exito', texto: 'Guardamos tu elección.' });
    } catch (e) {
      oposicion.fijar(() => previa);
      setMensaje({ tono: 'error', texto: e instanceof ErrorApi ? e.message : 'No pudimos guardar tu elección.' });
    } finally {
      setGuardando(false);
    }
  }

  return (
    <fieldset className="space-y-3" disabled={!o || guardando}>
      <legend className="mb-1 font-medium">Me opongo a estos usos de mis datos</legend>
      {!o && oposicion.error && <Aviso tono="error">{oposicion.error.message}</Aviso>}
      {!o && !oposicion.error && <p className="text-tinta-600">Cargando…</p>}
      {o &&
        USOS.map((uso) => (
          <div key={uso}>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                className="size-5 shrink-0"
                checked={o[uso]}
                aria-describedby={`oposicion-${uso}`}
                onChange={(e) => cambiar(uso, e.target.checked)}
              />
              {TEXTO_OPOSICION[uso].etiqueta}
            </label>
            <p id={`oposicion-${uso}`} className="ml-8 text-sm text-tinta-600">
              {TEXTO_OPOSICION[uso].detalle}
            </p>
          </div>
        ))}
      <div aria-live="polite">{mensaje && <Aviso tono={mensaje.tono}>{mensaje.texto}</Aviso>}</div>
    </fieldset>
  );
}

export function MisDatos() {
  return (
    <Tarjeta>
      <h2 className="mb-3 font-semibold">Tus datos</h2>
      <div className="space-y-5">
        <Descarga />
        <Oposiciones />
        <p className="text-sm text-tinta-600">{TEXTO_EXPORTACION.rectificacion}</p>
      </div>
    </Tarjeta>
  );
}
