// The score circle takes the colour of the instrument's own band (decision 346), the band the chart
// shades and the interpretation names: an IDC of 29 is above its published cut-off (red), an ITRD
// of 76 is in its moderate band (yellow), whatever spec 1's generic < 30 / < 60 would say.
import { colorDeBanda, colorPuntaje } from '@miduelo/shared/expediente';
import { describe, expect, it } from 'vitest';

// As migration 0010 seeds them.
const ITRD = [
  { minimo: 21, maximo: 49, riesgo: false },
  { minimo: 50, maximo: 77, riesgo: false },
  { minimo: 78, maximo: 105, riesgo: true },
];
const IDC = [
  { minimo: 0, maximo: 25, riesgo: false },
  { minimo: 26, maximo: 76, riesgo: true },
];
const TAMIZAJE = [
  { minimo: 0, maximo: 2, riesgo: false },
  { minimo: 3, maximo: 5, riesgo: false },
  { minimo: 6, maximo: 8, riesgo: true },
];

describe('color del puntaje por las bandas del instrumento', () => {
  it('IDC: por encima del punto de corte es rojo aunque sea menor de 30; por debajo, verde', () => {
    expect(colorPuntaje(29, IDC, true)).toBe('rojo');
    expect(colorPuntaje(26, IDC, false)).toBe('rojo');
    expect(colorPuntaje(25, IDC, false)).toBe('verde');
    expect(colorPuntaje(0, IDC, false)).toBe('verde');
  });

  it('ITRD: la banda moderada es amarilla aunque pase de 60; la alta, roja; la baja, verde aunque pase de 30', () => {
    expect(colorPuntaje(76, ITRD, false)).toBe('amarillo');
    expect(colorPuntaje(63, ITRD, false)).toBe('amarillo');
    expect(colorPuntaje(78, ITRD, true)).toBe('rojo');
    expect(colorPuntaje(49, ITRD, false)).toBe('verde');
    expect(colorPuntaje(21, ITRD, false)).toBe('verde');
  });

  it('un resultado de riesgo (una respuesta de alerta) es rojo en cualquier banda', () => {
    expect(colorPuntaje(1, TAMIZAJE, true)).toBe('rojo');
    expect(colorPuntaje(4, TAMIZAJE, false)).toBe('amarillo');
  });

  it('sin bandas (un test retirado) solo el riesgo da color', () => {
    expect(colorPuntaje(80, undefined, true)).toBe('rojo');
    expect(colorPuntaje(80, undefined, false)).toBeNull();
    expect(colorPuntaje(80, [], false)).toBeNull();
  });

  it('la gráfica sombrea cada banda con el mismo color', () => {
    expect(ITRD.map((_, i) => colorDeBanda(ITRD, i))).toEqual(['verde', 'amarillo', 'rojo']);
    expect(IDC.map((_, i) => colorDeBanda(IDC, i))).toEqual(['verde', 'rojo']);
  });
});
