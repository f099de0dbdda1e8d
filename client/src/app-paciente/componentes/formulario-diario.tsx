// Writing a diary entry: an emotion (one tap), how strong it felt, an optional note, and whether the
// psychologist may read it. Used by the daily check-in on Inicio and by the diary's "Escribir".
import { longitudTexto } from '@miduelo/shared/comun';
import { type Entrada, INTENSIDAD_MAX, INTENSIDAD_MIN, NOTA_DIARIO_MAX } from '@miduelo/shared/diario';
import { type FormEvent, useId, useRef, useState } from 'react';
import { registrarEntrada } from '../api/diario';
import { ErrorApi, guardarCache, leerCache } from '../lib/api';
import { hoyClinica } from '../lib/fechas';
import { colorDe, EMOCIONES, PENDIENTE_DIARIO, SIN_CONEXION_DIARIO, textoIntensidad } from '../lib/diario';
import { ID_CLIENTE_DISTINTO, idParaEnviar, nuevoIdDeEnvio, renovarIdDeEnvio } from '../lib/id-cliente';
import { Aviso, Boton } from './ui';

export function PuntoEmocion({ emocion, className = 'size-3' }: { emocion: string; className?: string }) {
  return <span aria-hidden className={`inline-block shrink-0 rounded-full ${className}`} style={{ background: colorDe(emocion) }} />;
}

