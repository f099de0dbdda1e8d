// The gentle daily check-in on Inicio (issue 17, decision 212): "¿Cómo te sientes hoy?", one tap on
// an emotion and an optional note write today's diary entry; once there is one, it says so kindly.
// A lazy chunk of its own, so that Inicio's first load does not grow.
import type { Entrada } from '@miduelo/shared/actividades-diario';
import { NotebookPen } from 'lucide-react';
import { useState } from 'react';
import { useMiDiario } from '../api/actividades-diario';
import { conEntrada, RUTA_DIARIO } from '../lib/actividades-diario';
import { Enlace } from '../lib/enrutador';
import { hoyClinica } from '../lib/fechas';
import { PuntoEmocion } from './emociones';
import { FormularioEntrada } from './formulario-diario';
import { Tarjeta } from './ui';

export default function RegistroDelDia() {
  const diario = useMiDiario();
  const [otra, setOtra] = useState(false);
  const [recien, setRecien] = useState(false);
  const hoy = hoyClinica();
  const deHoy = (diario.datos ?? []).filter((e) => e.fecha === hoy);
  const ultima = deHoy[0] ?? null;

  const guardada = (e: Entrada) => {
    diario.fijar((l) => conEntrada(l, e));
    setOtra(false);
    setRecien(true);
  };

  return (
    <Tarjeta className="border-salvia-200">
      <h2 className="mb-1 flex items-center gap-2 font-semibold text-tinta-800">
        <NotebookPen aria-hidden className="size-5 text-salvia-600" /> ¿Cómo te sientes hoy?
      </h2>
      {diario.datos === undefined ? (
        <p className="text-tinta-600">{diario.error ? diario.error.message : 'Cargando…'}</p>
      ) : ultima && !otra ? (
        <div data-testid="registro-hecho">
          <p className="text-tinta-800">
            {recien ? 'Guardamos en tu diario' : 'Hoy ya escribiste en tu diario'}:{' '}
            <strong className="whitespace-nowrap">
              <PuntoEmocion emocion={ultima.emocion} className="mr-1.5 size-3 align-[-0.05em]" />
              {ultima.emocion}
            </strong>
            .
          </p>
          <p className="mt-1 text-tinta-600">Gracias por darte este momento. Lo que sientes tiene un lugar aquí.</p>
          <div className="mt-3 flex flex-wrap gap-x-5">
            <Enlace a={RUTA_DIARIO} className="inline-flex min-h-11 items-center font-semibold text-salvia-700 underline">
              Ver mi diario
            </Enlace>
            <button type="button" onClick={() => setOtra(true)} className="inline-flex min-h-11 items-center text-salvia-700 underline">
              Escribir otra vez
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="mb-3 text-tinta-600">Elige la emoción que más se parezca a tu día. No hay respuestas correctas.</p>
          <FormularioEntrada fecha={hoy} alGuardar={guardada} alCancelar={otra ? () => setOtra(false) : undefined} />
        </>
      )}
    </Tarjeta>
  );
}
