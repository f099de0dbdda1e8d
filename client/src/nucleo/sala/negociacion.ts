// The "perfect negotiation" pattern (MDN, decision 361), its decisions kept pure so they can be
// tested apart from RTCPeerConnection. The psychologist is the impolite peer: on an offer
// collision her offer wins; the patient (polite) rolls hers back and answers.

export interface EstadoNegociacion {
  /** This side is setting its own offer (between `setLocalDescription()` and sending it). */
  haciendoOferta: boolean;
  /** An answer of the other side is being applied (the connection is about to return to stable). */
  aplicandoRespuesta: boolean;
  signalingState: RTCSignalingState;
  educado: boolean;
}

/** What to do with a description that arrived: apply it, or ignore an offer that collided with
 * ours (only the impolite side ignores; the polite one applies it, which rolls its own back). */
export function decidirDescripcion(tipo: 'oferta' | 'respuesta', e: EstadoNegociacion): { ignorar: boolean; colision: boolean } {
  const listoParaOferta = !e.haciendoOferta && (e.signalingState === 'stable' || e.aplicandoRespuesta);
  const colision = tipo === 'oferta' && !listoParaOferta;
  return { ignorar: !e.educado && colision, colision };
}

/** An answer is applied only while this side waits for one (`have-local-offer`); a stray answer
 * (a duplicate, or to an offer rolled back) is dropped instead of breaking the connection. */
export const respuestaAplicable = (signalingState: RTCSignalingState) => signalingState === 'have-local-offer';

/** How long a connection may stay 'disconnected' before this side restarts ICE. */
export const ESPERA_DESCONECTADO_MS = 3_000;

export type EstadoPar = 'nueva' | 'conectando' | 'conectada' | 'interrumpida' | 'cerrada';

/** The peer connection's state as the room shows it: 'interrumpida' for disconnected or failed. */
export function estadoPar(connectionState: RTCPeerConnectionState, iceConnectionState: RTCIceConnectionState): EstadoPar {
  if (connectionState === 'closed') return 'cerrada';
  if (connectionState === 'failed' || iceConnectionState === 'failed') return 'interrumpida';
  if (connectionState === 'disconnected' || iceConnectionState === 'disconnected') return 'interrumpida';
  if (connectionState === 'connected') return 'conectada';
  if (connectionState === 'new' && (iceConnectionState === 'new' || iceConnectionState === 'closed')) return 'nueva';
  return 'conectando';
}

/** The DTLS fingerprint of a description: a different one than the current remote description's
 * means the other side is a new connection (a reload, a re-entry), which this one cannot
 * renegotiate with; it starts over instead. */
export function huellaDtls(sdp: string): string | null {
  return /^a=fingerprint:(\S+ \S+)/m.exec(sdp)?.[1]?.toLowerCase() ?? null;
}

/** True when a description comes from another peer connection than the one negotiated with. */
export function esOtraConexion(sdpActual: string | null | undefined, sdpNuevo: string): boolean {
  if (!sdpActual) return false;
  const actual = huellaDtls(sdpActual);
  const nueva = huellaDtls(sdpNuevo);
  return actual !== null && nueva !== null && actual !== nueva;
}

/** How often the watchdog looks at a connection that is not connected. */
export const VIGILANCIA_MS = 4_000;
/** The answering side asks again after this long without connecting (at once without an offer). */
export const PEDIR_OFERTA_MS = 12_000;
/** A request for an offer this soon after starting over gets the pending offer again, not another
 * connection (requests that crossed, or repeated while the socket was coming back). */
export const RENOVAR_COMO_MUCHO_MS = 2_500;

/** What the offering side (the psychologist) does when asked for an offer (`reiniciar`): a new
 * connection and its offer — the asking side may be new — unless it just made one whose offer is
 * still pending, which it sends again; a connection that never negotiated simply offers. */
export function respuestaAReinicio(e: {
  tieneRemota: boolean;
  tieneLocal: boolean;
  signalingState: RTCSignalingState;
  renovadaHaceMs: number;
}): 'renovar' | 'reenviar' | 'ofrecer' {
  if (e.signalingState === 'have-local-offer' && e.renovadaHaceMs < RENOVAR_COMO_MUCHO_MS) return 'reenviar';
  if (e.tieneRemota || e.tieneLocal) return 'renovar';
  return 'ofrecer';
}
