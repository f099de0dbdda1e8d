// Ways into an online session (issue 54, decision 363): "Entrar a la sesión" on an "En línea"
// appointment while its room is open, and a card on Home for every open room of hers (one her
// psychologist opened from the chat included), kept live by `mi-sesion:cambio` and reloaded on
// every reconnection and every 30 s while the socket is down.
import type { CitaPaciente } from '@miduelo/shared/agenda';
import { type SesionEnLinea, TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { entrarPorCita, sesionesAbiertas } from '@/nucleo/sala/api';
import { MiSesionCambioSchema } from '@/nucleo/sala/esquemas';
import { ErrorApi, useRecurso } from '../lib/api';
import { useAlDia } from '../lib/conexion';
import { navegar } from '../lib/enrutador';
import { horaDe } from '../lib/fechas';
import { aplicarSesion, marcarSalaAcabada, motivoDeFin, salaAbiertaAhora, salaAcabada } from '../lib/sesiones';
import { Aviso, Boton, Tarjeta } from './ui';

/** Re-renders every `ms` (a button that appears when the room opens, with nobody touching the screen). */
function useReloj(ms = 30_000): void {
  const [, setN] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setN((n) => n + 1), ms);
    return () => clearInterval(t);
  }, [ms]);
}

/** Answers to "enter" that mean this appointment's room is over for good (her psychologist ended it,
 * or its window closed): the button gives way to the reason instead of being offered again. */
const SALA_ACABADA = new Set(['SESION_TERMINADA', 'SESION_CERRADA']);

/** "Entrar a la sesión" of an "En línea" appointment, from 10 minutes before its start to its end;
 * once her psychologist ends the session (live, or told on entering) it says so instead. */
export function EntrarCita({ cita }: { cita: CitaPaciente }) {
  useReloj();
  const [entrando, setEntrando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [acabada, setAcabadaEstado] = useState<string | null>(() => salaAcabada(cita.id_cita));
  const setAcabada = (motivo: string) => {
    marcarSalaAcabada(cita.id_cita, motivo);
    setAcabadaEstado(motivo);
  };
  useEventoSocket('mi-sesion:cambio', MiSesionCambioSchema, (p) => {
    if (p.sesion.id_cita === cita.id_cita && p.sesion.estado === 'terminada') setAcabada(motivoDeFin(p.sesion));
  });
  if (!salaAbiertaAhora(cita)) return null;
  if (acabada) {
    return (
      <p className="mt-3 text-tinta-700" data-sala-acabada={cita.id_cita}>
        {acabada}
      </p>
    );
  }
  async function entrar() {
    setEntrando(true);
    setError(null);
    try {
      const r = await entrarPorCita('paciente', cita.id_cita);
      navegar(`/sesion/${r.sesion.id_sesion}`);
    } catch (e) {
      if (e instanceof ErrorApi && SALA_ACABADA.has(e.cuerpo?.code ?? '')) setAcabada(e.message);
      else setError(e instanceof ErrorApi ? e.message : 'No pudimos abrir la sala. Inténtalo de nuevo en un momento.');
      setEntrando(false);
    }
  }
  return (
    <div className="mt-3 space-y-2">
      <Boton onClick={entrar} disabled={entrando} className="w-full sm:w-auto" data-entrar-cita={cita.id_cita}>
        <Video aria-hidden className="size-5" />
        {entrando ? 'Entrando…' : TEXTOS_SALA.entrar}
      </Boton>
      {error && <Aviso tono="error">{error}</Aviso>}
    </div>
  );
}

/** Her open rooms, live. `mostradas`: appointments whose own card already offers the room. */
export function SesionesAbiertas({ mostradas = [] }: { mostradas?: number[] }) {
  const abiertas = useRecurso<SesionEnLinea[]>('/sesiones/abiertas', null, undefined, sesionesAbiertas);
  useAlDia(() => void abiertas.recargar());
  useEventoSocket('mi-sesion:cambio', MiSesionCambioSchema, (p) => abiertas.fijar((l) => aplicarSesion(l, p.sesion)));
  const lista = (abiertas.datos ?? []).filter((s) => s.estado !== 'terminada' && (s.id_cita === null || !mostradas.includes(s.id_cita)));
  if (lista.length === 0) return null;
  return (
    <>
      {lista.map((s) => (
        <Tarjeta key={s.id_sesion} className="border-salvia-300 bg-salvia-50">
          <div data-sesion-abierta={s.id_sesion}>
            <h2 className="mb-1 flex items-center gap-2 font-semibold text-tinta-900">
              <Video aria-hidden className="size-5 shrink-0 text-salvia-700" /> Sesión en línea
            </h2>
            <p id={`sesion-abierta-${s.id_sesion}`} className="text-tinta-700 [overflow-wrap:anywhere]">
              Con {s.psicologo}
              {s.estado === 'en_curso' ? ' · en curso' : ''} · hasta las {horaDe(s.cierra_en)}
            </p>
            <Boton
              onClick={() => navegar(`/sesion/${s.id_sesion}`)}
              aria-describedby={`sesion-abierta-${s.id_sesion}`}
              className="mt-3 w-full sm:w-auto"
            >
              {TEXTOS_SALA.entrar}
            </Boton>
          </div>
        </Tarjeta>
      ))}
    </>
  );
}
