// The peer connection of an online session, without React (decision 361): one RTCPeerConnection to
// the other party with the ICE servers of the entry, "perfect negotiation" (MDN; the patient is the
// polite peer) kept as the safety net of one simpler rule: the psychologist offers, the patient
// answers. The patient asks for an offer (`reiniciar`) when her connection is new or not working;
// the psychologist answers each request with a new connection and its offer. ICE restarts when the
// path breaks, a watchdog starts over a connection that never connects, a quality reading every
// 2 s, and the local tracks (switched with `enabled`, changed with `replaceTrack`). The signalling
// travels through `enviar` (the room hook puts it on the app's socket); what arrives goes to `recibir`.
import type { Senal } from '@miduelo/shared/sesiones-en-linea';
import { type Calidad, calidadEntre, leerMuestra, type MuestraStats } from './calidad';
import {
  decidirDescripcion,
  ESPERA_DESCONECTADO_MS,
  type EstadoPar,
  esOtraConexion,
  estadoPar,
  PEDIR_OFERTA_MS,
  respuestaAplicable,
  respuestaAReinicio,
  VIGILANCIA_MS,
} from './negociacion';

export const INTERVALO_STATS_MS = 2_000;

export interface OpcionesConexion {
  /** The patient's side: on an offer collision it yields. */
  educado: boolean;
  iceServers: RTCIceServer[];
  /** 'relay' forces TURN (the relay tests); by default, any path. */
  politicaIce?: RTCIceTransportPolicy;
  enviar: (senal: Senal) => void;
  /** The other party's media (a new stream after the connection is renewed). */
  alRemoto: (remoto: MediaStream | null) => void;
  alEstado: (estado: EstadoPar) => void;
  alCalidad: (calidad: Calidad | null) => void;
}

export class ConexionSala {
  private pc!: RTCPeerConnection;
  private local: MediaStream | null = null;
  private remoto: MediaStream | null = null;
  private haciendoOferta = false;
  private aplicandoRespuesta = false;
  private ignorandoOferta = false;
  private candidatosEnEspera: RTCIceCandidateInit[] = [];
  private cola: Promise<void> = Promise.resolve();
  private reintento: ReturnType<typeof setInterval> | undefined;
  private sondeo: ReturnType<typeof setInterval> | undefined;
  private vigilancia: ReturnType<typeof setInterval> | undefined;
  /** Watchdog checks in a row that found this connection not connected. */
  private sinConectar = 0;
  private conectoAlgunaVez = false;
  private renovadaEn = 0;
  private muestra: MuestraStats | null = null;
  private estado: EstadoPar = 'nueva';
  private cerrada = false;
  private soloRecepcion = false;

  constructor(private readonly o: OpcionesConexion) {
    this.crear();
    this.sondeo = setInterval(() => void this.medir(), INTERVALO_STATS_MS);
    // The patient asks for an offer at once: her connection is new (decision 361).
    if (o.educado) this.pedirOferta();
    this.vigilancia = setInterval(() => this.vigilar(), VIGILANCIA_MS);
  }

  /** Every VIGILANCIA_MS: a connection that does not connect is started over by the side that
   * offers, and asked for again by the one that answers (a lost offer, an answer that crossed a
   * newer offer, the other side gone and back). */
  private vigilar(): void {
    if (this.cerrada) return;
    if (this.estado === 'conectada') {
      this.sinConectar = 0;
      return;
    }
    this.sinConectar += 1;
    if (this.o.educado) {
      if (!this.pc.remoteDescription || this.sinConectar * VIGILANCIA_MS >= PEDIR_OFERTA_MS) {
        this.sinConectar = 0;
        this.pedirOferta();
      }
      return;
    }
    if (this.sinConectar === 1 && this.conectoAlgunaVez && this.pc.remoteDescription) this.pc.restartIce();
    else if (this.sinConectar >= 2 && (this.pc.localDescription || this.pc.remoteDescription)) {
      this.sinConectar = 0;
      this.renovar();
    }
  }

  /** The tracks this side sends; called once the camera and microphone are open. */
  usarMedios(local: MediaStream): void {
    this.local = local;
    // The answering side adds its tracks when an offer arrives (into the offered transceivers), so
    // it never makes an offer of its own.
    if (this.o.educado) return;
    this.agregarPistas();
  }

