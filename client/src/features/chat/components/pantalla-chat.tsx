import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import type { Chat } from '@miduelo/shared/chat-respuestas';
import { ArrowLeft, MessagesSquare, Plus, Search, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { AvatarInicial } from '../../../components/ui/avatar-inicial';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ChatCompositor } from '../../../components/ui/chat-compositor';
import { ChatMensajes } from '../../../components/ui/chat-mensajes';
import { Input } from '../../../components/ui/input';
import { Cargando } from '../../../components/ui/spinner';
import { cx } from '../../../lib/cx';
import { ApiError } from '../../../lib/http';
import { useSocket } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { crearChat } from '../api';
import { chatPsicologo, useChatPsicologo } from '../store';
import { ListaChats, nombreDeChat } from './lista-chats';
import { NuevoChatDialog } from './nuevo-chat-dialog';

const SIN_MENSAJES: never[] = [];

interface PantallaChatProps {
  /** `?paciente=`: open (or create) that patient's chat. */
  paciente?: number;
  /** Keeps `?paciente=` in step with the open chat. */
  onPacienteAbierto: (id: number | undefined) => void;
}

/** The psychologist's chat screen (spec 1 §2 Chat): sidebar with search and list, conversation pane. */
export function PantallaChat({ paciente, onPacienteAbierto }: PantallaChatProps) {
  const chats = useChatPsicologo((s) => s.chats);
  const listaCargada = useChatPsicologo((s) => s.listaCargada);
  const seleccionado = useChatPsicologo((s) => s.seleccionado);
  const mensajes = useChatPsicologo((s) => (s.seleccionado === null ? SIN_MENSAJES : (s.mensajes[s.seleccionado] ?? SIN_MENSAJES)));
  const cargandoMensajes = useChatPsicologo((s) => s.cargandoMensajes);
  const hayAnteriores = useChatPsicologo((s) => (s.seleccionado === null ? false : Boolean(s.hayAnteriores[s.seleccionado])));
  const escribiendo = useChatPsicologo((s) => s.escribiendo);
  const enVivo = useSocket((s) => s.estado === 'conectado');
  const [busqueda, setBusqueda] = useState('');
  const [nuevoAbierto, setNuevoAbierto] = useState(false);
  const pacienteManejado = useRef<number | null>(null);

  useEffect(() => chatPsicologo.iniciar(), []);

  // Spec 1 §5: an empty term reloads every chat; typing waits a moment before searching.
  const primeraBusqueda = useRef(true);
  useEffect(() => {
    if (primeraBusqueda.current) {
      primeraBusqueda.current = false;
      return;
    }
    const t = window.setTimeout(() => chatPsicologo.buscar(busqueda), busqueda ? 300 : 0);
    return () => window.clearTimeout(t);
  }, [busqueda]);

  // `?paciente=ID` (spec 1 §2; the patient file's Abrir/Crear Chat buttons link here).
  useEffect(() => {
    if (!paciente || !listaCargada || pacienteManejado.current === paciente) return;
    pacienteManejado.current = paciente;
    const existente = chats.find((c) => c.tipo === 'paciente' && c.id_paciente === paciente);
    if (existente) {
      void chatPsicologo.seleccionar(existente.id_chat);
      return;
    }
    crearChat(paciente)
      .then((c) => chatPsicologo.agregarYSeleccionar(c))
      .catch(async (e) => {
        if (e instanceof ApiError && e.status === 409) {
          await chatPsicologo.cargarLista();
          const c = chatPsicologo.useConv.getState().chats.find((x) => x.tipo === 'paciente' && x.id_paciente === paciente);
          if (c) void chatPsicologo.seleccionar(c.id_chat);
          return;
        }
        if (e instanceof ApiError && e.sesionCerrada) return;
        toast.error('Error', e instanceof ApiError && e.status === 404 ? (e.msg ?? TEXTOS_CHAT.errorCrear) : TEXTOS_CHAT.errorCrear);
      });
  }, [paciente, listaCargada, chats]);

  // The open chat stays open while a search hides it from the list.
  const ultimoAbierto = useRef<Chat | null>(null);
  const enLista = chats.find((c) => c.id_chat === seleccionado);
  if (enLista) ultimoAbierto.current = enLista;
  const abierto = enLista ?? (ultimoAbierto.current?.id_chat === seleccionado ? ultimoAbierto.current : null);

  const seleccionar = (c: Chat) => {
    void chatPsicologo.seleccionar(c.id_chat);
    pacienteManejado.current = c.id_paciente;
    onPacienteAbierto(c.tipo === 'paciente' ? (c.id_paciente ?? undefined) : undefined);
  };

  return (
    <>
      {enVivo ? null : (
        <p role="status" className="mb-3 flex items-center gap-2 rounded-xl border border-pendiente-borde bg-aviso-50 px-4 py-2 text-sm text-aviso-700">
          <WifiOff className="size-4 shrink-0" aria-hidden />
          {TEXTOS_CHAT.sinConexion}
        </p>
      )}
      <Card className="grid h-[max(32rem,calc(100dvh-17rem))] grid-cols-1 overflow-hidden md:grid-cols-[minmax(18rem,22rem)_1fr]">
        <aside className={cx('flex min-h-0 flex-col border-arena-200 md:border-r', abierto ? 'hidden md:flex' : 'flex')}>
          <div className="flex flex-col gap-2 border-b border-arena-200 p-3">
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-tinta-400" aria-hidden />
              <Input
                type="search"
                value={busqueda}
                onChange={(e) => setBusqueda(e.target.value)}
                placeholder={TEXTOS_CHAT.buscar}
                aria-label={TEXTOS_CHAT.buscar}
                className="h-10 pl-9 text-sm"
                maxLength={100}
              />
            </div>
            <Button tamano="sm" onClick={() => setNuevoAbierto(true)}>
              <Plus className="size-4" aria-hidden />
              {TEXTOS_CHAT.nuevoChat}
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {listaCargada ? (
              <ListaChats
                chats={chats}
                seleccionado={seleccionado}
                escribiendo={escribiendo}
                buscando={busqueda.trim() !== ''}
                onSeleccionar={(id) => {
                  const c = chats.find((x) => x.id_chat === id);
                  if (c) seleccionar(c);
                }}
                onNuevo={() => setNuevoAbierto(true)}
              />
            ) : (
              <Cargando texto="Cargando chats..." />
            )}
          </div>
        </aside>

        <section className={cx('min-h-0 flex-col', abierto ? 'flex' : 'hidden md:flex')} aria-label="Conversación">
          {abierto ? (
            <>
              <header className="flex items-center gap-3 border-b border-arena-200 px-4 py-3 sm:px-5">
                <Button
                  variante="fantasma"
                  tamano="icono"
                  className="md:hidden"
                  aria-label="Volver a los chats"
                  onClick={() => {
                    void chatPsicologo.seleccionar(null);
                    onPacienteAbierto(undefined);
                  }}
                >
                  <ArrowLeft className="size-5" aria-hidden />
                </Button>
                <AvatarInicial nombre={nombreDeChat(abierto)} tono={abierto.tipo === 'admin' ? 'terracota' : 'salvia'} />
                <div className="min-w-0">
                  <h2 className="flex items-center gap-2 truncate font-sans text-base font-semibold text-tinta-900">
                    {nombreDeChat(abierto)}
                    {abierto.tipo === 'admin' ? <Badge tono="terracota">{TEXTOS_CHAT.administracion}</Badge> : null}
                  </h2>
                  <p className="truncate text-sm text-tinta-500">
                    {escribiendo[abierto.id_chat] ? (
                      <span className="text-salvia-700 italic">{TEXTOS_CHAT.escribiendo}</span>
                    ) : abierto.tipo === 'admin' ? (
                      'Administración de MiDuelo'
                    ) : (
                      abierto.paciente?.email
                    )}
                  </p>
                </div>
              </header>
              <ChatMensajes
                key={abierto.id_chat}
                mensajes={mensajes}
                propio="psicologo"
                nombreOtro={nombreDeChat(abierto)}
                cargando={cargandoMensajes}
                hayAnteriores={hayAnteriores}
                onCargarAnteriores={() => void chatPsicologo.cargarAnteriores()}
                onReintentar={(idCliente) => chatPsicologo.reintentar(abierto.id_chat, idCliente)}
              />
              <ChatCompositor idConversacion={abierto.id_chat} onEnviar={chatPsicologo.enviar} onEscribir={chatPsicologo.avisarEscritura} />
            </>
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-salvia-50 text-salvia-600">
                <MessagesSquare className="size-7" aria-hidden />
              </span>
              <p className="font-semibold text-tinta-900">{TEXTOS_CHAT.seleccionaChat}</p>
              <p className="max-w-sm text-sm text-tinta-500">Los mensajes nuevos y los no leídos aparecen al momento.</p>
            </div>
          )}
        </section>
      </Card>
      <NuevoChatDialog
        abierto={nuevoAbierto}
        onAbiertoChange={setNuevoAbierto}
        onCreado={(c) => {
          chatPsicologo.agregarYSeleccionar(c);
          pacienteManejado.current = c.id_paciente;
          onPacienteAbierto(c.id_paciente ?? undefined);
        }}
        onYaExiste={() => void chatPsicologo.cargarLista()}
      />
    </>
  );
}
