// The legal term of an ARCO request (decision 378): 20 business days from the day after the
// request, in Mexico City's time zone; weekends and the LFT art. 74 rest days are not counted.
import { diasHabilesRestantes, esDiaHabil, feriadosOficiales, venceSolicitudArco } from '@miduelo/server/modules/derechos/plazo';
import { describe, expect, it } from 'vitest';

const ZONA = 'America/Mexico_City';

describe('plazo de una solicitud ARCO', () => {
  it('un viernes antes de un lunes feriado (Día de la Constitución): el plazo empieza el martes', () => {
    // Friday 30 January 2026 at 23:30 in Mexico City; Monday 2 February is a rest day.
    expect(venceSolicitudArco(new Date('2026-01-31T05:30:00Z'), ZONA)).toBe('2026-03-02');
  });

  it('sin feriados de por medio: cuatro semanas hábiles', () => {
    expect(venceSolicitudArco(new Date('2026-02-06T18:00:00Z'), ZONA)).toBe('2026-03-06');
  });

  it('una solicitud en sábado cuenta desde el lunes', () => {
    expect(venceSolicitudArco(new Date('2026-02-07T18:00:00Z'), ZONA)).toBe('2026-03-06');
  });

  it('la fecha de recepción es la de la Ciudad de México, no la de UTC', () => {
    // 05:30 UTC on Friday is still Thursday 23:30 in Mexico City: one business day earlier.
    expect(venceSolicitudArco(new Date('2026-02-06T05:30:00Z'), ZONA)).toBe('2026-03-05');
    expect(venceSolicitudArco(new Date('2026-02-06T05:30:00Z'), 'UTC')).toBe('2026-03-06');
  });

  it('fin de año: 25 de diciembre y 1 de enero no cuentan', () => {
    expect(venceSolicitudArco(new Date('2026-12-18T17:00:00Z'), ZONA)).toBe('2027-01-19');
  });

  it('solo los días de descanso obligatorio de la LFT art. 74, no los bancarios ni las celebraciones', () => {
    expect([...feriadosOficiales(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-02-02',
      '2026-03-16',
      '2026-05-01',
      '2026-09-16',
      '2026-11-16',
      '2026-12-25',
    ]);
    // Transmission of the federal executive power, every six years.
    expect(feriadosOficiales(2030).has('2030-12-01')).toBe(true);
    expect(feriadosOficiales(2029).has('2029-12-01')).toBe(false);
    // Holy Thursday and Friday, Day of the Dead, Guadalupe: working days by law.
    for (const f of ['2026-04-02', '2026-04-03', '2026-11-02', '2026-12-14']) expect(esDiaHabil(f), f).toBe(true);
    expect(esDiaHabil('2026-03-16')).toBe(false);
    expect(esDiaHabil('2026-03-14')).toBe(false);
  });

  it('días hábiles restantes: positivos en plazo, cero el último día, negativos vencido', () => {
    expect(diasHabilesRestantes('2026-01-30', '2026-03-02')).toBe(20);
    expect(diasHabilesRestantes('2026-02-27', '2026-03-02')).toBe(1);
    expect(diasHabilesRestantes('2026-03-02', '2026-03-02')).toBe(0);
    expect(diasHabilesRestantes('2026-03-04', '2026-03-02')).toBe(-2);
    expect(diasHabilesRestantes('2026-03-08', '2026-03-02')).toBe(-4);
  });
});
