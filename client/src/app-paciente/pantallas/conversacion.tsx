// One conversation of the patient's app: its messages (loaded, live and merged by
// conversacion/use-conversacion.ts), what waits in the outbox, older pages, and writing.
import { ESCRIBIENDO_INTERVALO_MS, MENSAJE_MAX, MSG_CHAT, TEXTOS_CHAT } from '@miduelo/shared/chat';
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import { longitudTexto } from '@miduelo/shared/comun';
import { contieneLenguajeDeCrisis } from '@miduelo/shared/foros-crisis';
import { ArrowLeft, Check, CheckCheck, Clock, SendHorizontal, X } from 'lucide-react';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMisChats } from '../api/chat';
import { LineasCrisis } from '../componentes/crisis';
import { Aviso, AvisoGuardado, Cuenta } from '../componentes/ui';
import { alEnviar, descartar, encolar, type Pendiente, useBandeja } from '../lib/bandeja';
import { nombreDe } from '../lib/chats';
import { useConexion } from '../lib/conexion';
import { Enlace } from '../lib/enrutador';
import { horaDe } from '../lib/fechas';
import { diaDe, etiquetaDia } from './conversacion/dias';
import { useAnteriores, useConversacion } from './conversacion/use-conversacion';

/** `incrustada`: inside the online-session room's sheet (decision 363): no heading of its own (the
 * sheet names it), no way back, the writing box at the sheet's foot instead of above the bottom bar. */
export default function Conversacion({ idChat, incrustada = false }: { idChat: number; incrustada?: boolean }) {
  const { mensajes, error, guardado, escribe, agregar } = useConversacion(idChat);
  const chats = useMisChats();
  const chat = chats.datos?.find((c) => c.id_chat === idChat);
  const pendientes = useBandeja((s) => s.pendientes).filter((p) => p.id_chat === idChat);
  const fin = useRef<HTMLDivElement>(null);
  const anteriores = useAnteriores(idChat, mensajes, agregar);
  const { primero, alturaAntes } = anteriores;
  // What she was reading stays where it was when older messages appear above it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the first message changes
  useLayoutEffect(() => {
    if (alturaAntes.current === null) return;
    window.scrollBy(0, document.documentElement.scrollHeight - alturaAntes.current);
    alturaAntes.current = null;
  }, [primero]);

  const enviados = new Set(mensajes.map((m) => m.id_cliente));
  const enEspera = pendientes.filter((p) => !enviados.has(p.id_cliente));
  // Down to the newest when one arrives or is written (not when older ones are added above).
  const ultimo = mensajes.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (ultimo > 0 || enEspera.length > 0) fin.current?.scrollIntoView({ block: 'end' });
  }, [ultimo, enEspera.length]);
  // With one conversation, Mensajes opens it straight away: a back arrow would only reopen it.
  const variasConversaciones = (chats.datos?.length ?? 0) > 1;
  // Crisis language in what she writes (decision 338): the crisis lines at once, judged here as the
  // server judges it (so also while the message waits for a connection), and when the server marks
  // a message she sent from this phone.
  const [crisis, setCrisis] = useState(false);
  useEffect(() => alEnviar((m) => m.id_chat === idChat && m.crisis && setCrisis(true)), [idChat]);

  return (
    <div className={`flex flex-col ${incrustada ? 'min-h-full pt-2' : 'min-h-[calc(100dvh-13rem)]'}`}>
      <div className={incrustada ? 'sr-only' : 'mb-3 flex items-center gap-2'}>
        {variasConversaciones && !incrustada && (
          <Enlace a="/chat" aria-label="Volver a mensajes" className="-ml-2 grid size-11 place-items-center rounded-full">
            <ArrowLeft aria-hidden className="size-5" />
          </Enlace>
        )}
        <div className="min-w-0">
          {!incrustada && <h1 className="font-serif text-xl [overflow-wrap:anywhere]">{chat ? nombreDe(chat) : 'Conversación'}</h1>}
          <p className="h-5 text-sm text-salvia-700" aria-live="polite">
            {escribe ? 'Escribiendo…' : ''}
          </p>
        </div>
      </div>
      <AvisoGuardado visible={guardado && error !== null} />
      {error && mensajes.length === 0 && <Aviso tono="error">{error}</Aviso>}
      {primero > 1 && anteriores.estado !== 'fin' && <VerAnteriores estado={anteriores.estado} ver={() => void anteriores.ver()} />}
      <Mensajes mensajes={mensajes} enEspera={enEspera} />
      {crisis && <AvisoCrisis quien={chat ? nombreDe(chat) : null} onCerrar={() => setCrisis(false)} />}
      <Redactar idChat={idChat} alEscribirCrisis={() => setCrisis(true)} incrustada={incrustada} />
      <div ref={fin} className={incrustada ? 'h-1' : 'h-20'} aria-hidden />
    </div>
  );
}

