import {
  type Aplicacion,
  etiquetaLikert,
  maximoDeEscala,
  type Pregunta,
  RESPUESTA_TEXTO_MAX,
  type Test,
  type TestDetalle,
  TEXTOS_EXPEDIENTE,
  MSG_EXPEDIENTE,
} from '@miduelo/shared/expediente';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { Cargando } from '@/components/ui/spinner';
import { aplicarTest, obtenerTest } from '@/api/expediente';
import { confirmar } from '@/lib/confirm';
import { cx } from '@/lib/cx';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { useIdCliente } from '@/nucleo/id-cliente';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { useSinGuardar } from '@/lib/sin-guardar';
import { toast } from '@/lib/toast';

type Valor = number | 'si' | 'no' | string;

const respondida = (v: Valor | undefined) => v !== undefined && !(typeof v === 'string' && v.trim() === '');
/** A text answer longer than the server takes (counted as it counts: trimmed). It stays whole in its
 * box, which says so; the test is not applied until it is shortened (decision 295). */
const excedida = (v: Valor | undefined) => typeof v === 'string' && v.trim().length > RESPUESTA_TEXTO_MAX;

/** The test application modal (spec 1 §2, §4, §5): description, progress bar, 'n / total preguntas',
 * every question with its control, the warning when one is missing and the '¿Aplicar test?'
 * confirmation. The score is computed by the server. */
