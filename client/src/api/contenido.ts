import { http } from '@/nucleo/http';

// The public configuration of server/src/plugins/cliente.ts (no shared schema yet).
interface ConfigPublica {
  /** Android app (apk) download, when the operator published one. */
  appDescargaUrl: string | null;
  /** The clinic's time zone (TZ_CLINICA). */
  zonaClinica: string;
}

export const obtenerConfigPublica = (signal?: AbortSignal) => http.get<ConfigPublica>('/api/config-publica', { signal, sesion: 'ignorar' });
