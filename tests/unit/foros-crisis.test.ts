// The crisis phrase list (docs/decisions/162): matched without case, accents or punctuation, on
// word boundaries; grief about a suicide is not itself an alert.
import { contieneLenguajeDeCrisis, FRASES_CRISIS, normalizarParaCrisis } from '@miduelo/shared/foros-crisis';
import { describe, expect, it } from 'vitest';

describe('lenguaje de crisis', () => {
  it.each([
    'Ya no quiero vivir',
    'YA NO QUIERO VIVIR!!!',
    'a veces pienso en   suicidarme',
    'Me quiero morír, de verdad',
    'quiero irme con él',
    'He pensado en quitarme la vida.',
    'me hago daño cuando nadie me ve',
  ])('detecta «%s»', (texto) => {
    expect(contieneLenguajeDeCrisis(texto)).toBe(true);
  });

  it.each([
    'Mi hermano murió por suicidio hace un año y hoy lo extraño.',
    'Quiero vivir este duelo con calma',
    'Lloré mucho, pero también sentí que estaba cerca.',
    'El libro habla de autolesiones en adolescentes', // 'autolesion' only as a whole word
    '',
  ])('no alerta por «%s»', (texto) => {
    expect(contieneLenguajeDeCrisis(texto)).toBe(false);
  });

  it('la lista está escrita en su forma normalizada (minúsculas, sin acentos, un espacio)', () => {
    for (const f of FRASES_CRISIS) expect(normalizarParaCrisis(f)).toBe(f);
    expect(new Set(FRASES_CRISIS).size).toBe(FRASES_CRISIS.length);
  });
});
