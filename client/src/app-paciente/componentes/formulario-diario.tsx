// Writing a diary entry: an emotion (one tap), how strong it felt, an optional note, and whether the
// psychologist may read it. Used by the daily check-in on Inicio and by the diary's "Escribir".
import { type Entrada, INTENSIDAD_MAX, INTENSIDAD_MIN, NOTA_DIARIO_MAX } from '@miduelo/shared/actividades-diario';
import { useId } from 'react';
import { textoIntensidad } from '../lib/actividades-diario';
import { ElegirEmocion } from './emociones';
import { Aviso, Boton } from './ui';
import { useFormularioDiario } from './use-formulario-diario';

export function FormularioEntrada({
  fecha,
  emocionInicial = null,
  alGuardar,
  textoBoton = 'Guardar en mi diario',
  alCancelar,
}: {
  /** The day it is about (today when absent: the server takes the clinic's today). */
  fecha?: string;
  emocionInicial?: string | null;
  alGuardar: (e: Entrada) => void;
  textoBoton?: string;
  alCancelar?: () => void;
}) {
  const id = useId();
  const f = useFormularioDiario(fecha, emocionInicial, alGuardar);
  return (
    <form onSubmit={f.enviar} className="space-y-4" noValidate>
      {f.aviso && <Aviso>{f.aviso}</Aviso>}
      <ElegirEmocion valor={f.emocion} alElegir={f.setEmocion} etiqueta="¿Qué emoción se parece más a lo que sientes?" />
      {f.emocion && (
        <>
          <div className="space-y-1">
            <label htmlFor={`${id}-intensidad`} className="block font-medium text-tinta-800">
              ¿Con cuánta fuerza?{' '}
              <span className="font-normal text-tinta-600">{`${f.intensidad} de ${INTENSIDAD_MAX}, ${textoIntensidad(f.intensidad)}`}</span>
            </label>
            <input
              id={`${id}-intensidad`}
              type="range"
              min={INTENSIDAD_MIN}
              max={INTENSIDAD_MAX}
              value={f.intensidad}
              onChange={(e) => f.setIntensidad(Number(e.target.value))}
              className="block h-11 w-full accent-salvia-600"
            />
            <div aria-hidden className="flex justify-between text-sm text-tinta-500">
              <span>Poca</span>
              <span>Mucha</span>
            </div>
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-nota`} className="block font-medium text-tinta-800">
              Si quieres, escribe algo más <span className="font-normal text-tinta-600">(opcional)</span>
            </label>
            <textarea
              id={`${id}-nota`}
              rows={3}
              value={f.nota}
              onChange={(e) => f.setNota(e.target.value)}
              aria-invalid={f.largo > NOTA_DIARIO_MAX ? true : undefined}
              aria-describedby={`${id}-cuenta`}
              placeholder="Qué pasó, qué recordaste, qué necesitas…"
              className="block w-full rounded-xl border border-arena-300 bg-papel px-3 py-2 text-base text-tinta-900 focus:border-salvia-500 focus:outline-2 focus:outline-salvia-200 aria-[invalid]:border-terracota-500"
            />
            <p id={`${id}-cuenta`} className={`text-right text-sm ${f.largo > NOTA_DIARIO_MAX ? 'text-terracota-700' : 'text-tinta-500'}`}>
              {f.largo > NOTA_DIARIO_MAX
                ? `La nota no puede pasar de ${NOTA_DIARIO_MAX} caracteres (llevas ${f.largo}).`
                : `${f.largo} / ${NOTA_DIARIO_MAX}`}
            </p>
          </div>
          <label className="flex min-h-11 items-start gap-3 text-tinta-800">
            <input
              type="checkbox"
              checked={f.compartida}
              onChange={(e) => f.setCompartida(e.target.checked)}
              className="mt-1 size-5 shrink-0 accent-salvia-600"
            />
            <span>
              Compartir con tu psicóloga o psicólogo
              <span className="block text-sm text-tinta-600">Si no lo marcas, solo tú puedes leerla. Puedes cambiarlo después.</span>
            </span>
          </label>
        </>
      )}
      {f.error && <Aviso tono="error">{f.error}</Aviso>}
      {(f.emocion || alCancelar) && (
        <div className="flex flex-wrap gap-3">
          {f.emocion && (
            <Boton type="submit" disabled={f.enviando || f.largo > NOTA_DIARIO_MAX}>
              {f.enviando ? 'Guardando…' : textoBoton}
            </Boton>
          )}
          {alCancelar && (
            <Boton
              variante="secundario"
              onClick={() => {
                f.olvidar();
                alCancelar();
              }}
            >
              Cancelar
            </Boton>
          )}
        </div>
      )}
    </form>
  );
}
