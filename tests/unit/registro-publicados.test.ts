// The bounded record of published chat messages (server/src/modules/chat/eventos.ts): a retried
// send is delivered again to both participants only when its message is no longer remembered.
import { describe, expect, it } from 'vitest';
import { registroAcotado } from '@miduelo/server/modules/chat/eventos';

describe('registro acotado de mensajes publicados', () => {
  it('recuerda los últimos N, olvida primero el más antiguo y sigue así vuelta tras vuelta', () => {
    const r = registroAcotado(3);
    for (const id of [1, 2, 3]) r.anotar(id);
    expect([1, 2, 3].map(r.tiene)).toEqual([true, true, true]);
    r.anotar(4);
    expect([1, 2, 3, 4].map(r.tiene)).toEqual([false, true, true, true]);
    for (const id of [5, 6, 7]) r.anotar(id);
    expect([3, 4, 5, 6, 7].map(r.tiene)).toEqual([false, false, true, true, true]);
  });

  it('anotar dos veces el mismo id no lo cuenta dos veces ni hace olvidar a otro', () => {
    const r = registroAcotado(3);
    for (const id of [1, 2, 2, 3, 3]) r.anotar(id);
    expect([1, 2, 3].map(r.tiene)).toEqual([true, true, true]);
    r.anotar(4);
    expect([1, 2, 3, 4].map(r.tiene)).toEqual([false, true, true, true]);
  });

  it('a su tamaño real (10 000) olvida exactamente los más antiguos', () => {
    const r = registroAcotado(10_000);
    for (let id = 1; id <= 25_000; id++) r.anotar(id);
    expect(r.tiene(15_000)).toBe(false);
    expect(r.tiene(15_001)).toBe(true);
    expect(r.tiene(25_000)).toBe(true);
  });
});
