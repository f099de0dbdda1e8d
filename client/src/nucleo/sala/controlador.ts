// One room's life without React (decision 361): the entry over HTTP, the camera and microphone, the
// socket's room events (joined again on every (re)connection, then an ICE restart), the peer
// connection once both parties are in and the patient admitted, the other party's long absence,
// and the actions of the controls. `useSala` holds one per screen and shows its snapshots.
import {
  AUSENCIA_AVISO_MS,
  type EstadoSala,
  type IceServer,
  MSG_SESION,
  type Senal,
  SenalSchema,
  TEXTOS_SALA,
} from '@miduelo/shared/sesiones-en-linea';
import * as v from 'valibot';
import { mensajeDeError } from '@/nucleo/http';
import { type SocketApp, useSocket } from '@/nucleo/socket';
import { entrarSesion, extenderSesion, type LadoSala } from './api';
import { ConexionSala } from './conexion';
import { EstadoSalaSchema, SenalRecibidaSchema, SesionTerminadaSchema } from './esquemas';
import { faseDeSala, listosParaConectar, otroPresente } from './fase';
import type { EstadoPar } from './negociacion';

/** How long a socket acknowledgement may take before the action reports an error. */
const ESPERA_ACK_MS = 8_000;

import { INSTANTANEA_INICIAL, type InstantaneaSala, pista } from './instantanea';

export class ControladorSala {
  private s: InstantaneaSala = { ...INSTANTANEA_INICIAL };
  private entrada: 'pendiente' | 'error' | 'lista' = 'pendiente';
  private iceServers: IceServer[] = [];
  private salio = false;
  private terminada = false;
  private par: EstadoPar | null = null;
  private huboConexion = false;
  private mediosListos = false;
  private conexion: ConexionSala | null = null;
  private pendientes: Senal[] = [];
  private socket: SocketApp | null = null;
  private conexionesUnidas = -1;
  private unido = false;
  private vistoOtro = false;
  private ausencia: ReturnType<typeof setTimeout> | undefined;
  private limpiezas: Array<() => void> = [];
  private destruido = false;

  constructor(
    private readonly idSesion: number,
    private readonly lado: LadoSala,
    private readonly alCambiar: (s: InstantaneaSala) => void,
  ) {}

  async iniciar(): Promise<void> {
    try {
      const entrada = await entrarSesion(this.lado, this.idSesion);
      if (this.destruido) return;
      this.iceServers = entrada.ice_servers;
      this.entrada = 'lista';
      this.s.sesion = entrada.sesion;
      if (entrada.sesion.estado === 'terminada') this.terminada = true;
    } catch (error) {
      if (this.destruido) return;
      this.entrada = 'error';
      this.s.error = mensajeDeError(error);
      this.publicar();
      return;
    }
    this.publicar();
    if (this.terminada) return;
    this.seguirSocket();
    await this.abrirMedios();
  }

  /** The screen goes away: leave the room (the session goes on for the other party). */
  destruir(): void {
    this.destruido = true;
    if (this.unido && !this.salio && !this.terminada) this.socket?.emit('sesion:salir', { id_sesion: this.idSesion });
    this.cerrarTodo();
  }

  salir(): void {
    if (this.unido && !this.terminada) this.socket?.emit('sesion:salir', { id_sesion: this.idSesion });
    this.salio = true;
    this.cerrarTodo();
    this.publicar();
  }

  async admitir(): Promise<void> {
    const e = await this.pedir('sesion:admitir');
    this.aplicarEstado(e);
  }

  async terminar(): Promise<void> {
    const e = await this.pedir('sesion:terminar');
    this.aplicarEstado({ ...e, estado: 'terminada' });
  }

  async extender(): Promise<void> {
    const sesion = await extenderSesion(this.idSesion);
    if (sesion && typeof sesion === 'object' && 'id_sesion' in sesion) {
      this.s.sesion = sesion;
      if (this.s.estado) this.s.estado = { ...this.s.estado, cierra_en: sesion.cierra_en };
      this.publicar();
    }
  }

  alternarCamara(): void {
    const p = pista(this.s.local, 'video');
    if (!p) return;
    p.enabled = !p.enabled;
    this.s.camara = p.enabled;
    this.publicar();
  }

  alternarMicro(): void {
    const p = pista(this.s.local, 'audio');
    if (!p) return;
    p.enabled = !p.enabled;
    this.s.micro = p.enabled;
    this.publicar();
  }

  elegirCamara = (id: string) => this.elegirDispositivo('video', id);
  elegirMicro = (id: string) => this.elegirDispositivo('audio', id);

