import { TEXTOS_FOROS } from '@miduelo/shared/foros';
import { CircleExclamationPoint, EyeOff, Flag } from 'lucide-react';
import { cx } from '@/lib/cx';
import { fechaHora } from '@/lib/format';
import type { PostUI } from '@/features/foros/use-tema-en-vivo';

/** One post of a topic's conversation: own posts styled apart, line breaks kept; a hidden post as
 * moderators and others see it; a post not sent with 'Reintentar' or the reason it was refused; the
 * moderator's hide and the participant's report. */
export function MensajeTema(p: {
  m: PostUI;
  mio: boolean;
  moderador: boolean;
  participante: boolean;
  /** Why the server refused it for good; undefined offers 'Reintentar'. */
  rechazo: string | undefined;
  reportado: boolean;
  onReintentar: () => void;
  onOcultar: () => void;
  onReportar: () => void;
}) {
  const { m, mio, moderador, participante } = p;
  return (
    <li
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
          <p className={cx('mt-1 whitespace-pre-line [overflow-wrap:anywhere]', m.oculto && 'line-through opacity-70')}>{m.contenido}</p>
        )}
        <p className={cx('mt-1 text-right text-[11px]', mio ? 'text-salvia-100' : 'text-tinta-500')}>
          {m.estado === 'enviando' ? TEXTOS_FOROS.enviando : fechaHora(m.fecha_envio)}
        </p>
      </div>
      {m.estado === 'error' && m.id_cliente ? (
        <p className="mt-1 flex max-w-[85%] flex-wrap items-center gap-1.5 text-xs text-peligro-700" data-no-enviado>
          <CircleExclamationPoint className="size-3.5 shrink-0" aria-hidden />
          {TEXTOS_FOROS.noEnviado}
          {p.rechazo !== undefined ? (
            <span className="[overflow-wrap:anywhere]">· {p.rechazo}</span>
          ) : (
            <button
              type="button"
              className="cursor-pointer font-semibold underline underline-offset-2 hover:text-peligro-600"
              onClick={p.onReintentar}
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
              onClick={p.onOcultar}
              className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-tinta-500 hover:bg-arena-100"
            >
              <EyeOff className="size-3.5" aria-hidden /> {m.oculto ? TEXTOS_FOROS.mostrar : TEXTOS_FOROS.ocultar}
            </button>
          ) : null}
          {participante && !mio && m.id_mensaje !== null ? (
            <button
              type="button"
              disabled={p.reportado}
              onClick={p.onReportar}
              className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-tinta-500 hover:bg-arena-100 disabled:opacity-60"
            >
              <Flag className="size-3.5" aria-hidden /> {p.reportado ? TEXTOS_FOROS.reportado : TEXTOS_FOROS.reportar}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
