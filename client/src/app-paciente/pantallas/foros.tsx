// The forums a patient may join (public ones) and has joined (issue 17, decisions 161, 164, 213):
// the list, a forum with its topics (new topics live), and a topic's posts, live over the socket
// (merged by sequence number, resynchronised after a reconnection, polled while offline).
import {
  type Foro,
  LIMITE_PAGINA_MAX,
  type MensajeForo,
  MENSAJE_FORO_MAX,
  MOTIVO_REPORTE_MAX,
  type Meta,
  MSG_FOROS,
  porActividad,
  TEMAS_POR_PAGINA,
  type Tema,
  TEXTOS_FOROS,
  TITULO_FORO_MAX,
  temasHasta,
  unirTemas,
} from '@miduelo/shared/foros';
import { longitudTexto } from '@miduelo/shared/comun';
import { lectorDeTema } from '@miduelo/shared/foros-lectura';
import type { SincronizacionTema } from '@miduelo/shared/realtime-foros';
import { ArrowLeft, MessageSquare, SendHorizontal, Users } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { LineasCrisis } from '../componentes/crisis';
import { Aviso, Boton, Cuenta, Tarjeta, Titulo } from '../componentes/ui';
import { ErrorApi, guardarCache, leerCache, SIN_CONEXION } from '../lib/api';
import { useAlDia, useConexion, useEvento } from '../lib/conexion';
import { Enlace, navegar } from '../lib/enrutador';
import { zonaClinica } from '../lib/fechas';
import { apiForos, fechaCorta, fusionarPosts, nuevoIdCliente, RUTA_FOROS, ultimoContiguo } from '../lib/foros';
import { useSesion } from '../lib/sesion';

const mensajeDe = (e: unknown, defecto: string) => (e instanceof ErrorApi ? e.message : defecto);

export default function Foros({ ruta }: { ruta: string }) {
  const tema = /^\/foros\/(\d{1,10})\/temas\/(\d{1,10})$/.exec(ruta);
  if (tema) return <TemaForo key={tema[2]} idForo={Number(tema[1])} idTema={Number(tema[2])} />;
  const foro = /^\/foros\/(\d{1,10})$/.exec(ruta);
  if (foro) return <DetalleForo idForo={Number(foro[1])} />;
  return <ListaForos />;
}

/** A GET of the forums' API (or what `cargar` reads under that name), shown at once from the device
 * and then refreshed. */
function useForos<T>(ruta: string, cargar?: () => Promise<T>) {
  const [datos, setDatos] = useState<T | undefined>(() => leerCache<T>(`foros:${ruta}`));
  const [error, setError] = useState<string | null>(null);
  const cargador = useRef(cargar);
  cargador.current = cargar;
  const recargar = useCallback(async () => {
    try {
      const d = await (cargador.current ? cargador.current() : apiForos<T>(ruta));
      setDatos(d);
      setError(null);
      guardarCache(`foros:${ruta}`, d);
    } catch (e) {
      setError(mensajeDe(e, 'No se pudieron cargar los foros.'));
    }
  }, [ruta]);
  useEffect(() => {
    setDatos(leerCache<T>(`foros:${ruta}`));
    void recargar();
  }, [ruta, recargar]);
  useAlDia(() => void recargar());
  return { datos, error, recargar, fijar: setDatos };
}

function Volver({ a, texto }: { a: string; texto: string }) {
  return (
    <Enlace a={a} className="-ml-1 mb-2 inline-flex min-h-11 items-center gap-1 text-salvia-700">
      <ArrowLeft aria-hidden className="size-5" /> {texto}
    </Enlace>
  );
}

function Conteos({ foro }: { foro: Foro }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-tinta-600">
      <span className="inline-flex items-center gap-1">
        <Users aria-hidden className="size-4" /> {foro.total_participantes}{' '}
        {foro.total_participantes === 1 ? 'participante' : 'participantes'}
      </span>
      <span className="inline-flex items-center gap-1">
        <MessageSquare aria-hidden className="size-4" /> {foro.total_temas} {foro.total_temas === 1 ? 'tema' : 'temas'}
      </span>
    </p>
  );
}

// ---------------------------------------------------------------- list

/** Every public forum, page after page of 100 (decision 255): 'Tus foros' must hold each forum the
 * patient joined, however many newer ones there are. */
