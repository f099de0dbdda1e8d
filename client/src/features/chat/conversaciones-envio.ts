// Sending from a chat screen: a pending copy at once, over the socket or HTTP, retried with the
// same client id (stored at most once), and the ephemeral typing indicator.
import { ESCRIBIENDO_INTERVALO_MS, TextoMensajeSchema } from '@miduelo/shared/chat';
import * as v from 'valibot';
import {
  agregarPendiente,
  buscarPendiente,
  cambiarPendiente,
  esFalloDeRed,
  nuevoIdCliente,
  pendientesAReintentar,
} from '@/nucleo/live/optimista';
import { fusionarMensajes } from './mensajes';
import type { AdaptadorConv, EstadoConv, MensajeConv, MensajeServidor, ResumenBase } from './conversaciones-tipos';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import type { SocketApp } from '@/nucleo/socket';
import { toast } from '@/lib/toast';

interface ContextoEnvio<R extends ResumenBase> {
  ad: AdaptadorConv<R>;
  get: () => EstadoConv<R>;
  ponerMensajes: (id: number, f: (ms: MensajeConv[]) => MensajeConv[]) => void;
  /** Updates the conversation's summary after a stored message. */
  alListado: (m: MensajeServidor) => void;
  socketConectado: () => SocketApp | null;
}

export function crearEnvios<R extends ResumenBase>({ ad, get, ponerMensajes, alListado, socketConectado }: ContextoEnvio<R>) {
  /** Sends that failed for lack of connection: retried when the connection is back. */
  const sinRed = new Set<string>();

  function reemplazarPendiente(id: number, idCliente: string, cambio: Partial<MensajeConv>) {
    ponerMensajes(id, (ms) => cambiarPendiente(ms, idCliente, cambio));
  }

  /** Over the socket while it is up (no extra round trip), else over HTTP; the client id makes a
   * send that went both ways count once. */
  async function enviarPorSocketOHttp(id: number, idCliente: string, contenido: string): Promise<MensajeServidor> {
    const s = socketConectado();
    if (s) {
      try {
        return await ad.socket.enviar(s, id, contenido, idCliente);
      } catch (e) {
        // A rule the server applied is final; a lost answer or an expired session goes over HTTP.
        if (e instanceof ApiError && e.status !== 401 && e.status < 500) throw e;
      }
    }
    return ad.enviar(id, contenido, idCliente);
  }

  async function intentarEnvio(id: number, idCliente: string, contenido: string): Promise<void> {
    try {
      const m = await enviarPorSocketOHttp(id, idCliente, contenido);
      sinRed.delete(idCliente);
      ponerMensajes(id, (ms) => fusionarMensajes(ms, [m]));
      alListado(m);
    } catch (e) {
      reemplazarPendiente(id, idCliente, { estado: 'error' });
      if (e instanceof ApiError && e.sesionCerrada) return;
      if (e instanceof ApiError && esFalloDeRed(e.status)) sinRed.add(idCliente);
      // Validation, rate and read-only answers say what to do; anything else gets the spec's text.
      const conMotivo = e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 404;
      toast.error('Error', conMotivo ? mensajeDeError(e, ad.textoErrorEnvio) : ad.textoErrorEnvio);
    }
  }

  /** Sends the composer's text (spec 1 §5: trimmed, non-empty, a chat selected). */
  function enviar(texto: string): boolean {
    const id = get().seleccionado;
    const r = v.safeParse(TextoMensajeSchema, texto);
    if (id === null || !r.success) {
      if (id !== null && !r.success && texto.trim() !== '') toast.error('Error', r.issues[0].message);
      return false;
    }
    const idCliente = nuevoIdCliente();
    const pendiente: MensajeConv = {
      id_mensaje: null,
      id_chat: id,
      contenido: r.output,
      remitente: ad.propio,
      fecha_envio: new Date().toISOString(),
      seq: null,
      id_cliente: idCliente,
      leido: false,
      estado: 'enviando',
    };
    ponerMensajes(id, (ms) => agregarPendiente(ms, pendiente));
    const s = socketConectado();
    if (s) ad.socket.escribiendo(s, id, false);
    void intentarEnvio(id, idCliente, r.output);
    return true;
  }

  /** A failed send goes again with the same client id: stored at most once whatever happened. */
  function reintentar(id: number, idCliente: string) {
    const m = buscarPendiente(get().mensajes[id], idCliente);
    if (!m || m.estado === 'enviando') return;
    reemplazarPendiente(id, idCliente, { estado: 'enviando' });
    void intentarEnvio(id, idCliente, m.contenido);
  }

  function reintentarSinRed() {
    for (const [id, ms] of Object.entries(get().mensajes)) {
      for (const m of pendientesAReintentar(ms, sinRed)) if (m.id_cliente) reintentar(Number(id), m.id_cliente);
    }
  }

  let ultimoAvisoEscribiendo = 0;
  let finEscribiendo: number | undefined;
  /** Called on every keystroke of the composer; the indicator is ephemeral and never stored. */
  function avisarEscritura(texto: string) {
    const id = get().seleccionado;
    const s = socketConectado();
    if (id === null || !s) return;
    window.clearTimeout(finEscribiendo);
    if (texto.trim() === '') {
      ad.socket.escribiendo(s, id, false);
      ultimoAvisoEscribiendo = 0;
      return;
    }
    if (Date.now() - ultimoAvisoEscribiendo > ESCRIBIENDO_INTERVALO_MS) {
      ad.socket.escribiendo(s, id, true);
      ultimoAvisoEscribiendo = Date.now();
    }
    finEscribiendo = window.setTimeout(() => {
      ultimoAvisoEscribiendo = 0;
      const actual = socketConectado();
      if (actual) ad.socket.escribiendo(actual, id, false);
    }, ESCRIBIENDO_INTERVALO_MS + 500);
  }

  return { enviar, reintentar, reintentarSinRed, avisarEscritura };
}
