import type { EstadoSala } from '@miduelo/shared/sesiones-en-linea';
import { describe, expect, it } from 'vitest';
import { faseDeSala } from '@/nucleo/sala/fase';
import {
  decidirDescripcion,
  esOtraConexion,
  estadoPar,
  huellaDtls,
  respuestaAplicable,
  respuestaAReinicio,
} from '@/nucleo/sala/negociacion';

const sdp = (huella: string) => `v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=fingerprint:sha-256 ${huella}\r\n`;

describe('perfect negotiation (decisión 361)', () => {
  const base = { haciendoOferta: false, aplicandoRespuesta: false, signalingState: 'stable' as RTCSignalingState };

  it('applies an offer when stable, on either side', () => {
    expect(decidirDescripcion('oferta', { ...base, educado: false })).toEqual({ ignorar: false, colision: false });
    expect(decidirDescripcion('oferta', { ...base, educado: true })).toEqual({ ignorar: false, colision: false });
  });

  it('on a collision the psychologist (impolite) ignores the offer and the patient (polite) yields', () => {
    const choque = { ...base, signalingState: 'have-local-offer' as RTCSignalingState };
    expect(decidirDescripcion('oferta', { ...choque, educado: false })).toEqual({ ignorar: true, colision: true });
    expect(decidirDescripcion('oferta', { ...choque, educado: true })).toEqual({ ignorar: false, colision: true });
    // Making an offer right now is a collision too, even while still stable.
    expect(decidirDescripcion('oferta', { ...base, haciendoOferta: true, educado: false }).ignorar).toBe(true);
  });

  it('an offer while an answer is being applied is no collision', () => {
    const e = { ...base, signalingState: 'have-local-offer' as RTCSignalingState, aplicandoRespuesta: true, educado: false };
    expect(decidirDescripcion('oferta', e)).toEqual({ ignorar: false, colision: false });
  });

  it('applies an answer only while waiting for one', () => {
    expect(respuestaAplicable('have-local-offer')).toBe(true);
    expect(respuestaAplicable('stable')).toBe(false);
  });

  it('tells a new connection of the other side by its DTLS fingerprint', () => {
    expect(huellaDtls(sdp('AA:BB'))).toBe('sha-256 aa:bb');
    expect(esOtraConexion(sdp('AA:BB'), sdp('AA:BB'))).toBe(false);
    expect(esOtraConexion(sdp('AA:BB'), sdp('CC:DD'))).toBe(true);
    expect(esOtraConexion(null, sdp('CC:DD'))).toBe(false);
  });

  it('the psychologist asked for an offer starts over, or sends again the one she just made', () => {
    const e = { tieneRemota: false, tieneLocal: false, signalingState: 'stable' as RTCSignalingState, renovadaHaceMs: 60_000 };
    expect(respuestaAReinicio({ ...e, tieneRemota: true, tieneLocal: true })).toBe('renovar');
    // An offer left unanswered long ago: the asking side may be new, start over.
    expect(respuestaAReinicio({ ...e, tieneLocal: true, signalingState: 'have-local-offer' })).toBe('renovar');
    // Asked again right after starting over (requests that crossed): the same offer, no new connection.
    expect(respuestaAReinicio({ ...e, tieneLocal: true, signalingState: 'have-local-offer', renovadaHaceMs: 500 })).toBe('reenviar');
    expect(respuestaAReinicio(e)).toBe('ofrecer');
  });

  it('reads disconnected or failed as interrupted', () => {
    expect(estadoPar('connected', 'connected')).toBe('conectada');
    expect(estadoPar('connected', 'disconnected')).toBe('interrumpida');
    expect(estadoPar('failed', 'failed')).toBe('interrumpida');
    expect(estadoPar('connecting', 'checking')).toBe('conectando');
    expect(estadoPar('new', 'new')).toBe('nueva');
    expect(estadoPar('closed', 'closed')).toBe('cerrada');
  });
});

describe('fase de la sala', () => {
  const estado = (p: Partial<EstadoSala> = {}): EstadoSala => ({
    id_sesion: 1,
    estado: 'en_curso',
    psicologo_presente: true,
    paciente_presente: true,
    paciente_admitido: true,
    cierra_en: '2026-12-07T00:00:00Z',
    ...p,
  });
  const d = { lado: 'psicologo' as const, entrada: 'lista' as const, salio: false, terminada: false, par: null, huboConexion: false };

  it('goes from entering to waiting, connecting and in course', () => {
    expect(faseDeSala({ ...d, entrada: 'pendiente', estado: null })).toBe('entrando');
    expect(faseDeSala({ ...d, estado: estado({ paciente_presente: false, paciente_admitido: false }) })).toBe('esperando');
    expect(faseDeSala({ ...d, lado: 'paciente', estado: estado({ paciente_admitido: false }) })).toBe('esperando');
    expect(faseDeSala({ ...d, estado: estado(), par: 'conectando' })).toBe('conectando');
    expect(faseDeSala({ ...d, estado: estado(), par: 'conectada' })).toBe('en-curso');
  });

  it('a drop after media flowed reads reconnecting, whether the path or the other party went', () => {
    expect(faseDeSala({ ...d, estado: estado(), par: 'interrumpida', huboConexion: true })).toBe('reconectando');
    expect(faseDeSala({ ...d, estado: estado({ paciente_presente: false }), par: 'interrumpida', huboConexion: true })).toBe(
      'reconectando',
    );
  });

  it('refused, ended and left win over everything else', () => {
    expect(faseDeSala({ ...d, entrada: 'error', estado: null })).toBe('error');
    expect(faseDeSala({ ...d, estado: estado({ estado: 'terminada' }), par: 'conectada' })).toBe('terminada');
    expect(faseDeSala({ ...d, salio: true, estado: estado(), par: 'conectada' })).toBe('fuera');
  });
});
