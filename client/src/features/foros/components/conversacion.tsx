// Topic conversation (spec 2 §2): a 500-px scrolling area, own posts styled apart, line breaks kept,
// trimmed sends, scroll to the bottom after load and after sending. Beyond the spec (issue 16): posts
// appear live; a reader scrolled up gets 'n nuevos mensajes' instead of being yanked down;
// moderators hide posts, participants report them; crisis language shows the crisis lines; a post
// that could not be sent stays as 'No enviado' with 'Reintentar', or with the reason it was refused.
import { type MensajeForo, TEXTOS_FOROS, tieneRango } from '@miduelo/shared/foros';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowDown, ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { obtenerForo } from '@/api/foros';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { nuevoIdCliente } from '@/nucleo/live/optimista';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { useSession } from '@/lib/session';
import { useSocket } from '@/nucleo/socket';
import { toast } from '@/lib/toast';
import { type PostUI, useTemaEnVivo } from '@/features/foros/use-tema-en-vivo';
import { useSeguirAlFinal } from '@/features/foros/use-seguir-al-final';
import { useModeracionTema } from '@/features/foros/use-moderacion-tema';
import { CompositorTema } from './compositor-tema';
import { AvisoCrisis } from './crisis';
import { MensajeTema } from './mensaje-tema';

