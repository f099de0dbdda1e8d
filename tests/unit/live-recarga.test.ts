// The client core's rule for a reload (decision 240): changes made while a load was on its way — a
// live event, the user's own answer — are applied again over its answer, which the server may have
// read before them. The app's resources (useRecurso: forums, appointments, activities) and the web's
// useLiveResource share it (nucleo/live/use-live-resource.ts); sequences merge by number
// (nucleo/live/secuencia.ts) for the app's chat and forum topics.
import { describe, expect, it } from 'vitest';
import { reaplicar } from '@/nucleo/live/use-live-resource';
import { fusionarGuardados, ultimoSeqContiguo } from '@/nucleo/live/secuencia';

interface Tema {
  id_tema: number;
  total_mensajes: number;
}
type Temas = { data: Tema[] } | undefined;

describe('recarga con cambios en vivo', () => {
  it('un tema nuevo y un conteo que llegan durante la recarga no se pierden con su respuesta', () => {
    // The answer was read before both events.
    const respuesta: Temas = { data: [{ id_tema: 1, total_mensajes: 3 }] };
    const nuevo = (l: Temas): Temas => l && { data: [{ id_tema: 2, total_mensajes: 0 }, ...l.data.filter((t) => t.id_tema !== 2)] };
    const conteo = (l: Temas): Temas => l && { data: l.data.map((t) => (t.id_tema === 1 ? { ...t, total_mensajes: 4 } : t)) };
    expect(reaplicar(respuesta, [nuevo, conteo])).toEqual({
      data: [
        { id_tema: 2, total_mensajes: 0 },
        { id_tema: 1, total_mensajes: 4 },
      ],
    });
  });

  it('sin cambios, la respuesta tal cual; un valor fijado reemplaza y lo siguiente se aplica encima', () => {
    const r = { data: [{ id_tema: 1, total_mensajes: 1 }] };
    expect(reaplicar<Temas>(r, [])).toBe(r);
    const propio = { data: [{ id_tema: 9, total_mensajes: 1 }] };
    expect(reaplicar<Temas>(r, [propio, (l) => l && { data: [...l.data, { id_tema: 10, total_mensajes: 0 }] }])).toEqual({
      data: [
        { id_tema: 9, total_mensajes: 1 },
        { id_tema: 10, total_mensajes: 0 },
      ],
    });
    // Deleted live (an activity removed): the answer's copy does not bring it back.
    expect(reaplicar<Temas>(r, [() => undefined])).toBeUndefined();
  });
});

describe('secuencias guardadas (chat y temas de la app)', () => {
  const m = (seq: number, leido = false) => ({ seq, leido, contenido: `m${seq}` });
  const conLeido = (n: ReturnType<typeof m>, p: ReturnType<typeof m> | undefined) => (p?.leido && !n.leido ? { ...n, leido: true } : n);

  it('cada número una vez, en orden; un recibo de lectura que llegó antes se conserva', () => {
    const r = fusionarGuardados([m(1), m(3, true)], [m(3), m(2), m(4)], conLeido);
    expect(r.map((x) => x.seq)).toEqual([1, 2, 3, 4]);
    expect(r.find((x) => x.seq === 3)?.leido).toBe(true);
  });

  it('la resincronización sigue desde el primer hueco, no desde el más alto', () => {
    expect(ultimoSeqContiguo([m(1), m(2), m(4)])).toBe(2);
    expect(ultimoSeqContiguo([m(801), m(802)])).toBe(802);
    expect(ultimoSeqContiguo([])).toBe(0);
  });
});
