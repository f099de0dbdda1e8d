import { MENSAJE_MAX, TEXTOS_CHAT } from '@miduelo/shared/chat';
import { longitudTexto } from '@miduelo/shared/comun';
import { SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { cx } from '@/lib/cx';
import { controlClases } from '@/components/ui/input';

interface ChatCompositorProps {
  /** Sends the text; returns true when it was accepted (then the box is cleared). */
  onEnviar: (texto: string) => boolean;
  onEscribir?: (texto: string) => void;
  deshabilitado?: boolean;
  /** Resets the draft when the conversation changes. */
  idConversacion: number;
}

/** Message box: Enter sends, Shift+Enter breaks the line (spec 1 §5); the text is trimmed on send. */
export function ChatCompositor({ onEnviar, onEscribir, deshabilitado, idConversacion }: ChatCompositorProps) {
  const [texto, setTexto] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  // Counted as sent: trimmed (spaces or line breaks around a 1,000-character text do not block it).
  const largo = longitudTexto(texto.trim());
  const excedido = largo > MENSAJE_MAX;
  const vacio = texto.trim() === '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new conversation starts with an empty box
  useEffect(() => {
    setTexto('');
    area.current?.focus();
  }, [idConversacion]);

  // Grows with its content up to six lines, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the text changes
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 168)}px`;
  }, [texto]);

  const enviar = () => {
    if (vacio || excedido || deshabilitado) return;
    if (onEnviar(texto)) setTexto('');
  };

  const alTeclear = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      enviar();
    }
  };

  return (
    <form
      className="border-t border-arena-200 bg-arena-50/60 px-3 py-3 sm:px-4"
      onSubmit={(e) => {
        e.preventDefault();
        enviar();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor={`mensaje-${idConversacion}`} className="sr-only">
          Mensaje
        </label>
        <textarea
          ref={area}
          id={`mensaje-${idConversacion}`}
          rows={1}
          value={texto}
          disabled={deshabilitado}
          placeholder={TEXTOS_CHAT.escribeMensaje}
          aria-invalid={excedido || undefined}
          aria-describedby={`ayuda-mensaje-${idConversacion}`}
          onChange={(e) => {
            setTexto(e.target.value);
            onEscribir?.(e.target.value);
          }}
          onKeyDown={alTeclear}
          className={cx(controlClases, 'max-h-42 min-h-12 resize-none py-2.5 text-[0.95rem] leading-relaxed')}
        />
        <button
          type="submit"
          aria-label={TEXTOS_CHAT.enviar}
          title={TEXTOS_CHAT.enviar}
          disabled={vacio || excedido || deshabilitado}
          className="flex size-12 shrink-0 cursor-pointer items-center justify-center rounded-xl bg-salvia-600 text-white shadow-sm transition-colors hover:bg-salvia-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-salvia-500 disabled:cursor-not-allowed disabled:bg-salvia-300"
        >
          <SendHorizontal className="size-5" aria-hidden />
        </button>
      </div>
      <p id={`ayuda-mensaje-${idConversacion}`} className="mt-1.5 flex justify-between gap-3 px-1 text-xs text-tinta-500">
        <span className="hidden sm:inline">Enter para enviar · Shift + Enter para un salto de línea</span>
        <span
          className={cx('ml-auto tabular-nums', excedido ? 'font-semibold text-peligro-700' : largo > MENSAJE_MAX * 0.8 ? '' : 'invisible')}
        >
          {largo}/{MENSAJE_MAX}
        </span>
      </p>
    </form>
  );
}
