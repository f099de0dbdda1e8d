// Issue 55, decision 369: what the psychologist reads of an opening of her conversation (notice and
// profile list), which openings the notice still owes her, and the audit log's Spanish for
// supervision's rows.
import type { Apertura } from '@miduelo/shared/supervision';
import { describe, expect, it } from 'vitest';
import { detalleAuditoria, RECURSOS_AUDITORIA } from '@/features/administracion/formato-auditoria';
import { pendientesDeAviso, VENTANA_SIN_MARCA_MS } from '@/features/supervision-psicologo/vistas';
import { aperturaLegible, masRecienteAntes } from '@/lib/supervision-psicologo';

const apertura = (o: Partial<Apertura> = {}): Apertura => ({
  id_apertura: 1,
  id_chat: 9,
  id_psicologo: 3,
  id_paciente: 4,
  paciente: { nombre: 'Lucía', apellido_paterno: 'Campos', apellido_materno: null },
  id_admin: 2,
  admin: { nombre: 'Alba', apellido_paterno: 'Directora', apellido_materno: 'Ruiz' },
  motivo: 'queja',
  razon: 'La familia escribió preocupada por la falta de respuesta.',
  // 10:15 and 10:45 in Mexico City (UTC-6, no daylight saving since 2022).
  abierta_en: '2026-12-07T16:15:00.000Z',
  vence_en: '2026-12-07T16:45:00.000Z',
  ...o,
});

describe('una apertura, como la lee la psicóloga', () => {
  it('dice quién, con qué paciente, cuándo y hasta cuándo (zona de la clínica), el motivo en palabras y la razón tal cual', () => {
    expect(aperturaLegible(apertura())).toEqual({
      admin: 'Alba Directora Ruiz',
      paciente: 'Lucía Campos',
      motivo: 'Queja',
      razon: 'La familia escribió preocupada por la falta de respuesta.',
      cuando: '07/12/2026 a las 10:15',
      hasta: 'las 10:45',
    });
  });

  it('una apertura que vence al día siguiente dice también la fecha', () => {
    const a = aperturaLegible(apertura({ abierta_en: '2026-12-08T05:50:00.000Z', vence_en: '2026-12-08T06:20:00.000Z' }));
    expect(a.cuando).toBe('07/12/2026 a las 23:50');
    expect(a.hasta).toBe('el 08/12/2026 a las 00:20');
  });

  it('la más reciente primero; en el mismo instante, la de id mayor', () => {
    const viejas = [
      apertura({ id_apertura: 1, abierta_en: '2026-12-01T10:00:00.000Z' }),
      apertura({ id_apertura: 3, abierta_en: '2026-12-05T10:00:00.000Z' }),
      apertura({ id_apertura: 2, abierta_en: '2026-12-05T10:00:00.000Z' }),
    ];
    expect([...viejas].sort(masRecienteAntes).map((a) => a.id_apertura)).toEqual([3, 2, 1]);
  });
});

describe('el aviso de la barra', () => {
  const ahora = Date.parse('2026-12-07T17:00:00.000Z');
  const lista = [
    apertura({ id_apertura: 5, abierta_en: '2026-12-07T16:15:00.000Z' }),
    apertura({ id_apertura: 4, abierta_en: '2026-12-06T16:15:00.000Z' }),
    apertura({ id_apertura: 2, abierta_en: new Date(ahora - VENTANA_SIN_MARCA_MS - 1).toISOString() }),
  ];

  it('muestra, de la más reciente a la más vieja, las aperturas posteriores a la última que marcó como leída', () => {
    expect(pendientesDeAviso(lista, 4, ahora).map((a) => a.id_apertura)).toEqual([5]);
    expect(pendientesDeAviso(lista, 1, ahora).map((a) => a.id_apertura)).toEqual([5, 4, 2]);
    expect(pendientesDeAviso(lista, 5, ahora)).toEqual([]);
  });

  it('en un navegador sin marca, solo las de los últimos 7 días', () => {
    expect(pendientesDeAviso(lista, null, ahora).map((a) => a.id_apertura)).toEqual([5, 4]);
    expect(pendientesDeAviso([], null, ahora)).toEqual([]);
  });
});

describe('la bitácora de auditoría en español (supervisión)', () => {
  it('nombra los recursos de la supervisión', () => {
    expect(RECURSOS_AUDITORIA.chat).toBe('Conversación');
    expect(RECURSOS_AUDITORIA.conversacion_supervisada).toBe('Conversación supervisada');
    expect(RECURSOS_AUDITORIA.alerta_crisis).toBe('Alerta de crisis');
  });

  it('el detalle de una apertura: el motivo en palabras, la razón tal cual (con sus guiones bajos), el vencimiento en la zona de la clínica', () => {
    expect(
      detalleAuditoria({
        id_apertura: 7,
        id_psicologo: 3,
        motivo: 'revision_calidad',
        razon: 'Revisión trimestral del caso_12, sin citar al paciente.',
        vence_en: '2026-12-07T16:45:00.000Z',
      }),
    ).toBe(
      'motivo: Revisión de calidad · razón: Revisión trimestral del caso_12, sin citar al paciente. · vence: 07/12/2026 10:45 · apertura: #7 · psicólogo: #3',
    );
  });

  it('la lectura, la alerta y su atención; los motivos de otros actos siguen como antes', () => {
    expect(detalleAuditoria({ id_apertura: 7, mensajes: 12 })).toBe('mensajes leídos: 12 · apertura: #7');
    expect(detalleAuditoria({ id_chat: 9, minutos: 30 })).toBe('conversación: #9 · minutos: 30');
    expect(detalleAuditoria({ zeta: 'x_y', campos: ['telefono', 'correo'] })).toBe('campos: telefono, correo · zeta: x y');
    expect(detalleAuditoria({ accion: 'Llamé a la paciente_1' })).toBe('lo que se hizo: Llamé a la paciente_1');
    expect(detalleAuditoria({ de: 4, motivo: 'psicologo_eliminado' })).toBe('psicólogo anterior: #4 · motivo: psicologo eliminado');
    expect(detalleAuditoria(null)).toBe('');
  });
});
