import { useState } from 'react';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';

interface Opciones<C> {
  onAbiertoChange: (abierto: boolean) => void;
  onCreada: (chat: C) => void;
  /** A 409 means the list is stale: the screen reloads it. */
  onYaExiste: () => void;
  textos: { yaExiste: string; error: string };
}

/** 'Crear' of both new-conversation dialogs (psychologist and administrator): closes and opens the
 * new conversation, or says why not (spec 1 §8, spec 2 §8). */
export function useCrearConversacion<C>({ onAbiertoChange, onCreada, onYaExiste, textos }: Opciones<C>) {
  const [creando, setCreando] = useState(false);
  /** `crear` creates the conversation with the person chosen in the dialog. */
  async function crearYAbrir(crear: () => Promise<C>) {
    setCreando(true);
    try {
      const chat = await crear();
      onAbiertoChange(false);
      onCreada(chat);
    } catch (e) {
      if (e instanceof ApiError && e.sesionCerrada) return;
      if (e instanceof ApiError && e.status === 409) {
        toast.error('Error', textos.yaExiste);
        onYaExiste();
      } else {
        toast.error('Error', textos.error);
      }
    } finally {
      setCreando(false);
    }
  }
  return { creando, crearYAbrir };
}
