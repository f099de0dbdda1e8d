import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import type { Remitente } from '@miduelo/shared/chat-respuestas';
import dayjs from 'dayjs';
import { Check, CheckCheck, CircleExclamationPoint, Clock, HeartHandshake, MessageCircleHeart } from 'lucide-react';
import { Fragment, useLayoutEffect, useRef } from 'react';
import type { MensajeConv } from '@/features/chat/conversaciones-tipos';
import { cx } from '@/lib/cx';
import { diaClinica, horaClinica, hoyClinica } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The separator above a day's first message; days are the clinic's ('yyyy-MM-dd', decision 252). */
function etiquetaDia(dia: string, hoy: string): string {
  if (dia === hoy) return 'Hoy';
  if (dia === dayjs(hoy).subtract(1, 'day').format('YYYY-MM-DD')) return 'Ayer';
  return dayjs(dia).format(dia.slice(0, 4) === hoy.slice(0, 4) ? 'dddd D [de] MMMM' : 'D [de] MMMM [de] YYYY');
}

/** A message's stable key: its client id (kept from pending to stored), else its sequence number. */
const clave = (m: MensajeConv | undefined) => (m ? (m.id_cliente ?? `s${m.seq}`) : null);

function Estado({ m }: { m: MensajeConv }) {
  if (m.estado === 'enviando')
    return (
      <span className="inline-flex items-center gap-1" title={TEXTOS_CHAT.enviando}>
        <Clock className="size-3.5" aria-hidden />
        <span className="sr-only">{TEXTOS_CHAT.enviando}</span>
      </span>
    );
  if (m.leido)
    return (
      <span className="inline-flex items-center" title={TEXTOS_CHAT.leido} data-recibo="leido">
        <CheckCheck className="size-4 text-salvia-100" aria-hidden />
        <span className="sr-only">{TEXTOS_CHAT.leido}</span>
      </span>
    );
  return (
    <span className="inline-flex items-center" title={TEXTOS_CHAT.enviado} data-recibo="enviado">
      <Check className="size-4 opacity-80" aria-hidden />
      <span className="sr-only">{TEXTOS_CHAT.enviado}</span>
    </span>
  );
}

/** A patient's message with crisis language (decision 338): said before its text. */
function MarcaCrisis() {
  return (
    <p className="mb-1 flex items-center gap-1.5 text-xs font-semibold text-terracota-700" title={TEXTOS_CHAT.crisis.marcaDetalle}>
      <HeartHandshake className="size-3.5 shrink-0" aria-hidden />
      {TEXTOS_CHAT.crisis.marca}
    </p>
  );
}

interface ChatMensajesProps {
  mensajes: MensajeConv[];
  propio: Remitente;
  /** Who the other participant is, for screen readers ('Lucía Ramírez'). */
  nombreOtro: string;
  cargando: boolean;
  hayAnteriores: boolean;
  onCargarAnteriores: () => void;
  onReintentar: (idCliente: string) => void;
  textoVacio?: string;
}

/**
 * A conversation's messages, oldest first, with day separators and the delivery state of one's own
 * messages. Text is rendered as text (React escapes it) and keeps its line breaks.
 */
