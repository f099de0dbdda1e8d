// A forum post as the patient reads it, and reporting a hurtful one to the moderators (decision 164).
import { longitudTexto } from '@miduelo/shared/comun';
import { type MensajeForo, MOTIVO_REPORTE_MAX, MSG_FOROS, TEXTOS_FOROS } from '@miduelo/shared/foros';
import { type FormEvent, useState } from 'react';
import { reportarPost } from '../../api/foros';
import { Aviso, Boton, Cuenta } from '../../componentes/ui';
import { zonaClinica } from '../../lib/fechas';
import { fechaCorta } from '../../lib/foros';
import { mensajeDe } from './comun';

export function Post({ post: m, propio, puedeReportar }: { post: MensajeForo; propio: boolean; puedeReportar: boolean }) {
  const profesional = m.autor.tipo === 'psicologo';
  return (
    <li data-seq={m.seq} className={`flex flex-col ${propio ? 'items-end' : 'items-start'}`}>
      <article
        className={`max-w-[90%] rounded-2xl px-4 py-3 ${
          propio
            ? 'bg-salvia-600 text-white'
            : profesional
              ? 'border border-salvia-200 bg-salvia-50 text-tinta-900'
              : 'border border-arena-200 bg-papel text-tinta-900'
        }`}
      >
        <p className={`mb-1 text-sm ${propio ? 'text-salvia-100' : 'text-tinta-600'}`}>
          <span className="font-semibold">{propio ? 'Tú' : `${m.autor.nombre} ${m.autor.apellido}`.trim()}</span>
          {profesional && !propio && <span> · Profesional de MiDuelo</span>}
        </p>
        {m.oculto ? (
          <p className={`italic ${propio ? 'text-salvia-100' : 'text-tinta-500'}`}>{TEXTOS_FOROS.mensajeOculto}</p>
        ) : (
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{m.contenido}</p>
        )}
        <p className={`mt-1 text-right text-xs ${propio ? 'text-salvia-100' : 'text-tinta-500'}`}>
          {fechaCorta(m.fecha_envio, zonaClinica())}
        </p>
      </article>
      {puedeReportar && !propio && !m.oculto && <Reportar idMensaje={m.id_mensaje} />}
    </li>
  );
}

/** Telling the moderators about a hurtful post (decision 164): an optional reason, one report per post. */
function Reportar({ idMensaje }: { idMensaje: number }) {
  const [abierto, setAbierto] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [enviando, setEnviando] = useState(false);
  const [hecho, setHecho] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (hecho) {
    return (
      <p role="status" className="mt-1 max-w-[90%] text-sm text-salvia-800">
        {hecho}
      </p>
    );
  }
  if (!abierto) {
    return (
      <button type="button" onClick={() => setAbierto(true)} className="min-h-9 px-1 text-sm text-tinta-500 underline">
        {TEXTOS_FOROS.reportar}
      </button>
    );
  }
  const largoMotivo = longitudTexto(motivo.trim());
  const motivoLargo = largoMotivo > MOTIVO_REPORTE_MAX;
  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    if (motivoLargo) return;
    setEnviando(true);
    setError(null);
    try {
      const r = await reportarPost(idMensaje, motivo.trim() || null);
      setHecho(r.data.msg);
    } catch (err) {
      setError(mensajeDe(err, 'No pudimos enviar el reporte. Inténtalo de nuevo.'));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <form onSubmit={enviar} className="mt-2 w-[90%] space-y-2 rounded-2xl border border-arena-300 bg-arena-50 p-3">
      <label htmlFor={`motivo-${idMensaje}`} className="block text-tinta-800">
        ¿Por qué quieres reportar este mensaje? <span className="text-tinta-600">(opcional)</span>
      </label>
      <textarea
        id={`motivo-${idMensaje}`}
        rows={2}
        value={motivo}
        onChange={(e) => setMotivo(e.target.value)}
        aria-invalid={motivoLargo || undefined}
        aria-describedby={`cuenta-motivo-${idMensaje}`}
        className="block w-full rounded-xl border border-arena-300 bg-papel px-3 py-2 text-base focus:border-salvia-500 focus:outline-2 focus:outline-salvia-200 aria-[invalid]:border-terracota-500"
      />
      <Cuenta id={`cuenta-motivo-${idMensaje}`} largo={largoMotivo} max={MOTIVO_REPORTE_MAX} mensaje={MSG_FOROS.motivoLargo} />
      <p className="text-sm text-tinta-600">
        Lo leerán los moderadores del foro, profesionales de MiDuelo. No se borra nada de inmediato: ellos lo revisan.
      </p>
      {error && <Aviso tono="error">{error}</Aviso>}
      <div className="flex flex-wrap gap-3">
        <Boton type="submit" disabled={enviando || motivoLargo}>
          {enviando ? 'Enviando…' : 'Enviar reporte'}
        </Boton>
        <Boton variante="secundario" onClick={() => setAbierto(false)}>
          Cancelar
        </Boton>
      </div>
    </form>
  );
}
