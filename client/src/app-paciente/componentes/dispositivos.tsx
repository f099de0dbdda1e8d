// Ajustes → "Dispositivos con sesión abierta" (issue 56, decision 380): the patient's open sessions
// with device, browser, place and last use, this phone marked; another closes at once, all the
// others after a confirmation in place (no dialog on a phone).
import { cuandoLegible, MSG_DISPOSITIVOS as T } from '@miduelo/shared/dispositivos-textos';
import type { SesionAbierta } from '@miduelo/shared/dispositivos';
import { useState } from 'react';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { cerrarOtrasSesiones, cerrarSesionAbierta, sesionesAbiertas } from '../api/dispositivos';
import { ErrorApi } from '../lib/api';
import { Aviso, Boton, Tarjeta } from './ui';

export function Dispositivos() {
  const { data, error, recargar } = useLiveResource({ fetch: sesionesAbiertas });
  const [ocupado, setOcupado] = useState(false);
  const [confirmando, setConfirmando] = useState(false);
  const [mensaje, setMensaje] = useState<{ tono: 'exito' | 'error'; texto: string } | null>(null);

  async function hacer(accion: () => Promise<{ msg: string }>) {
    setOcupado(true);
    setMensaje(null);
    try {
      setMensaje({ tono: 'exito', texto: (await accion()).msg });
    } catch (e) {
      setMensaje({ tono: 'error', texto: e instanceof ErrorApi ? e.message : T.errorCarga });
    } finally {
      setOcupado(false);
      setConfirmando(false);
      void recargar();
    }
  }

  const otras = data?.filter((s) => !s.actual).length ?? 0;
  return (
    <Tarjeta>
      <h2 className="font-semibold">{T.titulo}</h2>
      <p className="mb-3 text-sm text-tinta-600">{T.descripcion}</p>
      {!data && error ? (
        <div className="space-y-2">
          <Aviso tono="error">{T.errorCarga}</Aviso>
          <Boton variante="secundario" onClick={() => void recargar()}>
            {T.reintentar}
          </Boton>
        </div>
      ) : !data ? (
        <p className="text-tinta-600">{T.cargando}</p>
      ) : (
        <div className="space-y-3">
          {data.length > 0 && (
            <ul className="space-y-2" data-sesiones>
              {data.map((s) => (
                <Sesion key={s.id} s={s} ocupado={ocupado} alCerrar={() => void hacer(() => cerrarSesionAbierta(s.id))} />
              ))}
            </ul>
          )}
          {mensaje && <Aviso tono={mensaje.tono}>{mensaje.texto}</Aviso>}
          {otras === 0 ? (
            <p className="text-sm text-tinta-700" data-solo-este>
              {T.soloEste}
            </p>
          ) : confirmando ? (
            <div className="space-y-2 rounded-xl border border-terracota-200 p-3">
              <p className="text-tinta-800">{T.confirmarCerrarOtras}</p>
              <div className="flex flex-wrap gap-2">
                <Boton variante="peligro" disabled={ocupado} onClick={() => void hacer(cerrarOtrasSesiones)}>
                  {T.confirmar}
                </Boton>
                <Boton variante="secundario" disabled={ocupado} onClick={() => setConfirmando(false)}>
                  {T.cancelar}
                </Boton>
              </div>
            </div>
          ) : (
            <Boton variante="peligro" className="w-full" disabled={ocupado} onClick={() => setConfirmando(true)}>
              {T.cerrarOtras}
            </Boton>
          )}
        </div>
      )}
    </Tarjeta>
  );
}

function Sesion({ s, ocupado, alCerrar }: { s: SesionAbierta; ocupado: boolean; alCerrar: () => void }) {
  return (
    <li data-sesion={s.id} className="rounded-xl border border-arena-200 p-3 text-sm [overflow-wrap:anywhere]">
      <p className="font-medium text-tinta-900">
        {s.dispositivo} · {s.navegador} · {s.sistema}
      </p>
      {s.actual && (
        <p className="mt-1 inline-block rounded-full bg-salvia-50 px-2 py-0.5 text-xs font-semibold text-salvia-800">{T.esteDispositivo}</p>
      )}
      <p className="mt-1 text-tinta-600">
        {T.lugar}: {s.lugar} · {T.ultimoUso}: {cuandoLegible(s.ultimo_uso)}
      </p>
      {!s.actual && (
        <Boton
          variante="secundario"
          className="mt-2 w-full"
          disabled={ocupado}
          aria-label={T.cerrarEn(`${s.dispositivo} · ${s.navegador}`)}
          onClick={alCerrar}
        >
          {T.cerrar}
        </Boton>
      )}
    </li>
  );
}
