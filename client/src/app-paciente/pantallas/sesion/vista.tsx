// The patient's online-session room (issue 54, decision 363), drawn from the client core's state
// (`useSala`): the waiting room, the session, and the screens after it (ended, left, refused).
// Phone portrait first: the other party's video fills the screen, her own is a small window, and
// one bar holds camera, microphone, devices, chat and "Salir". The DOM hooks the browser tests use
// (`[data-sala]`, `data-sala-fase`, `video[data-video-remoto]`, `video[data-video-propio]`,
// `[data-calidad]`) are kept exactly.
import { TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { LogOut, MessageCircle, Mic, MicOff, Settings2, Signal, SignalLow, SignalMedium, Video, VideoOff, Volume2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { FaseSala, Sala } from '@/nucleo/sala/use-sala';
import { BotonCrisis } from '../../componentes/crisis';
import { Aviso, Boton } from '../../componentes/ui';
import { navegar } from '../../lib/enrutador';
import { anunciar } from '../../lib/pantalla';
import { HojaChat, HojaDispositivos, useChatDeLaSesion } from './hojas';
import { activarSonido, VideoDe } from './video';

const EN_SALA: FaseSala[] = ['esperando', 'conectando', 'en-curso', 'reconectando'];
const PSICOLOGA = 'Tu psicóloga o psicólogo';

/** What the live region reads when the room changes. Worded apart from the texts on screen, so that
 * a text is found once on the page (the screen itself shows "Reconectando…", the notices). */
function anuncioDe(fase: FaseSala, nombre: string): string | null {
  if (fase === 'esperando') return 'Estás en la sala de espera.';
  if (fase === 'conectando') return `${nombre} te admitió en la sesión.`;
  if (fase === 'en-curso') return `Estás en la sesión con ${nombre}.`;
  if (fase === 'reconectando') return 'Se interrumpió la conexión; intentamos recuperarla.';
  if (fase === 'terminada') return 'Fin de la sesión.';
  return null;
}

export function VistaSala({ sala, alReintentar }: { sala: Sala; alReintentar: () => void }) {
  const nombre = sala.sesion?.psicologo || PSICOLOGA;
  const { fase } = sala;

  useEffect(() => {
    const texto = anuncioDe(fase, nombre);
    if (texto) anunciar(texto);
  }, [fase, nombre]);
  useEffect(() => {
    if (sala.otroAusenteLargo) anunciar(`${nombre} sigue sin conexión.`);
  }, [sala.otroAusenteLargo, nombre]);

  // A phase that replaced the control she was on (the bar gone when the session ended, the entry
  // screen become the waiting room) gives focus to its heading, so that Tab goes on from there.
  const enSala = EN_SALA.includes(fase);
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the phase changes
  useEffect(() => {
    const activo = document.activeElement;
    if (activo && activo !== document.body && activo.isConnected) return;
    document.querySelector<HTMLElement>('[data-sala] h1')?.focus({ preventScroll: true });
  }, [fase]);

  if (enSala) return <EnSala sala={sala} nombre={nombre} />;

  return (
    <main data-sala data-sala-fase={fase} className="mx-auto flex min-h-dvh max-w-xl flex-col px-4 pt-3 pb-8">
      <div className="flex items-center justify-between gap-3 py-1">
        <p className="font-serif text-xl text-salvia-700">MiDuelo</p>
        <BotonCrisis />
      </div>
      <div className="flex flex-1 flex-col justify-center gap-4 py-6">
        {fase === 'entrando' && (
          <>
            <h1 tabIndex={-1} className="font-serif text-2xl text-tinta-900">
              Sesión en línea
            </h1>
            <p className="text-tinta-700" aria-busy="true">
              Entrando a la sala…
            </p>
          </>
        )}
        {fase === 'error' && (
          <>
            <h1 tabIndex={-1} className="font-serif text-2xl text-tinta-900">
              No pudimos abrir la sala
            </h1>
            <Aviso tono="error">{sala.error ?? 'Algo no salió bien. Inténtalo de nuevo en un momento.'}</Aviso>
            {sala.error === TEXTOS_SALA.sinCamara && (
              <p className="text-tinta-700">
                En tu teléfono, abre los ajustes del navegador o de la app, permite el uso de la cámara y el micrófono para MiDuelo y vuelve
                a intentarlo.
              </p>
            )}
            <div className="flex flex-col gap-2 sm:flex-row">
              <Boton onClick={alReintentar}>Intentar de nuevo</Boton>
              <Boton variante="secundario" onClick={() => navegar('')}>
                Volver al inicio
              </Boton>
            </div>
          </>
        )}
        {fase === 'terminada' && (
          <>
            <h1 tabIndex={-1} className="font-serif text-2xl text-tinta-900">
              {TEXTOS_SALA.terminada}
            </h1>
            <p className="text-tinta-700 [overflow-wrap:anywhere]">
              Gracias por darte este espacio. Si después quieres decirle algo a {nombre}, puedes escribirle en Mensajes.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Boton onClick={() => navegar('')}>Volver al inicio</Boton>
              <Boton variante="secundario" onClick={() => navegar('/chat')}>
                Ir a mensajes
              </Boton>
            </div>
          </>
        )}
        {fase === 'fuera' && (
          <>
            <h1 tabIndex={-1} className="font-serif text-2xl text-tinta-900">
              Saliste de la sala
            </h1>
            <p className="text-tinta-700 [overflow-wrap:anywhere]">
              La sesión sigue abierta para {nombre} mientras dure su horario: puedes volver a entrar.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Boton onClick={alReintentar}>Volver a entrar</Boton>
              <Boton variante="secundario" onClick={() => navegar('')}>
                Volver al inicio
              </Boton>
            </div>
          </>
        )}
      </div>
    </main>
  );
}

function EnSala({ sala, nombre }: { sala: Sala; nombre: string }) {
  const { fase } = sala;
  const espera = fase === 'esperando';
  const [hoja, setHoja] = useState<'dispositivos' | 'chat' | null>(null);
  const [sinSonido, setSinSonido] = useState(false);
  const idChat = useChatDeLaSesion(sala.sesion?.id_psicologo ?? null);

  return (
    <main
      data-sala
      data-sala-fase={fase}
      className={espera ? 'relative min-h-dvh bg-crema text-tinta-900' : 'fixed inset-0 overflow-hidden bg-tinta-950 text-white'}
    >
      {/* Same elements in every phase of the room (classes change): a stream is never re-attached. */}
      <VideoDe
        stream={sala.remoto}
        data-video-remoto
        aria-label={`Video de ${nombre}`}
        alBloquearse={setSinSonido}
        className={espera ? 'hidden' : 'absolute inset-0 size-full bg-black object-contain'}
      />
      <div className={`relative z-10 mx-auto flex flex-col ${espera ? 'min-h-dvh max-w-xl px-4 pt-3 pb-6' : 'h-full'}`}>
        <Cabecera sala={sala} nombre={nombre} espera={espera} />

        {espera && (
          <div className="mt-4 mb-4 space-y-2">
            <h1 tabIndex={-1} className="font-serif text-2xl text-tinta-900">
              {TEXTOS_SALA.esperaPaciente}
            </h1>
            <p className="text-tinta-700">{TEXTOS_SALA.esperaPacienteDetalle}</p>
          </div>
        )}
        {espera && sala.otroAusenteLargo && (
          <div className="mb-4">
            <Aviso>{TEXTOS_SALA.otroSeFue(nombre)}</Aviso>
          </div>
        )}
        {/* No camera (or no permission): the room goes on with what there is, and says so. */}
        {espera && sala.error && (
          <div className="mb-4">
            <Aviso tono="error">{sala.error}</Aviso>
          </div>
        )}

        <div
          className={
            espera
              ? 'relative mx-auto aspect-[3/4] h-[36dvh] max-w-full overflow-hidden rounded-2xl bg-tinta-900 sm:aspect-video sm:h-[45dvh]'
              : 'absolute top-[calc(4.5rem+env(safe-area-inset-top))] right-3 z-20 aspect-[3/4] w-24 overflow-hidden rounded-xl bg-tinta-900 shadow-lg ring-1 ring-white/30 sm:w-44 sm:aspect-video'
          }
        >
          <VideoDe stream={sala.local} propio data-video-propio aria-label="Tu imagen" className="size-full -scale-x-100 object-cover" />
          {!sala.camara && (
            <p className="absolute inset-0 grid place-items-center p-2 text-center text-sm text-white">
              <span className="flex flex-col items-center gap-1">
                <VideoOff aria-hidden className="size-6" />
                Cámara apagada
              </span>
            </p>
          )}
        </div>

        {!espera && (
          <Estado sala={sala} nombre={nombre}>
            {sinSonido && sala.remoto && (
              <Boton
                onClick={() => {
                  void activarSonido(document.querySelector<HTMLVideoElement>('video[data-video-remoto]')).then((ok) => setSinSonido(!ok));
                }}
              >
                <Volume2 aria-hidden className="size-5 shrink-0" />
                Toca para activar el sonido
              </Boton>
            )}
          </Estado>
        )}
        <Barra sala={sala} espera={espera} abrir={setHoja} />
      </div>

      <HojaDispositivos sala={sala} abierta={hoja === 'dispositivos'} alCerrar={() => setHoja(null)} />
      <HojaChat idChat={idChat} nombre={nombre} abierta={hoja === 'chat'} alCerrar={() => setHoja(null)} />
    </main>
  );
}

function Cabecera({ sala, nombre, espera }: { sala: Sala; nombre: string; espera: boolean }) {
  if (espera) {
    return (
      <div className="flex items-center justify-between gap-3 py-1">
        <p className="min-w-0 text-sm text-tinta-600 [overflow-wrap:anywhere]">Sesión en línea con {nombre}</p>
        <BotonCrisis />
      </div>
    );
  }
  return (
    <div className="flex items-start justify-between gap-3 bg-gradient-to-b from-black/70 to-transparent px-4 pt-[max(0.75rem,env(safe-area-inset-top))] pb-6">
      <h1 tabIndex={-1} className="line-clamp-2 min-w-0 font-sans text-base font-semibold text-white [overflow-wrap:anywhere] drop-shadow">
        <span className="sr-only">Sesión con </span>
        {nombre}
      </h1>
      <Calidad calidad={sala.calidad} />
    </div>
  );
}

function Calidad({ calidad }: { calidad: Sala['calidad'] }) {
  const Icono = calidad === 'mala' ? SignalLow : calidad === 'regular' ? SignalMedium : Signal;
  return (
    <p
      data-calidad={calidad ?? ''}
      className={`flex shrink-0 items-center gap-1.5 rounded-full bg-black/50 px-3 py-1 text-sm ${calidad ? '' : 'invisible'} ${
        calidad === 'mala' ? 'text-amber-200' : 'text-white'
      }`}
    >
      <Icono aria-hidden className="size-4" />
      {calidad ? TEXTOS_SALA.calidad[calidad] : ''}
    </p>
  );
}

/** Over the other party's video: connecting, reconnecting, and the other gone for over a minute. */
function Estado({ sala, nombre, children }: { sala: Sala; nombre: string; children?: ReactNode }) {
  const mensajes: string[] = [];
  if (sala.fase === 'conectando') mensajes.push(`Conectando con ${nombre}…`);
  if (sala.fase === 'reconectando') mensajes.push(TEXTOS_SALA.reconectando);
  if (sala.otroAusenteLargo) mensajes.push(TEXTOS_SALA.otroSeFue(nombre));
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center px-6">
      <div className="flex flex-1 flex-col items-center justify-center gap-3">
        {mensajes.map((m) => (
          <p key={m} data-sala-estado className="max-w-sm rounded-2xl bg-black/60 px-4 py-3 text-center text-base [overflow-wrap:anywhere]">
            {m}
          </p>
        ))}
        {children}
      </div>
      {/* No camera (or a device that failed): said once, small, above the bar, not over her face. */}
      {sala.error && (
        <p className="mb-1 max-w-md rounded-xl bg-black/70 px-3 py-2 text-center text-sm [overflow-wrap:anywhere]">{sala.error}</p>
      )}
    </div>
  );
}

function Barra({ sala, espera, abrir }: { sala: Sala; espera: boolean; abrir: (h: 'dispositivos' | 'chat') => void }) {
  const base = `grid size-13 shrink-0 place-items-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 ${
    espera ? 'focus-visible:outline-salvia-700' : 'focus-visible:outline-white'
  }`;
  const normal = espera
    ? 'border border-arena-300 bg-papel text-tinta-800 active:bg-arena-100'
    : 'bg-white/15 text-white active:bg-white/25';
  const apagado = 'bg-terracota-600 text-white active:bg-terracota-700';
  return (
    <div
      className={
        espera
          ? 'mt-6 flex flex-wrap items-center justify-center gap-2'
          : 'flex flex-wrap items-center justify-center gap-2 bg-gradient-to-t from-black/70 to-transparent px-3 pt-8 pb-[max(1rem,env(safe-area-inset-bottom))]'
      }
    >
      <Redondo
        clase={`${base} ${sala.camara ? normal : apagado}`}
        texto={sala.camara ? TEXTOS_SALA.camaraOn : TEXTOS_SALA.camaraOff}
        presionado={sala.camara}
        onClick={sala.alternarCamara}
      >
        {sala.camara ? <Video aria-hidden className="size-6" /> : <VideoOff aria-hidden className="size-6" />}
      </Redondo>
      <Redondo
        clase={`${base} ${sala.micro ? normal : apagado}`}
        texto={sala.micro ? TEXTOS_SALA.microOn : TEXTOS_SALA.microOff}
        presionado={sala.micro}
        onClick={sala.alternarMicro}
      >
        {sala.micro ? <Mic aria-hidden className="size-6" /> : <MicOff aria-hidden className="size-6" />}
      </Redondo>
      <Redondo clase={`${base} ${normal}`} texto={TEXTOS_SALA.dispositivos} dialogo onClick={() => abrir('dispositivos')}>
        <Settings2 aria-hidden className="size-6" />
      </Redondo>
      <Redondo clase={`${base} ${normal}`} texto={TEXTOS_SALA.chat} dialogo onClick={() => abrir('chat')}>
        <MessageCircle aria-hidden className="size-6" />
      </Redondo>
      <button
        type="button"
        onClick={sala.salir}
        aria-label={TEXTOS_SALA.salir}
        title={TEXTOS_SALA.salir}
        className={`inline-flex min-h-13 shrink-0 items-center gap-2 rounded-full px-4 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 ${
          espera
            ? 'border border-terracota-200 bg-papel text-terracota-700 focus-visible:outline-salvia-700 active:bg-terracota-50'
            : 'bg-terracota-600 text-white focus-visible:outline-white active:bg-terracota-700'
        }`}
      >
        <LogOut aria-hidden className="size-5" />
        Salir
      </button>
    </div>
  );
}

/** One round control of the bar: its name is its label and its tooltip; a switch says whether it is
 * on (aria-pressed), a control that opens a sheet says so (aria-haspopup). */
function Redondo(p: { clase: string; texto: string; presionado?: boolean; dialogo?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={p.presionado}
      aria-haspopup={p.dialogo ? 'dialog' : undefined}
      aria-label={p.texto}
      title={p.texto}
      onClick={p.onClick}
      className={p.clase}
    >
      {p.children}
    </button>
  );
}
