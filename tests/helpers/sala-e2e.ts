// What the online-session browser tests read of a room (issue 54, decision 364): every
// RTCPeerConnection a page creates, captured by an init script that wraps the constructor (no hook
// in the product; with `relay`, each is forced to `iceTransportPolicy: 'relay'`), and what their
// getStats() say: video frames decoded and audio bytes received from the other party, and the type
// of the local candidate of the selected pair; and an "En línea" appointment whose room is open now.
import { disponibilidad } from '@miduelo/server/db/schema/agenda';
import { SEMANA_DIAS } from '@miduelo/shared/constants';
import { fechaEnZona, horaEnZona } from '@miduelo/shared/fechas';
import type { BrowserContext, Page } from 'playwright-core';
import type { AppDePrueba } from './app';

export type FaseSala = 'entrando' | 'error' | 'esperando' | 'conectando' | 'en-curso' | 'reconectando' | 'terminada' | 'fuera';

/** Installs the capture in every page of the context (before any script of the page runs). */
export async function capturarConexiones(contexto: BrowserContext, o: { relay?: boolean } = {}): Promise<void> {
  await contexto.addInitScript((relay: boolean) => {
    const Original = window.RTCPeerConnection;
    const capturadas: RTCPeerConnection[] = [];
    (window as unknown as { __conexiones: RTCPeerConnection[] }).__conexiones = capturadas;
    const forzar = (c?: RTCConfiguration): RTCConfiguration | undefined => (relay ? { ...(c ?? {}), iceTransportPolicy: 'relay' } : c);
    class Capturada extends Original {
      constructor(config?: RTCConfiguration) {
        super(forzar(config));
        capturadas.push(this);
      }
      override setConfiguration(config?: RTCConfiguration) {
        super.setConfiguration(forzar(config));
      }
    }
    window.RTCPeerConnection = Capturada;
  }, o.relay === true);
}

export interface Medios {
  /** Peer connections the page created (closed ones included). */
  conexiones: number;
  /** Video frames decoded from the other party, summed over every connection the page has had (the
   * last figure seen of a connection that has since closed counts), so it only grows. */
  cuadros: number;
  /** Audio bytes received from the other party, summed the same way. */
  bytesAudio: number;
  /** The candidate type ('host', 'srflx', 'prflx', 'relay') of the local side of the selected pair of
   * the newest open connection; null before one is selected. */
  tipoLocal: string | null;
}

/** The page's media, from getStats() of every captured connection. */
export function medios(page: Page): Promise<Medios> {
  return page.evaluate(async () => {
    const w = window as unknown as {
      __conexiones?: RTCPeerConnection[];
      __vistos?: Array<{ cuadros: number; bytesAudio: number }>;
    };
    const pcs = w.__conexiones ?? [];
    w.__vistos ??= [];
    const vistos = w.__vistos;
    let tipoLocal: string | null = null;
    for (let i = 0; i < pcs.length; i++) {
      const pc = pcs[i];
      vistos[i] ??= { cuadros: 0, bytesAudio: 0 };
      if (pc.connectionState === 'closed') continue;
      const s = await pc.getStats();
      let cuadros = 0;
      let bytesAudio = 0;
      s.forEach((x) => {
        if (x.type === 'inbound-rtp' && x.kind === 'video') cuadros += x.framesDecoded ?? 0;
        if (x.type === 'inbound-rtp' && x.kind === 'audio') bytesAudio += x.bytesReceived ?? 0;
        if (x.type === 'transport' && x.selectedCandidatePairId) {
          // RTCStatsReport is a read-only Map (the DOM typings here leave out its methods).
          const informe = s as unknown as Map<string, { localCandidateId?: string; candidateType?: string }>;
          const par = informe.get(x.selectedCandidatePairId);
          const local = par?.localCandidateId ? informe.get(par.localCandidateId) : undefined;
          if (local?.candidateType) tipoLocal = local.candidateType;
        }
      });
      vistos[i] = { cuadros: Math.max(vistos[i].cuadros, cuadros), bytesAudio: Math.max(vistos[i].bytesAudio, bytesAudio) };
    }
    return {
      conexiones: pcs.length,
      cuadros: vistos.reduce((a, x) => a + x.cuadros, 0),
      bytesAudio: vistos.reduce((a, x) => a + x.bytesAudio, 0),
      tipoLocal,
    };
  });
}

/**
 * Waits until the page has decoded more than `cuadros` video frames and received more than
 * `bytesAudio` audio bytes from the other party (getStats polled every 100 ms in the page, by
 * Playwright's waitForFunction); resolves with the media then.
 */
