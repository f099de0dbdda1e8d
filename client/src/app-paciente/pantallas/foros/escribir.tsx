import { MENSAJE_FORO_MAX, type MensajeForo, MSG_FOROS, TEXTOS_FOROS } from '@miduelo/shared/foros';
import { type EnEspera, useEnvioEnEspera } from '@/nucleo/envio-en-espera';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { publicarPost } from '../../api/foros';
import { Aviso } from '../../componentes/ui';
import { guardarCache, leerCache, SIN_CONEXION } from '../../lib/api';
import { AvisoCrisis, mensajeDe } from './comun';

/**
 * The composer. The text stays until the post is stored and a failure says why above the box; a
 * post that could not leave for lack of connection waits, kept on the phone, and is sent again by
 * itself with the same client id (stored once) when the connection returns or the topic is opened
 * again — unless she changes it first (decision 270).
 */
export function Escribir({ idTema, alPublicar }: { idTema: number; alPublicar: (m: MensajeForo[]) => void }) {
  const clave = `foros:tema:${idTema}:por-enviar`;
  // The text of a post that waited on the phone goes back in the box.
  const [texto, setTexto] = useState(() => leerCache<EnEspera | null>(clave)?.contenido ?? '');
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [crisis, setCrisis] = useState(false);
  const textoActual = useRef(texto);
  textoActual.current = texto;
  const largo = [...texto].length;

  const envio = useEnvioEnEspera({
    leer: () => leerCache<EnEspera | null>(clave) ?? null,
    guardar: (p) => guardarCache(clave, p),
    enviar: (t, idCliente) => publicarPost(idTema, t, idCliente),
    alEnviar: (r, t) => {
      const { crisis: c, ...m } = r.data;
      alPublicar([m]);
      setCrisis(c);
      setError(null);
      // What she started writing while it was on its way stays in the box.
      setTexto((actual) => (actual.trim() === t ? '' : actual));
    },
    // Unlike other writes (decision 297), one without connection is tried again by itself: the
    // message says so. Any other failure waits for her.
    alFallar: (err, sinConexion) => setError(sinConexion ? SIN_CONEXION : mensajeDe(err, TEXTOS_FOROS.errorEnviar)),
    actual: () => textoActual.current,
    setEnviando,
  });

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const t = texto.trim();
    if (!t || largo > MENSAJE_FORO_MAX || enviando) return;
    setError(null);
    void envio.enviar(t);
  };

  return (
    <div className="sticky bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-10 mt-4" data-testid="escribir">
      {crisis && <AvisoCrisis />}
      {error && (
        <div className="mb-2">
          <Aviso tono="error">{error}</Aviso>
        </div>
      )}
      <form onSubmit={enviar} className="flex items-end gap-2 rounded-2xl border border-arena-200 bg-papel p-2 shadow-sm">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Escribe tu mensaje para el foro</span>
          <textarea
            value={texto}
            rows={2}
            placeholder="Escribe tu mensaje…"
            aria-invalid={largo > MENSAJE_FORO_MAX ? true : undefined}
            onChange={(e) => {
              setTexto(e.target.value);
              if (error) setError(null);
              // Changed, it is hers to send again.
              envio.olvidar();
            }}
            className="max-h-40 min-h-11 w-full resize-none rounded-xl px-2 py-2 focus:outline-none"
          />
          {largo > MENSAJE_FORO_MAX * 0.9 && (
            <span className={`block px-2 text-sm ${largo > MENSAJE_FORO_MAX ? 'text-terracota-700' : 'text-tinta-500'}`}>
              {largo > MENSAJE_FORO_MAX ? MSG_FOROS.mensajeLargo : `${largo} / ${MENSAJE_FORO_MAX}`}
            </span>
          )}
        </label>
        <button
          type="submit"
          disabled={!texto.trim() || enviando || largo > MENSAJE_FORO_MAX}
          aria-label="Publicar en el foro"
          className="grid size-11 shrink-0 place-items-center rounded-full bg-salvia-600 text-white disabled:bg-salvia-300"
        >
          <SendHorizontal aria-hidden className="size-5" />
        </button>
      </form>
    </div>
  );
}
