// One forum in the patient's app: its description and counts, joining and leaving, a new topic,
// and its topics (new ones and their activity live: use-detalle-foro.ts).
import type { Foro } from '@miduelo/shared/foros';
import { TEXTOS_FOROS } from '@miduelo/shared/foros';
import { useState } from 'react';
import { cambiarParticipacion } from '../../api/foros';
import { Aviso, Boton, Tarjeta } from '../../componentes/ui';
import { Enlace, navegar } from '../../lib/enrutador';
import { zonaClinica } from '../../lib/fechas';
import { fechaCorta, RUTA_FOROS } from '../../lib/foros';
import { Conteos, mensajeDe, Volver } from './comun';
import { NuevoTema } from './nuevo-tema';
import { useDetalleForo } from './use-detalle-foro';

export function DetalleForo({ idForo }: { idForo: number }) {
  const { foro, temas, verMas, cargandoMas, errorMas, fijarForo, agregarTema } = useDetalleForo(idForo);
  const [ocupado, setOcupado] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const [confirmarSalir, setConfirmarSalir] = useState(false);
  const f = foro.datos?.data;
  const datos = { temas, verMas, cargandoMas, errorMas };

  const cambiar = async (accion: 'unirse' | 'salir') => {
    setOcupado(true);
    setError(null);
    setAviso(null);
    try {
      const r = await cambiarParticipacion(idForo, accion);
      // A private forum she left is no longer hers to read (decision 286): back to the list of forums.
      if (accion === 'salir' && !r.data.publico) {
        navegar(RUTA_FOROS, { reemplazar: true });
        return;
      }
      fijarForo(r.data);
      setAviso(
        accion === 'unirse'
          ? 'Te uniste al foro. Ya puedes escribir en sus temas.'
          : 'Saliste del foro. Puedes volver a unirte cuando quieras.',
      );
      setConfirmarSalir(false);
      void temas.recargar();
    } catch (e) {
      setError(mensajeDe(e, accion === 'unirse' ? TEXTOS_FOROS.errorUnirse : 'No pudimos sacarte del foro. Inténtalo de nuevo.'));
    } finally {
      setOcupado(false);
    }
  };

  if (!f) {
    return (
      <div>
        <Volver a={RUTA_FOROS} texto="Volver a los foros" />
        {foro.error ? (
          <Aviso tono="error">{mensajeDe(foro.error, 'No se pudieron cargar los foros.')}</Aviso>
        ) : (
          <p className="text-tinta-600">Cargando…</p>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <Volver a={RUTA_FOROS} texto="Volver a los foros" />
      <div>
        <h1 className="font-serif text-2xl text-tinta-900 [overflow-wrap:anywhere]">{f.titulo}</h1>
        {f.descripcion && <p className="mt-1 whitespace-pre-wrap text-tinta-700 [overflow-wrap:anywhere]">{f.descripcion}</p>}
        <div className="mt-2">
          <Conteos foro={f} />
        </div>
      </div>

      {aviso && <Aviso tono="exito">{aviso}</Aviso>}
      {error && <Aviso tono="error">{error}</Aviso>}

      {f.es_participante ? (
        <NuevoTema idForo={idForo} alCrear={agregarTema} />
      ) : (
        <Tarjeta className="border-salvia-200 bg-salvia-50">
          <p className="mb-3 text-tinta-800">
            Puedes leer este foro. Si te unes, podrás escribir y responder a otras personas que están viviendo un duelo.
          </p>
          <Boton disabled={ocupado} onClick={() => void cambiar('unirse')}>
            Unirme al foro
          </Boton>
        </Tarjeta>
      )}

      <ListaTemas idForo={idForo} foro={f} datos={datos} />
      {f.es_participante && f.rol_usuario === 'miembro' && (
        <SalirDelForo ocupado={ocupado} confirmar={confirmarSalir} setConfirmar={setConfirmarSalir} alSalir={() => void cambiar('salir')} />
      )}
    </div>
  );
}

function ListaTemas({
  idForo,
  foro: f,
  datos: { temas, verMas, cargandoMas, errorMas },
}: {
  idForo: number;
  foro: Foro;
  datos: Pick<ReturnType<typeof useDetalleForo>, 'temas' | 'verMas' | 'cargandoMas' | 'errorMas'>;
}) {
  const lista = temas.datos?.data ?? [];
  return (
    <section aria-labelledby="temas" className="space-y-3">
      <h2 id="temas" className="font-semibold text-tinta-800">
        Temas
      </h2>
      {temas.datos && lista.length === 0 && (
        <p className="rounded-2xl border border-dashed border-arena-300 px-4 py-5 text-tinta-600">
          Aún no hay temas.{f.es_participante ? ' Puedes abrir el primero.' : ''}
        </p>
      )}
      {!temas.datos &&
        (temas.error ? (
          <Aviso tono="error">{mensajeDe(temas.error, 'No se pudieron cargar los foros.')}</Aviso>
        ) : (
          <p className="text-tinta-600">Cargando…</p>
        ))}
      <ul className="space-y-3" data-testid="temas-foro">
        {lista.map((t) => (
          <li key={t.id_tema}>
            <Enlace
              a={`${RUTA_FOROS}/${idForo}/temas/${t.id_tema}`}
              className="block rounded-2xl border border-arena-200 bg-papel p-4 active:bg-arena-50"
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold text-tinta-900 [overflow-wrap:anywhere]">{t.titulo}</h3>
                {t.no_leidos ? (
                  <span className="shrink-0 rounded-full bg-terracota-600 px-2 text-sm leading-6 text-white">
                    {TEXTOS_FOROS.noLeidos(t.no_leidos)}
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-sm text-tinta-600">
                {t.total_mensajes} {t.total_mensajes === 1 ? 'mensaje' : 'mensajes'} · {fechaCorta(t.fecha_actividad, zonaClinica())}
              </p>
            </Enlace>
          </li>
        ))}
      </ul>
      {errorMas && <Aviso tono="error">{errorMas}</Aviso>}
      {lista.length > 0 && lista.length < f.total_temas && (
        <Boton variante="secundario" disabled={cargandoMas} onClick={() => void verMas()} className="w-full">
          {cargandoMas ? 'Cargando…' : TEXTOS_FOROS.verMasTemas}
        </Boton>
      )}
    </section>
  );
}

function SalirDelForo({
  ocupado,
  confirmar,
  setConfirmar,
  alSalir,
}: {
  ocupado: boolean;
  confirmar: boolean;
  setConfirmar: (c: boolean) => void;
  alSalir: () => void;
}) {
  return (
    <div className="border-t border-arena-200 pt-4">
      {confirmar ? (
        <div role="alertdialog" aria-labelledby="confirmar-salir" className="rounded-2xl border border-arena-300 bg-arena-50 p-4">
          <p id="confirmar-salir" className="mb-3 text-tinta-900">
            ¿Salir de este foro? Lo que escribiste se queda en él, y puedes volver a unirte cuando quieras.
          </p>
          <div className="flex flex-wrap gap-3">
            <Boton variante="peligro" disabled={ocupado} onClick={alSalir}>
              Sí, salir
            </Boton>
            <Boton variante="secundario" onClick={() => setConfirmar(false)}>
              Quedarme
            </Boton>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirmar(true)} className="min-h-11 text-tinta-600 underline">
          Salir del foro
        </button>
      )}
    </div>
  );
}