export default function AplicarTestDialog({
  test,
  idPaciente,
  onCerrar,
  onAplicado,
}: {
  test: Test | null;
  idPaciente: number;
  onCerrar: () => void;
  onAplicado: (a: Aplicacion) => void;
}) {
  const [respuestas, setRespuestas] = useState<Record<number, Valor>>({});
  const [enviando, setEnviando] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  // The client id of the application (decision 313), one per opening and answers: an attempt
  // whose answer never arrived (the application may be stored), tried again unchanged, answers that
  // application instead of storing it twice; with an answer changed meanwhile, it is sent with a
  // new id and stored as an application of its own, so the change is never lost silently.
  const idCliente = useIdCliente(test?.id_test);
  const { data: detalle, error } = useLiveResource<TestDetalle>({
    fetch: (s) => obtenerTest(test?.id_test ?? 0, s),
    enabled: test !== null,
    vigilar: false,
    deps: [test?.id_test],
  });

  // A new test starts blank (and with new client ids: useIdCliente).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another test is opened
  useEffect(() => {
    setRespuestas({});
    setAviso(null);
  }, [test?.id_test]);

  useEffect(() => {
    if (!error || (error instanceof ApiError && error.sesionCerrada)) return;
    toast.error('Error', TEXTOS_EXPEDIENTE.errorCargarTest);
  }, [error]);

  const preguntas = detalle?.preguntas ?? [];
  const total = preguntas.length;
  const n = preguntas.filter((p) => respondida(respuestas[p.id_pregunta])).length;
  const faltan = total === 0 || n < total;

  async function aplicar() {
    if (!detalle) return;
    if (n < total) {
      const msg = MSG_EXPEDIENTE.faltanRespuestas(n, total);
      setAviso(msg);
      toast.aviso('Atención', msg, { duracion: 5000 });
      return;
    }
    const larga = preguntas.find((p) => excedida(respuestas[p.id_pregunta]));
    if (larga) {
      const msg = MSG_EXPEDIENTE.respuestaTexto(larga.orden);
      setAviso(msg);
      toast.aviso('Atención', msg, { duracion: 5000 });
      document.getElementById(`pregunta-${larga.id_pregunta}`)?.focus();
      return;
    }
    setAviso(null);
    const si = await confirmar({
      titulo: TEXTOS_EXPEDIENTE.confirmarAplicar,
      texto: TEXTOS_EXPEDIENTE.confirmarAplicarTexto,
      confirmar: 'Sí, aplicar',
    });
    if (!si) return;
    setEnviando(true);
    try {
      const datos = {
        id_test: detalle.id_test,
        id_paciente: idPaciente,
        respuestas: preguntas.map((p) => ({ id_pregunta: p.id_pregunta, respuesta: respuestas[p.id_pregunta] })),
      };
      // Compared as the server stores them (text trimmed): spaces alone do not make another one.
      const comparado = datos.respuestas.map((r) => (typeof r.respuesta === 'string' ? { ...r, respuesta: r.respuesta.trim() } : r));
      const a = await aplicarTest({ ...datos, id_cliente: idCliente.idPara({ ...datos, respuestas: comparado }) });
      idCliente.renovar();
      toast.exito(TEXTOS_EXPEDIENTE.testAplicado);
      setRespuestas({});
      onAplicado(a);
    } catch (e) {
      // The server holds this id with other answers: applying again, as its message asks, sends a
      // new id and stores it.
      if (e instanceof ApiError && e.code === 'ID_CLIENTE_DISTINTO') idCliente.renovar();
      if (!(e instanceof ApiError && e.sesionCerrada)) toast.error(TEXTOS_EXPEDIENTE.errorAplicar, mensajeDeError(e));
    } finally {
      setEnviando(false);
    }
  }

  // Answers given and not applied: closing or leaving asks first (decision 308).
  const pendiente = test !== null && !enviando && Object.values(respuestas).some(respondida);
  const descarte = { ...TEXTOS_EXPEDIENTE.descartar, texto: TEXTOS_EXPEDIENTE.descartar.test };
  const puedeCerrar = useSinGuardar(pendiente, descarte);

  async function pedirCierre() {
    if (!enviando && (await puedeCerrar())) onCerrar();
  }
  return (
    <Dialog open={test !== null} onOpenChange={(o) => !o && void pedirCierre()}>
      <DialogContent
        titulo={test?.nombre ?? ''}
        descripcion={test?.descripcion}
        ancho="xl"
        sinCerrar={enviando}
        onEscapeKeyDown={(e) => enviando && e.preventDefault()}
        onPointerDownOutside={(e) => enviando && e.preventDefault()}
      >
        <Progreso respondidas={n} total={total} />
        {detalle === undefined ? (
          <Cargando texto="Cargando preguntas..." />
        ) : (
          <ol className="flex flex-col gap-5">
            {preguntas.map((p) => (
              <PreguntaControl
                key={p.id_pregunta}
                pregunta={p}
                tipoEscala={detalle.tipo_escala}
                valor={respuestas[p.id_pregunta]}
                onCambio={(v) => setRespuestas((r) => ({ ...r, [p.id_pregunta]: v }))}
                deshabilitada={enviando}
              />
            ))}
          </ol>
        )}
        <Avisos aviso={aviso} falta={detalle !== undefined && faltan ? MSG_EXPEDIENTE.faltanRespuestas(n, total) : null} />
        <DialogFooter>
          <Button variante="secundario" onClick={() => void pedirCierre()} disabled={enviando}>
            {TEXTOS_EXPEDIENTE.cancelar}
          </Button>
          <Button
            onClick={() => void aplicar()}
            disabled={enviando || detalle === undefined || faltan}
            aria-describedby={faltan ? 'aplicar-falta' : undefined}
          >
            {enviando ? 'Aplicando...' : TEXTOS_EXPEDIENTE.aplicarTest}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A refusal after a click (role alert), and, while questions are missing, the spec 1 §5 warning
 * that says why 'Aplicar Test' waits (it describes the button). */
function Avisos({ aviso, falta }: { aviso: string | null; falta: string | null }) {
  return (
    <>
      {aviso ? (
        <p role="alert" className="mt-4 rounded-lg bg-aviso-50 px-3 py-2 text-sm text-aviso-700">
          {aviso}
        </p>
      ) : null}
      {falta ? (
        <p id="aplicar-falta" className="mt-4 text-sm text-tinta-600">
          {falta}
        </p>
      ) : null}
    </>
  );
}

/** The sticky progress bar: 'n / total preguntas'. */
function Progreso({ respondidas: n, total }: { respondidas: number; total: number }) {
  const porcentaje = total ? Math.round((n / total) * 100) : 0;
  return (
    <div className="sticky -top-7 z-10 -mx-1 mb-4 bg-papel px-1 pt-1 pb-3">
      <div className="flex items-center justify-between text-sm text-tinta-600">
        <span>Progreso</span>
        <span className="tabular-nums" aria-live="polite">
          {TEXTOS_EXPEDIENTE.preguntas(n, total)}
        </span>
      </div>
      <div
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-arena-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={n}
        aria-label="Preguntas respondidas"
      >
        <div className="h-full rounded-full bg-salvia-600 transition-[width]" style={{ width: `${porcentaje}%` }} />
      </div>
    </div>
  );
}

function PreguntaControl({
  pregunta: p,
  tipoEscala,
  valor,
  onCambio,
  deshabilitada,
}: {
  pregunta: Pregunta;
  tipoEscala: string;
  valor: Valor | undefined;
  onCambio: (v: Valor) => void;
  deshabilitada: boolean;
}) {
  const nombre = `pregunta-${p.id_pregunta}`;
  const max = maximoDeEscala(tipoEscala);
  const opcion = (activo: boolean) =>
    cx(
      'flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg border px-3 text-sm font-medium transition-colors',
      'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-salvia-500',
      activo ? 'border-salvia-600 bg-salvia-600 text-white' : 'border-arena-300 bg-papel text-tinta-800 hover:bg-salvia-50',
      deshabilitada && 'cursor-not-allowed opacity-60',
    );
  const radio = (v: Valor, texto: string, etiqueta: string) => (
    <label key={String(v)} className={opcion(valor === v)}>
      <input
        type="radio"
        className="sr-only"
        name={nombre}
        aria-label={etiqueta}
        checked={valor === v}
        disabled={deshabilitada}
        onChange={() => onCambio(v)}
      />
      {texto}
    </label>
  );
  return (
    <li className="rounded-xl border border-arena-200 p-4">
      {p.tipo_respuesta === 'texto' ? (
        <>
          <label htmlFor={nombre} className="block font-medium text-tinta-900 wrap-anywhere">
            {p.orden}. {p.texto_pregunta}
          </label>
          <Textarea
            id={nombre}
            className="mt-3"
            rows={3}
            value={typeof valor === 'string' ? valor : ''}
            disabled={deshabilitada}
            aria-invalid={excedida(valor) || undefined}
            aria-describedby={`${nombre}-cuenta`}
            onChange={(e) => onCambio(e.target.value)}
          />
          <p
            id={`${nombre}-cuenta`}
            className={cx('mt-1 flex justify-between gap-3 text-xs', excedida(valor) ? 'text-peligro-700' : 'text-tinta-500')}
          >
            <span>{excedida(valor) ? MSG_EXPEDIENTE.respuestaTexto(p.orden) : ''}</span>
            <span className={cx('ml-auto shrink-0 tabular-nums', excedida(valor) && 'font-semibold')}>
              {typeof valor === 'string' ? valor.trim().length : 0}/{RESPUESTA_TEXTO_MAX}
            </span>
          </p>
        </>
      ) : (
        <fieldset>
          <legend className="font-medium text-tinta-900 wrap-anywhere">
            {p.orden}. {p.texto_pregunta}
          </legend>
          {p.tipo_respuesta === 'escala' ? (
            <div className="mt-3 flex flex-col gap-1">
              <div className="flex flex-wrap gap-2">
                {Array.from({ length: max }, (_, i) => i + 1).map((v) => {
                  const e = etiquetaLikert(v, max);
                  return radio(v, String(v), e ? `${v} (${e})` : String(v));
                })}
              </div>
              <div className="flex justify-between gap-2 text-xs text-tinta-500" aria-hidden>
                <span>Muy en desacuerdo</span>
                <span>Neutral</span>
                <span className="text-right">Muy de acuerdo</span>
              </div>
            </div>
          ) : (
            <div className="mt-3 flex gap-2">
              {radio('si', 'Sí', 'Sí')}
              {radio('no', 'No', 'No')}
            </div>
          )}
        </fieldset>
      )}
    </li>
  );
}
