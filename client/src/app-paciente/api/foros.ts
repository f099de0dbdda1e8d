import { type Foro, LIMITE_PAGINA_MAX, type MensajeForo, type Meta, type Tema, TEMAS_POR_PAGINA, temasHasta } from '@miduelo/shared/foros';
import { api, useRecurso } from '../lib/api';

// The forums from the patient's app (issue 16's API at /api/foros, decisions 161, 164, 213, 255):
// the public forums, one forum and its topics, joining and leaving, a new topic, a topic's posts,
// publishing (with a client id), marking a topic read and reporting a post. The web's api/foros.ts
// holds the psychologists' calls to the same API; the types are shared.

const RAIZ = '/api/foros';
const foros = <T>(ruta: string, o: { metodo?: string; cuerpo?: unknown } = {}) => api<T>(ruta, { ...o, raiz: RAIZ });

/** Every public forum, page after page of 100 (decision 255): 'Tus foros' must hold each forum the
 * patient joined, however many newer ones there are. */
export async function forosPublicos(): Promise<{ data: Foro[] }> {
  const pagina = (page: number) => foros<{ data: Foro[]; meta: Meta }>(`?publico=true&limit=${LIMITE_PAGINA_MAX}&page=${page}`);
  const primera = await pagina(1);
  const resto = await Promise.all(Array.from({ length: Math.max(0, primera.meta.totalPages - 1) }, (_, i) => pagina(i + 2)));
  const porId = new Map<number, Foro>();
  for (const f of [primera, ...resto].flatMap((r) => r.data)) if (!porId.has(f.id_foro)) porId.set(f.id_foro, f);
  return { data: [...porId.values()] };
}

/** The list of forums, shown at once from the phone (its key as before: `foros:?publico=true`). */
export const useForosPublicos = () => useRecurso<{ data: Foro[] }>('?publico=true', 'foros:?publico=true', RAIZ, forosPublicos);

export const useForo = (idForo: number) => useRecurso<{ data: Foro }>(`/${idForo}`, `foros:/${idForo}`, RAIZ);

export const paginaDeTemas = (idForo: number, page: number, limit: number) =>
  foros<{ data: Tema[]; meta: Meta }>(`/${idForo}/temas?page=${page}&limit=${limit}`);

/** A forum's topics, as many as `cuantos()` says are shown (pages of 20, spec 2 §9). */
export const useTemas = (idForo: number, cuantos: () => number) =>
  useRecurso<{ data: Tema[] }>(`/${idForo}/temas`, `foros:/${idForo}/temas`, RAIZ, () =>
    temasHasta((page, limit) => paginaDeTemas(idForo, page, limit), cuantos()),
  );

export { TEMAS_POR_PAGINA };

export const cambiarParticipacion = (idForo: number, accion: 'unirse' | 'salir') =>
  foros<{ data: Foro; msg: string }>(`/${idForo}/${accion}`, { metodo: 'POST' });

export const crearTema = (idForo: number, titulo: string) =>
  foros<{ data: Tema & { crisis: boolean } }>(`/${idForo}/temas`, { metodo: 'POST', cuerpo: { titulo } });

export type PaginaDePosts = { data: MensajeForo[]; meta: { ultimo_seq: number; id_foro: number; titulo_tema: string } };

export const postsDespuesDe = (idTema: number, desde: number, limite: number) =>
  foros<PaginaDePosts>(`/temas/${idTema}/mensajes?despues_de=${desde}&limite=${limite}`);

export const publicarPost = (idTema: number, contenido: string, idCliente: string) =>
  foros<{ data: MensajeForo & { crisis: boolean } }>(`/temas/${idTema}/mensajes`, {
    metodo: 'POST',
    cuerpo: { contenido, id_cliente: idCliente },
  });

export const marcarTemaLeido = (idTema: number) => foros<unknown>(`/temas/${idTema}/leer`, { metodo: 'PUT' });

export const reportarPost = (idMensaje: number, motivo: string | null) =>
  foros<{ data: { msg: string } }>(`/mensajes/${idMensaje}/reportar`, { metodo: 'POST', cuerpo: { motivo } });
