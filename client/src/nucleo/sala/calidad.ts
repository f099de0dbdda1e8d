// Connection quality from `getStats()` (decision 361), pure so it can be tested: every 2 s the
// room reads the received RTP streams' packets and losses and the selected candidate pair's
// round-trip time, and turns the change since the last reading into buena / regular / mala.

export type Calidad = 'buena' | 'regular' | 'mala';

/** The figures of one reading, summed over the received audio and video streams. */
export interface MuestraStats {
  recibidos: number;
  perdidos: number;
  /** Seconds, of the selected candidate pair; null when unknown. */
  rtt: number | null;
}

/** Loss below 2 % and RTT below 300 ms: good; loss from 8 % or RTT from 700 ms: bad. */
export const UMBRALES_CALIDAD = {
  perdidaRegular: 0.02,
  perdidaMala: 0.08,
  rttRegularMs: 300,
  rttMalaMs: 700,
} as const;

/** The quality of an interval: its loss fraction (0–1) and the RTT in ms (null: unknown). */
export function calcularCalidad(perdida: number, rttMs: number | null): Calidad {
  const u = UMBRALES_CALIDAD;
  if (perdida >= u.perdidaMala || (rttMs !== null && rttMs >= u.rttMalaMs)) return 'mala';
  if (perdida >= u.perdidaRegular || (rttMs !== null && rttMs >= u.rttRegularMs)) return 'regular';
  return 'buena';
}

/** The quality between two readings; null when nothing arrived in between and the RTT is unknown
 * (no media flowing yet). A counter that went back (a new connection) counts from zero. */
export function calidadEntre(previa: MuestraStats | null, actual: MuestraStats): Calidad | null {
  const base =
    previa && actual.recibidos >= previa.recibidos && actual.perdidos >= previa.perdidos ? previa : { recibidos: 0, perdidos: 0 };
  const recibidos = actual.recibidos - base.recibidos;
  const perdidos = actual.perdidos - base.perdidos;
  const esperados = recibidos + perdidos;
  const rttMs = actual.rtt === null ? null : actual.rtt * 1000;
  if (esperados <= 0 && rttMs === null) return null;
  return calcularCalidad(esperados > 0 ? perdidos / esperados : 0, rttMs);
}

interface StatLike {
  type: string;
  id: string;
  [k: string]: unknown;
}

/** Reads one `RTCStatsReport` (any iterable of stats objects) into a sample. */
export function leerMuestra(stats: Iterable<StatLike>): MuestraStats {
  let recibidos = 0;
  let perdidos = 0;
  let rtt: number | null = null;
  let parElegido: string | null = null;
  const pares = new Map<string, StatLike>();
  for (const s of stats) {
    if (s.type === 'inbound-rtp') {
      recibidos += Number(s.packetsReceived ?? 0);
      perdidos += Math.max(0, Number(s.packetsLost ?? 0));
    } else if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') {
      parElegido = s.selectedCandidatePairId;
    } else if (s.type === 'candidate-pair') {
      pares.set(s.id, s);
    }
  }
  const par =
    (parElegido ? pares.get(parElegido) : undefined) ?? [...pares.values()].find((p) => p.nominated === true && p.state === 'succeeded');
  if (par && typeof par.currentRoundTripTime === 'number') rtt = par.currentRoundTripTime;
  return { recibidos, perdidos, rtt };
}