  private async elegirDispositivo(tipo: 'video' | 'audio', id: string): Promise<void> {
    const local = this.s.local;
    if (!local || this.salio || this.terminada) return;
    const restriccion = { deviceId: { exact: id } };
    let nuevo: MediaStream;
    try {
      nuevo = await navigator.mediaDevices.getUserMedia(tipo === 'video' ? { video: restriccion } : { audio: restriccion });
    } catch {
      this.s.error = TEXTOS_SALA.sinCamara;
      this.publicar();
      return;
    }
    const nueva = pista(nuevo, tipo);
    if (!nueva || this.destruido) {
      for (const p of nuevo.getTracks()) p.stop();
      return;
    }
    const vieja = pista(local, tipo);
    nueva.enabled = vieja ? vieja.enabled : true;
    await this.conexion?.reemplazarPista(nueva);
    if (vieja) {
      local.removeTrack(vieja);
      vieja.stop();
    }
    local.addTrack(nueva);
    // A new stream object, so the self-view picks the new track up.
    this.s.local = new MediaStream(local.getTracks());
    if (tipo === 'video') this.s.camaraElegida = id;
    else this.s.microElegido = id;
    this.s.camara = pista(local, 'video')?.enabled ?? false;
    this.s.micro = pista(local, 'audio')?.enabled ?? false;
    this.publicar();
  }