async function forosPublicos(): Promise<{ data: Foro[] }> {
  const pagina = (page: number) => apiForos<{ data: Foro[]; meta: Meta }>(`?publico=true&limit=${LIMITE_PAGINA_MAX}&page=${page}`);
  const primera = await pagina(1);
  const resto = await Promise.all(Array.from({ length: Math.max(0, primera.meta.totalPages - 1) }, (_, i) => pagina(i + 2)));
  const porId = new Map<number, Foro>();
  for (const f of [primera, ...resto].flatMap((r) => r.data)) if (!porId.has(f.id_foro)) porId.set(f.id_foro, f);
  return { data: [...porId.values()] };
}

function ListaForos() {
  const lista = useForos<{ data: Foro[] }>('?publico=true', forosPublicos);
  useEvento('foro:conteos', (c) =>
    lista.fijar((l) => l && { ...l, data: l.data.map((f) => (f.id_foro === c.id_foro ? { ...f, ...c } : f)) }),
  );
  const foros = lista.datos?.data ?? [];
  const mios = foros.filter((f) => f.es_participante);
  const otros = foros.filter((f) => !f.es_participante);

  return (
    <div className="space-y-5">
      <Titulo sub="Espacios para conversar sobre el duelo con otras personas que lo viven, acompañados por profesionales.">Foros</Titulo>
      {lista.error &&
        (lista.datos ? (
          <p className="text-sm text-tinta-600">Mostramos lo último que se guardó en este teléfono.</p>
        ) : (
          <Aviso tono="error">{lista.error}</Aviso>
        ))}
      {!lista.datos && !lista.error && <p className="text-tinta-600">Cargando…</p>}
      {lista.datos && (
        <>
          <section aria-labelledby="mis-foros" className="space-y-3">
            <h2 id="mis-foros" className="font-semibold text-tinta-800">
              Tus foros
            </h2>
            {mios.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-arena-300 px-4 py-5 text-tinta-600">
                Aún no participas en ningún foro. Puedes leer los que hay abajo y unirte cuando te sientas lista o listo.
              </p>
            ) : (
              <ul className="space-y-3">
                {mios.map((f) => (
                  <li key={f.id_foro}>
                    <TarjetaForo foro={f} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="otros-foros" className="space-y-3">
            <h2 id="otros-foros" className="font-semibold text-tinta-800">
              Puedes unirte
            </h2>
            {otros.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-arena-300 px-4 py-5 text-tinta-600">
                {foros.length === 0 ? 'Por ahora no hay foros abiertos. Vuelve pronto.' : 'Ya participas en todos los foros abiertos.'}
              </p>
            ) : (
              <ul className="space-y-3">
                {otros.map((f) => (
                  <li key={f.id_foro}>
                    <TarjetaForo foro={f} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function TarjetaForo({ foro }: { foro: Foro }) {
  return (
    <Enlace a={`${RUTA_FOROS}/${foro.id_foro}`} className="block rounded-2xl border border-arena-200 bg-papel p-4 active:bg-arena-50">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-tinta-900 [overflow-wrap:anywhere]">{foro.titulo}</h3>
        {foro.es_participante && (
          <span className="shrink-0 rounded-full bg-salvia-50 px-2.5 py-0.5 text-sm text-salvia-800">Participas</span>
        )}
      </div>
      {foro.descripcion && <p className="mt-1 line-clamp-3 text-tinta-700 [overflow-wrap:anywhere]">{foro.descripcion}</p>}
      <div className="mt-2">
        <Conteos foro={foro} />
      </div>
    </Enlace>
  );
}

// ---------------------------------------------------------------- one forum

function DetalleForo({ idForo }: { idForo: number }) {
  const foro = useForos<{ data: Foro }>(`/${idForo}`);
  // Topics by pages of 20 (spec 2 §9); a reload reads again as many as are shown.
  const cuantos = useRef(TEMAS_POR_PAGINA);
  const pagina = (page: number, limit: number) => apiForos<{ data: Tema[]; meta: Meta }>(`/${idForo}/temas?page=${page}&limit=${limit}`);
  const temas = useForos<{ data: Tema[] }>(`/${idForo}/temas`, () => temasHasta(pagina, cuantos.current));
  const [cargandoMas, setCargandoMas] = useState(false);
  const [errorMas, setErrorMas] = useState<string | null>(null);
  const verMas = async () => {
    const siguiente = cuantos.current + TEMAS_POR_PAGINA;
    setCargandoMas(true);
    setErrorMas(null);
    try {
      const r = await pagina(siguiente / TEMAS_POR_PAGINA, TEMAS_POR_PAGINA);
      cuantos.current = siguiente;
      temas.fijar((l) => ({ data: unirTemas(l?.data ?? [], r.data) }));
    } catch (e) {
      setErrorMas(mensajeDe(e, TEXTOS_FOROS.errorMasTemas));
    } finally {
      setCargandoMas(false);
    }
  };
  const socket = useConexion((c) => c.socket);
  const enVivo = useConexion((c) => c.enVivo);
  const [ocupado, setOcupado] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const [confirmarSalir, setConfirmarSalir] = useState(false);
  const f = foro.datos?.data;

  // The forum's room: new topics and topic activity, live.
  useEffect(() => {
    if (!socket || !enVivo) return;
    socket.emit('foro:unirse', { id_foro: idForo }, () => undefined);
    return () => {
      socket.emit('foro:salir', { id_foro: idForo });
    };
  }, [socket, enVivo, idForo]);
  useEvento('foro:tema', ({ tema }) => {
    if (tema.id_foro !== idForo) return;
    temas.fijar((l) => l && { ...l, data: [tema, ...l.data.filter((t) => t.id_tema !== tema.id_tema)] });
  });
  useEvento('foro:tema-actividad', (a) => {
    if (a.id_foro !== idForo) return;
    const mio = a.autor.tipo === 'paciente' && a.autor.id === useSesion.getState().sesion?.paciente.id_paciente;
    temas.fijar(
      (l) =>
        l && {
          ...l,
          data: l.data
            .map((t) =>
              t.id_tema === a.id_tema
                ? {
                    ...t,
                    total_mensajes: a.total_mensajes,
                    ultimo_seq: a.ultimo_seq,
                    fecha_actividad: a.fecha_actividad,
                    no_leidos: t.no_leidos === null || mio ? t.no_leidos : t.no_leidos + Math.max(0, a.ultimo_seq - t.ultimo_seq),
                  }
                : t,
            )
            .sort(porActividad),
        },
    );
  });
  // A post hidden or shown: the topic's count of visible posts changes, its activity does not.
  useEvento('foro:tema-conteo', (c) => {
    if (c.id_foro !== idForo) return;
    temas.fijar((l) => l && { ...l, data: l.data.map((t) => (t.id_tema === c.id_tema ? { ...t, total_mensajes: c.total_mensajes } : t)) });
  });
  useEvento('foro:conteos', (c) => c.id_foro === idForo && foro.fijar((d) => d && { data: { ...d.data, ...c } }));
  useEvento('foro:cambio', (c) => c.id_foro === idForo && void foro.recargar());
  useEvento('foro:removido', (c) => c.id_foro === idForo && void foro.recargar());

  const cambiar = async (accion: 'unirse' | 'salir') => {
    setOcupado(true);
    setError(null);
    setAviso(null);
    try {
      const r = await apiForos<{ data: Foro; msg: string }>(`/${idForo}/${accion}`, { metodo: 'POST' });
      // A private forum she left is no longer hers to read (decision 286): back to the list of forums.
      if (accion === 'salir' && !r.data.publico) {
        navegar(RUTA_FOROS, { reemplazar: true });
        return;
      }
      foro.fijar({ data: r.data });
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
        {foro.error ? <Aviso tono="error">{foro.error}</Aviso> : <p className="text-tinta-600">Cargando…</p>}
      </div>
    );
  }

  const lista = temas.datos?.data ?? [];
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
        <NuevoTema
          idForo={idForo}
          alCrear={(t) => temas.fijar((l) => ({ data: [t, ...(l?.data ?? []).filter((x) => x.id_tema !== t.id_tema)] }))}
        />
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

      <section aria-labelledby="temas" className="space-y-3">
        <h2 id="temas" className="font-semibold text-tinta-800">
          Temas
        </h2>
        {temas.datos && lista.length === 0 && (
          <p className="rounded-2xl border border-dashed border-arena-300 px-4 py-5 text-tinta-600">
            Aún no hay temas.{f.es_participante ? ' Puedes abrir el primero.' : ''}
          </p>
        )}
        {!temas.datos && (temas.error ? <Aviso tono="error">{temas.error}</Aviso> : <p className="text-tinta-600">Cargando…</p>)}
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

      {f.es_participante && f.rol_usuario === 'miembro' && (
        <div className="border-t border-arena-200 pt-4">
          {confirmarSalir ? (
            <div role="alertdialog" aria-labelledby="confirmar-salir" className="rounded-2xl border border-arena-300 bg-arena-50 p-4">
              <p id="confirmar-salir" className="mb-3 text-tinta-900">
                ¿Salir de este foro? Lo que escribiste se queda en él, y puedes volver a unirte cuando quieras.
              </p>
              <div className="flex flex-wrap gap-3">
                <Boton variante="peligro" disabled={ocupado} onClick={() => void cambiar('salir')}>
                  Sí, salir
                </Boton>
                <Boton variante="secundario" onClick={() => setConfirmarSalir(false)}>
                  Quedarme
                </Boton>
              </div>
            </div>
          ) : (
            <button type="button" onClick={() => setConfirmarSalir(true)} className="min-h-11 text-tinta-600 underline">
              Salir del foro
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function NuevoTema({ idForo, alCrear }: { idForo: number; alCrear: (t: Tema) => void }) {
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
      const r = await apiForos<{ data: Tema & { crisis: boolean } }>(`/${idForo}/temas`, { metodo: 'POST', cuerpo: { titulo } });
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

function AvisoCrisis() {
  return (
    <div role="alert" className="mb-4 rounded-2xl border border-terracota-200 bg-terracota-50 p-4">
      <p className="font-semibold text-tinta-900">{TEXTOS_FOROS.crisisTitulo}</p>
      <p className="mb-3 text-tinta-700">{TEXTOS_FOROS.crisisTexto}</p>
      <LineasCrisis />
    </div>
  );
}

// ---------------------------------------------------------------- one topic

type DelTema = { id_foro: number; titulo: string };

function TemaForo({ idForo, idTema }: { idForo: number; idTema: number }) {
  const cargadoForo = useForos<{ data: Foro }>(`/${idForo}`);
  const clave = `foros:tema:${idTema}`;
  // The topic's own forum and title, as every page of posts tells them (kept on the device too).
  const [delTema, setDelTema] = useState<DelTema | undefined>(() => leerCache<DelTema>(`${clave}:tema`));
  // The forum counts (its name, the composer) only once it is the topic's own: a topic opened under
  // another forum's address moves to its own (below) instead of borrowing that forum's state.
  const suyo = cargadoForo.datos?.data.id_foro === idForo && (delTema === undefined || delTema.id_foro === idForo);
  const foro = suyo ? cargadoForo.datos : undefined;
  const participante = foro?.data.es_participante === true;
  const yo = useSesion((s) => s.sesion?.paciente.id_paciente);
  const socket = useConexion((c) => c.socket);
  const enVivo = useConexion((c) => c.enVivo);
  const [posts, setPosts] = useState<MensajeForo[]>(() => leerCache<MensajeForo[]>(clave) ?? []);
  const ref = useRef(posts);
  ref.current = posts;
  const [cargado, setCargado] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fin = useRef<HTMLDivElement>(null);

  const leer = useRef<number | undefined>(undefined);
  const marcarLeido = useCallback(() => {
    if (!participante || document.visibilityState !== 'visible') return;
    window.clearTimeout(leer.current);
    leer.current = window.setTimeout(() => void apiForos(`/temas/${idTema}/leer`, { metodo: 'PUT' }).catch(() => undefined), 800);
  }, [idTema, participante]);

  // Every read of the topic reads it all again; a hide or show that arrives meanwhile is applied
  // over its answer (decision 257).
  const [lector] = useState(() => lectorDeTema<MensajeForo>());

  /** Shows the posts and keeps them on the device: what is shown is what the next opening starts from. */
  const fijarPosts = useCallback(
    (r: MensajeForo[]) => {
      ref.current = r;
      setPosts(r);
      guardarCache(clave, r);
    },
    [clave],
  );

  const fusionar = useCallback(
    (nuevos: MensajeForo[]) => {
      if (nuevos.length === 0) return;
      fijarPosts(fusionarPosts(ref.current, nuevos));
    },
    [fijarPosts],
  );

  /** Reads the whole topic again: a moderator may have hidden or shown a post the device holds
   * (decision 257; the server's copy wins). */
  const sincronizar = useCallback(async () => {
    try {
      await lector.releer(async (desde, limite) => {
        const r = await apiForos<{ data: MensajeForo[]; meta: { ultimo_seq: number; id_foro: number; titulo_tema: string } }>(
          `/temas/${idTema}/mensajes?despues_de=${desde}&limite=${limite}`,
        );
        const t = { id_foro: r.meta.id_foro, titulo: r.meta.titulo_tema };
        setDelTema(t);
        guardarCache(`${clave}:tema`, t);
        return r.data;
      }, fusionar);
      setError(null);
      marcarLeido();
    } catch (e) {
      setError(mensajeDe(e, TEXTOS_FOROS.errorCargarMensajes));
    } finally {
      setCargado(true);
    }
  }, [idTema, clave, lector, fusionar, marcarLeido]);

  useEffect(() => {
    if (delTema && delTema.id_foro !== idForo) navegar(`${RUTA_FOROS}/${delTema.id_foro}/temas/${idTema}`, { reemplazar: true });
  }, [delTema, idForo, idTema]);

  useEffect(() => {
    const guardados = leerCache<MensajeForo[]>(clave) ?? [];
    ref.current = guardados;
    setPosts(guardados);
    void sincronizar();
  }, [clave, sincronizar]);
  useAlDia(() => void sincronizar());

  // The topic's room while the screen is open; joining answers what the socket missed.
  useEffect(() => {
    if (!socket || !enVivo) return;
    socket.emit('foro:tema:unirse', { id_tema: idTema, despues_de: ultimoContiguo(ref.current) }, (r) => {
      if (!r.ok) return;
      const s = r.data as SincronizacionTema;
      fusionar(s.mensajes);
      if (s.hay_mas) void sincronizar();
    });
    return () => {
      socket.emit('foro:tema:salir', { id_tema: idTema });
    };
  }, [socket, enVivo, idTema, fusionar, sincronizar]);

  useEvento('foro:mensaje', ({ mensaje }) => {
    if (mensaje.id_tema !== idTema) return;
    fusionar([mensaje]);
    marcarLeido();
  });
  useEvento('foro:mensaje-oculto', (p) => {
    if (p.id_tema !== idTema) return;
    // Hidden, its text leaves the screen and the device; shown again, the event carries the post.
    const cambio = (m: MensajeForo): MensajeForo => p.mensaje ?? { ...m, oculto: p.oculto, contenido: p.oculto ? '' : m.contenido };
    lector.anotar(p.seq, cambio);
    if (p.mensaje) fusionar([p.mensaje]);
    else fijarPosts(ref.current.map((m) => (m.seq === p.seq ? cambio(m) : m)));
    // Shown by a server that does not send the post yet (during a deploy): read it.
    if (!p.oculto && !p.mensaje) void sincronizar();
  });

  // Removed by a moderator, or the forum changed: read its state again (the composer follows).
  useEvento('foro:removido', (c) => c.id_foro === idForo && void cargadoForo.recargar());
  useEvento('foro:cambio', (c) => c.id_foro === idForo && void cargadoForo.recargar());

  const total = posts.length;
  useEffect(() => {
    if (total > 0) fin.current?.scrollIntoView({ block: 'end' });
  }, [total]);

  return (
    <div className="flex min-h-[calc(100dvh-13rem)] flex-col">
      <Volver a={`${RUTA_FOROS}/${idForo}`} texto={foro ? `Volver a ${foro.data.titulo}` : TEXTOS_FOROS.volverAlForo} />
      <h1 className="mb-3 font-serif text-xl text-tinta-900 [overflow-wrap:anywhere]">{delTema?.titulo ?? TEXTOS_FOROS.conversacion}</h1>
      {error && <Aviso tono="error">{error}</Aviso>}
      {cargado && !error && total === 0 && (
        <p className="rounded-2xl border border-dashed border-arena-300 px-4 py-5 text-tinta-600">Todavía no hay mensajes en este tema.</p>
      )}
      <ol className="flex-1 space-y-3" aria-label="Mensajes del tema" data-testid="posts">
        {posts.map((m) => (
          <Post key={m.seq} post={m} propio={m.autor.tipo === 'paciente' && m.autor.id === yo} puedeReportar={participante} />
        ))}
      </ol>
      {foro &&
        (participante ? (
          <Escribir idTema={idTema} alPublicar={fusionar} />
        ) : (
          <Tarjeta className="mt-4 border-salvia-200 bg-salvia-50">
            <p className="text-tinta-800">
              Para escribir en este tema, únete al foro.{' '}
              <Enlace a={`${RUTA_FOROS}/${idForo}`} className="font-semibold text-salvia-700 underline">
                Ir al foro
              </Enlace>
            </p>
          </Tarjeta>
        ))}
      <div ref={fin} className="h-20" aria-hidden />
    </div>
  );
}

function Post({ post: m, propio, puedeReportar }: { post: MensajeForo; propio: boolean; puedeReportar: boolean }) {
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
      const r = await apiForos<{ data: { msg: string } }>(`/mensajes/${idMensaje}/reportar`, {
        metodo: 'POST',
        cuerpo: { motivo: motivo.trim() || null },
      });
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

/** A post that could not leave for lack of connection, kept on the phone with its client id. */
interface PorEnviar {
  contenido: string;
  id_cliente: string;
}

/**
 * The composer. The text stays until the post is stored and a failure says why above the box; a
 * post that could not leave for lack of connection waits, kept on the phone, and is sent again by
 * itself with the same client id (stored once) when the connection returns or the topic is opened
 * again — unless she changes it first (decision 270).
 */
function Escribir({ idTema, alPublicar }: { idTema: number; alPublicar: (m: MensajeForo[]) => void }) {
  const clave = `foros:tema:${idTema}:por-enviar`;
  const [guardado] = useState(() => leerCache<PorEnviar | null>(clave) ?? null);
  const [texto, setTexto] = useState(guardado?.contenido ?? '');
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [crisis, setCrisis] = useState(false);
  const idCliente = useRef(guardado?.id_cliente ?? nuevoIdCliente());
  /** The text of the post waiting for the connection (null: none waits). */
  const enEspera = useRef<string | null>(guardado?.contenido ?? null);
  const enCurso = useRef(false);
  const textoActual = useRef(texto);
  textoActual.current = texto;
  const largo = [...texto].length;

  const esperar = (t: string | null) => {
    enEspera.current = t;
    guardarCache(clave, t === null ? null : ({ contenido: t, id_cliente: idCliente.current } satisfies PorEnviar));
  };

  /** Sends `t` with the current client id; `otraVez`: the waiting post, sent again by itself. */
  const publicar = async (t: string, otraVez = false) => {
    if (enCurso.current) return;
    enCurso.current = true;
    setEnviando(true);
    if (!otraVez) setError(null);
    try {
      const r = await apiForos<{ data: MensajeForo & { crisis: boolean } }>(`/temas/${idTema}/mensajes`, {
        metodo: 'POST',
        cuerpo: { contenido: t, id_cliente: idCliente.current },
      });
      const { crisis: c, ...m } = r.data;
      alPublicar([m]);
      setCrisis(c);
      setError(null);
      // What she started writing while it was on its way stays in the box.
      setTexto((actual) => (actual.trim() === t ? '' : actual));
      idCliente.current = nuevoIdCliente();
      esperar(null);
    } catch (err) {
      // The same id goes with a retry of the same text: it is published once. Without connection the
      // post waits for it (the text says so); any other failure waits for her.
      const sinConexion = err instanceof ErrorApi && err.status === 0;
      esperar(sinConexion && textoActual.current.trim() === t ? t : null);
      // Unlike other writes (decision 297), this one is tried again by itself: the message says so.
      setError(sinConexion ? SIN_CONEXION : mensajeDe(err, TEXTOS_FOROS.errorEnviar));
    } finally {
      enCurso.current = false;
      setEnviando(false);
    }
  };

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const t = texto.trim();
    if (!t || largo > MENSAJE_FORO_MAX || enviando) return;
    void publicar(t);
  };

  const reintentar = () => {
    if (enEspera.current !== null) void publicar(enEspera.current, true);
  };
  // Back online, reconnected, every 30 s while the socket is down, and on opening the topic again.
  useAlDia(reintentar);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, for a post that waited on the phone
  useEffect(reintentar, []);

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
              if (enEspera.current !== null) esperar(null);
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
