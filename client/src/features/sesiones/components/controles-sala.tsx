// The room's control bar (decision 362): camera, microphone, devices, chat, extend, end, leave.
// Toggles say their state with aria-pressed (pressed: on) and their action in their name.
import { TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { DoorOpen, MessageCircle, Mic, MicOff, PhoneOff, Settings2, TimerReset, Video as VideoIcono, VideoOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, type RefObject, useRef, useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { confirmar } from '@/lib/confirm';
import { cx } from '@/lib/cx';
import { toast } from '@/lib/toast';
import { mostrarError } from '@/nucleo/http';
import type { Sala } from '@/nucleo/sala/use-sala';
import { TEXTOS_SALA_WEB as T } from '../textos';

interface Props {
  sala: Sala;
  chatAbierto: boolean;
  botonChat: RefObject<HTMLButtonElement | null>;
  onChat: () => void;
}

export function ControlesSala({ sala, chatAbierto, botonChat, onChat }: Props) {
  const [dispositivos, setDispositivos] = useState(false);
  const botonDispositivos = useRef<HTMLButtonElement>(null);
  const [ocupado, setOcupado] = useState<'extender' | 'terminar' | null>(null);
  const enSesion = sala.fase === 'en-curso' || sala.fase === 'conectando' || sala.fase === 'reconectando';

  async function extender() {
    setOcupado('extender');
    try {
      await sala.extender();
      toast.exito(T.extendida);
    } catch (e) {
      mostrarError(e);
    } finally {
      setOcupado(null);
    }
  }

  async function terminar() {
    const si = await confirmar({ titulo: T.confirmarTerminar, texto: T.confirmarTerminarTexto, confirmar: T.siTerminar, peligro: true });
    if (!si) return;
    setOcupado('terminar');
    try {
      await sala.terminar();
    } catch (e) {
      mostrarError(e);
    } finally {
      setOcupado(null);
    }
  }

  return (
    <div
      role="toolbar"
      aria-label={T.controles}
      className="flex flex-wrap items-center justify-center gap-2 border-t border-white/10 bg-black/30 px-3 py-3 sm:gap-3 sm:px-6"
    >
      <Control
        etiqueta={sala.camara ? TEXTOS_SALA.camaraOn : TEXTOS_SALA.camaraOff}
        aria-pressed={sala.camara}
        apagado={!sala.camara}
        disabled={!sala.local?.getVideoTracks().length}
        onClick={sala.alternarCamara}
      >
        {sala.camara ? <VideoIcono className="size-5" aria-hidden /> : <VideoOff className="size-5" aria-hidden />}
      </Control>
      <Control
        etiqueta={sala.micro ? TEXTOS_SALA.microOn : TEXTOS_SALA.microOff}
        aria-pressed={sala.micro}
        apagado={!sala.micro}
        disabled={!sala.local?.getAudioTracks().length}
        onClick={sala.alternarMicro}
      >
        {sala.micro ? <Mic className="size-5" aria-hidden /> : <MicOff className="size-5" aria-hidden />}
      </Control>
      <Control ref={botonDispositivos} etiqueta={TEXTOS_SALA.dispositivos} aria-haspopup="dialog" onClick={() => setDispositivos(true)}>
        <Settings2 className="size-5" aria-hidden />
      </Control>
      <Control ref={botonChat} etiqueta={TEXTOS_SALA.chat} aria-expanded={chatAbierto} onClick={onChat}>
        <MessageCircle className="size-5" aria-hidden />
      </Control>
      <span aria-hidden className="mx-1 hidden h-8 w-px bg-white/15 sm:block" />
      <Control etiqueta={TEXTOS_SALA.extender} conTexto disabled={!enSesion || ocupado !== null} onClick={() => void extender()}>
        <TimerReset className="size-5" aria-hidden />
      </Control>
      <Control etiqueta={TEXTOS_SALA.salir} conTexto onClick={sala.salir}>
        <DoorOpen className="size-5" aria-hidden />
      </Control>
      <Control etiqueta={TEXTOS_SALA.terminar} conTexto peligro disabled={ocupado !== null} onClick={() => void terminar()}>
        <PhoneOff className="size-5" aria-hidden />
      </Control>

      <Dialog open={dispositivos} onOpenChange={setDispositivos}>
        <DialogContent
          titulo={TEXTOS_SALA.dispositivos}
          ancho="sm"
          onCloseAutoFocus={(e) => {
            // Back to the control that opened it (the room is a fixed layer the default misses).
            e.preventDefault();
            botonDispositivos.current?.focus();
          }}
        >
          <Selector
            id="sala-camara"
            etiqueta={T.camara}
            lista={sala.dispositivos.camaras}
            elegido={sala.camaraElegida}
            onElegir={(id) => void sala.elegirCamara(id)}
          />
          <Selector
            id="sala-micro"
            etiqueta={T.micro}
            lista={sala.dispositivos.micros}
            elegido={sala.microElegido}
            onElegir={(id) => void sala.elegirMicro(id)}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}

function Control({
  etiqueta,
  conTexto,
  apagado,
  peligro,
  className,
  children,
  ...props
}: { etiqueta: string; conTexto?: boolean; apagado?: boolean; peligro?: boolean; children: ReactNode } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={conTexto ? undefined : etiqueta}
      title={conTexto ? undefined : etiqueta}
      data-destructivo={peligro || undefined}
      className={cx(
        'inline-flex h-12 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-full text-sm font-semibold transition-colors',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-40',
        conTexto ? 'px-4' : 'w-12',
        peligro
          ? 'bg-peligro-600 text-white hover:bg-peligro-700'
          : apagado
            ? 'bg-white text-tinta-900 hover:bg-arena-100'
            : 'bg-white/15 text-white hover:bg-white/25',
        className,
      )}
      {...props}
    >
      {children}
      {conTexto ? <span className={cx(peligro ? '' : 'max-sm:sr-only')}>{etiqueta}</span> : null}
    </button>
  );
}

function Selector({
  id,
  etiqueta,
  lista,
  elegido,
  onElegir,
}: {
  id: string;
  etiqueta: string;
  lista: MediaDeviceInfo[];
  elegido: string | null;
  onElegir: (id: string) => void;
}) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-tinta-800">
        {etiqueta}
      </label>
      {lista.length === 0 ? (
        <p id={id} className="text-sm text-tinta-600">
          {T.sinDispositivos}
        </p>
      ) : (
        <select
          id={id}
          value={elegido ?? ''}
          onChange={(e) => onElegir(e.target.value)}
          className="h-11 w-full rounded-xl border border-arena-300 bg-papel px-3 text-sm text-tinta-900 focus-visible:outline-2 focus-visible:outline-salvia-500"
        >
          {lista.map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || `${etiqueta} ${i + 1}`}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
