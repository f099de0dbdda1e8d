import type {
  CrearForoBody,
  Foro,
  Invitacion,
  ListaForosQuery,
  MensajeForo,
  Meta,
  Participante,
  Reporte,
  Tema,
} from '@miduelo/shared/foros';
import { http } from '@/nucleo/http';

// Forum calls (spec 2 §7, base /api/foros; every answer wrapped in `data`). The socket side lives in
// features/foros.
const base = '/api/foros';

interface Lista<T> {
  data: T[];
  meta: Meta;
}

export const listarForos = (q: ListaForosQuery, signal?: AbortSignal) => http.get<Lista<Foro>>(base, { query: { ...q }, signal });
export const obtenerForo = (id: number, signal?: AbortSignal) => http.get<{ data: Foro }>(`${base}/${id}`, { signal });
export const crearForo = (b: CrearForoBody) => http.post<{ data: Foro }>(base, b);
export const eliminarForo = (id: number) => http.delete<{ data: { msg: string } }>(`${base}/${id}`);
export const unirseAForo = (id: number) => http.post<{ data: Foro; msg: string }>(`${base}/${id}/unirse`);

export const participantes = (id: number, signal?: AbortSignal) =>
  http.get<{ data: Participante[] }>(`${base}/${id}/participantes`, { signal });
export const quitarParticipante = (id: number, idParticipante: number) =>
  http.delete<{ data: { msg: string } }>(`${base}/${id}/participantes/${idParticipante}`);
export const invitar = (id: number, correo: string, mensaje: string) =>
  http.post<{ data: Invitacion; msg: string }>(`${base}/${id}/invitar`, { correo, mensaje });
export const misInvitaciones = (estado: string, signal?: AbortSignal) =>
  http.get<{ data: Invitacion[] }>(`${base}/invitaciones/mis-invitaciones`, { query: { estado }, signal });
export const responderInvitacion = (id: number, aceptar: boolean) =>
  http.post<{ data: Invitacion; msg: string }>(`${base}/invitaciones/${id}/responder`, { aceptar });

export const temas = (id: number, page: number, limit: number, signal?: AbortSignal) =>
  http.get<Lista<Tema>>(`${base}/${id}/temas`, { query: { page, limit }, signal });
export const crearTema = (id: number, titulo: string) => http.post<{ data: Tema & { crisis: boolean } }>(`${base}/${id}/temas`, { titulo });
export const mensajesDespuesDe = (idTema: number, despues_de: number, limite: number, signal?: AbortSignal) =>
  http.get<{ data: MensajeForo[]; meta: Meta & { ultimo_seq: number; id_foro: number; titulo_tema: string } }>(
    `${base}/temas/${idTema}/mensajes`,
    {
      query: { despues_de, limite },
      signal,
    },
  );
export const publicarMensaje = (idTema: number, contenido: string, id_cliente: string) =>
  http.post<{ data: MensajeForo & { crisis: boolean } }>(`${base}/temas/${idTema}/mensajes`, { contenido, id_cliente });
export const marcarTemaLeido = (idTema: number) => http.put<{ data: { hasta_seq: number } }>(`${base}/temas/${idTema}/leer`);
export const ocultarMensaje = (idMensaje: number, oculto: boolean) =>
  http.post<{ data: MensajeForo }>(`${base}/mensajes/${idMensaje}/ocultar`, { oculto });
export const reportarMensaje = (idMensaje: number, motivo: string | null) =>
  http.post<{ data: { id_reporte: number; msg: string } }>(`${base}/mensajes/${idMensaje}/reportar`, { motivo });
export const reportes = (id: number, signal?: AbortSignal) => http.get<{ data: Reporte[] }>(`${base}/${id}/reportes`, { signal });
