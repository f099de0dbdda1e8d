// An administrator's opening of one of the psychologist's conversations as she reads it (issue 55,
// decision 369): the shell's live notice and her profile's list say the same things the same way.
import { nombreCompleto } from '@miduelo/shared/nombres';
import { type Apertura, AperturaSchema, ETIQUETA_MOTIVO_SUPERVISION } from '@miduelo/shared/supervision';
import * as v from 'valibot';
import { diaClinica, fechaCorta, horaClinica } from './format';

/** `supervision:abierta`, checked before it reaches a screen. */
export const EventoSupervisionAbiertaSchema = v.object({ apertura: AperturaSchema });

export const TEXTOS_SUPERVISION_PSICOLOGO = {
  tituloAviso: 'Supervisión de tus conversaciones',
  verLista: 'Ver mis supervisiones',
  entendido: 'Entendido',
  entendidoEtiqueta: 'Entendido: ocultar el aviso de supervisión',
  soloLectura: 'La administración solo puede leer, durante 30 minutos, y cada apertura queda en la bitácora de auditoría.',
  tituloLista: 'Supervisiones de mis conversaciones',
  explicacionLista:
    'Cada vez que alguien de la administración abre una de tus conversaciones con un paciente aparece aquí, con su motivo y su razón. Solo puede leerla, durante 30 minutos.',
  vacia: 'Nadie de la administración ha abierto tus conversaciones.',
  errorLista: 'No se pudieron cargar tus supervisiones',
  mas: (n: number) => (n === 1 ? 'y 1 apertura más' : `y ${n} aperturas más`),
} as const;

export interface AperturaLegible {
  admin: string;
  paciente: string;
  motivo: string;
  razon: string;
  /** '07/12/2026 a las 10:15' (clinic's zone). */
  cuando: string;
  /** 'las 10:45', or 'el 08/12/2026 a las 00:15' when it lapses another day. */
  hasta: string;
}

/** The opening's facts in the words and the time zone every screen uses. */
export function aperturaLegible(a: Apertura): AperturaLegible {
  const mismoDia = diaClinica(a.abierta_en) === diaClinica(a.vence_en);
  return {
    admin: nombreCompleto(a.admin),
    paciente: nombreCompleto(a.paciente),
    motivo: ETIQUETA_MOTIVO_SUPERVISION[a.motivo] ?? a.motivo,
    razon: a.razon,
    cuando: `${fechaCorta(a.abierta_en)} a las ${horaClinica(a.abierta_en)}`,
    hasta: mismoDia ? `las ${horaClinica(a.vence_en)}` : `el ${fechaCorta(a.vence_en)} a las ${horaClinica(a.vence_en)}`,
  };
}

/** Newest first: by opening time, then by id (two openings in the same millisecond). */
export const masRecienteAntes = (a: Apertura, b: Apertura) => b.abierta_en.localeCompare(a.abierta_en) || b.id_apertura - a.id_apertura;
