import {
  aniversarioEn,
  aniversarioPorAvisar,
  aniversariosEntre,
  diaDeMuertosEntre,
  motivoAniversario,
  PerdidaBody,
  semanaDe,
  ventanaLista,
} from '@miduelo/shared/pacientes-aniversario';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

describe('reglas de aniversario', () => {
  it('un 29 de febrero cae el 28 de febrero en años no bisiestos', () => {
    expect(aniversarioEn('2020-02-29', 2023)).toBe('2023-02-28');
    expect(aniversarioEn('2020-02-29', 2024)).toBe('2024-02-29');
    expect(aniversarioEn('2020-02-29', 2100)).toBe('2100-02-28');
    expect(aniversarioEn('2019-07-15', 2026)).toBe('2026-07-15');
  });

  it('solo cuenta aniversarios de al menos un año y dentro del rango, incluso cruzando de año', () => {
    expect(aniversariosEntre('2026-11-20', '2026-11-16', '2026-11-22')).toEqual([]);
    expect(aniversariosEntre('2025-11-20', '2026-11-16', '2026-11-22')).toEqual(['2026-11-20']);
    expect(aniversariosEntre('2024-01-02', '2026-12-29', '2027-01-04')).toEqual(['2027-01-02']);
    expect(aniversariosEntre('2024-02-29', '2027-02-22', '2027-02-28')).toEqual(['2027-02-28']);
  });

  it('Día de Muertos marca a todo paciente con pérdida registrada en esa semana', () => {
    expect(diaDeMuertosEntre('2026-10-26', '2026-11-01')).toBe(true);
    expect(diaDeMuertosEntre('2026-11-02', '2026-11-08')).toBe(true);
    expect(diaDeMuertosEntre('2026-11-03', '2026-11-09')).toBe(false);
    expect(motivoAniversario('2020-05-05', '2026-10-26', '2026-11-01')).toBe('dia_de_muertos');
    expect(motivoAniversario(null, '2026-10-26', '2026-11-01')).toBeNull();
    expect(motivoAniversario('2020-10-28', '2026-10-26', '2026-11-01')).toBe('aniversario');
  });

  it('la lista mira la semana actual y los siguientes 7 días; la agenda, la semana mostrada', () => {
    // Monday 23 Nov 2026.
    expect(ventanaLista('2026-11-23')).toEqual({ desde: '2026-11-23', hasta: '2026-11-30' });
    // Sunday 29 Nov 2026: its week and the next 7 days.
    expect(ventanaLista('2026-11-29')).toEqual({ desde: '2026-11-23', hasta: '2026-12-06' });
    expect(semanaDe('2026-11-26')).toEqual({ desde: '2026-11-23', hasta: '2026-11-29' });
    expect(motivoAniversario('2024-11-21', '2026-11-23', '2026-11-30')).toBeNull();
    expect(motivoAniversario('2024-11-23', '2026-11-23', '2026-11-30')).toBe('aniversario');
  });

  it('el aviso por correo anuncia el próximo aniversario de los siguientes 7 días', () => {
    expect(aniversarioPorAvisar('2020-11-30', '2026-11-23')).toBe('2026-11-30');
    expect(aniversarioPorAvisar('2020-12-01', '2026-11-23')).toBeNull();
    expect(aniversarioPorAvisar('2020-11-23', '2026-11-23')).toBeNull();
    expect(aniversarioPorAvisar('2020-02-29', '2027-02-21')).toBe('2027-02-28');
  });

  it('valida el cuerpo con mensajes en español', () => {
    expect(v.safeParse(PerdidaBody, { fecha_perdida: '2026-02-30', persona_perdida: null }).issues?.[0].message).toBe(
      'La fecha de la pérdida no es válida',
    );
    expect(v.safeParse(PerdidaBody, { fecha_perdida: null, persona_perdida: 'x'.repeat(101) }).issues?.[0].message).toBe(
      'Quién se perdió no puede exceder 100 caracteres',
    );
    expect(v.parse(PerdidaBody, { fecha_perdida: '2024-01-01', persona_perdida: '  su madre ' })).toEqual({
      fecha_perdida: '2024-01-01',
      persona_perdida: 'su madre',
    });
    expect(v.parse(PerdidaBody, { fecha_perdida: null, persona_perdida: '   ' }).persona_perdida).toBeNull();
  });
});
