// "Mi proceso" (issue 17, docs/decisions/200, 202): the activities the patient has in progress and
// finished, and the five grief stages with each module's progress and activities, where a module
// activity can be started by the patient. Live: an activity assigned, changed or reminded by the
// psychologist shows here without reloading.
import type { Asignacion, Modulo } from '@miduelo/shared/actividades';
import { ChevronDown, ChevronRight, Clock, Paperclip } from 'lucide-react';
import { useState } from 'react';
import { Aviso, AvisoGuardado, Boton, Tarjeta, Titulo } from '../componentes/ui';
import { aplicarAsignacion, ETIQUETA_ESTADO_APP, ordenarAsignaciones, textoFechaLimite } from '../lib/actividades';
import { iniciarActividadDeModulo, useMisActividades, useMisModulos } from '../api/actividades';
import { ErrorApi } from '../lib/api';
import { useAlDia, useConexion, useEvento } from '../lib/conexion';
import { Enlace, navegar } from '../lib/enrutador';

const rutaActividad = (id: number) => `/proceso/actividad/${id}`;

export default function Proceso() {
  const actividades = useMisActividades();
  const modulos = useMisModulos();
  const [aviso, setAviso] = useState<string | null>(null);

  useEvento('mi-actividad:cambio', (p) => {
    actividades.fijar((l) => aplicarAsignacion(l, p.tipo, p.asignacion));
    // Module progress is computed by the server: ask again.
    void modulos.recargar();
    if (p.tipo === 'creada' && p.por === 'psicologo') setAviso(`Tu psicóloga o psicólogo te asignó «${p.asignacion.actividad.titulo}».`);
  });
  useEvento('actividad:recordatorio', (p) => setAviso(`Tu psicóloga o psicólogo te recuerda «${p.titulo}». Sin prisa: cuando puedas.`));
  useAlDia(() => {
    void actividades.recargar();
    void modulos.recargar();
  });

  const lista = ordenarAsignaciones(actividades.datos ?? []);
  const enCurso = lista.filter((a) => a.estado === 'en_proceso');
  const terminadas = lista.filter((a) => a.estado === 'finalizada');
  const mods = modulos.datos ?? [];
  const general = mods.length === 0 ? 0 : Math.round(mods.reduce((s, m) => s + m.progreso, 0) / mods.length);

  return (
    <div className="space-y-6">
      <Titulo sub="Cada paso cuenta, a tu ritmo.">Mi proceso</Titulo>
      {aviso && <Aviso tono="exito">{aviso}</Aviso>}
      <AvisoGuardado visible={(actividades.guardado && actividades.error !== null) || (modulos.guardado && modulos.error !== null)} />

      <section aria-labelledby="en-curso">
        <h2 id="en-curso" className="mb-2 text-lg font-semibold">
          Tus actividades en curso
        </h2>
        {actividades.datos === undefined &&
          (actividades.error ? <Aviso tono="error">{actividades.error.message}</Aviso> : <p className="text-tinta-600">Cargando…</p>)}
        {actividades.datos !== undefined && enCurso.length === 0 && (
          <p className="text-tinta-600">
            No tienes actividades en curso. Cuando tu psicóloga o psicólogo te asigne una, o empieces una de las etapas de abajo, la verás
            aquí.
          </p>
        )}
        <ul className="space-y-3" aria-label="Actividades en curso">
          {enCurso.map((a) => (
            <li key={a.id_asignacion}>
              <TarjetaAsignacion a={a} />
            </li>
          ))}
        </ul>
        {terminadas.length > 0 && (
          <details className="mt-3 rounded-2xl border border-arena-200 bg-papel p-4">
            <summary className="min-h-8 cursor-pointer font-semibold">Terminadas ({terminadas.length})</summary>
            <ul className="mt-3 space-y-3" aria-label="Actividades terminadas">
              {terminadas.map((a) => (
                <li key={a.id_asignacion}>
                  <TarjetaAsignacion a={a} />
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>

      <section aria-labelledby="etapas">
        <h2 id="etapas" className="mb-1 text-lg font-semibold">
          Las cinco etapas del duelo
        </h2>
        <p className="mb-3 text-tinta-600">El duelo no sigue un orden fijo. Puedes volver a cualquier etapa cuando lo necesites.</p>
        {modulos.datos === undefined &&
          (modulos.error ? <Aviso tono="error">{modulos.error.message}</Aviso> : <p className="text-tinta-600">Cargando…</p>)}
        {modulos.datos !== undefined && mods.length === 0 && <p className="text-tinta-600">Todavía no hay etapas disponibles.</p>}
        {mods.length > 0 && (
          <Tarjeta className="mb-3">
            <Progreso etiqueta="Tu avance en las cinco etapas" valor={general} />
          </Tarjeta>
        )}
        <ul className="space-y-3">
          {mods.map((m) => (
            <li key={m.id_modulo}>
              <TarjetaModulo m={m} alIniciar={(a) => actividades.fijar((l) => aplicarAsignacion(l, 'creada', a))} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function Progreso({ etiqueta, visible = etiqueta, valor }: { etiqueta: string; visible?: string; valor: number }) {
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
        <span className="text-tinta-700">{visible}</span>
        <span className="font-semibold text-tinta-900">{valor}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={etiqueta}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={valor}
        className="h-2.5 overflow-hidden rounded-full bg-arena-100"
      >
        <div className="h-full rounded-full bg-salvia-500 transition-[width]" style={{ width: `${valor}%` }} />
      </div>
    </div>
  );
}

function TarjetaAsignacion({ a }: { a: Asignacion }) {
  const limite = a.estado === 'en_proceso' ? textoFechaLimite(a.fecha_limite) : null;
  const n = a.evidencias.length;
  return (
    <Enlace
      a={rutaActividad(a.id_asignacion)}
      data-asignacion={a.id_asignacion}
      className="flex items-center gap-3 rounded-2xl border border-arena-200 bg-papel p-4 active:bg-arena-50"
    >
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-tinta-900 [overflow-wrap:anywhere]">{a.actividad.titulo}</span>
        <span className="mt-0.5 block text-sm text-tinta-600">
          {a.actividad.etapa_duelo ? `Etapa: ${a.actividad.etapa_duelo}` : 'De tu psicóloga o psicólogo'} · {a.actividad.tipo}
        </span>
        {limite && (
          <span className="mt-1 flex items-center gap-1.5 text-sm text-tinta-700">
            <Clock aria-hidden className="size-4 shrink-0" /> {limite}
          </span>
        )}
        {a.estado === 'finalizada' && <span className="mt-1 block text-sm text-salvia-700">{ETIQUETA_ESTADO_APP.finalizada}</span>}
        {n > 0 && (
          <span className="mt-1 flex items-center gap-1.5 text-sm text-tinta-600">
            <Paperclip aria-hidden className="size-4 shrink-0" /> {n === 1 ? '1 evidencia' : `${n} evidencias`}
          </span>
        )}
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-tinta-400" />
    </Enlace>
  );
}

function TarjetaModulo({ m, alIniciar }: { m: Modulo; alIniciar: (a: Asignacion) => void }) {
  return (
    <details className="group rounded-2xl border border-arena-200 bg-papel" data-modulo={m.etapa_duelo}>
      <summary className="flex min-h-14 cursor-pointer list-none flex-col gap-2 p-4 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center justify-between gap-2">
          <span className="font-semibold text-tinta-900 [overflow-wrap:anywhere]">{m.etapa_duelo}</span>
          <span className="flex shrink-0 items-center gap-1 text-sm text-salvia-700">
            <span className="group-open:hidden">Ver actividades</span>
            <span className="hidden group-open:inline">Ocultar</span>
            <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
          </span>
        </span>
        <Progreso
          etiqueta={`Avance en ${m.etapa_duelo}`}
          visible={`${m.actividades_completadas} de ${m.actividades_totales} terminadas`}
          valor={m.progreso}
        />
      </summary>
      <div className="border-t border-arena-100 px-4 pt-3 pb-4">
        <p className="mb-3 text-tinta-700 [overflow-wrap:anywhere]">{m.descripcion}</p>
        <ul className="space-y-3" aria-label={`Actividades de ${m.etapa_duelo}`}>
          {m.actividades.map((a) => (
            <li key={a.id_actividad} className="rounded-xl bg-crema p-3">
              <p className="font-medium text-tinta-900 [overflow-wrap:anywhere]">{a.titulo}</p>
              {a.descripcion && <p className="mt-1 text-sm text-tinta-700 [overflow-wrap:anywhere]">{a.descripcion}</p>}
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm text-tinta-600">{ETIQUETA_ESTADO_APP[a.estado]}</span>
                {a.estado === 'no_asignada' || a.id_asignacion === null ? (
                  <Empezar idActividad={a.id_actividad} titulo={a.titulo} alIniciar={alIniciar} />
                ) : (
                  <Enlace
                    a={rutaActividad(a.id_asignacion)}
                    className="inline-flex min-h-11 items-center font-semibold text-salvia-700 underline"
                  >
                    {a.estado === 'finalizada' ? 'Ver lo que hice' : 'Continuar'}
                  </Enlace>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

function Empezar({ idActividad, titulo, alIniciar }: { idActividad: number; titulo: string; alIniciar: (a: Asignacion) => void }) {
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enLinea = useConexion((c) => c.enLinea);
  async function empezar() {
    setEnviando(true);
    setError(null);
    try {
      const a = await iniciarActividadDeModulo(idActividad);
      alIniciar(a);
      navegar(rutaActividad(a.id_asignacion));
    } catch (e) {
      setError(e instanceof ErrorApi ? e.message : 'No pudimos empezar esta actividad.');
      setEnviando(false);
    }
  }
  return (
    <>
      <Boton variante="secundario" onClick={empezar} disabled={enviando || !enLinea} aria-label={`Empezar «${titulo}»`}>
        {enviando ? 'Empezando…' : 'Empezar'}
      </Boton>
      {error && (
        <div className="w-full">
          <Aviso tono="error">{error}</Aviso>
        </div>
      )}
    </>
  );
}
