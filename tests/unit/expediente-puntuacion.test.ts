// The scoring rules of decision 101 on instruments the catalogue does not seed yet: a 1–7 scale with
// reverse-scored items, an offset, a texto question that is never scored, and the range of a test.
import { describe, expect, it } from 'vitest';
import { puntuar, rangoDePuntaje, type ReglasTest } from '@miduelo/server/modules/expediente/puntuacion';

const reglas: ReglasTest = {
  tipo_escala: 'likert_7',
  desplazamiento: 0,
  preguntas: [
    { id_pregunta: 1, orden: 1, tipo_respuesta: 'escala', inversa: false, alerta: false },
    { id_pregunta: 2, orden: 2, tipo_respuesta: 'escala', inversa: true, alerta: false },
    { id_pregunta: 3, orden: 3, tipo_respuesta: 'escala', inversa: true, alerta: false },
    { id_pregunta: 4, orden: 4, tipo_respuesta: 'texto', inversa: false, alerta: false },
  ],
  bandas: [
    { minimo: 3, maximo: 11, interpretacion: 'baja', riesgo: false },
    { minimo: 12, maximo: 21, interpretacion: 'alta', riesgo: true },
  ],
};
const r = (a: number, b: number, c: number) => [
  { id_pregunta: 1, respuesta: a },
  { id_pregunta: 2, respuesta: b },
  { id_pregunta: 3, respuesta: c },
  { id_pregunta: 4, respuesta: 'texto libre' },
];

describe('puntuación (escala 1–7 con reactivos inversos)', () => {
  it('un inverso cuenta 8 − v: 7, 7, 7 → 7 + 1 + 1 = 9', () => {
    expect(puntuar(reglas, r(7, 7, 7))).toMatchObject({ puntaje_total: 9, interpretacion: 'baja', riesgo: false });
  });
  it('1, 1, 1 → 1 + 7 + 7 = 15, banda alta', () => {
    expect(puntuar(reglas, r(1, 1, 1))).toMatchObject({ puntaje_total: 15, interpretacion: 'alta', riesgo: true });
  });
  it('bordes 11 / 12: 4, 5, 5 → 4 + 3 + 3 = 10; 5, 4, 5 → 5 + 4 + 3 = 12; 4, 4, 5 → 11', () => {
    expect(puntuar(reglas, r(4, 5, 5)).puntaje_total).toBe(10);
    expect(puntuar(reglas, r(4, 4, 5))).toMatchObject({ puntaje_total: 11, riesgo: false });
    expect(puntuar(reglas, r(5, 4, 5))).toMatchObject({ puntaje_total: 12, riesgo: true });
  });
  it('un desplazamiento se suma a cada reactivo puntuado (no al texto)', () => {
    expect(puntuar({ ...reglas, desplazamiento: -1 }, r(1, 7, 7)).puntaje_total).toBe(0);
  });
  it('rango: 3–21 (1–7 en tres reactivos; el texto no puntúa)', () => {
    expect(rangoDePuntaje(reglas)).toEqual({ minimo: 3, maximo: 21 });
    expect(rangoDePuntaje({ ...reglas, desplazamiento: -1 })).toEqual({ minimo: 0, maximo: 18 });
  });
  it('8 en una escala 1–7 → 400 con el número de la pregunta', () => {
    expect(() => puntuar(reglas, r(8, 1, 1))).toThrow('La respuesta de la pregunta 1 debe ser un número entero del 1 al 7');
  });
});
