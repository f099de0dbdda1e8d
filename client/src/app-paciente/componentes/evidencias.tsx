// "Tus evidencias" of an activity: the switch that lets the psychologist see them, adding one, and
// the list, newest first.
import type { Asignacion } from '@miduelo/shared/actividades';
import { useState } from 'react';
import { cambiarVisibilidadEvidencias } from '../api/actividades';
import { ErrorApi } from '../lib/api';
import { useConexion } from '../lib/conexion';
import { SubirEvidencia } from './subir-evidencia';
import { TarjetaEvidencia } from './tarjeta-evidencia';
import { Aviso, Tarjeta } from './ui';

export function Evidencias({ a, alCambiar, recargar }: { a: Asignacion; alCambiar: (a: Asignacion) => void; recargar: () => void }) {
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

      <SubirEvidencia a={a} alSubir={recargar} />

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
