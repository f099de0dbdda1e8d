// What a room shows at one moment (decision 361): the snapshot `useSala` renders.
import type { EstadoSala, SesionEnLinea } from '@miduelo/shared/sesiones-en-linea';
import type { Calidad } from './calidad';
import type { FaseSala } from './fase';

export interface InstantaneaSala {
  fase: FaseSala;
  /** Spanish message (entry refused by the server, no camera/mic). */
  error: string | null;
  sesion: SesionEnLinea | null;
  estado: EstadoSala | null;
  /** The other party gone > AUSENCIA_AVISO_MS. */
  otroAusenteLargo: boolean;
  local: MediaStream | null;
  remoto: MediaStream | null;
  calidad: Calidad | null;
  camara: boolean;
  micro: boolean;
  dispositivos: { camaras: MediaDeviceInfo[]; micros: MediaDeviceInfo[] };
  camaraElegida: string | null;
  microElegido: string | null;
}

export const INSTANTANEA_INICIAL: InstantaneaSala = {
  fase: 'entrando',
  error: null,
  sesion: null,
  estado: null,
  otroAusenteLargo: false,
  local: null,
  remoto: null,
  calidad: null,
  camara: false,
  micro: false,
  dispositivos: { camaras: [], micros: [] },
  camaraElegida: null,
  microElegido: null,
};

export const pista = (s: MediaStream | null, tipo: 'video' | 'audio') =>
  (tipo === 'video' ? s?.getVideoTracks()[0] : s?.getAudioTracks()[0]) ?? null;
