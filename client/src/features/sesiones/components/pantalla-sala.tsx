// The psychologist's room of an online session (issue 54, decision 362): the other party's video
// large, her own small in a corner, the controls at the bottom, the quality, and a banner for every
// state (waiting, admitting, connecting, "Reconectando…", the other party gone, ended, refused).
// The logic is the client core's (`useSala`); this screen only shows it.
import { TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { horaClinica } from '@/lib/format';
import { cx } from '@/lib/cx';
import { type Sala, useSala } from '@/nucleo/sala/use-sala';
import { TEXTOS_SALA_WEB as T } from '../textos';
import { BannerSala, anuncioDeSala } from './banner-sala';
import { ControlesSala } from './controles-sala';
import { Video } from './video';

interface Props {
  idSesion: number;
  /** Came from "Admitir" in the shell's notice: admit the waiting patient as soon as the room is joined. */
  admitirAlEntrar: boolean;
  /** The chat with the patient, in a side panel (the route hands it in: features do not import each other). */
  panelChat: (o: { idPaciente: number; cerrar: () => void }) => ReactNode;
}

export function PantallaSala({ idSesion, admitirAlEntrar, panelChat }: Props) {
  const sala = useSala({ idSesion, lado: 'psicologo' });
  const [chatAbierto, setChatAbierto] = useState(false);
  const botonChat = useRef<HTMLButtonElement>(null);
  useAdmitirAlEntrar(sala, admitirAlEntrar);

  const nombre = sala.sesion?.paciente ?? '';
  const titulo = nombre ? T.titulo(nombre) : sala.fase === 'entrando' ? T.entrando : T.sesionEnLinea;
  const activa = sala.fase !== 'terminada' && sala.fase !== 'fuera' && sala.fase !== 'error';
  const cerrarChat = () => {
    setChatAbierto(false);
    botonChat.current?.focus();
  };

  return (
    <div data-sala data-sala-fase={sala.fase} className="fixed inset-0 z-30 flex bg-[#1c2321] text-white">
      <section aria-label={titulo} className="relative flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 px-4 py-3 sm:px-6">
          <h1 className="min-w-0 flex-1 truncate font-serif text-lg font-semibold text-white sm:text-xl">{titulo}</h1>
          {sala.estado && activa ? (
            <span className="hidden text-sm text-white/70 sm:inline">{T.terminaA(horaClinica(sala.estado.cierra_en))}</span>
          ) : null}
          <IndicadorCalidad calidad={sala.calidad} visible={sala.fase === 'en-curso' || sala.fase === 'reconectando'} />
        </header>

        <div className="relative min-h-0 flex-1">
          <Video
            data-video-remoto
            stream={sala.remoto}
            autoPlay
            playsInline
            className={cx('absolute inset-0 size-full bg-black object-cover sm:object-contain', !sala.remoto && 'invisible')}
          />
          {!sala.remoto && nombre ? <Iniciales nombre={nombre} /> : null}
          <BannerSala sala={sala} nombre={nombre} />
          {activa ? (
            <div className="absolute top-3 right-3 w-28 overflow-hidden rounded-xl border border-white/20 bg-black shadow-elevada sm:top-auto sm:right-5 sm:bottom-5 sm:w-56">
              <Video
                data-video-propio
                stream={sala.local}
                autoPlay
                playsInline
                muted
                className="aspect-[3/4] w-full -scale-x-100 object-cover sm:aspect-video"
              />
              {!sala.camara ? (
                <p className="absolute inset-0 flex items-center justify-center bg-tinta-900/90 px-2 text-center text-xs text-white/80">
                  {T.camaraApagada}
                </p>
              ) : null}
              <span className="absolute bottom-1 left-2 text-xs font-semibold text-white drop-shadow">{T.tu}</span>
            </div>
          ) : null}
        </div>

        {activa ? (
          <ControlesSala
            sala={sala}
            chatAbierto={chatAbierto}
            botonChat={botonChat}
            onChat={() => (chatAbierto ? cerrarChat() : setChatAbierto(true))}
          />
        ) : null}
        <p role="status" aria-live="polite" className="sr-only">
          {anuncioDeSala(sala, nombre)}
        </p>
      </section>

      {chatAbierto && sala.sesion ? (
        <aside
          aria-label={TEXTOS_SALA.chat}
          className="fixed inset-0 z-40 flex flex-col bg-papel text-tinta-900 md:static md:z-auto md:w-[24rem] md:border-l md:border-arena-200 lg:w-[28rem]"
        >
          {panelChat({ idPaciente: sala.sesion.id_paciente, cerrar: cerrarChat })}
        </aside>
      ) : null}
    </div>
  );
}

/** "Admitir" in the shell's notice opened this room: admit once the room says the patient waits. */
function useAdmitirAlEntrar(sala: Sala, pedido: boolean) {
  const hecho = useRef(false);
  const espera = sala.estado?.paciente_presente === true && !sala.estado.paciente_admitido;
  const { admitir } = sala;
  useEffect(() => {
    if (!pedido || hecho.current || !espera || sala.fase !== 'esperando') return;
    hecho.current = true;
    void admitir().catch(() => {
      // The banner's own Admitir button stays there to try again.
      hecho.current = false;
    });
  }, [pedido, espera, sala.fase, admitir]);
}

function Iniciales({ nombre }: { nombre: string }) {
  const letras = nombre
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');
  return (
    <div aria-hidden className="absolute inset-0 flex items-center justify-center">
      <span className="flex size-28 items-center justify-center rounded-full bg-salvia-800 font-serif text-4xl font-semibold text-salvia-50 sm:size-36 sm:text-5xl">
        {letras}
      </span>
    </div>
  );
}

const TONO_CALIDAD = { buena: 'bg-exito-600', regular: 'bg-aviso-600', mala: 'bg-peligro-600' } as const;
const BARRAS_CALIDAD = { buena: 3, regular: 2, mala: 1 } as const;

function IndicadorCalidad({ calidad, visible }: { calidad: Sala['calidad']; visible: boolean }) {
  if (!visible) return <span data-calidad="" hidden />;
  const texto = calidad ? TEXTOS_SALA.calidad[calidad] : T.calidadEspera;
  return (
    <span
      data-calidad={calidad ?? ''}
      className="flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-medium"
      title={texto}
    >
      <span aria-hidden className="flex h-3.5 items-end gap-0.5">
        {[1, 2, 3].map((n) => (
          <span
            key={n}
            className={cx('w-1 rounded-sm', calidad && n <= BARRAS_CALIDAD[calidad] ? TONO_CALIDAD[calidad] : 'bg-white/30')}
            style={{ height: `${n * 33}%` }}
          />
        ))}
      </span>
      <span className="hidden sm:inline">{texto}</span>
      <span className="sr-only sm:hidden">{texto}</span>
    </span>
  );
}