export function ChatMensajes({
  mensajes,
  propio,
  nombreOtro,
  cargando,
  hayAnteriores,
  onCargarAnteriores,
  onReintentar,
  textoVacio = TEXTOS_CHAT.iniciaConversacion,
}: ChatMensajesProps) {
  const caja = useRef<HTMLDivElement>(null);
  const previo = useRef<{ primero: string | null; ultimo: string | null; alto: number; abajo: boolean }>({
    primero: null,
    ultimo: null,
    alto: 0,
    abajo: true,
  });

  // Older messages keep the reading position; new ones scroll down when the reader was at the
  // bottom or sent them.
  useLayoutEffect(() => {
    const el = caja.current;
    if (!el) return;
    const primero = clave(mensajes[0]);
    const ultimoMsg = mensajes[mensajes.length - 1];
    const ultimo = clave(ultimoMsg);
    const p = previo.current;
    if (p.primero && primero !== p.primero && ultimo === p.ultimo) {
      el.scrollTop += el.scrollHeight - p.alto;
    } else if (ultimo !== p.ultimo && (p.abajo || ultimoMsg?.remitente === propio || p.ultimo === null)) {
      el.scrollTop = el.scrollHeight;
    }
    previo.current = { primero, ultimo, alto: el.scrollHeight, abajo: el.scrollHeight - el.scrollTop - el.clientHeight < 120 };
  }, [mensajes, propio]);

  const alDesplazar = () => {
    const el = caja.current;
    if (el) previo.current.abajo = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
  };

  const hoy = hoyClinica();
  return (
    // The scrolling history is a log a keyboard can reach and scroll (issue 53); its list is a plain
    // list, so every message is an item of it.
    <div
      ref={caja}
      onScroll={alDesplazar}
      role="log"
      aria-label={`Mensajes con ${nombreOtro}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      data-historial
      className="min-h-0 flex-1 overflow-y-auto px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-salvia-500 sm:px-6"
    >
      {cargando ? (
        <div className="flex h-full items-center justify-center text-tinta-500">
          <Spinner className="size-6 text-salvia-500" etiqueta="Cargando mensajes" />
        </div>
      ) : mensajes.length === 0 ? (
        <div className="flex h-full flex-col items-center justify-center gap-3 text-center text-tinta-500">
          <span className="flex size-12 items-center justify-center rounded-full bg-salvia-50 text-salvia-600">
            <MessageCircleHeart className="size-6" aria-hidden />
          </span>
          <p className="text-sm">{textoVacio}</p>
        </div>
      ) : (
        <>
          {hayAnteriores ? (
            <div className="mb-4 flex justify-center">
              <Button variante="fantasma" tamano="sm" onClick={onCargarAnteriores}>
                {TEXTOS_CHAT.cargarAnteriores}
              </Button>
            </div>
          ) : null}
          <ol className="flex flex-col gap-1.5">
            {mensajes.map((m, i) => {
              const mio = m.remitente === propio;
              const anterior = mensajes[i - 1];
              const dia = diaClinica(m.fecha_envio);
              const nuevoDia = !anterior || diaClinica(anterior.fecha_envio) !== dia;
              const agrupado = !nuevoDia && anterior?.remitente === m.remitente;
              return (
                <Fragment key={m.id_cliente ?? `s${m.seq}`}>
                  {nuevoDia ? (
                    <li className="my-2 flex justify-center first:mt-0" data-separador-dia>
                      <span className="rounded-full bg-arena-100 px-3 py-1 text-xs font-medium text-tinta-600 first-letter:uppercase">
                        {etiquetaDia(dia, hoy)}
                      </span>
                    </li>
                  ) : null}
                  <li
                    className={cx('flex flex-col', mio ? 'items-end' : 'items-start', agrupado ? '' : 'mt-2')}
                    data-remitente={m.remitente}
                    data-seq={m.seq ?? undefined}
                    data-estado={m.estado}
                    data-crisis={m.crisis && !mio ? 'si' : undefined}
                  >
                    <div
                      className={cx(
                        'max-w-[85%] rounded-2xl px-3.5 py-1.5 shadow-xs sm:max-w-[70%]',
                        mio ? 'rounded-br-md bg-salvia-600 text-white' : 'rounded-bl-md border border-arena-200 bg-papel text-tinta-900',
                        m.crisis && !mio && 'border-2 border-terracota-400',
                        m.estado === 'error' && 'bg-salvia-400',
                      )}
                    >
                      {m.crisis && !mio ? <MarcaCrisis /> : null}
                      <span className="sr-only">{mio ? 'Tú: ' : `${nombreOtro}: `}</span>
                      {/* A short text and its time share one line; a long one wraps and the time goes below. */}
                      <div className="flex flex-wrap items-end justify-end gap-x-2.5">
                        <p className="min-w-0 flex-auto text-[0.95rem] leading-relaxed wrap-anywhere whitespace-pre-wrap" data-contenido>
                          {m.contenido}
                        </p>
                        <p
                          className={cx(
                            'flex items-center justify-end gap-1 pb-0.5 text-[0.7rem] tabular-nums',
                            mio ? 'text-salvia-100' : 'text-tinta-500',
                          )}
                        >
                          <time dateTime={m.fecha_envio}>{horaClinica(m.fecha_envio)}</time>
                          {mio && m.estado !== 'error' ? <Estado m={m} /> : null}
                        </p>
                      </div>
                    </div>
                    {m.estado === 'error' && m.id_cliente ? (
                      <p className="mt-1 flex items-center gap-1.5 text-xs text-peligro-700">
                        <CircleExclamationPoint className="size-3.5" aria-hidden />
                        {TEXTOS_CHAT.noEnviado}
                        <button
                          type="button"
                          className="cursor-pointer font-semibold underline underline-offset-2 hover:text-peligro-600"
                          onClick={() => onReintentar(m.id_cliente as string)}
                        >
                          {TEXTOS_CHAT.reintentar}
                        </button>
                      </p>
                    ) : null}
                  </li>
                </Fragment>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}
