// The forget marks of the session cache that an open socket's check relies on (decision 233): a
// check is stale once a forget of its account or token, or an emptying of the cache, reached the
// node after it; a forget of another account or token leaves it alone; a check taken after the
// forget holds.
import { CacheDeSesiones } from '@miduelo/server/plugins/sesiones-cache';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

const log = { warn() {}, error() {} } as unknown as FastifyBaseLogger;
const ana = { tipo: 'psicologo', id: 1 } as const;
const beto = { tipo: 'paciente', id: 1 } as const;

describe('marcas de olvido de la caché de sesiones (sockets abiertos)', () => {
  it('un olvido de la cuenta o del token vuelve vieja la verificación anterior, no la posterior ni la de otra cuenta', async () => {
    const cache = new CacheDeSesiones<object>(null, 'canal', log, 60_000);
    expect(cache.sirviendo).toBe(true);
    const antes = cache.sello();
    expect(cache.olvidadoDesde(ana, 'jti-a', antes)).toBe(false);
    await cache.olvidar({ cuenta: ana });
    expect(cache.olvidadoDesde(ana, 'jti-a', antes)).toBe(true);
    // Same id, other kind of account: not the same account.
    expect(cache.olvidadoDesde(beto, 'jti-b', antes)).toBe(false);
    const despues = cache.sello();
    expect(cache.olvidadoDesde(ana, 'jti-a', despues)).toBe(false);
    await cache.olvidar({ jti: 'jti-b' });
    expect(cache.olvidadoDesde(beto, 'jti-b', antes)).toBe(true);
    expect(cache.olvidadoDesde(beto, 'jti-c', antes)).toBe(false);
    expect(cache.olvidadoDesde(ana, 'jti-a', despues)).toBe(false);
  });

  it('un olvido sin cuenta ni token vuelve viejas todas las verificaciones anteriores', async () => {
    const cache = new CacheDeSesiones<object>(null, 'canal', log, 60_000);
    const antes = cache.sello();
    await cache.olvidar({});
    expect(cache.olvidadoDesde(ana, 'jti-a', antes)).toBe(true);
    expect(cache.olvidadoDesde(beto, 'jti-b', antes)).toBe(true);
    expect(cache.olvidadoDesde(beto, 'jti-b', cache.sello())).toBe(false);
  });

  it('los olvidos más viejos que la vida de una entrada dejan la lista, y lo anterior a ellos sigue viejo', async () => {
    const reloj = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const cache = new CacheDeSesiones<object>(null, 'canal', log, 60_000);
    const antes = cache.sello();
    await cache.olvidar({ cuenta: ana });
    const entre = cache.sello();
    // Past an entry's life, the next forget drops the first one from the list.
    reloj.mockReturnValue(1_000 + 60_001);
    await cache.olvidar({ cuenta: beto });
    reloj.mockRestore();
    expect(cache.olvidadoDesde(ana, 'jti-a', antes)).toBe(true);
    expect(cache.olvidadoDesde(ana, 'jti-a', entre)).toBe(false);
    expect(cache.olvidadoDesde(beto, 'jti-b', entre)).toBe(true);
  });
});

describe('renovación de las entradas de la caché de sesiones (decisión 241)', () => {
  it('una entrada se renueva una sola vez, solo en el último quinto de su vida, y la renovada vuelve a empezar', () => {
    const reloj = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    try {
      const cache = new CacheDeSesiones<object>(null, 'canal', log, 60_000);
      const s = { quien: 'ana' };
      cache.guardar('tk', 'jti-a', ana, s, cache.sello());
      expect(cache.reservarRenovacion('tk')).toBe(false);
      reloj.mockReturnValue(1_000 + 47_999);
      expect(cache.reservarRenovacion('tk')).toBe(false);
      reloj.mockReturnValue(1_000 + 48_000);
      expect(cache.reservarRenovacion('tk')).toBe(true);
      // One renewal per entry: the next requests are served without starting another.
      expect(cache.reservarRenovacion('tk')).toBe(false);
      expect(cache.leer('tk')).toBe(s);
      // The renewal's read stores a new entry, with a whole life from now.
      cache.guardar('tk', 'jti-a', ana, s, cache.sello());
      reloj.mockReturnValue(1_000 + 48_000 + 59_000);
      expect(cache.leer('tk')).toBe(s);
      expect(cache.reservarRenovacion('tk')).toBe(true);
      cache.descartar('tk');
      expect(cache.leer('tk')).toBeUndefined();
      expect(cache.reservarRenovacion('tk')).toBe(false);
    } finally {
      reloj.mockRestore();
    }
  });

  it('la entrada renovada pasa al final: las vencidas que estaban detrás se siguen limpiando', () => {
    const reloj = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    try {
      const cache = new CacheDeSesiones<object>(null, 'canal', log, 60_000);
      cache.guardar('primero', 'j1', ana, { n: 1 }, cache.sello());
      reloj.mockReturnValue(2_000);
      cache.guardar('segundo', 'j2', beto, { n: 2 }, cache.sello());
      // 'primero' renewed: it must not stay ahead of 'segundo', which expires first.
      reloj.mockReturnValue(50_000);
      cache.guardar('primero', 'j1', ana, { n: 1 }, cache.sello());
      reloj.mockReturnValue(62_500);
      cache.guardar('tercero', 'j3', beto, { n: 3 }, cache.sello());
      const entradas = (cache as unknown as { entradas: Map<string, unknown> }).entradas;
      expect([...entradas.keys()]).toEqual(['primero', 'tercero']);
    } finally {
      reloj.mockRestore();
    }
  });
});
