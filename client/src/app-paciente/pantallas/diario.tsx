// The emotion diary (issue 17, decisions 126 and 212): the month as a calendar with each day's
// emotion, the month's entries, one entry in full (share or stop sharing it with the psychologist,
// delete it after a confirmation), and writing an entry for today or an earlier day.
import type { Entrada } from '@miduelo/shared/diario';
import { ArrowLeft, ChevronLeft, ChevronRight, Eye, EyeOff, PenLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormularioEntrada, PuntoEmocion } from '../componentes/formulario-diario';
import { Aviso, AvisoGuardado, Boton, Tarjeta, Titulo } from '../componentes/ui';
import { compartirEntrada, eliminarEntrada, useMiDiario } from '../api/diario';
import { ErrorApi } from '../lib/api';
import {
  colorDe,
  conEntrada,
  mesActual,
  mesDe,
  nombreMes,
  ordenar,
  RUTA_DIARIO,
  semanasDelMes,
  sinEntrada,
  sumarMeses,
  textoIntensidad,
} from '../lib/diario';
import { Enlace, navegar } from '../lib/enrutador';
import { fechaLarga, hoyClinica } from '../lib/fechas';

const DIAS_SEMANA = [
  ['L', 'lunes'],
  ['M', 'martes'],
  ['M', 'miércoles'],
  ['J', 'jueves'],
  ['V', 'viernes'],
  ['S', 'sábado'],
  ['D', 'domingo'],
] as const;

const rutaMes = (mes: string) => (mes === mesActual() ? RUTA_DIARIO : `${RUTA_DIARIO}/mes/${mes}`);

/** A message for the next screen (after deleting, the month says so). */
let avisoSiguiente: string | null = null;

export default function Diario({ ruta }: { ruta: string }) {
  const diario = useMiDiario();
  const resto = ruta.slice(RUTA_DIARIO.length);
  const mes = /^\/mes\/(\d{4}-(0[1-9]|1[0-2]))$/.exec(resto);
  const id = /^\/(\d{1,10})$/.exec(resto);
  if (resto === '/nueva') return <Escribir diario={diario} />;
  if (id) return <Detalle diario={diario} id={Number(id[1])} />;
  return <Mes diario={diario} mes={mes ? mes[1] : mesActual()} />;
}

type Diario = ReturnType<typeof useMiDiario>;

function Estado({ diario }: { diario: Diario }) {
  if (diario.datos !== undefined) return <AvisoGuardado visible={diario.guardado && diario.error !== null} />;
  return diario.error ? <Aviso tono="error">{diario.error.message}</Aviso> : <p className="text-tinta-600">Cargando tu diario…</p>;
}

