import { POLL_MS } from '@miduelo/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EstadoConexion, vigilarConexion } from '@/nucleo/live/vigilancia';

/** A connection status the test drives, like the socket store. */
function conexion(inicial: EstadoConexion) {
  let estado = inicial;
  const oyentes = new Set<(e: EstadoConexion, p: EstadoConexion) => void>();
  return {
    actual: () => estado,
    suscribir: (f: (e: EstadoConexion, p: EstadoConexion) => void) => {
      oyentes.add(f);
      return () => oyentes.delete(f);
    },
    poner(nuevo: EstadoConexion) {
      const previo = estado;
      estado = nuevo;
      for (const f of oyentes) f(nuevo, previo);
    },
    oyentes,
  };
}

describe('vigilarConexion', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every 30 s while the socket is down, and not while it is up', () => {
    const c = conexion('desconectado');
    const recargar = vi.fn();
    const dejar = vigilarConexion(c, recargar, POLL_MS);
    expect(POLL_MS).toBe(30_000);
    vi.advanceTimersByTime(POLL_MS * 2);
    expect(recargar).toHaveBeenCalledTimes(2);
    c.poner('conectado');
    expect(recargar).toHaveBeenCalledTimes(3); // the resync on reconnect
    vi.advanceTimersByTime(POLL_MS * 3);
    expect(recargar).toHaveBeenCalledTimes(3);
    dejar();
  });

  it('resyncs once on each reconnection and polls again after a new drop', () => {
    const c = conexion('conectado');
    const recargar = vi.fn();
    const dejar = vigilarConexion(c, recargar, POLL_MS);
    c.poner('conectando');
    c.poner('desconectado');
    vi.advanceTimersByTime(POLL_MS);
    expect(recargar).toHaveBeenCalledTimes(1);
    c.poner('conectado');
    expect(recargar).toHaveBeenCalledTimes(2);
    dejar();
  });

  it('stops polling and listening when released', () => {
    const c = conexion('desconectado');
    const recargar = vi.fn();
    vigilarConexion(c, recargar, POLL_MS)();
    vi.advanceTimersByTime(POLL_MS * 2);
    c.poner('conectado');
    expect(recargar).not.toHaveBeenCalled();
    expect(c.oyentes.size).toBe(0);
  });
});