export function Conversacion({ idForo, idTema }: { idForo: number; idTema: number }) {
  const usuario = useSession((s) => s.usuario);
  const estadoSocket = useSocket((s) => s.estado);
  const foro = useLiveResource({ fetch: (signal) => obtenerForo(idForo, signal), deps: [idForo], vigilar: false });
  const leido = foro.data?.data;
  const autor: MensajeForo['autor'] | null = usuario
    ? { id: usuario.id_psicologo, nombre: usuario.nombre, apellido: usuario.apellido ?? '', tipo: 'psicologo' }
    : null;
  const esMio = (m: PostUI) => m.seq === null || (m.autor.tipo === 'psicologo' && m.autor.id === usuario?.id_psicologo);

  const [crisis, setCrisis] = useState(false);
  /** Why the server refused a post for good, by its client id; a failed post missing here offers 'Reintentar'. */
  const [rechazos, setRechazos] = useState<Record<string, string>>({});

  const tema = useTemaEnVivo({
    idTema,
    autor,
    participante: leido?.id_foro === idForo && leido.es_participante,
    // Called on live events, after the render that declared `desplazamiento`.
    alRecibir: (llegados) => desplazamiento.llegaron(llegados.filter((m) => !esMio(m)).length),
  });
  const desplazamiento = useSeguirAlFinal({ cargando: tema.cargando, cantidad: tema.mensajes.length });
  const { caja, nuevos, alFinal } = desplazamiento;
  const { reportados, ocultar, reportar } = useModeracionTema(tema.actualizar);

  // The forum counts (its name, the reader's role, the composer) only when it is this address's and
  // the topic's own — not while a topic opened under another forum's address moves to its own.
  const f = leido?.id_foro === idForo && (tema.delTema === null || tema.delTema.idForo === idForo) ? leido : undefined;
  const participante = Boolean(f?.es_participante);
  const moderador = tieneRango(f?.rol_usuario, 'moderador');

  /** Publishes a post, or a failed one again with the same client id (the server stores it once).
   * A failure leaves it on screen as 'No enviado', its text kept. */
  async function publicar(contenido: string, idCliente: string) {
    desplazamiento.seguir();
    try {
      const { crisis: hayCrisis } = await tema.enviar(contenido, idCliente);
      if (hayCrisis) setCrisis(true);
    } catch (e) {
      if (e instanceof ApiError && e.sesionCerrada) return;
      // A 4xx says why ('Estás publicando muy rápido…', a refused participant); anything else gets
      // the spec's text alone. Only no connection, a failed server and the rate limit are worth a
      // retry: any other answer would be the same again.
      const motivo = e instanceof ApiError && e.status >= 400 && e.status < 500 ? mensajeDeError(e, TEXTOS_FOROS.errorEnviar) : undefined;
      toast.error(TEXTOS_FOROS.errorEnviar, motivo);
      if (motivo !== undefined && e instanceof ApiError && e.status !== 429) setRechazos((r) => ({ ...r, [idCliente]: motivo }));
    } finally {
      requestAnimationFrame(alFinal);
    }
  }

  // A topic opened under another forum's address (a hand-typed or stale link) moves to its own
  // forum's address, so the forum's name, the way back and the reader's role there are the topic's.
  const navegar = useNavigate();
  const idForoDelTema = tema.delTema?.idForo;
  useEffect(() => {
    if (idForoDelTema !== undefined && idForoDelTema !== idForo)
      void navegar({
        to: '/foros/$idForo/temas/$idTema',
        params: { idForo: String(idForoDelTema), idTema: String(idTema) },
        replace: true,
      });
  }, [idForoDelTema, idForo, idTema, navegar]);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <Link
        to="/foros/$idForo"
        params={{ idForo: String(idForo) }}
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-salvia-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {TEXTOS_FOROS.volverAlForo}
      </Link>
      <h1 className="mb-1 font-serif text-3xl text-tinta-900">{TEXTOS_FOROS.conversacion}</h1>
      <div className="mb-4 text-sm [overflow-wrap:anywhere]" data-tema-titulo>
        {tema.delTema ? <p className="font-medium text-tinta-800">{tema.delTema.titulo}</p> : null}
        {f ? <p className="text-tinta-600">{f.titulo}</p> : null}
      </div>
      {estadoSocket !== 'conectado' ? (
        <p className="mb-3 rounded-lg bg-aviso-50 px-3 py-2 text-sm text-aviso-700" role="status">
          {TEXTOS_FOROS.sinConexion}
        </p>
      ) : null}
      {crisis ? <AvisoCrisis onCerrar={() => setCrisis(false)} /> : null}

      <div className="relative">
        <div
          ref={caja}
          className="h-[500px] overflow-y-auto rounded-xl border border-arena-200 bg-papel p-4"
          data-mensajes
          role="log"
          aria-live="polite"
          aria-label={TEXTOS_FOROS.conversacion}
        >
          {tema.cargando ? (
            <div className="flex h-full items-center justify-center">
              <Spinner className="size-6 text-salvia-500" etiqueta="Cargando mensajes" />
            </div>
          ) : tema.error && tema.mensajes.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center gap-3 text-tinta-600">
              <p>{TEXTOS_FOROS.errorCargarMensajes}</p>
              <Button variante="secundario" tamano="sm" onClick={() => void tema.recargar()}>
                {TEXTOS_FOROS.reintentar}
              </Button>
            </div>
          ) : tema.mensajes.length === 0 ? (
            <p className="flex h-full items-center justify-center text-center text-tinta-500">{TEXTOS_FOROS.sinMensajes}</p>
          ) : (
            <ol className="flex flex-col gap-3">
              {tema.mensajes.map((m) => (
                <MensajeTema
                  key={m.id_cliente ?? `s${m.seq}`}
                  m={m}
                  mio={esMio(m)}
                  moderador={moderador}
                  participante={participante}
                  rechazo={m.id_cliente ? rechazos[m.id_cliente] : undefined}
                  reportado={m.id_mensaje !== null && reportados.has(m.id_mensaje)}
                  onReintentar={() => void publicar(m.contenido, m.id_cliente as string)}
                  onOcultar={() => void ocultar(m)}
                  onReportar={() => void reportar(m)}
                />
              ))}
            </ol>
          )}
        </div>
        {nuevos > 0 ? (
          <button
            type="button"
            onClick={alFinal}
            className="absolute bottom-4 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-salvia-700 px-4 py-1.5 text-sm font-medium text-white shadow-lg hover:bg-salvia-800"
            data-nuevos={nuevos}
          >
            <ArrowDown className="size-4" aria-hidden /> {TEXTOS_FOROS.nuevosMensajes(nuevos)}
          </button>
        ) : null}
      </div>

      {participante ? (
        <CompositorTema onPublicar={(contenido) => publicar(contenido, nuevoIdCliente())} />
      ) : f ? (
        <p className="mt-4 text-sm text-tinta-600">{TEXTOS_FOROS.soloLectura}</p>
      ) : null}
    </div>
  );
}
