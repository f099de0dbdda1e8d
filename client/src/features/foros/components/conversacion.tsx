// Topic conversation (spec 2 §2): a 500-px scrolling area, own posts styled apart, line breaks kept,
// trimmed sends, scroll to the bottom after load and after sending. Beyond the spec (issue 16): posts
// appear live; a reader scrolled up gets 'n nuevos mensajes' instead of being yanked down;
// moderators hide posts, participants report them; crisis language shows the crisis lines; a post
// that could not be sent stays as 'No enviado' with 'Reintentar', or with the reason it was refused.
import { MENSAJE_FORO_MAX, type MensajeForo, TEXTOS_FOROS, TextoMensajeForoSchema, tieneRango } from '@miduelo/shared/foros';
import { longitudTexto } from '@miduelo/shared/comun';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowDown, ArrowLeft, CircleExclamationPoint, EyeOff, Flag } from 'lucide-react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { obtenerForo, ocultarMensaje, reportarMensaje } from '@/api/foros';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/input';
import { cx } from '@/lib/cx';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { nuevoIdCliente } from '@/nucleo/live/optimista';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { useSession } from '@/lib/session';
import { useSocket } from '@/nucleo/socket';
import { toast } from '@/lib/toast';
import { AvisoCrisis } from './crisis';
import { type PostUI, useTemaEnVivo } from '@/features/foros/use-tema-en-vivo';
import { fechaHora } from '@/lib/format';

const CERCA_DEL_FINAL_PX = 80;