/** The emotions as large chips: one tap chooses. */
export function ElegirEmocion({ valor, alElegir, etiqueta }: { valor: string | null; alElegir: (e: string) => void; etiqueta: string }) {
  return (
    <fieldset>
      <legend className="sr-only">{etiqueta}</legend>
      <div className="flex flex-wrap gap-2">
        {EMOCIONES.map((e) => {
          const elegida = valor === e;
          return (
            <button
              key={e}
              type="button"
              aria-pressed={elegida}
              onClick={() => alElegir(e)}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-3.5 text-base ${
                elegida
                  ? 'border-salvia-600 bg-salvia-50 font-semibold text-salvia-800 outline-2 outline-salvia-200'
                  : 'border-arena-300 bg-papel text-tinta-800'
              }`}
            >
              <PuntoEmocion emocion={e} />
              {e}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** An entry that could not be saved for lack of connection: kept on the phone for its day (decision 274). */
interface PorGuardar {
  emocion: string;
  intensidad: number;
  nota: string;
  compartida: boolean;
  /** The form's client id: a save after the connection came back may be a retry of one that was stored. */
  id_cliente?: string;
}

/** What a save sends but its client id, as stable text: the id is kept only while this is unchanged. */
function contenidoDe(fecha: string | undefined, e: Omit<PorGuardar, 'id_cliente'>) {
  return JSON.stringify([fecha ?? null, e.emocion, e.intensidad, e.nota.trim() || null, e.compartida]);
}

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
  const clave = `diario:por-guardar:${fecha ?? hoyClinica()}`;
  const [pendiente] = useState(() => leerCache<PorGuardar | null>(clave) ?? null);
  const [emocion, setEmocion] = useState<string | null>(pendiente?.emocion ?? emocionInicial);
  const [intensidad, setIntensidad] = useState(pendiente?.intensidad ?? 5);
  const [nota, setNota] = useState(pendiente?.nota ?? '');
  const [compartida, setCompartida] = useState(pendiente?.compartida ?? false);
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(pendiente ? PENDIENTE_DIARIO : null);
  // One per opening (kept with the entry left on the phone), sent by every attempt while what it
  // sends is unchanged: a retry after an answer that never arrived answers the entry already stored
  // instead of a second one (decision 313). Once she changes the entry, the save is a new request
  // with a new id: if the first one did get through, both are kept and nothing she wrote is lost.
  const idCliente = useRef(pendiente?.id_cliente ? nuevoIdDeEnvio(pendiente.id_cliente, contenidoDe(fecha, pendiente)) : nuevoIdDeEnvio());
  const largo = longitudTexto(nota);

  const enviar = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!emocion) {
      setError('Elige la emoción que más se parezca a lo que sientes.');
      return;
    }
    if (largo > NOTA_DIARIO_MAX) return;
    setEnviando(true);
    setError(null);
    setAviso(null);
    const id_cliente = idParaEnviar(idCliente.current, contenidoDe(fecha, { emocion, intensidad, nota, compartida }));
    try {
      const e = await registrarEntrada({
        ...(fecha ? { fecha } : {}),
        emocion,
        intensidad,
        nota: nota.trim() || null,
        compartida,
        id_cliente,
      });
      guardarCache(clave, null);
      renovarIdDeEnvio(idCliente.current);
      alGuardar(e);
    } catch (e) {
      // Nothing tries again by itself; what she wrote stays on the phone until she saves it, even if
      // she leaves this screen meanwhile — with its client id, so that saving it then stores it once.
      if (e instanceof ErrorApi && e.status === 0) {
        guardarCache(clave, { emocion, intensidad, nota, compartida, id_cliente } satisfies PorGuardar);
        setError(SIN_CONEXION_DIARIO);
      } else if (e instanceof ErrorApi && e.code === ID_CLIENTE_DISTINTO) {
        // Nothing was stored: what she wrote stays in the form (and on the phone, without the refused
        // id, if it was kept there), and saving it again is a new request.
        renovarIdDeEnvio(idCliente.current);
        if (leerCache<PorGuardar | null>(clave)) guardarCache(clave, { emocion, intensidad, nota, compartida } satisfies PorGuardar);
        setError(e.message);
      } else setError(e instanceof ErrorApi ? e.message : 'No pudimos guardar tu entrada. Inténtalo de nuevo.');
    } finally {
      setEnviando(false);
    }
  };

  return (
    <form onSubmit={enviar} className="space-y-4" noValidate>
      {aviso && <Aviso>{aviso}</Aviso>}
      <ElegirEmocion valor={emocion} alElegir={setEmocion} etiqueta="¿Qué emoción se parece más a lo que sientes?" />
      {emocion && (
        <>
          <div className="space-y-1">
            <label htmlFor={`${id}-intensidad`} className="block font-medium text-tinta-800">
              ¿Con cuánta fuerza?{' '}
              <span className="font-normal text-tinta-600">{`${intensidad} de ${INTENSIDAD_MAX}, ${textoIntensidad(intensidad)}`}</span>
            </label>
            <input
              id={`${id}-intensidad`}
              type="range"
              min={INTENSIDAD_MIN}
              max={INTENSIDAD_MAX}
              value={intensidad}
              onChange={(e) => setIntensidad(Number(e.target.value))}
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
              value={nota}
              onChange={(e) => setNota(e.target.value)}
              aria-invalid={largo > NOTA_DIARIO_MAX ? true : undefined}
              aria-describedby={`${id}-cuenta`}
              placeholder="Qué pasó, qué recordaste, qué necesitas…"
              className="block w-full rounded-xl border border-arena-300 bg-papel px-3 py-2 text-base text-tinta-900 focus:border-salvia-500 focus:outline-2 focus:outline-salvia-200 aria-[invalid]:border-terracota-500"
            />
            <p id={`${id}-cuenta`} className={`text-right text-sm ${largo > NOTA_DIARIO_MAX ? 'text-terracota-700' : 'text-tinta-500'}`}>
              {largo > NOTA_DIARIO_MAX
                ? `La nota no puede pasar de ${NOTA_DIARIO_MAX} caracteres (llevas ${largo}).`
                : `${largo} / ${NOTA_DIARIO_MAX}`}
            </p>
          </div>
          <label className="flex min-h-11 items-start gap-3 text-tinta-800">
            <input
              type="checkbox"
              checked={compartida}
              onChange={(e) => setCompartida(e.target.checked)}
              className="mt-1 size-5 shrink-0 accent-salvia-600"
            />
            <span>
              Compartir con tu psicóloga o psicólogo
              <span className="block text-sm text-tinta-600">Si no lo marcas, solo tú puedes leerla. Puedes cambiarlo después.</span>
            </span>
          </label>
        </>
      )}
      {error && <Aviso tono="error">{error}</Aviso>}
      {(emocion || alCancelar) && (
        <div className="flex flex-wrap gap-3">
          {emocion && (
            <Boton type="submit" disabled={enviando || largo > NOTA_DIARIO_MAX}>
              {enviando ? 'Guardando…' : textoBoton}
            </Boton>
          )}
          {alCancelar && (
            <Boton
              variante="secundario"
              onClick={() => {
                guardarCache(clave, null);
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
