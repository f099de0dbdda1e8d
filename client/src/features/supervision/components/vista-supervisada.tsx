import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import { MSG_SUPERVISION } from '@miduelo/shared/supervision';
import { TEXTOS_SUPERVISION as T } from '@miduelo/shared/supervision-textos';
import { Clock, Eye, TimerOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Cargando } from '@/components/ui/spinner';
import { cx } from '@/lib/cx';
import { fechaHora, horaClinica } from '@/lib/format';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { useLectura } from '../use-lectura';

interface Props {
  idChat: number;
  venceEn: string;
  admin: string;
  paciente: string;
  psicologo: string;
  onAbrirDeNuevo: () => void;
}

function Burbuja({ m, paciente, psicologo }: { m: Mensaje; paciente: string; psicologo: string }) {
  const delPaciente = m.remitente === 'paciente';
  return (
    <li data-mensaje-supervisado={m.id_mensaje} className={cx('flex flex-col', delPaciente ? 'items-start' : 'items-end')}>
      <div
        className={cx(
          'max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm',
          delPaciente ? 'rounded-bl-md bg-arena-100 text-tinta-900' : 'rounded-br-md bg-salvia-50 text-tinta-900',
          m.crisis && 'ring-2 ring-terracota-400',
        )}
      >
        <p className="mb-1 text-xs font-semibold text-tinta-600 [overflow-wrap:anywhere]">
          {delPaciente ? paciente : psicologo}
          <span className="font-normal"> · {fechaHora(m.fecha_envio)}</span>
        </p>
        <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{m.contenido}</p>
        {m.crisis && (
          <Badge tono="terracota" className="mt-1.5">
            {T.marcaCrisis}
          </Badge>
        )}
      </div>
    </li>
  );
}

/** The read-only conversation under an opening: banner, messages, time left; no composer. */
export function VistaSupervisada({ idChat, venceEn: venceInicial, admin, paciente, psicologo, onAbrirDeNuevo }: Props) {
  const l = useLectura(idChat, venceInicial);
  const [cargandoAnteriores, setCargandoAnteriores] = useState(false);
  const log = useRef<HTMLDivElement>(null);
  const ultimo = l.mensajes.at(-1)?.id_mensaje;
  // The newest message in view, as in a chat (not when older ones are added on top).
  useEffect(() => {
    if (ultimo !== undefined && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [ultimo]);

  if (l.fase === 'terminada') {
    return (
      <div
        role="status"
        data-supervision-terminada
        className="rounded-xl border border-pendiente-borde bg-aviso-50 p-4 text-sm text-tinta-800"
      >
        <p className="flex items-center gap-2 font-semibold text-tinta-900">
          <TimerOff className="size-5 text-aviso-700" aria-hidden /> {T.terminadaTitulo}
        </p>
        <p className="mt-1">{MSG_SUPERVISION.aperturaVencida}</p>
        <Button className="mt-3" tamano="sm" onClick={onAbrirDeNuevo}>
          {T.abrirDeNuevo}
        </Button>
      </div>
    );
  }
  return (
    <>
      <div
        data-banner-supervision
        className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-salvia-200 bg-salvia-50 px-4 py-3 text-sm text-salvia-900"
      >
        <p className="flex min-w-0 flex-1 basis-72 items-start gap-2 font-medium [overflow-wrap:anywhere]">
          <Eye className="mt-0.5 size-4 shrink-0" aria-hidden />
          {T.soloLectura(admin, horaClinica(l.venceEn), psicologo)}
        </p>
        <p className="flex items-center gap-1.5 tabular-nums" data-tiempo-restante>
          <Clock className="size-4" aria-hidden /> {T.quedan(l.minutosRestantes)}
        </p>
      </div>
      {l.fase === 'cargando' ? (
        <Cargando texto={T.cargandoMensajes} />
      ) : l.fase === 'error' ? (
        <ErrorCarga texto={MSG_GENERICO.servidor} onReintentar={l.reintentar} />
      ) : l.mensajes.length === 0 ? (
        <p className="rounded-xl bg-arena-50 px-4 py-8 text-center text-sm text-tinta-600">{T.sinMensajes}</p>
      ) : (
        <section aria-label={T.mensajes}>
          {l.hayAnteriores && (
            <div className="mb-3 flex justify-center">
              <Button
                tamano="sm"
                variante="fantasma"
                cargando={cargandoAnteriores}
                onClick={() => {
                  setCargandoAnteriores(true);
                  void l.anteriores().finally(() => setCargandoAnteriores(false));
                }}
              >
                {T.anteriores}
              </Button>
            </div>
          )}
          {/* A log: new messages are announced as they arrive; the region scrolls by keyboard too. */}
          <div
            ref={log}
            role="log"
            aria-label={T.mensajes}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
            className="max-h-[55dvh] overflow-y-auto rounded-xl border border-arena-200 bg-papel p-3 focus-visible:outline-2 focus-visible:outline-salvia-500"
          >
            <ol className="flex flex-col gap-2.5">
              {l.mensajes.map((m) => (
                <Burbuja key={m.id_mensaje} m={m} paciente={paciente} psicologo={psicologo} />
              ))}
            </ol>
          </div>
        </section>
      )}
    </>
  );
}
