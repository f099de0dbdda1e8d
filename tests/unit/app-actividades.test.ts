// The patient app's activity rules (decisions 202, 203): live changes merged by id and version,
// what counts as "for today", and deadlines said as suggestions.
import type { Asignacion } from '@miduelo/shared/actividades';
import { describe, expect, it } from 'vitest';
import { aplicarAsignacion, ordenarAsignaciones, pendientesDeHoy, tamanoLegible, textoFechaLimite } from '@/app-paciente/lib/actividades';

const HOY = '2026-11-23';

function asignacion(id: number, o: Partial<Asignacion> = {}): Asignacion {
  return {
    id_asignacion: id,
    id_actividad: 1,
    id_paciente: 7,
    estado: 'en_proceso',
    prioridad: 'media',
    fecha_asignacion: '2026-11-01T10:00:00.000Z',
    fecha_limite: null,
    fecha_completada: null,
    instrucciones_personalizadas: null,
    visible_para_psicologo: false,
    revisada_en: null,
    version: 1,
    evidencias: [],
    total_evidencias: 0,
    actividad: {
      titulo: `Actividad ${id}`,
      descripcion: null,
      tipo: 'Otro',
      origen: 'modulo',
      etapa_duelo: 'Ira',
      obligatoria: false,
      repetitiva: false,
      periodo: null,
      archivo_url: null,
    },
    ...o,
  };
}

describe('cambios en vivo', () => {
  it('una nueva entra, una más reciente reemplaza, una más vieja se ignora, una eliminada sale', () => {
    let l = aplicarAsignacion(undefined, 'creada', asignacion(1));
    l = aplicarAsignacion(l, 'creada', asignacion(2));
    expect(l.map((a) => a.id_asignacion).sort()).toEqual([1, 2]);
    l = aplicarAsignacion(l, 'actualizada', asignacion(1, { version: 3, estado: 'finalizada' }));
    expect(l.find((a) => a.id_asignacion === 1)?.estado).toBe('finalizada');
    l = aplicarAsignacion(l, 'actualizada', asignacion(1, { version: 2, estado: 'en_proceso' }));
    expect(l.find((a) => a.id_asignacion === 1)).toMatchObject({ version: 3, estado: 'finalizada' });
    expect(l).toHaveLength(2);
    l = aplicarAsignacion(l, 'eliminada', asignacion(2));
    expect(l.map((a) => a.id_asignacion)).toEqual([1]);
  });

  it('en curso primero, por fecha sugerida (sin fecha al final)', () => {
    const l = ordenarAsignaciones([
      asignacion(1, { estado: 'finalizada', fecha_limite: '2026-11-01' }),
      asignacion(2),
      asignacion(3, { fecha_limite: '2026-12-01' }),
      asignacion(4, { fecha_limite: '2026-11-20' }),
    ]);
    expect(l.map((a) => a.id_asignacion)).toEqual([4, 3, 2, 1]);
  });
});

describe('actividades de hoy', () => {
  it('en curso y con fecha de hoy o ya pasada; ni las terminadas, ni las de después, ni las sin fecha', () => {
    const l = [
      asignacion(1, { fecha_limite: HOY }),
      asignacion(2, { fecha_limite: '2026-11-20' }),
      asignacion(3, { fecha_limite: '2026-11-24' }),
      asignacion(4),
      asignacion(5, { fecha_limite: HOY, estado: 'finalizada' }),
    ];
    expect(pendientesDeHoy(l, HOY).map((a) => a.id_asignacion)).toEqual([2, 1]);
    expect(pendientesDeHoy(undefined, HOY)).toEqual([]);
  });

  it('la fecha se dice como sugerencia, nunca como reproche', () => {
    expect(textoFechaLimite(null, HOY)).toBeNull();
    expect(textoFechaLimite(HOY, HOY)).toBe('Para hoy');
    expect(textoFechaLimite('2026-11-24', HOY)).toBe('Para mañana');
    expect(textoFechaLimite('2026-11-28', HOY)).toBe('Para el sábado, 28 de noviembre');
    expect(textoFechaLimite('2026-11-20', HOY)).toBe('Sugerida para el viernes, 20 de noviembre; puedes hacerla cuando puedas');
  });

  it('tamaños legibles', () => {
    expect(tamanoLegible(null)).toBe('');
    expect(tamanoLegible(900)).toBe('900 B');
    expect(tamanoLegible(91_514)).toBe('89 KB');
    expect(tamanoLegible(3.5 * 1024 * 1024)).toBe('3,5 MB');
  });
});