export function Conversacion({ idForo, idTema }: { idForo: number; idTema: number }) {
  const usuario = useSession((s) => s.usuario);
  const estadoSocket = useSocket((s) => s.estado);
  const foro = useLiveResource({ fetch: (signal) => obtenerForo(idForo, signal), deps: [idForo], vigilar: false });
  const leido = foro.data?.data;
  const autor: MensajeForo['autor'] | null = usuario
    ? { id: usuario.id_psicologo, nombre: usuario.nombre, apellido: usuario.apellido ?? '', tipo: 'psicologo' }
    : null;
  const esMio = (m: PostUI) => m.seq === null || (m.autor.tipo === 'psicologo' && m.autor.id === usuario?.id_psicologo);

  const caja = useRef<HTMLDivElement>(null);
  const abajo = useRef(true);
  const [nuevos, setNuevos] = useState(0);
  const [texto, setTexto] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [crisis, setCrisis] = useState(false);
  const [reportados, setReportados] = useState<Set<number>>(new Set());
  /** Why the server refused a post for good, by its client id; a failed post missing here offers 'Reintentar'. */
  const [rechazos, setRechazos] = useState<Record<string, string>>({});

  const tema = useTemaEnVivo({
    idTema,
    autor,
    participante: leido?.id_foro === idForo && leido.es_participante,
    alRecibir: (llegados) => {
      const deOtros = llegados.filter((m) => !esMio(m)).length;
      if (deOtros > 0 && !abajo.current) setNuevos((n) => n + deOtros);
    },
  });

  // The forum counts (its name, the reader's role, the composer) only when it is this address's and
  // the topic's own — not while a topic opened under another forum's address moves to its own.
  const f = leido?.id_foro === idForo && (tema.delTema === null || tema.delTema.idForo === idForo) ? leido : undefined;
  const participante = Boolean(f?.es_participante);
  const moderador = tieneRango(f?.rol_usuario, 'moderador');

  const alFinal = () => {
    const el = caja.current;
    if (el) el.scrollTop = el.scrollHeight;
    abajo.current = true;
    setNuevos(0);
  };

  // After the load, and whenever a post arrives while the reader is at the bottom, follow it.
  const cantidad = tema.mensajes.length;
  const cargando = tema.cargando;
  // biome-ignore lint/correctness/useExhaustiveDependencies: alFinal only reads refs and sets state
  useLayoutEffect(() => {
    if (!cargando && cantidad >= 0 && abajo.current) alFinal();
  }, [cargando, cantidad]);

  // Content that grows after the posts are shown (the moderation buttons once the forum's role is
  // known, a wrapped line) keeps a reader at the bottom at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the observed element changes when the load ends or the first post arrives
  useEffect(() => {
    const el = caja.current;
    const contenido = el?.firstElementChild;
    if (!el || !contenido || typeof ResizeObserver === 'undefined') return;
    const obs = new ResizeObserver(() => {
      if (abajo.current) el.scrollTop = el.scrollHeight;
    });
    obs.observe(contenido);
    return () => obs.disconnect();
  }, [cargando, cantidad > 0]);

  useEffect(() => {
    const el = caja.current;
    if (!el) return;
    const alDesplazar = () => {
      abajo.current = el.scrollHeight - el.scrollTop - el.clientHeight < CERCA_DEL_FINAL_PX;
      if (abajo.current) setNuevos(0);
    };
    el.addEventListener('scroll', alDesplazar, { passive: true });
    return () => el.removeEventListener('scroll', alDesplazar);
  }, []);

  /** Publishes a post, or a failed one again with the same client id (the server stores it once).
   * A failure leaves it on screen as 'No enviado', its text kept. */
  async function publicar(contenido: string, idCliente: string) {
    abajo.current = true;
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

  async function enviar() {
    const r = v.safeParse(TextoMensajeForoSchema, texto);
    if (!r.success || enviando) return;
    setEnviando(true);
    setTexto('');
    try {
      await publicar(r.output, nuevoIdCliente());
    } finally {
      setEnviando(false);
    }
  }

  function alTeclear(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void enviar();
    }
  }

  async function ocultar(m: PostUI) {
    if (m.id_mensaje === null) return;
    try {
      const r = await ocultarMensaje(m.id_mensaje, !m.oculto);
      tema.actualizar(r.data);
    } catch (e) {
      toast.error('Error', mensajeDeError(e, 'Error'));
    }
  }

  async function reportar(m: PostUI) {
    if (m.id_mensaje === null) return;
    const id = m.id_mensaje;
    try {
      const r = await reportarMensaje(id, null);
      toast.exito(r.data.msg);
      setReportados((s) => new Set(s).add(id));
    } catch (e) {
      toast.error('Error', mensajeDeError(e, 'Error'));
    }
  }

  // The composer says why a post cannot leave (too long, a character that cannot be stored) instead
  // of only disabling Enviar; counted as sent, trimmed and in characters (code points), as the server.
  const validacion = v.safeParse(TextoMensajeForoSchema, texto);
  const vacio = texto.trim() === '';
  const errorTexto = !vacio && !validacion.success ? validacion.issues[0].message : null;
  const largo = longitudTexto(texto.trim());

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
              {tema.mensajes.map((m) => {
                const mio = esMio(m);
                return (
                  <li
                    key={m.id_cliente ?? `s${m.seq}`}
                    className={cx('flex flex-col', mio ? 'items-end' : 'items-start')}
                    data-mensaje={m.seq ?? 'pendiente'}
                    data-propio={mio ? 'si' : 'no'}
                  >
                    <div
                      className={cx(
                        'max-w-[85%] rounded-2xl px-4 py-2.5 shadow-sm',
                        mio ? 'rounded-br-sm bg-salvia-600 text-white' : 'rounded-bl-sm border border-arena-200 bg-crema text-tinta-900',
                        m.estado === 'error' && 'ring-2 ring-peligro-400',
                      )}
                    >
                      <p className={cx('text-xs font-semibold', mio ? 'text-salvia-50' : 'text-tinta-700')}>
                        {m.autor.nombre} {m.autor.apellido}{' '}
                        <span className="font-normal opacity-80">· {TEXTOS_FOROS.tipos[m.autor.tipo] ?? m.autor.tipo}</span>
                      </p>
                      {m.oculto && (!moderador || m.contenido === '') ? (
                        <p className="mt-1 text-sm italic opacity-80" data-oculto>
                          {TEXTOS_FOROS.mensajeOculto}
                        </p>
                      ) : (
                        <p className={cx('mt-1 whitespace-pre-line [overflow-wrap:anywhere]', m.oculto && 'line-through opacity-70')}>
                          {m.contenido}
                        </p>
                      )}
                      <p className={cx('mt-1 text-right text-[11px]', mio ? 'text-salvia-100' : 'text-tinta-500')}>
                        {m.estado === 'enviando' ? TEXTOS_FOROS.enviando : fechaHora(m.fecha_envio)}
                      </p>
                    </div>
                    {m.estado === 'error' && m.id_cliente ? (
                      <p className="mt-1 flex max-w-[85%] flex-wrap items-center gap-1.5 text-xs text-peligro-700" data-no-enviado>
                        <CircleExclamationPoint className="size-3.5 shrink-0" aria-hidden />
                        {TEXTOS_FOROS.noEnviado}
                        {rechazos[m.id_cliente] !== undefined ? (
                          <span className="[overflow-wrap:anywhere]">· {rechazos[m.id_cliente]}</span>
                        ) : (
                          <button
                            type="button"
                            className="cursor-pointer font-semibold underline underline-offset-2 hover:text-peligro-600"
                            onClick={() => void publicar(m.contenido, m.id_cliente as string)}
                          >
                            {TEXTOS_FOROS.reintentar}
                          </button>
                        )}
                      </p>
                    ) : null}
                    {m.seq !== null && (moderador || (participante && !mio)) ? (
                      <div className="mt-1 flex gap-1">
                        {moderador ? (
                          <button
                            type="button"
                            onClick={() => void ocultar(m)}
                            className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-tinta-500 hover:bg-arena-100"
                          >
                            <EyeOff className="size-3.5" aria-hidden /> {m.oculto ? TEXTOS_FOROS.mostrar : TEXTOS_FOROS.ocultar}
                          </button>
                        ) : null}
                        {participante && !mio && m.id_mensaje !== null ? (
                          <button
                            type="button"
                            disabled={reportados.has(m.id_mensaje)}
                            onClick={() => void reportar(m)}
                            className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-tinta-500 hover:bg-arena-100 disabled:opacity-60"
                          >
                            <Flag className="size-3.5" aria-hidden />{' '}
                            {reportados.has(m.id_mensaje) ? TEXTOS_FOROS.reportado : TEXTOS_FOROS.reportar}
                          </button>
                        ) : null}
                      </div>
                    ) : null}
                  </li>
                );
              })}
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
        <form
          className="mt-4"
          onSubmit={(e) => {
            e.preventDefault();
            void enviar();
          }}
        >
          <div className="flex items-end gap-3">
            <Textarea
              rows={2}
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
              onKeyDown={alTeclear}
              placeholder={TEXTOS_FOROS.escribe}
              aria-label={TEXTOS_FOROS.escribe}
              aria-invalid={errorTexto !== null || undefined}
              aria-describedby="ayuda-mensaje-foro"
              className="flex-1"
            />
            <Button type="submit" disabled={enviando || vacio || errorTexto !== null}>
              {TEXTOS_FOROS.enviar}
            </Button>
          </div>
          <p
            id="ayuda-mensaje-foro"
            className={cx(
              'mt-1.5 px-1 text-xs',
              errorTexto ? 'font-semibold text-peligro-700' : 'text-tinta-500 tabular-nums',
              errorTexto === null && largo <= MENSAJE_FORO_MAX * 0.9 && 'invisible',
            )}
          >
            {errorTexto ?? `${largo}/${MENSAJE_FORO_MAX}`}
          </p>
        </form>
      ) : f ? (
        <p className="mt-4 text-sm text-tinta-600">{TEXTOS_FOROS.soloLectura}</p>
      ) : null}
    </div>
  );
}
