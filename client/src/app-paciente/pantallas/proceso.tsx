// "Mi proceso" (issue 17, docs/decisions/200, 202): the activities the patient has in progress and
// finished, and the five grief stages with each module's progress and activities, where a module
// activity can be started by the patient. Live: an activity assigned, changed or reminded by the
// psychologist shows here without reloading.
import { useState } from 'react';
import { useMisActividades, useMisModulos } from '../api/actividades';
import { ModuloDuelo } from '../componentes/modulo-duelo';
import { Progreso } from '../componentes/progreso';
import { TarjetaAsignacion } from '../componentes/tarjeta-asignacion';
import { Aviso, AvisoGuardado, Tarjeta, Titulo } from '../componentes/ui';
import { aplicarAsignacion, ordenarAsignaciones } from '../lib/actividades';
import { useAlDia, useEvento } from '../lib/conexion';

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
              <ModuloDuelo m={m} alIniciar={(a) => actividades.fijar((l) => aplicarAsignacion(l, 'creada', a))} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
