// One forum topic in the patient's app: its posts (live: use-tema.ts), reporting one, and writing.
import { TEXTOS_FOROS } from '@miduelo/shared/foros';
import { useEffect, useRef } from 'react';
import { useForo } from '../../api/foros';
import { Aviso, Tarjeta } from '../../componentes/ui';
import { useEventoForo as useEvento } from '@/nucleo/live/use-evento-foros';
import { useAlDia } from '../../lib/conexion';
import { Enlace, navegar } from '../../lib/enrutador';
import { RUTA_FOROS } from '../../lib/foros';
import { useSesion } from '../../lib/sesion';
import { Volver } from './comun';
import { Escribir } from './escribir';
import { Post } from './post';
import { useTema } from './use-tema';

export function TemaForo({ idForo, idTema }: { idForo: number; idTema: number }) {
  const cargadoForo = useForo(idForo);
  useAlDia(() => void cargadoForo.recargar());
  const yo = useSesion((s) => s.sesion?.paciente.id_paciente);
  const { delTema, foro, participante, posts, cargado, error, fusionar } = useTema(idTema, idForo, cargadoForo.datos);
  const fin = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (delTema && delTema.id_foro !== idForo) navegar(`${RUTA_FOROS}/${delTema.id_foro}/temas/${idTema}`, { reemplazar: true });
  }, [delTema, idForo, idTema]);

  // Removed by a moderator, or the forum changed: read its state again (the composer follows).
  useEvento('foro:removido', (c) => c.id_foro === idForo && void cargadoForo.recargar());
  useEvento('foro:cambio', (c) => c.id_foro === idForo && void cargadoForo.recargar());

  const total = posts.length;
  useEffect(() => {
    if (total > 0) fin.current?.scrollIntoView({ block: 'end' });
  }, [total]);

  return (
    <div className="flex min-h-[calc(100dvh-13rem)] flex-col">
      <Volver a={`${RUTA_FOROS}/${idForo}`} texto={foro ? `Volver a ${foro.data.titulo}` : TEXTOS_FOROS.volverAlForo} />
      <h1 className="mb-3 font-serif text-xl text-tinta-900 [overflow-wrap:anywhere]">{delTema?.titulo ?? TEXTOS_FOROS.conversacion}</h1>
      {error && <Aviso tono="error">{error}</Aviso>}
      {cargado && !error && total === 0 && (
        <p className="rounded-2xl border border-dashed border-arena-300 px-4 py-5 text-tinta-600">Todavía no hay mensajes en este tema.</p>
      )}
      <ol className="flex-1 space-y-3" aria-label="Mensajes del tema" data-testid="posts">
        {posts.map((m) => (
          <Post key={m.seq} post={m} propio={m.autor.tipo === 'paciente' && m.autor.id === yo} puedeReportar={participante} />
        ))}
      </ol>
      {foro &&
        (participante ? (
          <Escribir idTema={idTema} alPublicar={fusionar} />
        ) : (
          <Tarjeta className="mt-4 border-salvia-200 bg-salvia-50">
            <p className="text-tinta-800">
              Para escribir en este tema, únete al foro.{' '}
              <Enlace a={`${RUTA_FOROS}/${idForo}`} className="font-semibold text-salvia-700 underline">
                Ir al foro
              </Enlace>
            </p>
          </Tarjeta>
        ))}
      <div ref={fin} className="h-20" aria-hidden />
    </div>
  );
}
