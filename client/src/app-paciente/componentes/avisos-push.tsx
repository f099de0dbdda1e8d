// Ajustes → "Avisos en este teléfono" (decisions 182, 201): turning push notifications on or off for
// this phone, and what she wants to be told about.
import type { PreferenciasPush } from '@miduelo/shared/notificaciones';
import { useEffect, useState } from 'react';
import {
  borrarSuscripcionPush,
  guardarPreferenciasPush,
  registrarSuscripcionPush,
  useClavePush,
  usePreferenciasPush,
} from '../api/notificaciones';
import { ErrorApi } from '../lib/api';
import { anotarDuena, pushDisponible, suscribir, suscripcionActual, suscripcionDeLaSesion } from '../lib/notificaciones';
import { sesionActual } from '../lib/sesion';
import { Aviso, Boton, Tarjeta } from './ui';

export function AvisosPush() {
  const clave = useClavePush();
  const preferencias = usePreferenciasPush();
  const [activo, setActivo] = useState<boolean | null>(null);
  const [mensaje, setMensaje] = useState<{ tono: 'exito' | 'error'; texto: string } | null>(null);
  const [ocupado, setOcupado] = useState(false);

  useEffect(() => {
    void suscripcionDeLaSesion().then(
      (s) => setActivo(s !== null && Notification.permission === 'granted'),
      () => setActivo(false),
    );
  }, []);

  if (!pushDisponible()) {
    return (
      <Tarjeta>
        <h2 className="font-semibold">Avisos en este teléfono</h2>
        <p className="text-tinta-600">Este navegador no permite avisos. Si instalas MiDuelo en tu pantalla de inicio, podrás activarlos.</p>
      </Tarjeta>
    );
  }

  async function activar() {
    const k = clave.datos?.clave_publica;
    if (!k) return;
    setOcupado(true);
    setMensaje(null);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setMensaje({ tono: 'error', texto: 'No diste permiso para los avisos. Puedes darlo desde los ajustes del navegador.' });
        return;
      }
      const sub = await suscribir(k);
      const r = await registrarSuscripcionPush(sub.toJSON());
      anotarDuena(sesionActual()?.paciente.id_paciente ?? null);
      setActivo(true);
      setMensaje({ tono: 'exito', texto: r.msg });
    } catch (e) {
      setMensaje({ tono: 'error', texto: e instanceof ErrorApi ? e.message : 'No pudimos activar los avisos en este teléfono.' });
    } finally {
      setOcupado(false);
    }
  }

  async function desactivar() {
    setOcupado(true);
    setMensaje(null);
    try {
      const sub = await suscripcionActual();
      if (sub) {
        const r = await borrarSuscripcionPush(sub.endpoint);
        await sub.unsubscribe();
        anotarDuena(null);
        setMensaje({ tono: 'exito', texto: r.msg });
      }
      setActivo(false);
    } catch (e) {
      setMensaje({ tono: 'error', texto: e instanceof ErrorApi ? e.message : 'No pudimos desactivar los avisos.' });
    } finally {
      setOcupado(false);
    }
  }

  async function cambiar(k: keyof PreferenciasPush, valor: boolean) {
    // A copy saved by an older version of the app may lack `actividades` (decision 201).
    const guardadas: Partial<PreferenciasPush> = preferencias.datos ?? {};
    const actual: PreferenciasPush = { mensajes: true, citas: true, actividades: true, ...guardadas };
    const nuevas = { ...actual, [k]: valor };
    preferencias.fijar(() => nuevas);
    try {
      await guardarPreferenciasPush(nuevas);
    } catch (e) {
      preferencias.fijar(() => actual);
      setMensaje({ tono: 'error', texto: e instanceof ErrorApi ? e.message : 'No pudimos guardar tus preferencias.' });
    }
  }

  const p = preferencias.datos;
  return (
    <Tarjeta>
      <h2 className="font-semibold">Avisos en este teléfono</h2>
      <p className="mb-3 text-tinta-600">
        Cuando la app esté cerrada, te avisaremos con un mensaje discreto, sin mostrar lo que te escribieron.
      </p>
      {clave.datos && clave.datos.clave_publica === null ? (
        <p className="text-tinta-600">Los avisos no están disponibles por ahora.</p>
      ) : activo ? (
        <Boton variante="secundario" onClick={desactivar} disabled={ocupado}>
          Desactivar avisos
        </Boton>
      ) : (
        <Boton onClick={activar} disabled={ocupado || !clave.datos}>
          Activar avisos
        </Boton>
      )}
      {p && (
        <fieldset className="mt-4 space-y-2">
          <legend className="mb-1 font-medium">Quiero que me avisen de</legend>
          <label className="flex min-h-11 items-center gap-3">
            <input type="checkbox" className="size-5" checked={p.mensajes} onChange={(e) => cambiar('mensajes', e.target.checked)} />
            Mensajes nuevos
          </label>
          <label className="flex min-h-11 items-center gap-3">
            <input type="checkbox" className="size-5" checked={p.citas} onChange={(e) => cambiar('citas', e.target.checked)} />
            Cambios en mis citas
          </label>
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              className="size-5"
              checked={p.actividades !== false}
              onChange={(e) => cambiar('actividades', e.target.checked)}
            />
            Actividades nuevas y recordatorios
          </label>
        </fieldset>
      )}
      {mensaje && (
        <div className="mt-3">
          <Aviso tono={mensaje.tono}>{mensaje.texto}</Aviso>
        </div>
      )}
    </Tarjeta>
  );
}