function VerAnteriores({ estado, ver }: { estado: 'listos' | 'cargando' | 'error'; ver: () => void }) {
  return (
    <div className="mb-3 flex flex-col items-center gap-1">
      <button
        type="button"
        onClick={ver}
        disabled={estado === 'cargando'}
        className="min-h-11 rounded-full border border-arena-300 bg-papel px-4 text-sm font-semibold text-tinta-700 disabled:text-tinta-400"
      >
        {estado === 'cargando' ? 'Cargando…' : 'Ver mensajes anteriores'}
      </button>
      {estado === 'error' && (
        <p role="alert" className="text-sm text-terracota-700">
          No pudimos traer los mensajes anteriores. Inténtalo de nuevo.
        </p>
      )}
    </div>
  );
}

function Mensajes({ mensajes, enEspera }: { mensajes: Mensaje[]; enEspera: Pendiente[] }) {
  // A separator above each day's first message ("Hoy", "Ayer"…), inside that message's item so the
  // list holds one item per message; what waits to be sent is today's.
  let diaPrevio: string | null = null;
  const separador = (dia: string) => {
    if (dia === diaPrevio) return undefined;
    diaPrevio = dia;
    return etiquetaDia(dia);
  };
  return (
    <ol className="flex-1 space-y-2" aria-label="Mensajes" data-testid="mensajes">
      {mensajes.map((m) => (
        <Burbuja key={m.seq} propia={m.remitente === 'paciente'} texto={m.contenido} data-seq={m.seq} dia={separador(diaDe(m.fecha_envio))}>
          {horaDe(m.fecha_envio)}
          {m.remitente === 'paciente' &&
            (m.leido ? (
              <CheckCheck aria-label="Leído" className="size-4 text-salvia-200" data-leido="si" />
            ) : (
              <Check aria-label="Enviado" className="size-4" data-leido="no" />
            ))}
        </Burbuja>
      ))}
      {enEspera.map((p) => (
        <Burbuja key={p.id_cliente} propia texto={p.contenido} pendiente dia={separador(diaDe(p.creado))}>
          {p.error ? (
            <span className="flex flex-wrap items-center gap-2">
              No se pudo enviar: {p.error}
              <button type="button" className="underline" onClick={() => descartar(p.id_cliente)}>
                Descartar
              </button>
            </span>
          ) : (
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden className="size-3.5" /> Pendiente de envío
            </span>
          )}
        </Burbuja>
      ))}
    </ol>
  );
}

/** After she writes crisis language: kind words and the crisis lines, until she closes it. */
function AvisoCrisis({ quien, onCerrar }: { quien: string | null; onCerrar: () => void }) {
  const T = TEXTOS_CHAT.crisis;
  const caja = useRef<HTMLElement>(null);
  useEffect(() => caja.current?.scrollIntoView({ block: 'nearest' }), []);
  return (
    <section
      ref={caja}
      role="alert"
      aria-labelledby="crisis-chat-titulo"
      data-aviso-crisis
      className="mt-3 scroll-mb-40 rounded-2xl border border-terracota-200 bg-terracota-50 p-4"
    >
      <div className="mb-1 flex items-start justify-between gap-2">
        <h2 id="crisis-chat-titulo" className="font-serif text-xl text-tinta-900">
          {T.pacienteTitulo}
        </h2>
        <button type="button" onClick={onCerrar} className="-m-2 grid size-11 place-items-center text-tinta-600" aria-label={T.cerrar}>
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <p className="mb-3 text-tinta-700">{T.pacienteTexto(quien ?? 'Tu psicóloga o psicólogo')}</p>
      <LineasCrisis />
    </section>
  );
}

