// The answers of the online sessions: the room as either party sees it and the psychologist's notice.
import { nombreCompleto } from '@miduelo/shared/nombres';
import type { AvisoEnSala, EstadoSesion, SesionEnLinea } from '@miduelo/shared/sesiones-en-linea';
import type { Sala } from './repo';

const MIN_MS = 60_000;

export type SalaCreada = Sala & { id_sesion: number };

export const cierraEn = (s: Sala) => new Date(s.cierra_base_en.getTime() + s.gracia_min * MIN_MS);

export function estadoDe(s: Sala): EstadoSesion {
  if (s.terminada_en) return 'terminada';
  return s.iniciada_en ? 'en_curso' : 'programada';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function aDto(s: SalaCreada): SesionEnLinea {
  return {
    id_sesion: s.id_sesion,
    id_cita: s.id_cita,
    id_psicologo: s.id_psicologo,
    id_paciente: s.id_paciente,
    psicologo: nombreCompleto(s.psicologo),
    paciente: nombreCompleto(s.paciente),
    estado: estadoDe(s),
    abre_en: s.abre_en.toISOString(),
    cierra_en: cierraEn(s).toISOString(),
    gracia_min: s.gracia_min,
    iniciada_en: iso(s.iniciada_en),
    terminada_en: iso(s.terminada_en),
    terminada_por: s.terminada_por === 'psicologo' || s.terminada_por === 'ventana' ? s.terminada_por : null,
    entro_psicologo_en: iso(s.entro_psicologo_en),
    entro_paciente_en: iso(s.entro_paciente_en),
  };
}

export function avisoDe(s: SalaCreada, esperando: boolean): AvisoEnSala {
  const terminada = s.terminada_en !== null;
  return {
    id_sesion: s.id_sesion,
    id_cita: s.id_cita,
    id_paciente: s.id_paciente,
    paciente: nombreCompleto(s.paciente),
    esperando: esperando && !terminada,
    en_curso: s.iniciada_en !== null && !terminada,
    terminada,
  };
}
