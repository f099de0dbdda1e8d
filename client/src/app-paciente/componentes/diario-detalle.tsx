// One diary entry in full: the emotion, how strong, the note; sharing it or not with the
// psychologist, and deleting it after a confirmation.
import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { compartirEntrada, eliminarEntrada } from '../api/actividades-diario';
import { ErrorApi } from '../lib/api';
import { colorDe, conEntrada, mesDe, RUTA_DIARIO, sinEntrada, textoIntensidad } from '../lib/actividades-diario';
import { navegar } from '../lib/enrutador';
import { fechaLarga } from '../lib/fechas';
import { anunciarEnElMes, Compartida, type Diario, EstadoDiario, rutaMes, Volver } from './diario-comun';
import { PuntoEmocion } from './emociones';
import { Aviso, Boton, Tarjeta } from './ui';

export function DetalleEntrada({ diario, id }: { diario: Diario; id: number }) {
  const e = diario.datos?.find((x) => x.id_entrada === id);
  const [guardando, setGuardando] = useState(false);
  const [confirmar, setConfirmar] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);

  if (!e) {
    return (
      <div>
        <Volver a={RUTA_DIARIO} texto="Volver al diario" />
        {diario.datos === undefined ? (
          <EstadoDiario diario={diario} />
        ) : (
          <Aviso>No encontramos esta entrada. Tal vez la eliminaste desde otro dispositivo.</Aviso>
        )}
      </div>
    );
  }

  const compartir = async (compartida: boolean) => {
    setGuardando(true);
    setError(null);
    setAviso(null);
    try {
      const n = await compartirEntrada(e.id_entrada, compartida);
      diario.fijar((l) => conEntrada(l, n));
      setAviso(
        compartida ? 'Listo. Tu psicóloga o psicólogo ya puede leer esta entrada.' : 'Listo. Esta entrada vuelve a ser solo para ti.',
      );
    } catch (err) {
      setError(err instanceof ErrorApi ? err.message : 'No pudimos guardar el cambio. Inténtalo de nuevo.');
    } finally {
      setGuardando(false);
    }
  };

  const eliminar = async () => {
    setGuardando(true);
    setError(null);
    try {
      await eliminarEntrada(e.id_entrada);
      diario.fijar((l) => sinEntrada(l, e.id_entrada));
      anunciarEnElMes('La entrada se eliminó.');
      navegar(rutaMes(mesDe(e.fecha)), { reemplazar: true });
    } catch (err) {
      setError(err instanceof ErrorApi ? err.message : 'No pudimos eliminar la entrada. Inténtalo de nuevo.');
      setGuardando(false);
    }
  };

  return (
    <div className="space-y-4">
      <Volver a={rutaMes(mesDe(e.fecha))} texto="Volver al diario" />
      <Tarjeta>
        <p className="text-tinta-600 first-letter:uppercase">{fechaLarga(e.fecha)}</p>
        <h1 className="mt-1 flex items-center gap-3 font-serif text-2xl text-tinta-900">
          <PuntoEmocion emocion={e.emocion} className="size-4" />
          {e.emocion}
        </h1>
        <div className="mt-3">
          <p className="text-tinta-700">
            Intensidad {e.intensidad} de 10, {textoIntensidad(e.intensidad)}
          </p>
          <div className="mt-1 h-2 rounded-full bg-arena-100" aria-hidden>
            <div className="h-2 rounded-full" style={{ width: `${e.intensidad * 10}%`, background: colorDe(e.emocion) }} />
          </div>
        </div>
        {e.nota ? (
          <p className="mt-4 whitespace-pre-wrap text-tinta-900 [overflow-wrap:anywhere]" data-testid="nota-entrada">
            {e.nota}
          </p>
        ) : (
          <p className="mt-4 text-tinta-500">Sin nota.</p>
        )}
      </Tarjeta>

      <Tarjeta>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold text-tinta-800">¿Quién puede leerla?</h2>
          <Compartida compartida={e.compartida} />
        </div>
        <p className="mb-3 text-tinta-600">
          {e.compartida
            ? 'Tu psicóloga o psicólogo puede leer esta entrada en tu expediente. Puedes dejar de compartirla cuando quieras.'
            : 'Por ahora solo tú puedes leerla. Si la compartes, tu psicóloga o psicólogo podrá verla para acompañarte mejor.'}
        </p>
        <Boton variante={e.compartida ? 'secundario' : 'primario'} disabled={guardando} onClick={() => void compartir(!e.compartida)}>
          {e.compartida ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
          {e.compartida ? 'Dejar de compartir' : 'Compartir con mi psicóloga o psicólogo'}
        </Boton>
      </Tarjeta>

      {aviso && <Aviso tono="exito">{aviso}</Aviso>}
      {error && <Aviso tono="error">{error}</Aviso>}

      {confirmar ? (
        <div
          role="alertdialog"
          aria-labelledby="confirmar-eliminar"
          className="rounded-2xl border border-terracota-200 bg-terracota-50 p-4"
        >
          <p id="confirmar-eliminar" className="mb-3 font-semibold text-tinta-900">
            ¿Eliminar esta entrada? No se podrá recuperar.
          </p>
          <div className="flex flex-wrap gap-3">
            <Boton variante="peligro" disabled={guardando} onClick={() => void eliminar()}>
              Sí, eliminar
            </Boton>
            <Boton variante="secundario" disabled={guardando} onClick={() => setConfirmar(false)}>
              Conservarla
            </Boton>
          </div>
        </div>
      ) : (
        <Boton variante="peligro" onClick={() => setConfirmar(true)}>
          <Trash2 aria-hidden className="size-5" /> Eliminar entrada
        </Boton>
      )}
    </div>
  );
}