function Burbuja({
  propia,
  texto,
  pendiente,
  dia,
  children,
  ...resto
}: {
  propia: boolean;
  texto: string;
  pendiente?: boolean;
  /** The day separator above this message, when it is its day's first. */
  dia?: string;
  children: React.ReactNode;
  'data-seq'?: number;
}) {
  return (
    <li className={`flex flex-wrap ${propia ? 'justify-end' : 'justify-start'}`} {...resto} data-pendiente={pendiente ? 'si' : undefined}>
      {dia && (
        <p className="mb-1 flex w-full justify-center pt-1" data-separador-dia>
          <span className="rounded-full bg-arena-100 px-3 py-1 text-xs font-medium text-tinta-600">{dia}</span>
        </p>
      )}
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 ${
          propia ? `bg-salvia-600 text-white ${pendiente ? 'opacity-75' : ''}` : 'border border-arena-200 bg-papel text-tinta-900'
        }`}
      >
        <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{texto}</p>
        <p className={`mt-0.5 flex items-center justify-end gap-1 text-xs ${propia ? 'text-salvia-100' : 'text-tinta-500'}`}>{children}</p>
      </div>
    </li>
  );
}

function Redactar({ idChat, alEscribirCrisis, incrustada }: { idChat: number; alEscribirCrisis: () => void; incrustada: boolean }) {
  const [texto, setTexto] = useState('');
  const socket = useConexion((c) => c.socket);
  const ultimoAviso = useRef(0);
  const avisar = (escribiendo: boolean) => {
    if (!socket?.connected) return;
    const ahora = Date.now();
    if (escribiendo && ahora - ultimoAviso.current < ESCRIBIENDO_INTERVALO_MS) return;
    ultimoAviso.current = escribiendo ? ahora : 0;
    socket.emit('chat:escribiendo', { id_chat: idChat, escribiendo });
  };
  // Counted as the server counts (trimmed, in characters: an emoji is one). A text pasted past the
  // limit stays whole and says so, instead of being cut by the browser (decision 295).
  const largo = longitudTexto(texto.trim());
  const excedido = largo > MENSAJE_MAX;
  function enviar(e: FormEvent) {
    e.preventDefault();
    const t = texto.trim();
    if (!t || excedido) return;
    encolar(idChat, t);
    if (contieneLenguajeDeCrisis(t)) alEscribirCrisis();
    setTexto('');
    avisar(false);
  }
  return (
    <form
      onSubmit={enviar}
      className={`sticky z-10 mt-3 rounded-2xl border border-arena-200 bg-papel p-2 shadow-sm ${
        incrustada ? 'bottom-0' : 'bottom-[calc(4.75rem+env(safe-area-inset-bottom))]'
      }`}
    >
      <div className="flex items-end gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Escribe un mensaje</span>
          <textarea
            value={texto}
            rows={1}
            aria-invalid={excedido || undefined}
            aria-describedby="cuenta-mensaje"
            placeholder="Escribe un mensaje"
            onChange={(e) => {
              setTexto(e.target.value);
              avisar(e.target.value.length > 0);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                enviar(e);
              }
            }}
            onBlur={() => avisar(false)}
            className="max-h-32 min-h-11 w-full resize-none rounded-xl px-2 py-2.5 focus:outline-none"
          />
        </label>
        <button
          type="submit"
          disabled={!texto.trim() || excedido}
          aria-label="Enviar"
          className="grid size-11 shrink-0 place-items-center rounded-full bg-salvia-600 text-white disabled:bg-salvia-300"
        >
          <SendHorizontal aria-hidden className="size-5" />
        </button>
      </div>
      <div className="px-2 pt-1">
        <Cuenta id="cuenta-mensaje" largo={largo} max={MENSAJE_MAX} mensaje={MSG_CHAT.mensajeLargo} />
      </div>
    </form>
  );
}
