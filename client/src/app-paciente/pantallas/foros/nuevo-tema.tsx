import { longitudTexto } from '@miduelo/shared/comun';
import { MSG_FOROS, type Tema, TEXTOS_FOROS, TITULO_FORO_MAX } from '@miduelo/shared/foros';
import { type FormEvent, useState } from 'react';
import { crearTema } from '../../api/foros';
import { Aviso, Boton, Cuenta, Tarjeta } from '../../componentes/ui';
import { AvisoCrisis, mensajeDe } from './comun';

export function NuevoTema({ idForo, alCrear }: { idForo: number; alCrear: (t: Tema) => void }) {
  const [abierto, setAbierto] = useState(false);
  const [titulo, setTitulo] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [crisis, setCrisis] = useState(false);
  if (!abierto) {
    return (
      <Boton variante="secundario" onClick={() => setAbierto(true)}>
        Abrir un tema nuevo
      </Boton>
    );
  }
  // Counted as the server counts it; a longer title stays whole and is not sent (decision 295).
  const largoTitulo = longitudTexto(titulo.trim());
  const tituloLargo = largoTitulo > TITULO_FORO_MAX;
  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    if (tituloLargo) return;
    setEnviando(true);
    setError(null);
    try {
      const r = await crearTema(idForo, titulo);
      const { crisis: c, ...t } = r.data;
      alCrear(t);
      setCrisis(c);
      setTitulo('');
      setAbierto(c);
    } catch (err) {
      setError(mensajeDe(err, TEXTOS_FOROS.errorTema));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Tarjeta>
      {crisis && <AvisoCrisis />}
      <form onSubmit={enviar} className="space-y-3">
        <label htmlFor="titulo-tema" className="block font-medium text-tinta-800">
          ¿De qué quieres hablar?
        </label>
        <input
          id="titulo-tema"
          value={titulo}
          onChange={(e) => setTitulo(e.target.value)}
          aria-invalid={tituloLargo || undefined}
          aria-describedby="cuenta-titulo-tema"
          className="block min-h-12 w-full rounded-xl border border-arena-300 bg-papel px-3 text-base text-tinta-900 focus:border-salvia-500 focus:outline-2 focus:outline-salvia-200 aria-[invalid]:border-terracota-500"
        />
        <Cuenta id="cuenta-titulo-tema" largo={largoTitulo} max={TITULO_FORO_MAX} mensaje={MSG_FOROS.tituloLargo} />
        {error && <Aviso tono="error">{error}</Aviso>}
        <div className="flex flex-wrap gap-3">
          <Boton type="submit" disabled={enviando || !titulo.trim() || tituloLargo}>
            {enviando ? 'Creando…' : 'Crear tema'}
          </Boton>
          <Boton variante="secundario" onClick={() => setAbierto(false)}>
            Cancelar
          </Boton>
        </div>
      </form>
    </Tarjeta>
  );
}
