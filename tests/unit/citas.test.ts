import { CrearCitaBody, duplicadasDe, ActualizarCitaBody, MSG_AGENDA } from '@miduelo/shared/agenda';
import {
  aHora,
  aMinutos,
  dentroDeDisponibilidad,
  diaSemanaDe,
  diasDeSemana,
  excepcionQueBloquea,
  horariosLibres,
  lunesDe,
  seSolapan,
  unirIntervalos,
} from '@miduelo/shared/agenda-tiempo';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const lunesAViernes = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'].map((dia_semana) => ({
  dia_semana,
  hora_inicio: '09:00',
  hora_fin: '18:30',
}));

describe('semana y días', () => {
  it('la semana empieza en lunes, también en cambios de mes y de año', () => {
    expect(lunesDe('2027-03-07')).toBe('2027-03-01');
    expect(lunesDe('2027-03-01')).toBe('2027-03-01');
    expect(lunesDe('2027-01-02')).toBe('2026-12-28');
    expect(diasDeSemana('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(diaSemanaDe('2027-03-03')).toBe('Miércoles');
    expect(diaSemanaDe('2027-03-07')).toBe('Domingo');
  });

  it('horas HH:mm y minutos', () => {
    expect(aMinutos('09:30')).toBe(570);
    expect(aMinutos('18:30:00')).toBe(1110);
    expect(aHora(75)).toBe('01:15');
  });
});

describe('intervalos', () => {
  it('medio abiertos: contiguos no se empalman', () => {
    expect(seSolapan({ inicio: 540, fin: 600 }, { inicio: 600, fin: 660 })).toBe(false);
    expect(seSolapan({ inicio: 540, fin: 601 }, { inicio: 600, fin: 660 })).toBe(true);
  });

  it('une franjas contiguas o empalmadas', () => {
    expect(
      unirIntervalos([
        { inicio: 780, fin: 1080 },
        { inicio: 540, fin: 780 },
        { inicio: 1100, fin: 1200 },
      ]),
    ).toEqual([
      { inicio: 540, fin: 1080 },
      { inicio: 1100, fin: 1200 },
    ]);
  });

  it('dentro de la disponibilidad del día de la semana, con el fin inclusivo', () => {
    expect(dentroDeDisponibilidad('2027-03-02', { inicio: aMinutos('17:30'), fin: aMinutos('18:30') }, lunesAViernes)).toBe(true);
    expect(dentroDeDisponibilidad('2027-03-02', { inicio: aMinutos('17:45'), fin: aMinutos('18:45') }, lunesAViernes)).toBe(false);
    expect(dentroDeDisponibilidad('2027-03-06', { inicio: 600, fin: 660 }, lunesAViernes)).toBe(false);
  });

  it('una excepción sin horas bloquea el día; con horas, solo lo que toca', () => {
    const exc = [
      { fecha: '2027-03-02', hora_inicio: '12:00', hora_fin: '14:00' },
      { fecha: '2027-03-03', hora_inicio: null, hora_fin: null },
    ];
    expect(excepcionQueBloquea('2027-03-02', { inicio: aMinutos('11:00'), fin: aMinutos('12:00') }, exc)).toBeNull();
    expect(excepcionQueBloquea('2027-03-02', { inicio: aMinutos('13:45'), fin: aMinutos('14:45') }, exc)).toBe(exc[0]);
    expect(excepcionQueBloquea('2027-03-03', { inicio: 0, fin: 15 }, exc)).toBe(exc[1]);
  });
});

describe('horariosLibres', () => {
  const base = { fecha: '2027-03-02', duracion: 60, disponibilidad: lunesAViernes, excepciones: [], ocupados: [] };

  it('bloques seguidos desde el inicio de cada franja', () => {
    expect(horariosLibres(base).map((h) => h.hora_inicio)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
  });

  it('tras una cita continúa donde ésta termina', () => {
    const ocupados = [{ inicio: aMinutos('10:15'), fin: aMinutos('11:15') }];
    expect(
      horariosLibres({ ...base, ocupados })
        .map((h) => h.hora_inicio)
        .slice(0, 3),
    ).toEqual(['09:00', '11:15', '12:15']);
  });

  it('hoy, solo después de ahora (alineado a 15 minutos)', () => {
    expect(horariosLibres({ ...base, despuesDe: aMinutos('16:05') }).map((h) => h.hora_inicio)).toEqual(['16:15', '17:15']);
    expect(horariosLibres({ ...base, despuesDe: aMinutos('16:00') }).map((h) => h.hora_inicio)).toEqual(['16:15', '17:15']);
  });

  it('un día bloqueado o sin disponibilidad no tiene horarios', () => {
    expect(horariosLibres({ ...base, excepciones: [{ fecha: '2027-03-02', hora_inicio: null, hora_fin: null }] })).toEqual([]);
    expect(horariosLibres({ ...base, fecha: '2027-03-07' })).toEqual([]);
  });
});

describe('esquemas compartidos por el formulario y el servidor', () => {
  it('Crear Cita: valores por omisión de spec 1 §9 y textos vacíos como ausentes', () => {
    const r = v.parse(CrearCitaBody, { id_paciente: '7', fecha: '2027-03-02', hora_inicio: '08:00:00', duracion: '', notas: '   ' });
    expect(r).toEqual({
      id_paciente: 7,
      fecha: '2027-03-02',
      hora_inicio: '08:00',
      id_agenda: null,
      hora_fin: null,
      duracion: null,
      modalidad: 'Presencial',
      estado: 'pendiente',
      notas: null,
    });
  });

  it('Reagendar: fecha y hora juntas o ninguna', () => {
    expect(v.safeParse(ActualizarCitaBody, { fecha: '2027-03-02' }).issues?.[0].message).toBe(MSG_AGENDA.reagendarIncompleto);
    expect(v.parse(ActualizarCitaBody, { estado: 'confirmada', fecha: '', hora_inicio: '' })).toEqual({
      estado: 'confirmada',
      fecha: null,
      hora_inicio: null,
    });
  });

  it('duplicadas: mismas paciente y fecha, distinta cita', () => {
    const citas = [
      { id_cita: 1, id_paciente: 5, fecha: '2027-03-02' },
      { id_cita: 2, id_paciente: 5, fecha: '2027-03-02' },
      { id_cita: 3, id_paciente: 5, fecha: '2027-03-03' },
      { id_cita: 4, id_paciente: 6, fecha: '2027-03-02' },
    ];
    expect(duplicadasDe(citas[0], citas).map((c) => c.id_cita)).toEqual([2]);
  });
});
