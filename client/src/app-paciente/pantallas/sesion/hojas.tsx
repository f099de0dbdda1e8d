// The room's two sheets: her camera and microphone (choice of device), and her conversation with
// the session's psychologist (the chat stays one tap away without leaving the room, issue 54).
import { TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { lazy, Suspense, useState } from 'react';
import type { Sala } from '@/nucleo/sala/use-sala';
import { useMisChats } from '../../api/chat';
import { Aviso } from '../../componentes/ui';
import { Hoja } from './hoja';

const Conversacion = lazy(() => import('../conversacion'));

const nombreDeDispositivo = (d: MediaDeviceInfo, i: number, que: string) => d.label || `${que} ${i + 1}`;

export function HojaDispositivos({ sala, abierta, alCerrar }: { sala: Sala; abierta: boolean; alCerrar: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [cambiando, setCambiando] = useState(false);
  async function elegir(f: (id: string) => Promise<void>, id: string) {
    setError(null);
    setCambiando(true);
    try {
      await f(id);
    } catch {
      setError(TEXTOS_SALA.sinCamara);
    } finally {
      setCambiando(false);
    }
  }
  const { camaras, micros } = sala.dispositivos;
  const clase =
    'block min-h-12 w-full rounded-xl border border-arena-300 bg-papel px-3 text-base text-tinta-900 focus-visible:outline-2 focus-visible:outline-salvia-600';
  return (
    <Hoja id="dispositivos" titulo={TEXTOS_SALA.dispositivos} abierta={abierta} alCerrar={alCerrar}>
      <div className="space-y-4 py-4" aria-busy={cambiando || undefined}>
        <div className="space-y-1">
          <label htmlFor="sala-camara" className="block font-medium text-tinta-800">
            Cámara
          </label>
          {camaras.length === 0 ? (
            <p className="text-tinta-600">No encontramos ninguna cámara en este dispositivo.</p>
          ) : (
            <select
              id="sala-camara"
              className={clase}
              value={sala.camaraElegida ?? ''}
              disabled={cambiando}
              onChange={(e) => void elegir(sala.elegirCamara, e.target.value)}
            >
              {sala.camaraElegida === null && <option value="">Elige una cámara</option>}
              {camaras.map((d, i) => (
                <option key={d.deviceId || i} value={d.deviceId}>
                  {nombreDeDispositivo(d, i, 'Cámara')}
                </option>
              ))}
            </select>
          )}
        </div>
        <div className="space-y-1">
          <label htmlFor="sala-micro" className="block font-medium text-tinta-800">
            Micrófono
          </label>
          {micros.length === 0 ? (
            <p className="text-tinta-600">No encontramos ningún micrófono en este dispositivo.</p>
          ) : (
            <select
              id="sala-micro"
              className={clase}
              value={sala.microElegido ?? ''}
              disabled={cambiando}
              onChange={(e) => void elegir(sala.elegirMicro, e.target.value)}
            >
              {sala.microElegido === null && <option value="">Elige un micrófono</option>}
              {micros.map((d, i) => (
                <option key={d.deviceId || i} value={d.deviceId}>
                  {nombreDeDispositivo(d, i, 'Micrófono')}
                </option>
              ))}
            </select>
          )}
        </div>
        {(error ?? sala.error) && <Aviso tono="error">{error ?? sala.error}</Aviso>}
      </div>
    </Hoja>
  );
}

/** Her conversation with this session's psychologist, found in her chat list as Mensajes finds it. */
export function useChatDeLaSesion(idPsicologo: number | null): number | null {
  const chats = useMisChats();
  if (idPsicologo === null) return null;
  return chats.datos?.find((c) => c.tipo === 'paciente' && c.id_psicologo === idPsicologo)?.id_chat ?? null;
}

export function HojaChat({
  idChat,
  nombre,
  abierta,
  alCerrar,
}: {
  idChat: number | null;
  nombre: string;
  abierta: boolean;
  alCerrar: () => void;
}) {
  return (
    <Hoja id="chat-sala" titulo={nombre} abierta={abierta} alCerrar={alCerrar} alta>
      {idChat === null ? (
        <p className="py-4 text-tinta-700">Aún no tienes una conversación con {nombre}. Cuando abra el chat contigo, aparecerá aquí.</p>
      ) : (
        <Suspense fallback={<p className="py-4 text-tinta-600">Cargando…</p>}>
          <Conversacion idChat={idChat} incrustada />
        </Suspense>
      )}
    </Hoja>
  );
}
