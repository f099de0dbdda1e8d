import { type CitaPaciente, MODALIDADES, MSG_AGENDA, NOTAS_CITA_MAX } from '@miduelo/shared/citas';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { EstadoCita, ResumenCita } from '../componentes/cita';
import { Aviso, AvisoGuardado, Boton, Cuenta, Tarjeta, Titulo } from '../componentes/ui';
import { cancelarCita, solicitarCita, useHorariosDisponibles, useMisCitas } from '../api/citas';
import { ErrorApi } from '../lib/api';
import { aplicarCambio, esProxima, ordenar } from '../lib/citas';
import { useAlDia, useConexion, useEvento } from '../lib/conexion';
import { fechaLarga, hora, hoyClinica, sumarDias } from '../lib/fechas';

const AVISO_CAMBIO = {
  confirmada: 'Tu cita fue confirmada.',
  cancelada: 'Tu psicóloga o psicólogo canceló una cita.',
  movida: 'Tu psicóloga o psicólogo cambió la fecha u hora de una cita.',
  creada: 'Tienes una cita nueva.',
} as const;

export default function Citas() {
  const citas = useMisCitas();
  const [aviso, setAviso] = useState<string | null>(null);
  useEvento('mi-cita:cambio', (p) => {
    const antes = citas.datos?.find((c) => c.id_cita === p.cita.id_cita);
    citas.fijar((l) => aplicarCambio(l, p.tipo, p.cita));
    if (p.por !== 'psicologo') return;
    if (p.tipo === 'creada') setAviso(AVISO_CAMBIO.creada);
    else if (p.cita.estado === 'cancelada' || p.tipo === 'eliminada') setAviso(AVISO_CAMBIO.cancelada);
    else if (antes && (antes.fecha !== p.cita.fecha || antes.hora_inicio !== p.cita.hora_inicio)) setAviso(AVISO_CAMBIO.movida);
    else if (p.cita.estado === 'confirmada') setAviso(AVISO_CAMBIO.confirmada);
  });
  useAlDia(() => void citas.recargar());

  const lista = ordenar(citas.datos ?? []);
  const proximas = lista.filter(esProxima);
  const pasadas = lista.filter((c) => !esProxima(c)).reverse();

  return (
    <div className="space-y-6">
      <Titulo>Mis citas</Titulo>
      {aviso && <Aviso tono="exito">{aviso}</Aviso>}
      <AvisoGuardado visible={citas.guardado && citas.error !== null} />

      <section aria-labelledby="proximas">
        <h2 id="proximas" className="mb-2 text-lg font-semibold">
          Próximas
        </h2>
        {citas.datos === undefined && (citas.error ? <Aviso tono="error">{citas.error.message}</Aviso> : <p>Cargando…</p>)}
        {citas.datos !== undefined && proximas.length === 0 && <p className="text-tinta-600">No tienes citas próximas.</p>}
        <ul className="space-y-3">
          {proximas.map((c) => (
            <li key={c.id_cita}>
              <TarjetaCita cita={c} alCambiar={(n) => citas.fijar((l) => aplicarCambio(l, 'actualizada', n))} />
            </li>
          ))}
        </ul>
      </section>

      <Solicitar alSolicitar={(c) => citas.fijar((l) => aplicarCambio(l, 'creada', c))} />

      {pasadas.length > 0 && (
        <details className="rounded-2xl border border-arena-200 bg-papel p-4">
          <summary className="min-h-8 cursor-pointer font-semibold">Citas anteriores ({pasadas.length})</summary>
          <ul className="mt-3 space-y-3">
            {pasadas.map((c) => (
              <li key={c.id_cita} className="flex items-start justify-between gap-3">
                <ResumenCita cita={c} />
                <EstadoCita estado={c.estado} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function TarjetaCita({ cita, alCambiar }: { cita: CitaPaciente; alCambiar: (c: CitaPaciente) => void }) {
  const [confirmando, setConfirmando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  async function cancelar() {
    setEnviando(true);
    setError(null);
    try {
      alCambiar(await cancelarCita(cita.id_cita));
      setConfirmando(false);
    } catch (e) {
      setError(e instanceof ErrorApi ? e.message : 'No pudimos cancelar la cita.');
    } finally {
      setEnviando(false);
    }
  }
  return (
    <Tarjeta>
      <div className="flex items-start justify-between gap-3" data-testid={`cita-${cita.id_cita}`}>
        <ResumenCita cita={cita} />
        <EstadoCita estado={cita.estado} />
      </div>
      {cita.notas && <p className="mt-2 text-sm text-tinta-600 [overflow-wrap:anywhere]">Tu nota: {cita.notas}</p>}
      {cita.estado !== 'cancelada' &&
        (confirmando ? (
          <div className="mt-3 space-y-2">
            <p className="text-tinta-800">¿Quieres cancelar esta cita?</p>
            <div className="flex flex-wrap gap-2">
              <Boton variante="peligro" onClick={cancelar} disabled={enviando}>
                Sí, cancelar la cita
              </Boton>
              <Boton variante="secundario" onClick={() => setConfirmando(false)}>
                No, conservarla
              </Boton>
            </div>
          </div>
        ) : (
          <Boton variante="secundario" className="mt-3" onClick={() => setConfirmando(true)}>
            Cancelar cita
          </Boton>
        ))}
      {error && (
        <div className="mt-2">
          <Aviso tono="error">{error}</Aviso>
        </div>
      )}
    </Tarjeta>
  );
}

function Solicitar({ alSolicitar }: { alSolicitar: (c: CitaPaciente) => void }) {
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
  };

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
      <div className="mb-3 flex items-center gap-2">
        <button
          type="button"
          aria-label="Día anterior"
          disabled={fecha <= hoy}
          onClick={() => cambiarFecha(sumarDias(fecha, -1))}
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
            onChange={(e) => e.target.value && cambiarFecha(e.target.value)}
            className="min-h-11 w-full rounded-xl border border-arena-300 bg-papel px-3"
          />
        </label>
        <button
          type="button"
          aria-label="Día siguiente"
          onClick={() => cambiarFecha(sumarDias(fecha, 1))}
          className="grid size-11 place-items-center rounded-full border border-arena-300"
        >
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
      <p className="mb-2 text-tinta-700 first-letter:uppercase">{fechaLarga(fecha)}</p>
      {hecho && (
        <div className="mb-3">
          <Aviso tono="exito">{hecho}</Aviso>
        </div>
      )}
      {!enLinea ? (
        <p className="text-tinta-600">Para ver los horarios libres necesitas conexión.</p>
      ) : horarios.datos === undefined ? (
        horarios.error ? (
          <div className="space-y-2">
            <Aviso tono="error">{horarios.error.message}</Aviso>
            <Boton variante="secundario" disabled={horarios.cargando} onClick={() => void horarios.recargar()}>
              Reintentar
            </Boton>
          </div>
        ) : (
          <p className="text-tinta-600">Buscando horarios…</p>
        )
      ) : horarios.datos.horarios.length === 0 ? (
        <p className="text-tinta-600">No hay horarios libres este día. Prueba con otro.</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2" aria-label="Horarios libres">
          {horarios.datos.horarios.map((h) => (
            <li key={h.hora_inicio}>
              <button
                type="button"
                aria-pressed={elegido === h.hora_inicio}
                onClick={() => {
                  setElegido(h.hora_inicio);
                  setHecho(null);
                }}
                className="min-h-11 w-full rounded-xl border border-salvia-300 text-salvia-800 aria-pressed:bg-salvia-600 aria-pressed:text-white"
              >
                {hora(h.hora_inicio)}
              </button>
            </li>
          ))}
        </ul>
      )}
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
