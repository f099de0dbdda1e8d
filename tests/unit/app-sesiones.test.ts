// When the patient app offers "Entrar a la sesión" on an appointment (issue 54, decision 363), and
// how a live change of one of her rooms enters the Home's list.
import type { SesionEnLinea } from '@miduelo/shared/sesiones-en-linea';
import { describe, expect, it } from 'vitest';
import { aplicarSesion, salaAbiertaAhora } from '@/app-paciente/lib/sesiones';

const cita = {
  modalidad: 'En línea' as const,
  estado: 'confirmada' as const,
  fecha: '2026-12-07',
  hora_inicio: '10:00:00',
  hora_fin: '11:00:00',
};
const a = (hora: string, fecha = '2026-12-07') => ({ fecha, hora });

describe('salaAbiertaAhora', () => {
  it('desde 10 minutos antes del inicio hasta el final, en el día de la cita', () => {
    expect(salaAbiertaAhora(cita, a('09:49'))).toBe(false);
    expect(salaAbiertaAhora(cita, a('09:50'))).toBe(true);
    expect(salaAbiertaAhora(cita, a('10:30'))).toBe(true);
    expect(salaAbiertaAhora(cita, a('10:59'))).toBe(true);
    expect(salaAbiertaAhora(cita, a('11:00'))).toBe(false);
    expect(salaAbiertaAhora(cita, a('10:30', '2026-12-08'))).toBe(false);
    expect(salaAbiertaAhora(cita, a('10:30', '2026-12-06'))).toBe(false);
  });
  it('la primera cita del día siguiente (00:00) abre a las 23:50 de hoy', () => {
    const medianoche = { ...cita, fecha: '2026-12-08', hora_inicio: '00:00:00', hora_fin: '01:00:00' };
    expect(salaAbiertaAhora(medianoche, a('23:49'))).toBe(false);
    expect(salaAbiertaAhora(medianoche, a('23:50'))).toBe(true);
    expect(salaAbiertaAhora(medianoche, a('00:30', '2026-12-08'))).toBe(true);
    expect(salaAbiertaAhora(medianoche, a('01:00', '2026-12-08'))).toBe(false);
  });
  it('nunca en una cita presencial ni en una cancelada', () => {
    expect(salaAbiertaAhora({ ...cita, modalidad: 'Presencial' }, a('10:30'))).toBe(false);
    expect(salaAbiertaAhora({ ...cita, estado: 'cancelada' }, a('10:30'))).toBe(false);
    expect(salaAbiertaAhora({ ...cita, estado: 'pendiente' }, a('10:30'))).toBe(true);
  });
});

function sesion(id: number, o: Partial<SesionEnLinea> = {}): SesionEnLinea {
  return {
    id_sesion: id,
    id_cita: null,
    id_psicologo: 1,
    id_paciente: 2,
    psicologo: 'Mariana Herrera',
    paciente: 'Lucía Campos',
    estado: 'programada',
    abre_en: `2026-12-07T1${id}:00:00.000Z`,
    cierra_en: '2026-12-07T20:00:00.000Z',
    gracia_min: 0,
    iniciada_en: null,
    terminada_en: null,
    terminada_por: null,
    entro_psicologo_en: null,
    entro_paciente_en: null,
    ...o,
  };
}

describe('aplicarSesion', () => {
  it('una sala nueva entra en orden de apertura, una que cambia se reemplaza y una terminada sale', () => {
    const l1 = aplicarSesion(undefined, sesion(5));
    const l2 = aplicarSesion(l1, sesion(3));
    expect(l2.map((s) => s.id_sesion)).toEqual([3, 5]);
    const l3 = aplicarSesion(l2, sesion(5, { estado: 'en_curso' }));
    expect(l3.map((s) => [s.id_sesion, s.estado])).toEqual([
      [3, 'programada'],
      [5, 'en_curso'],
    ]);
    expect(aplicarSesion(l3, sesion(3, { estado: 'terminada' })).map((s) => s.id_sesion)).toEqual([5]);
  });
});
