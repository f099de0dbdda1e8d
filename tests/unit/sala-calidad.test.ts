import { TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { describe, expect, it } from 'vitest';
import { EN_SALA } from '@/nucleo/sala/avisos-estado';
import { calcularCalidad, calidadEntre, leerMuestra } from '@/nucleo/sala/calidad';

describe('calidad de la conexión (decisión 361)', () => {
  it('reads loss and round-trip time into buena, regular and mala', () => {
    expect(calcularCalidad(0, 40)).toBe('buena');
    expect(calcularCalidad(0.019, 299)).toBe('buena');
    expect(calcularCalidad(0.02, 50)).toBe('regular');
    expect(calcularCalidad(0, 300)).toBe('regular');
    expect(calcularCalidad(0.08, 50)).toBe('mala');
    expect(calcularCalidad(0.01, 700)).toBe('mala');
    expect(calcularCalidad(0.01, null)).toBe('buena');
  });

  it('counts the loss of the interval between two readings, not since the start', () => {
    const antes = { recibidos: 1000, perdidos: 200, rtt: 0.05 };
    // 100 packets in the interval, 1 lost: 1 %, good, though 20 % was lost long ago.
    expect(calidadEntre(antes, { recibidos: 1099, perdidos: 201, rtt: 0.05 })).toBe('buena');
    // 100 expected, 10 lost: bad.
    expect(calidadEntre(antes, { recibidos: 1090, perdidos: 210, rtt: 0.05 })).toBe('mala');
  });

  it('has no quality before anything flowed, and starts over when the counters go back', () => {
    expect(calidadEntre(null, { recibidos: 0, perdidos: 0, rtt: null })).toBeNull();
    expect(calidadEntre({ recibidos: 5000, perdidos: 0, rtt: 0.02 }, { recibidos: 100, perdidos: 30, rtt: 0.02 })).toBe('mala');
  });

  it('sums the inbound streams and takes the selected pair’s round-trip time', () => {
    const informe = [
      { type: 'inbound-rtp', id: 'a', kind: 'audio', packetsReceived: 500, packetsLost: 5 },
      { type: 'inbound-rtp', id: 'v', kind: 'video', packetsReceived: 1500, packetsLost: -1 },
      { type: 'outbound-rtp', id: 'o', packetsSent: 9999 },
      { type: 'candidate-pair', id: 'p1', nominated: true, state: 'succeeded', currentRoundTripTime: 0.9 },
      { type: 'candidate-pair', id: 'p2', nominated: true, state: 'succeeded', currentRoundTripTime: 0.12 },
      { type: 'transport', id: 't', selectedCandidatePairId: 'p2' },
    ];
    expect(leerMuestra(informe)).toEqual({ recibidos: 2000, perdidos: 5, rtt: 0.12 });
  });
});

describe('texto de la agenda', () => {
  it('the agenda’s "En sala" is the contract’s text', () => {
    expect(EN_SALA).toBe(TEXTOS_SALA.enSala);
  });
});
