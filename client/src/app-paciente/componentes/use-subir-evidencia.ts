// Preparing and sending one evidence of an activity (decisions 121, 204, 313): the file or link,
// the comment, the two limits the phone can check, the upload's progress, and the client id that
// makes a retry store nothing twice.
import { type Asignacion, COMENTARIO_EVIDENCIA_MAX, EVIDENCIA_MAX_MB, MSG_ACTIVIDADES } from '@miduelo/shared/actividades';
import { useRef, useState } from 'react';
import { subirEvidencia } from '../api/actividades';
import { ErrorApi } from '../lib/api';
import { idsPorContenido, renovarSiDistinto } from '@/nucleo/id-cliente';

export function useSubirEvidencia(a: Asignacion, alSubir: () => void) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [enlace, setEnlace] = useState('');
  const [comentario, setComentario] = useState('');
  const [progreso, setProgreso] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [hecho, setHecho] = useState<string | null>(null);
  const camara = useRef<HTMLInputElement>(null);
  const archivos = useRef<HTMLInputElement>(null);
  // One per evidence being prepared, sent by every attempt while what it sends is unchanged
  // (decision 313): a retry after an answer that never arrived stores nothing twice. Another file or
  // link is another evidence: a new id; so is another comment (or visibility) at the next attempt —
  // had the first one got through, the change would otherwise be lost.
  const idCliente = useRef(idsPorContenido());

  function elegir(f: File | undefined) {
    setHecho(null);
    setError(null);
    if (!f) return;
    idCliente.current.renovar();
    setArchivo(null);
    // The two limits the phone can check before spending the patient's data; the type is the
    // server's to decide (by the file's bytes), with the same message.
    if (f.size === 0) return setError(MSG_ACTIVIDADES.evidenciaVacia);
    if (f.size > EVIDENCIA_MAX_MB * 1024 * 1024) return setError(MSG_ACTIVIDADES.evidenciaDemasiadoGrande(EVIDENCIA_MAX_MB));
    setArchivo(f);
    setEnlace('');
  }

  function limpiarEntradas() {
    if (camara.current) camara.current.value = '';
    if (archivos.current) archivos.current.value = '';
  }

  async function enviar() {
    setError(null);
    setHecho(null);
    if (!archivo && !enlace.trim()) return setError(MSG_ACTIVIDADES.evidenciaSinContenido);
    if (comentario.length > COMENTARIO_EVIDENCIA_MAX) return;
    setProgreso(0);
    const contenido = JSON.stringify([
      archivo ? [archivo.name, archivo.size, archivo.lastModified] : null,
      archivo ? null : enlace.trim(),
      comentario.trim(),
      a.visible_para_psicologo,
    ]);
    const id = idCliente.current.idPara(contenido);
    try {
      await subirEvidencia(
        a.id_asignacion,
        {
          archivo: archivo ?? undefined,
          url: archivo ? undefined : enlace,
          comentario,
          visible: a.visible_para_psicologo,
          idCliente: id,
        },
        setProgreso,
      );
      idCliente.current.renovar();
      setArchivo(null);
      setEnlace('');
      setComentario('');
      limpiarEntradas();
      setHecho(a.visible_para_psicologo ? 'Listo. Tu psicóloga o psicólogo ya puede verla.' : 'Listo. Se guardó solo para ti.');
      alSubir();
    } catch (e) {
      // Refused as another content with the same id: nothing was stored; the next attempt is new.
      renovarSiDistinto(idCliente.current, e);
      setError(e instanceof ErrorApi ? e.message : 'No pudimos subir tu evidencia.');
    } finally {
      setProgreso(null);
    }
  }

  const ocupado = progreso !== null;
  // Counted as the server counts it; a longer text stays whole and is not sent (decision 295).
  const comentarioLargo = comentario.length > COMENTARIO_EVIDENCIA_MAX;

  return {
    archivo,
    enlace,
    comentario,
    progreso,
    error,
    hecho,
    camara,
    archivos,
    ocupado,
    comentarioLargo,
    elegir,
    enviar,
    quitarArchivo: () => {
      setArchivo(null);
      limpiarEntradas();
    },
    cambiarEnlace: (valor: string) => {
      idCliente.current.renovar();
      setEnlace(valor);
    },
    setComentario,
  };
}
