import type { MensajeForo } from '@miduelo/shared/foros';
import { useState } from 'react';
import { ocultarMensaje, reportarMensaje } from '@/api/foros';
import { toast } from '@/lib/toast';
import { mensajeDeError } from '@/nucleo/http';
import type { PostUI } from '@/features/foros/use-tema-en-vivo';

/** A moderator's hide/show and a participant's report of a topic's posts; `actualizar` puts the
 * server's answer in the conversation. Remembers the posts this reader reported. */
export function useModeracionTema(actualizar: (m: MensajeForo) => void) {
  const [reportados, setReportados] = useState<Set<number>>(new Set());

  async function ocultar(m: PostUI) {
    if (m.id_mensaje === null) return;
    try {
      const r = await ocultarMensaje(m.id_mensaje, !m.oculto);
      actualizar(r.data);
    } catch (e) {
      toast.error('Error', mensajeDeError(e, 'Error'));
    }
  }

  async function reportar(m: PostUI) {
    if (m.id_mensaje === null) return;
    const id = m.id_mensaje;
    try {
      const r = await reportarMensaje(id, null);
      toast.exito(r.data.msg);
      setReportados((s) => new Set(s).add(id));
    } catch (e) {
      toast.error('Error', mensajeDeError(e, 'Error'));
    }
  }

  return { reportados, ocultar, reportar };
}
