import { registrarPantallaDeChat, reemplazarNoLeidos } from '@/lib/no-leidos';
import { useEffect, useRef, useState } from 'react';
import { crearConversaciones } from './conversaciones';
import type { ResumenBase } from './conversaciones-tipos';
import type { LadoConversaciones } from './lado';

/**
 * State of a chat screen: its own live conversations (created with the screen, gone with it),
 * started for the screen's lifetime; searches as the box changes; the open conversation.
 */
export function useConversaciones<R extends ResumenBase>({ adaptador }: LadoConversaciones<R>) {
  const [conv] = useState(() => crearConversaciones(adaptador));
  const { idDe } = adaptador;
  const chats = conv.useConv((s) => s.chats);
  const listaCargada = conv.useConv((s) => s.listaCargada);
  const terminoDeLaLista = conv.useConv((s) => s.terminoDeLaLista);
  const errorLista = conv.useConv((s) => s.errorLista);
  const seleccionado = conv.useConv((s) => s.seleccionado);
  const escribiendo = conv.useConv((s) => s.escribiendo);
  const [busqueda, setBusqueda] = useState('');

  useEffect(() => conv.iniciar(), [conv]);

  // Spec 1 §5: an empty term reloads every chat; typing waits a moment before searching.
  const primeraBusqueda = useRef(true);
  useEffect(() => {
    if (primeraBusqueda.current) {
      primeraBusqueda.current = false;
      return;
    }
    const t = window.setTimeout(() => conv.buscar(busqueda), busqueda ? 300 : 0);
    return () => window.clearTimeout(t);
  }, [conv, busqueda]);

  // The whole list (not a search's subset, even once the box is cleared and until the reload
  // answers) gives the top bar its unread total; while this screen is open the bar leaves polling
  // and reconnect reloads to it.
  useEffect(registrarPantallaDeChat, []);
  useEffect(() => {
    if (terminoDeLaLista === '') reemplazarNoLeidos(chats.map((c) => ({ id: idDe(c), mensajes_no_leidos: c.mensajes_no_leidos })));
  }, [chats, terminoDeLaLista, idDe]);

  // The open conversation stays open while a search hides it from the list.
  const ultimoAbierto = useRef<R | null>(null);
  const enLista = chats.find((c) => idDe(c) === seleccionado);
  if (enLista) ultimoAbierto.current = enLista;
  const previo = ultimoAbierto.current;
  const abierto = enLista ?? (previo !== null && idDe(previo) === seleccionado ? previo : null);

  return { conv, chats, listaCargada, errorLista, seleccionado, escribiendo, busqueda, setBusqueda, abierto };
}