function Mes({ diario, mes }: { diario: Diario; mes: string }) {
  const hoy = hoyClinica();
  const [dia, setDia] = useState<string | null>(null);
  const [aviso] = useState(() => {
    const a = avisoSiguiente;
    avisoSiguiente = null;
    return a;
  });
  const delMes = ordenar((diario.datos ?? []).filter((e) => mesDe(e.fecha) === mes));
  const porDia = new Map<string, Entrada[]>();
  for (const e of delMes) porDia.set(e.fecha, [...(porDia.get(e.fecha) ?? []), e]);
  const visibles = dia ? (porDia.get(dia) ?? []) : delMes;
  const esActual = mes >= mesActual();
  const nombre = nombreMes(mes);

  const irAMes = (n: number) => {
    setDia(null);
    navegar(rutaMes(sumarMeses(mes, n)));
  };

  return (
    <div className="space-y-4">
      <Titulo sub="Un lugar solo para ti. Tu psicóloga o psicólogo lee únicamente lo que decidas compartir.">Mi diario</Titulo>
      {aviso && <Aviso tono="exito">{aviso}</Aviso>}
      <Enlace
        a={`${RUTA_DIARIO}/nueva`}
        className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-salvia-600 px-5 font-semibold text-white active:bg-salvia-700"
      >
        <PenLine aria-hidden className="size-5" /> Escribir cómo me siento
      </Enlace>
      <Estado diario={diario} />

      <Tarjeta className="px-2 sm:px-4">
        <div className="mb-2 flex items-center justify-between gap-2">
          <button
            type="button"
            onClick={() => irAMes(-1)}
            className="inline-flex size-11 items-center justify-center rounded-full text-tinta-700 active:bg-arena-100"
            aria-label="Mes anterior"
          >
            <ChevronLeft aria-hidden className="size-6" />
          </button>
          <h2
            className="whitespace-nowrap font-serif text-lg text-tinta-900 first-letter:uppercase"
            aria-live="polite"
            data-testid="mes-diario"
          >
            {nombre}
          </h2>
          <button
            type="button"
            onClick={() => irAMes(1)}
            disabled={esActual}
            className="inline-flex size-11 items-center justify-center rounded-full text-tinta-700 active:bg-arena-100 disabled:text-tinta-400 disabled:opacity-40"
            aria-label="Mes siguiente"
          >
            <ChevronRight aria-hidden className="size-6" />
          </button>
        </div>
        <table className="w-full table-fixed border-separate border-spacing-1 text-center">
          <caption className="sr-only">Emociones de {nombre}</caption>
          <thead>
            <tr>
              {DIAS_SEMANA.map(([c, largo]) => (
                <th key={largo} scope="col" className="pb-1 text-sm font-medium text-tinta-500">
                  <abbr title={largo} className="no-underline">
                    {c}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {semanasDelMes(mes).map((semana) => (
              <tr key={semana.find(Boolean)}>
                {semana.map((f, i) =>
                  f === null ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the blank days of a week have no other identity
                    <td key={i} />
                  ) : (
                    <td key={f} className="p-0">
                      <Dia fecha={f} entradas={porDia.get(f) ?? []} hoy={hoy} elegido={dia === f} alElegir={setDia} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </Tarjeta>

      <section aria-labelledby="entradas-mes" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="entradas-mes" className="font-semibold text-tinta-800">
            {dia ? (
              <span className="first-letter:uppercase">{fechaLarga(dia)}</span>
            ) : (
              `Tus entradas de ${nombre.replace(/ de \d{4}$/, '')}`
            )}
          </h2>
          {dia && (
            <button type="button" onClick={() => setDia(null)} className="min-h-11 text-salvia-700 underline">
              Ver todo el mes
            </button>
          )}
        </div>
        {diario.datos !== undefined && visibles.length === 0 && (
          <p className="rounded-2xl border border-dashed border-arena-300 px-4 py-5 text-tinta-600">
            {dia
              ? 'Este día no escribiste nada, y está bien.'
              : `No hay entradas en ${nombre.replace(/ de \d{4}$/, '')}. Cuando quieras, escribe cómo te sientes; no hace falta hacerlo todos los días.`}
            {dia && dia <= hoy && (
              <>
                {' '}
                <Enlace a={`${RUTA_DIARIO}/nueva?fecha=${dia}`} className="font-semibold text-salvia-700 underline">
                  Escribir sobre ese día
                </Enlace>
              </>
            )}
          </p>
        )}
        <ul className="space-y-3" data-testid="entradas-diario">
          {visibles.map((e) => (
            <li key={e.id_entrada}>
              <ResumenEntrada entrada={e} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Dia({
  fecha,
  entradas,
  hoy,
  elegido,
  alElegir,
}: {
  fecha: string;
  entradas: Entrada[];
  hoy: string;
  elegido: boolean;
  alElegir: (f: string | null) => void;
}) {
  const n = Number(fecha.slice(8));
  const futuro = fecha > hoy;
  const emociones = [...new Set(entradas.map((e) => e.emocion))];
  const etiqueta = `${fechaLarga(fecha)}${entradas.length ? `: ${emociones.join(', ')}` : futuro ? '' : ', sin entradas'}`;
  const principal = entradas[0]?.emocion;
  return (
    <button
      type="button"
      disabled={futuro}
      aria-pressed={elegido}
      aria-label={etiqueta}
      data-fecha={fecha}
      onClick={() => alElegir(elegido ? null : fecha)}
      className={`flex aspect-square min-h-10 w-full flex-col items-center justify-center gap-0.5 rounded-xl text-sm ${
        elegido ? 'ring-2 ring-salvia-600' : fecha === hoy ? 'ring-1 ring-salvia-400' : ''
      } ${futuro ? 'text-tinta-400' : 'text-tinta-800 active:bg-arena-100'}`}
      style={principal ? { background: colorDeFondo(principal) } : undefined}
    >
      <span className={fecha === hoy ? 'font-bold' : ''}>{n}</span>
      <span className="flex h-2 gap-0.5" aria-hidden>
        {emociones.slice(0, 3).map((e) => (
          <PuntoEmocion key={e} emocion={e} className="size-2" />
        ))}
      </span>
    </button>
  );
}

/** The day's colour, softened behind its number. */
function colorDeFondo(emocion: string): string {
  return `color-mix(in srgb, ${colorDe(emocion)} 22%, white)`;
}

function Compartida({ compartida }: { compartida: boolean }) {
  return compartida ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-salvia-50 px-2.5 py-0.5 text-sm text-salvia-800">
      <Eye aria-hidden className="size-4" /> Compartida
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-arena-100 px-2.5 py-0.5 text-sm text-tinta-700">
      <EyeOff aria-hidden className="size-4" /> Solo para ti
    </span>
  );
}

function ResumenEntrada({ entrada: e }: { entrada: Entrada }) {
  return (
    <Enlace
      a={`${RUTA_DIARIO}/${e.id_entrada}`}
      className="block rounded-2xl border border-arena-200 bg-papel p-4 active:bg-arena-50"
      data-testid={`entrada-${e.id_entrada}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex items-center gap-2 font-semibold text-tinta-900">
          <PuntoEmocion emocion={e.emocion} />
          {e.emocion}
          <span className="font-normal text-tinta-600">· {textoIntensidad(e.intensidad)}</span>
        </span>
        <Compartida compartida={e.compartida} />
      </div>
      <p className="mt-1 text-sm text-tinta-600 first-letter:uppercase">{fechaLarga(e.fecha)}</p>
      {e.nota && <p className="mt-2 line-clamp-2 text-tinta-800 [overflow-wrap:anywhere]">{e.nota}</p>}
    </Enlace>
  );
}

function Volver({ a, texto }: { a: string; texto: string }) {
  return (
    <Enlace a={a} className="-ml-1 mb-2 inline-flex min-h-11 items-center gap-1 text-salvia-700">
      <ArrowLeft aria-hidden className="size-5" /> {texto}
    </Enlace>
  );
}

function Detalle({ diario, id }: { diario: Diario; id: number }) {
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
          <Estado diario={diario} />
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
      avisoSiguiente = 'La entrada se eliminó.';
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

function Escribir({ diario }: { diario: Diario }) {
  const hoy = hoyClinica();
  const pedida = new URLSearchParams(window.location.search).get('fecha');
  const fecha = pedida && /^\d{4}-\d{2}-\d{2}$/.test(pedida) && pedida <= hoy ? pedida : hoy;
  return (
    <div>
      <Volver a={rutaMes(mesDe(fecha))} texto="Volver al diario" />
      <Titulo sub={fecha === hoy ? 'Hoy' : <span className="inline-block first-letter:uppercase">{fechaLarga(fecha)}</span>}>
        ¿Cómo te sientes?
      </Titulo>
      <Tarjeta>
        <FormularioEntrada
          fecha={fecha}
          alGuardar={(e) => {
            diario.fijar((l) => conEntrada(l, e));
            navegar(`${RUTA_DIARIO}/${e.id_entrada}`, { reemplazar: true });
          }}
          alCancelar={() => navegar(rutaMes(mesDe(fecha)))}
        />
      </Tarjeta>
    </div>
  );
}