  private agregarPistas(): void {
    const local = this.local;
    if (!local) return;
    for (const pista of local.getTracks()) {
      if (!this.pc.getSenders().some((s) => s.track === pista)) this.pc.addTrack(pista, local);
    }
  }

  /** No camera nor microphone here: the connection still receives the other party's media. */
  soloRecibir(): void {
    this.soloRecepcion = true;
    if (this.o.educado || this.pc.getTransceivers().length > 0) return;
    this.pc.addTransceiver('audio', { direction: 'recvonly' });
    this.pc.addTransceiver('video', { direction: 'recvonly' });
  }

  /** Asks the other side for an offer (`reiniciar`): the polite side's way to start or restart. */
  pedirOferta(): void {
    if (!this.cerrada) this.o.enviar({ tipo: 'reiniciar' });
  }

  /** A signal from the other party. Signals are handled one after another, in order. */
  recibir(senal: Senal): void {
    this.cola = this.cola.then(() => this.procesar(senal)).catch((error) => console.warn('Señal de la sesión no aplicada', error));
  }

  /** A new path after a network change or the socket's return: the offering side restarts ICE
   * (a new offer on the same connection); the answering side, unless connected, asks for one. */
  reiniciarIce(): void {
    if (this.cerrada) return;
    if (this.o.educado) {
      if (this.estado !== 'conectada') this.pedirOferta();
    } else if (this.pc.remoteDescription) {
      this.pc.restartIce();
    }
  }

  /** Sends another camera or microphone track (a device was chosen) without renegotiating. */
  async reemplazarPista(nueva: MediaStreamTrack): Promise<void> {
    const emisor = this.pc.getSenders().find((s) => s.track?.kind === nueva.kind);
    if (emisor) await emisor.replaceTrack(nueva);
    else if (this.local) this.pc.addTrack(nueva, this.local);
  }

  cerrar(): void {
    this.cerrada = true;
    clearInterval(this.sondeo);
    clearInterval(this.reintento);
    clearInterval(this.vigilancia);
    this.pc.close();
    this.fijarEstado('cerrada');
  }

