import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { type ChatAdmin, nombreCompleto } from '@miduelo/shared/chat-respuestas';
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
import { useSocket } from '../../../lib/socket';
import { chatAdmin, useChatAdmin } from '../store';
import { etiquetaTipo, ListaConversaciones } from './lista-conversaciones';
import { NuevaConversacionDialog } from './nueva-conversacion-dialog';

const SIN_MENSAJES: never[] = [];

/** The administrator's chat screen (spec 2 §2 Admin chat). */
export function PantallaAdminChat() {
  const chats = useChatAdmin((s) => s.chats);
  const listaCargada = useChatAdmin((s) => s.listaCargada);
  const seleccionado = useChatAdmin((s) => s.seleccionado);
  const mensajes = useChatAdmin((s) => (s.seleccionado === null ? SIN_MENSAJES : (s.mensajes[s.seleccionado] ?? SIN_MENSAJES)));
  const cargandoMensajes = useChatAdmin((s) => s.cargandoMensajes);
  const hayAnteriores = useChatAdmin((s) => (s.seleccionado === null ? false : Boolean(s.hayAnteriores[s.seleccionado])));
  const escribiendo = useChatAdmin((s) => s.escribiendo);
  const enVivo = useSocket((s) => s.estado === 'conectado');
  const [busqueda, setBusqueda] = useState('');
  const [nuevaAbierta, setNuevaAbierta] = useState(false);

  useEffect(() => chatAdmin.iniciar(), []);

  const primeraBusqueda = useRef(true);
  useEffect(() => {
    if (primeraBusqueda.current) {
      primeraBusqueda.current = false;
      return;
    }
    const t = window.setTimeout(() => chatAdmin.buscar(busqueda), busqueda ? 300 : 0);
    return () => window.clearTimeout(t);
  }, [busqueda]);

  const ultimoAbierto = useRef<ChatAdmin | null>(null);
  const enLista = chats.find((c) => c.id_chat_admin === seleccionado);
  if (enLista) ultimoAbierto.current = enLista;
  const abierto = enLista ?? (ultimoAbierto.current?.id_chat_admin === seleccionado ? ultimoAbierto.current : null);
  const nombre = abierto ? nombreCompleto(abierto.destinatario) : '';

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
            <Button tamano="sm" onClick={() => setNuevaAbierta(true)}>
              <Plus className="size-4" aria-hidden />
              {TEXTOS_CHAT.admin.nuevaConversacion}
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {listaCargada ? (
              <ListaConversaciones
                chats={chats}
                seleccionado={seleccionado}
                escribiendo={escribiendo}
                buscando={busqueda.trim() !== ''}
                onSeleccionar={(id) => void chatAdmin.seleccionar(id)}
                onNueva={() => setNuevaAbierta(true)}
              />
            ) : (
              <Cargando texto="Cargando conversaciones..." />
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
                  aria-label="Volver a las conversaciones"
                  onClick={() => void chatAdmin.seleccionar(null)}
                >
                  <ArrowLeft className="size-5" aria-hidden />
                </Button>
                <AvatarInicial nombre={nombre} tono={abierto.destinatario_tipo === 'psicologo' ? 'salvia' : 'arena'} />
                <div className="min-w-0">
                  <h2 className="flex items-center gap-2 truncate font-sans text-base font-semibold text-tinta-900">
                    {nombre}
                    <Badge tono={abierto.destinatario_tipo === 'psicologo' ? 'salvia' : 'neutro'}>{etiquetaTipo(abierto)}</Badge>
                  </h2>
                  <p className="truncate text-sm text-tinta-500">
                    {escribiendo[abierto.id_chat_admin] ? (
                      <span className="text-salvia-700 italic">{TEXTOS_CHAT.escribiendo}</span>
                    ) : (
                      abierto.destinatario.email
                    )}
                  </p>
                </div>
              </header>
              <ChatMensajes
                key={abierto.id_chat_admin}
                mensajes={mensajes}
                propio="admin"
                nombreOtro={nombre}
                cargando={cargandoMensajes}
                hayAnteriores={hayAnteriores}
                onCargarAnteriores={() => void chatAdmin.cargarAnteriores()}
                onReintentar={(idCliente) => chatAdmin.reintentar(abierto.id_chat_admin, idCliente)}
                textoVacio={TEXTOS_CHAT.admin.iniciaConversacion}
              />
              <ChatCompositor idConversacion={abierto.id_chat_admin} onEnviar={chatAdmin.enviar} onEscribir={chatAdmin.avisarEscritura} />
            </>
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-salvia-50 text-salvia-600">
                <MessagesSquare className="size-7" aria-hidden />
              </span>
              <p className="font-semibold text-tinta-900">{TEXTOS_CHAT.admin.seleccionaConversacion}</p>
              <p className="max-w-sm text-sm text-tinta-500">Las respuestas de psicólogos y pacientes aparecen al momento.</p>
            </div>
          )}
        </section>
      </Card>
      <NuevaConversacionDialog
        abierto={nuevaAbierta}
        onAbiertoChange={setNuevaAbierta}
        onCreada={(c) => chatAdmin.agregarYSeleccionar(c)}
        onYaExiste={() => void chatAdmin.cargarLista()}
      />
    </>
  );
}
