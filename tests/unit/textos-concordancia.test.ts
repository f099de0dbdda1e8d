// Fixed texts a new user read wrong (issue 53, decision 348): a count agrees with its verb, the
// words carry their accents, and a text about one person uses no gender her data does not record.
import { MSG_ADMINISTRACION } from '@miduelo/shared/administracion';
import { mensajeCitasDuplicadas } from '@miduelo/shared/agenda';
import { ROL_CUENTA } from '@miduelo/shared/cuentas-perfil';
import { TEXTOS_FOROS } from '@miduelo/shared/foros';
import { describe, expect, it } from 'vitest';

describe('concordancia y acentos de los textos fijos', () => {
  it('«Se crearon 2 citas», «Se creó 1 cita»', () => {
    expect(mensajeCitasDuplicadas(1)).toBe('Se creó 1 cita con el mismo horario.');
    expect(mensajeCitasDuplicadas(2)).toBe('Se crearon 2 citas con el mismo horario.');
    expect(mensajeCitasDuplicadas(12)).toBe('Se crearon 12 citas con el mismo horario.');
  });

  it('los textos del administrador llevan sus acentos', () => {
    const textos = Object.values(MSG_ADMINISTRACION as Record<string, unknown>).filter((t): t is string => typeof t === 'string');
    const sinAcento = textos.filter((t) => /\b(cedula|psicologos?|esta asignado)\b/i.test(t));
    expect(sinAcento).toEqual([]);
    expect(MSG_ADMINISTRACION.errorValidarApi).toBe('Error al validar la cédula profesional');
  });

  it('la reasignación no dice «atendido» de una paciente', () => {
    const texto = MSG_ADMINISTRACION.confirmarReasignacion('Lucía Ramírez', 'Mariana Herrera');
    expect(texto).toBe('Mariana Herrera atenderá desde ahora a Lucía Ramírez.');
    expect(texto).not.toMatch(/atendid[oa]/);
  });

  it('la profesión junto a un nombre y en el perfil no presume un género', () => {
    expect(`Mariana Herrera · ${TEXTOS_FOROS.tipos.psicologo}`).toBe('Mariana Herrera · Profesional de psicología');
    for (const t of [TEXTOS_FOROS.tipos.psicologo, ROL_CUENTA.psicologo, ROL_CUENTA.admin]) {
      expect(t).not.toMatch(/Psic[oó]log[oa]\b|Administrador[a]?\b/);
    }
  });
});