  private async abrirMedios(): Promise<void> {
    const md = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    let local: MediaStream | null = null;
    if (md?.getUserMedia) {
      try {
        local = await md.getUserMedia({ audio: true, video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' } });
      } catch {
        // Without a camera (or its permission) the microphone alone still lets them talk.
        local = await md.getUserMedia({ audio: true }).catch(() => null);
        this.s.error = TEXTOS_SALA.sinCamara;
      }
    } else {
      this.s.error = TEXTOS_SALA.sinCamara;
    }
    if (this.destruido || this.salio || this.terminada) {
      for (const p of local?.getTracks() ?? []) p.stop();
      return;
    }
    this.s.local = local;
    this.s.camara = pista(local, 'video')?.enabled ?? false;
    this.s.micro = pista(local, 'audio')?.enabled ?? false;
    this.s.camaraElegida = pista(local, 'video')?.getSettings().deviceId ?? null;
    this.s.microElegido = pista(local, 'audio')?.getSettings().deviceId ?? null;
    this.mediosListos = true;
    await this.leerDispositivos();
    if (md) {
      const alCambiarDispositivos = () => void this.leerDispositivos();
      md.addEventListener('devicechange', alCambiarDispositivos);
      this.limpiezas.push(() => md.removeEventListener('devicechange', alCambiarDispositivos));
    }
    this.quizaConectar();
    this.publicar();
  }

  private async leerDispositivos(): Promise<void> {
    const lista = await navigator.mediaDevices?.enumerateDevices?.().catch(() => []);
    if (!lista || this.destruido) return;
    this.s.dispositivos = {
      camaras: lista.filter((d) => d.kind === 'videoinput' && d.deviceId),
      micros: lista.filter((d) => d.kind === 'audioinput' && d.deviceId),
    };
    this.publicar();
  }

  private seguirSocket(): void {
    const alCambiarSocket = (st: ReturnType<typeof useSocket.getState>) => {
      if (st.socket !== this.socket) this.engancharSocket(st.socket);
      if (st.socket && st.estado === 'conectado' && st.conexiones !== this.conexionesUnidas && !this.salio && !this.terminada) {
        const reconexion = this.conexionesUnidas !== -1;
        this.conexionesUnidas = st.conexiones;
        void this.unirse(reconexion);
      }
    };
    alCambiarSocket(useSocket.getState());
    this.limpiezas.push(useSocket.subscribe(alCambiarSocket));
  }

  private engancharSocket(socket: SocketApp | null): void {
    this.desengancharSocket?.();
    this.desengancharSocket = undefined;
    this.socket = socket;
    this.conexionesUnidas = this.unido ? this.conexionesUnidas : -1;
    if (!socket) return;
    const alEstado = (d: unknown) => {
      const r = v.safeParse(EstadoSalaSchema, d);
      if (r.success && r.output.id_sesion === this.idSesion) this.aplicarEstado(r.output);
    };
    const alSenal = (d: unknown) => {
      const r = v.safeParse(SenalRecibidaSchema, d);
      if (r.success && r.output.id_sesion === this.idSesion) this.recibirSenal(r.output.senal);
    };
    const alTerminar = (d: unknown) => {
      const r = v.safeParse(SesionTerminadaSchema, d);
      if (r.success && r.output.id_sesion === this.idSesion) this.finalizar();
    };
    socket.on('sesion:estado', alEstado);
    socket.on('sesion:senal', alSenal);
    socket.on('sesion:terminada', alTerminar);
    this.desengancharSocket = () => {
      socket.off('sesion:estado', alEstado);
      socket.off('sesion:senal', alSenal);
      socket.off('sesion:terminada', alTerminar);
    };
  }

  private desengancharSocket: (() => void) | undefined;

  /** `sesion:unirse` on every (re)connection; after a reconnection, a new ICE round. */
  private async unirse(reconexion: boolean): Promise<void> {
    try {
      const e = await this.pedir('sesion:unirse');
      this.unido = true;
      this.aplicarEstado(e);
      if (reconexion) this.conexion?.reiniciarIce();
    } catch (error) {
      if (this.destruido) return;
      const msg = error instanceof Error ? error.message : MSG_SESION.noEncontrada;
      if (msg === MSG_SESION.terminada || msg === MSG_SESION.yaCerro) {
        this.finalizar();
      } else if (!this.unido) {
        this.entrada = 'error';
        this.s.error = msg;
        this.cerrarTodo();
        this.publicar();
      }
    }
  }

  /** A socket request with acknowledgement; a refusal or a silence throws its Spanish message. */
  private async pedir(evento: 'sesion:unirse' | 'sesion:admitir' | 'sesion:terminar'): Promise<EstadoSala> {
    const socket = this.socket;
    if (!socket?.connected) throw new Error(TEXTOS_SALA.reconectando);
    let r: Awaited<ReturnType<typeof socket.emitWithAck<typeof evento>>>;
    try {
      r = await socket.timeout(ESPERA_ACK_MS).emitWithAck(evento, { id_sesion: this.idSesion });
    } catch {
      throw new Error(mensajeDeError(null));
    }
    if (!r.ok) throw new Error(r.msg);
    return r.data;
  }

  private aplicarEstado(e: EstadoSala): void {
    if (this.destruido) return;
    const antes = this.s.estado;
    this.s.estado = e;
    // The psychologist came (back) into the room: her page may hold no connection; ask for an offer.
    if (this.lado === 'paciente' && antes && !antes.psicologo_presente && e.psicologo_presente && this.par !== 'conectada') {
      this.conexion?.pedirOferta();
    }
    this.revisarAusencia();
    if (e.estado === 'terminada') {
      this.finalizar();
      return;
    }
    this.quizaConectar();
    this.publicar();
  }

  private recibirSenal(senal: Senal): void {
    if (!v.is(SenalSchema, senal) || this.salio || this.terminada) return;
    if (!this.conexion && this.mediosListos) this.crearConexion();
    if (this.conexion) this.conexion.recibir(senal);
    else this.pendientes.push(senal);
  }

  /** The patient's side starts the connection (it asks for an offer) once both are in and she was
   * admitted; the psychologist's starts when asked (a signal waiting for the media). */
  private quizaConectar(): void {
    if (this.conexion || !this.mediosListos || this.salio || this.terminada) return;
    const listos = this.lado === 'paciente' && this.s.estado !== null && listosParaConectar(this.s.estado);
    if (listos || this.pendientes.length > 0) this.crearConexion();
  }

  private crearConexion(): void {
    const conexion = new ConexionSala({
      educado: this.lado === 'paciente',
      iceServers: this.iceServers,
      // Not buffered while the socket is down: stale offers and requests would cross newer ones;
      // the watchdog and the reconnection ask again.
      enviar: (senal) => {
        if (this.socket?.connected) this.socket.emit('sesion:senal', { id_sesion: this.idSesion, senal });
      },
      alRemoto: (remoto) => {
        this.s.remoto = remoto;
        this.publicar();
      },
      alEstado: (par) => {
        this.par = par;
        if (par === 'conectada') this.huboConexion = true;
        this.publicar();
      },
      alCalidad: (calidad) => {
        if (calidad === this.s.calidad) return;
        this.s.calidad = calidad;
        this.publicar();
      },
    });
    this.conexion = conexion;
    if (this.s.local) conexion.usarMedios(this.s.local);
    else conexion.soloRecibir();
    for (const senal of this.pendientes.splice(0)) conexion.recibir(senal);
  }

  /** The other party gone longer than AUSENCIA_AVISO_MS (after having been in the room). */
  private revisarAusencia(): void {
    const e = this.s.estado;
    if (!e) return;
    const sesion = this.s.sesion;
    const entroAntes = this.lado === 'psicologo' ? sesion?.entro_paciente_en : sesion?.entro_psicologo_en;
    if (otroPresente(this.lado, e)) {
      this.vistoOtro = true;
      clearTimeout(this.ausencia);
      this.ausencia = undefined;
      this.s.otroAusenteLargo = false;
    } else if ((this.vistoOtro || entroAntes) && this.ausencia === undefined && e.estado !== 'terminada') {
      this.ausencia = setTimeout(() => {
        this.s.otroAusenteLargo = true;
        this.publicar();
      }, AUSENCIA_AVISO_MS);
    }
  }

  private finalizar(): void {
    this.terminada = true;
    this.s.otroAusenteLargo = false;
    this.cerrarTodo();
    this.publicar();
  }

  private cerrarTodo(): void {
    clearTimeout(this.ausencia);
    this.conexion?.cerrar();
    this.conexion = null;
    for (const p of this.s.local?.getTracks() ?? []) p.stop();
    this.s.local = null;
    this.s.remoto = null;
    this.s.calidad = null;
    this.desengancharSocket?.();
    this.desengancharSocket = undefined;
    for (const limpiar of this.limpiezas.splice(0)) limpiar();
  }

  private publicar(): void {
    if (this.destruido) return;
    const fase = faseDeSala({
      lado: this.lado,
      entrada: this.entrada,
      salio: this.salio,
      terminada: this.terminada,
      estado: this.s.estado,
      par: this.par,
      huboConexion: this.huboConexion,
    });
    this.s = { ...this.s, fase };
    this.alCambiar(this.s);
  }
}