  private crear(): void {
    const pc = new RTCPeerConnection({ iceServers: this.o.iceServers, iceTransportPolicy: this.o.politicaIce ?? 'all' });
    this.pc = pc;
    this.renovadaEn = Date.now();
    this.haciendoOferta = false;
    this.aplicandoRespuesta = false;
    this.ignorandoOferta = false;
    this.candidatosEnEspera = [];
    this.muestra = null;
    this.remoto = null;

    pc.onnegotiationneeded = async () => {
      try {
        this.haciendoOferta = true;
        await pc.setLocalDescription();
        if (pc.localDescription && pc === this.pc) this.o.enviar({ tipo: 'oferta', sdp: pc.localDescription.sdp });
      } catch (error) {
        console.warn('No se pudo crear la oferta de la sesión', error);
      } finally {
        this.haciendoOferta = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (pc !== this.pc || !candidate) return;
      this.o.enviar({
        tipo: 'ice',
        candidato: { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex },
      });
    };
    pc.ontrack = ({ track, streams }) => {
      if (pc !== this.pc) return;
      const remoto = streams[0] ?? this.remoto ?? new MediaStream();
      if (!remoto.getTracks().includes(track)) remoto.addTrack(track);
      this.remoto = remoto;
      this.o.alRemoto(remoto);
    };
    const alCambiar = () => {
      if (pc !== this.pc) return;
      this.fijarEstado(estadoPar(pc.connectionState, pc.iceConnectionState));
    };
    pc.onconnectionstatechange = alCambiar;
    pc.oniceconnectionstatechange = alCambiar;
    this.conectoAlgunaVez = false;
    this.sinConectar = 0;
    if (this.local) this.usarMedios(this.local);
    else if (this.soloRecepcion) this.soloRecibir();
  }

  /** The other side's connection is new: this one starts over (its DTLS cannot be renegotiated). */
  private renovar(): void {
    const vieja = this.pc;
    vieja.onnegotiationneeded = null;
    vieja.onicecandidate = null;
    vieja.ontrack = null;
    vieja.onconnectionstatechange = null;
    vieja.oniceconnectionstatechange = null;
    vieja.close();
    this.o.alRemoto(null);
    this.o.alCalidad(null);
    this.crear();
    this.fijarEstado('conectando');
  }

  private async procesar(senal: Senal): Promise<void> {
    if (this.cerrada) return;
    if (senal.tipo === 'reiniciar') {
      if (this.o.educado) return;
      const que = respuestaAReinicio({
        tieneRemota: this.pc.remoteDescription !== null,
        signalingState: this.pc.signalingState,
        renovadaHaceMs: Date.now() - this.renovadaEn,
        tieneLocal: this.pc.localDescription !== null,
      });
      if (que === 'renovar') this.renovar();
      else if (que === 'reenviar' && this.pc.localDescription) this.o.enviar({ tipo: 'oferta', sdp: this.pc.localDescription.sdp });
      else if (que === 'ofrecer') this.pc.restartIce();
      return;
    }
    if (senal.tipo === 'ice') {
      if (!senal.candidato) return;
      const c: RTCIceCandidateInit = senal.candidato;
      if (!this.pc.remoteDescription) {
        this.candidatosEnEspera.push(c);
        return;
      }
      try {
        await this.pc.addIceCandidate(c);
      } catch (error) {
        if (!this.ignorandoOferta) console.warn('Candidato ICE no aplicado', error);
      }
      return;
    }
    if (esOtraConexion(this.pc.remoteDescription?.sdp, senal.sdp)) {
      // The other side is a new connection: start over; a new answer is of no use to the old offer.
      this.renovar();
      if (senal.tipo === 'respuesta') return;
    }
    const pc = this.pc;
    if (senal.tipo === 'oferta' && pc.signalingState === 'stable' && pc.remoteDescription?.sdp === senal.sdp) {
      // The same offer again (asked twice): the answer again, nothing applied twice.
      if (pc.localDescription?.type === 'answer') this.o.enviar({ tipo: 'respuesta', sdp: pc.localDescription.sdp });
      return;
    }
    if (senal.tipo === 'respuesta' && !respuestaAplicable(pc.signalingState)) return;
    const { ignorar } = decidirDescripcion(senal.tipo, {
      haciendoOferta: this.haciendoOferta,
      aplicandoRespuesta: this.aplicandoRespuesta,
      signalingState: pc.signalingState,
      educado: this.o.educado,
    });
    this.ignorandoOferta = ignorar;
    if (ignorar) return;
    this.aplicandoRespuesta = senal.tipo === 'respuesta';
    try {
      await pc.setRemoteDescription({ type: senal.tipo === 'oferta' ? 'offer' : 'answer', sdp: senal.sdp });
    } finally {
      this.aplicandoRespuesta = false;
    }
    if (senal.tipo === 'oferta' && this.o.educado && pc === this.pc) this.agregarPistas();
    for (const c of this.candidatosEnEspera.splice(0)) await pc.addIceCandidate(c).catch(() => undefined);
    if (senal.tipo === 'oferta') {
      await pc.setLocalDescription();
      if (pc.localDescription && pc === this.pc) this.o.enviar({ tipo: 'respuesta', sdp: pc.localDescription.sdp });
    }
  }

  private fijarEstado(estado: EstadoPar): void {
    if (estado === this.estado) return;
    this.estado = estado;
    clearInterval(this.reintento);
    this.reintento = undefined;
    // Broken path: a few seconds to recover by itself, then a new ICE round, again while broken.
    if (estado === 'conectada') this.conectoAlgunaVez = true;
    if (estado === 'interrumpida') this.reintento = setInterval(() => this.reiniciarIce(), ESPERA_DESCONECTADO_MS);
    if (estado !== 'conectada') this.o.alCalidad(null);
    this.o.alEstado(estado);
  }

  private async medir(): Promise<void> {
    if (this.cerrada || this.estado !== 'conectada') return;
    const pc = this.pc;
    try {
      const informe = await pc.getStats();
      if (pc !== this.pc) return;
      const muestra = leerMuestra(informe.values() as Iterable<{ type: string; id: string }>);
      const calidad = calidadEntre(this.muestra, muestra);
      this.muestra = muestra;
      if (calidad) this.o.alCalidad(calidad);
    } catch {
      // A closed connection has no stats.
    }
  }
}
