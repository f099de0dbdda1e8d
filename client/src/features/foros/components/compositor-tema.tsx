import { longitudTexto } from '@miduelo/shared/comun';
import { MENSAJE_FORO_MAX, TEXTOS_FOROS, TextoMensajeForoSchema } from '@miduelo/shared/foros';
import { type KeyboardEvent, useState } from 'react';
import * as v from 'valibot';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { cx } from '@/lib/cx';

/** A participant's composer of a topic: Enter sends (Shift+Enter a new line), the text is trimmed,
 * and it says why a post cannot leave (too long, a character that cannot be stored) instead of only
 * disabling Enviar; counted as sent, trimmed and in characters (code points), as the server. */
export function CompositorTema({ onPublicar }: { onPublicar: (contenido: string) => Promise<void> }) {
  const [texto, setTexto] = useState('');
  const [enviando, setEnviando] = useState(false);

  async function enviar() {
    const r = v.safeParse(TextoMensajeForoSchema, texto);
    if (!r.success || enviando) return;
    setEnviando(true);
    setTexto('');
    try {
      await onPublicar(r.output);
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

  const validacion = v.safeParse(TextoMensajeForoSchema, texto);
  const vacio = texto.trim() === '';
  const errorTexto = !vacio && !validacion.success ? validacion.issues[0].message : null;
  const largo = longitudTexto(texto.trim());

  return (
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
  );
}
