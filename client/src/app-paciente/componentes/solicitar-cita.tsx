// "Solicitar una cita": a day (from today on), its free slots, the modality and an optional note;
// the slots follow the psychologist's changes live and are read again when the app is back online.
import { type CitaPaciente, MODALIDADES, MSG_AGENDA, NOTAS_CITA_MAX } from '@miduelo/shared/agenda';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { solicitarCita, useHorariosDisponibles } from '../api/agenda';
import { ErrorApi } from '../lib/api';
import { useAlDia, useConexion, useEvento } from '../lib/conexion';
import { fechaLarga, hora, hoyClinica, sumarDias } from '../lib/fechas';
import { DIAS_A_BUSCAR, proximoDiaConHorarios } from './proximo-dia-libre';
import { Aviso, Boton, Cuenta } from './ui';

export function SolicitarCita({ alSolicitar }: { alSolicitar: (c: CitaPaciente) => void }) {
  const hoy = hoyClinica();
  const [fecha, setFecha] = useState(hoy);
  const horarios = useHorariosDisponibles(fecha);
  const [elegido, setElegido] = useState<string | null>(null);
  const [modalidad, setModalidad] = useState<(typeof MODALIDADES)[number]>(MODALIDADES[0]);
  const [notas, setNotas] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [hecho, setHecho] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const enLinea = useConexion((c) => c.enLinea);
  useEvento('mi-cita:cambio', () => void horarios.recargar());
  // 'Lo intentaremos de nuevo en cuanto vuelva': the free slots are read again when the app is back
  // online (as every other screen's reads), and 'Reintentar' asks at once.
  useAlDia(() => void horarios.recargar());

  const cambiarFecha = (f: string) => {
    setFecha(f < hoy ? hoy : f);
    setElegido(null);
    setError(null);
    setSalto(null);
  };

  // A day without free slots: to the next one that has some — by itself once, when today (the day
  // it opens on) has none, and at her request from any other empty day.
  const [salto, setSalto] = useState<string | null>(null);
  const [buscando, setBuscando] = useState(false);
  const abierto = useRef(true);
  useEffect(() => {
    abierto.current = true;
    return () => {
      abierto.current = false;
    };
  }, []);
  async function irAlProximo(desde: string, aviso: string) {
    setBuscando(true);
    try {
      const dia = await proximoDiaConHorarios(desde, () => abierto.current);
      if (!abierto.current) return;
      if (dia) {
        cambiarFecha(dia);
        setSalto(aviso);
      } else setSalto(`No hay horarios libres en los próximos ${DIAS_A_BUSCAR} días. Escríbele a tu psicóloga o psicólogo por el chat.`);
    } catch {
      // Offline or refused: the empty day stays, with its button to try again.
    } finally {
      if (abierto.current) setBuscando(false);
    }
  }
  const vacio = horarios.datos !== undefined && horarios.datos.fecha === fecha && horarios.datos.horarios.length === 0;
  const saltoInicial = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the first day read is empty
  useEffect(() => {
    if (!vacio || saltoInicial.current || fecha !== hoy) return;
    saltoInicial.current = true;
    void irAlProximo(sumarDias(hoy, 1), 'Hoy ya no quedan horarios libres: te mostramos el próximo día que tiene.');
  }, [vacio]);

  // Counted as the server counts it (trimmed); a longer note stays whole and is not sent (decision 295).
  const largoNotas = notas.trim().length;
  const notasLargas = largoNotas > NOTAS_CITA_MAX;
  async function solicitar() {
    if (!elegido || notasLargas) return;
    setEnviando(true);
    setError(null);
    try {
      const c = await solicitarCita({ fecha, hora_inicio: elegido, modalidad, notas: notas.trim() || undefined });
      alSolicitar(c);
      setHecho('Enviamos tu solicitud. Tu psicóloga o psicólogo la revisará y aquí verás cuando la confirme.');
      setElegido(null);
      setNotas('');
      void horarios.recargar();
    } catch (e) {
      setError(e instanceof ErrorApi ? e.message : 'No pudimos enviar tu solicitud.');
    } finally {
      setEnviando(false);
    }
  }

  return (
    <section aria-labelledby="solicitar" className="rounded-2xl border border-arena-200 bg-papel p-4">
      <h2 id="solicitar" className="mb-3 text-lg font-semibold">
        Solicitar una cita
      </h2>
      <SelectorDia fecha={fecha} hoy={hoy} alCambiar={cambiarFecha} />
      <p className="mb-2 text-tinta-700 first-letter:uppercase">{fechaLarga(fecha)}</p>
      {hecho && (
        <div className="mb-3">
          <Aviso tono="exito">{hecho}</Aviso>
        </div>
      )}
      {salto && (
        <p role="status" className="mb-2 text-sm text-tinta-700">
          {salto}
        </p>
      )}
      <HorariosLibres
        horarios={horarios}
        enLinea={enLinea}
        buscando={buscando}
        alProximo={() => void irAlProximo(sumarDias(fecha, 1), 'Este es el próximo día con horarios libres.')}
        elegido={elegido}
        alElegir={(h) => {
          setElegido(h);
          setHecho(null);
        }}
      />
      {elegido && (
        <div className="mt-4 space-y-3">
          <fieldset>
            <legend className="mb-1 font-medium">Modalidad</legend>
            <div className="flex flex-wrap gap-2">
              {MODALIDADES.map((m) => (
                <label key={m} className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-arena-300 px-3">
                  <input type="radio" name="modalidad" value={m} checked={modalidad === m} onChange={() => setModalidad(m)} />
                  {m}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="block">
            <span className="mb-1 block font-medium">Algo que quieras comentar (opcional)</span>
            <textarea
              value={notas}
              onChange={(e) => setNotas(e.target.value)}
              rows={2}
              aria-invalid={notasLargas || undefined}
              aria-describedby="cuenta-notas-cita"
              className="w-full rounded-xl border border-arena-300 bg-papel p-3 aria-[invalid]:border-terracota-500"
            />
            <Cuenta id="cuenta-notas-cita" largo={largoNotas} max={NOTAS_CITA_MAX} mensaje={MSG_AGENDA.notasLargas} />
          </label>
          {error && <Aviso tono="error">{error}</Aviso>}
          <Boton onClick={solicitar} disabled={enviando || notasLargas} className="w-full">
            {enviando ? 'Enviando…' : `Solicitar cita a las ${hora(elegido)}`}
          </Boton>
        </div>
      )}
    </section>
  );
}

/** The day to look at: the previous and next day, or any day from today on. */
function SelectorDia({ fecha, hoy, alCambiar }: { fecha: string; hoy: string; alCambiar: (f: string) => void }) {
  return (
    <div className="mb-3 flex items-center gap-2">
      <button
        type="button"
        aria-label="Día anterior"
        disabled={fecha <= hoy}
        onClick={() => alCambiar(sumarDias(fecha, -1))}
        className="grid size-11 place-items-center rounded-full border border-arena-300 disabled:opacity-40"
      >
        <ChevronLeft aria-hidden className="size-5" />
      </button>
      <label className="min-w-0 flex-1">
        <span className="sr-only">Día</span>
        <input
          type="date"
          value={fecha}
          min={hoy}
          onChange={(e) => e.target.value && alCambiar(e.target.value)}
          className="min-h-11 w-full rounded-xl border border-arena-300 bg-papel px-3"
        />
      </label>
      <button
        type="button"
        aria-label="Día siguiente"
        onClick={() => alCambiar(sumarDias(fecha, 1))}
        className="grid size-11 place-items-center rounded-full border border-arena-300"
      >
        <ChevronRight aria-hidden className="size-5" />
      </button>
    </div>
  );
}

/** The day's free slots, one button each; what stands in their place offline, while loading or on failure. */
function HorariosLibres({
  horarios,
  enLinea,
  buscando,
  alProximo,
  elegido,
  alElegir,
}: {
  horarios: ReturnType<typeof useHorariosDisponibles>;
  enLinea: boolean;
  buscando: boolean;
  alProximo: () => void;
  elegido: string | null;
  alElegir: (hora: string) => void;
}) {
  if (!enLinea) return <p className="text-tinta-600">Para ver los horarios libres necesitas conexión.</p>;
  if (horarios.datos === undefined) {
    return horarios.error ? (
      <div className="space-y-2">
        <Aviso tono="error">{horarios.error.message}</Aviso>
        <Boton variante="secundario" disabled={horarios.cargando} onClick={() => void horarios.recargar()}>
          Reintentar
        </Boton>
      </div>
    ) : (
      <p className="text-tinta-600">Buscando horarios…</p>
    );
  }
  if (horarios.datos.horarios.length === 0)
    return (
      <div className="space-y-2">
        <p className="text-tinta-600">No hay horarios libres este día.</p>
        <Boton variante="secundario" disabled={buscando} onClick={alProximo} className="w-full">
          {buscando ? 'Buscando el próximo día…' : 'Ir al próximo día con horarios libres'}
        </Boton>
      </div>
    );
  return (
    <ul className="grid grid-cols-3 gap-2" aria-label="Horarios libres">
      {horarios.datos.horarios.map((h) => (
        <li key={h.hora_inicio}>
          <button
            type="button"
            aria-pressed={elegido === h.hora_inicio}
            onClick={() => alElegir(h.hora_inicio)}
            className="min-h-11 w-full rounded-xl border border-salvia-300 text-salvia-800 aria-pressed:bg-salvia-600 aria-pressed:text-white"
          >
            {hora(h.hora_inicio)}
          </button>
        </li>
      ))}
    </ul>
  );
}