export async function esperarMedios(page: Page, o: { cuadros?: number; bytesAudio?: number; timeout?: number } = {}): Promise<Medios> {
  // Read the same way as `medios` (one accumulator per page), from inside waitForFunction.
  await page.waitForFunction(
    async ([minCuadros, minAudio]) => {
      const w = window as unknown as {
        __conexiones?: RTCPeerConnection[];
        __vistos?: Array<{ cuadros: number; bytesAudio: number }>;
      };
      const pcs = w.__conexiones ?? [];
      w.__vistos ??= [];
      const vistos = w.__vistos;
      for (let i = 0; i < pcs.length; i++) {
        vistos[i] ??= { cuadros: 0, bytesAudio: 0 };
        if (pcs[i].connectionState === 'closed') continue;
        const s = await pcs[i].getStats();
        let cuadros = 0;
        let bytesAudio = 0;
        s.forEach((x) => {
          if (x.type === 'inbound-rtp' && x.kind === 'video') cuadros += x.framesDecoded ?? 0;
          if (x.type === 'inbound-rtp' && x.kind === 'audio') bytesAudio += x.bytesReceived ?? 0;
        });
        vistos[i] = { cuadros: Math.max(vistos[i].cuadros, cuadros), bytesAudio: Math.max(vistos[i].bytesAudio, bytesAudio) };
      }
      const c = vistos.reduce((a, x) => a + x.cuadros, 0);
      const b = vistos.reduce((a, x) => a + x.bytesAudio, 0);
      return c > minCuadros && b > minAudio;
    },
    [o.cuadros ?? 0, o.bytesAudio ?? 0] as const,
    { polling: 100, timeout: o.timeout ?? 30_000 },
  );
  return medios(page);
}

/** The room's root with the given phase (the DOM contract of both clients' rooms). */
export function salaEnFase(page: Page, fase: FaseSala) {
  return page.locator(`[data-sala][data-sala-fase="${fase}"]`);
}

/** The remote video shows the other party's picture (it has a size: frames were rendered). */
export function esperarVideoRemoto(page: Page, timeout = 30_000) {
  return page.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>('video[data-video-remoto]');
      return !!v && v.videoWidth > 0 && v.readyState >= 2;
    },
    undefined,
    { polling: 100, timeout },
  );
}

const ZONA_CLINICA = 'America/Mexico_City';
const MIN = 60_000;

/**
 * Date, start ("HH:MM") and duration of an appointment whose room (open from 10 minutes before the
 * start) is open now, in the clinic's zone (Mexico City). It starts at the next whole minute plus
 * one (one that already started cannot be created) and lasts up to 60 minutes, shortened in steps
 * of 15 so that it ends the same day (an appointment must; seen failing in CI at 23:00 in Mexico).
 * From 23:50 it is tomorrow's first appointment, at 00:00. Between 23:44 and 23:50 there is none:
 * that is said instead of guessed.
 */
export function citaQueEmpiezaAhora(ahora = new Date()): { fecha: string; hora_inicio: string; duracion: number } {
  const inicio = new Date(Math.ceil(ahora.getTime() / MIN) * MIN + MIN);
  const hora = horaEnZona(inicio, ZONA_CLINICA);
  const hastaMedianoche = 23 * 60 + 59 - (Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5)));
  const duracion = Math.min(60, Math.floor(hastaMedianoche / 15) * 15);
  if (duracion >= 15) return { fecha: fechaEnZona(inicio, ZONA_CLINICA), hora_inicio: hora, duracion };
  const manana = new Date(ahora.getTime() + 10 * MIN);
  if (horaEnZona(manana, ZONA_CLINICA) < '00:10') return { fecha: fechaEnZona(manana, ZONA_CLINICA), hora_inicio: '00:00', duracion: 60 };
  throw new Error(`a las ${horaEnZona(ahora, ZONA_CLINICA)} en México no cabe una cita en línea cuya sala esté abierta (23:44–23:50)`);
}

/**
 * An "En línea" appointment of this psychologist with this patient whose room is open now, made
 * through POST /api/psicologo/citas (its id). Her availability is that whole weekday first (a row
 * written straight to the table), so the test does not depend on the hour it runs at.
 */
export async function citaEnLineaAhora(t: AppDePrueba, token: string, idPsicologo: number, idPaciente: number): Promise<number> {
  const { fecha, hora_inicio, duracion } = citaQueEmpiezaAhora(t.reloj.ahora());
  const dia = SEMANA_DIAS[(new Date(`${fecha}T12:00:00Z`).getUTCDay() + 6) % 7];
  await t.db.insert(disponibilidad).values({ id_psicologo: idPsicologo, dia_semana: dia, hora_inicio: '00:00', hora_fin: '23:59' });
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/psicologo/citas',
    headers: { authorization: `Bearer ${token}` },
    payload: { id_paciente: idPaciente, fecha, hora_inicio, duracion, modalidad: 'En línea' },
  });
  if (r.statusCode !== 201) throw new Error(`no se pudo crear la cita en línea: ${r.statusCode} ${r.body}`);
  return (r.json() as { id_cita: number }).id_cita;
}
