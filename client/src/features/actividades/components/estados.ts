import type { EstadoActividadModulo, Prioridad } from '@miduelo/shared/actividades';
import type { TonoBadge } from '@/components/ui/badge';

/** Badge colours of spec 2 §4: no_asignada secondary, en_proceso warning, finalizada success. */
export const TONO_ESTADO: Record<EstadoActividadModulo, TonoBadge> = { no_asignada: 'neutro', en_proceso: 'aviso', finalizada: 'exito' };
export const TONO_PRIORIDAD: Record<Prioridad, TonoBadge> = { alta: 'peligro', media: 'aviso', baja: 'info' };
