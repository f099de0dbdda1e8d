// One activity (issue 17, docs/decisions/200, 204): what to do, by when, finishing it or taking it
// up again, and the evidence — a photo from the camera, a file, or a link — with the switch that
// lets the psychologist see it. Live: the psychologist's edits and reminders show here at once.
import type { Asignacion } from '@miduelo/shared/actividades';
import { ChevronLeft, Clock, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { cambiarEstadoActividad, useMiActividad } from '../api/actividades';
import { Evidencias } from '../componentes/evidencias';
import { Aviso, AvisoGuardado, Boton, Tarjeta } from '../componentes/ui';
import { aplicarAsignacion, ETIQUETA_ESTADO_APP, textoFechaLimite } from '../lib/actividades';
import { ErrorApi } from '../lib/api';
import { useAlDia, useConexion, useEvento } from '../lib/conexion';
import { Enlace } from '../lib/enrutador';
import { fechaLarga } from '../lib/fechas';

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
