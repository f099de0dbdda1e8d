// Anniversary awareness (issue 14, decisions 128–129): the date of the loss and who was lost, and the
// pure rules of the marks on the patient list and the agenda and of the psychologist's mail. Dates are
// 'yyyy-MM-dd' strings in the clinic's zone; "today" is always the caller's decision.
import * as v from 'valibot';
import { lunesDe, sumarDias } from './agenda-tiempo';
import { textoDeNombre } from './comun';
import { esFechaIso } from './fechas';

export const PERSONA_PERDIDA_MAX = 100;
/** The mail reaches the psychologist this many days before the anniversary. */
export const AVISO_ANIVERSARIO_DIAS = 7;
/** Día de Muertos: 1–2 November. */
export const DIA_DE_MUERTOS = ['11-01', '11-02'] as const;

export const MSG_PERDIDA = {
  fechaInvalida: 'La fecha de la pérdida no es válida',
  fechaFutura: 'La fecha de la pérdida no puede ser futura',
  personaLarga: `Quién se perdió no puede exceder ${PERSONA_PERDIDA_MAX} caracteres`,
  personaInvalida: 'Quién se perdió contiene caracteres no válidos',
  faltanDatos: 'Faltan datos: fecha_perdida y persona_perdida (pueden ser null)',
  guardada: 'Pérdida actualizada',
} as const;

export const TEXTOS_PERDIDA = {
  titulo: 'Pérdida',
  sinRegistro: 'Sin registrar',
  editar: 'Editar pérdida',
  dialogoTitulo: 'Pérdida del paciente',
  dialogoAyuda: 'Ambos datos son opcionales. Sirven para acompañar con más cuidado las fechas que suelen ser difíciles.',
  fecha: 'Fecha de la pérdida',
  persona: 'A quién perdió',
  personaEjemplo: 'Por ejemplo: su madre',
  guardar: 'Guardar',
  cancelar: 'Cancelar',
  quitar: 'Quitar registro',
  guardado: 'Pérdida actualizada',
  error: 'No se pudo guardar la pérdida',
  marcaAniversario: 'Aniversario de la pérdida cercano',
  marcaMuertos: 'Semana de Día de Muertos',
} as const;

/** PUT /api/psicologo/paciente/{id}/perdida. Both fields are required keys, each nullable (null clears). */
export const PerdidaBody = v.object(
  {
    fecha_perdida: v.nullable(
      v.pipe(v.string(MSG_PERDIDA.fechaInvalida), v.check(esFechaIso, MSG_PERDIDA.fechaInvalida)),
      // A missing key is a client mistake, not a silent clear.
    ),
    persona_perdida: v.nullable(
      v.pipe(
        v.string(MSG_PERDIDA.personaLarga),
        v.trim(),
        v.maxLength(PERSONA_PERDIDA_MAX, MSG_PERDIDA.personaLarga),
        // A name, one line: control, invisible and direction characters are refused (decision 331).
        v.check(textoDeNombre, MSG_PERDIDA.personaInvalida),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
  },
  MSG_PERDIDA.faltanDatos,
);
export type PerdidaDatos = v.InferOutput<typeof PerdidaBody>;

export const PerdidaSchema = v.object({
  fecha_perdida: v.nullable(v.string()),
  persona_perdida: v.nullable(v.string()),
});
export type Perdida = v.InferOutput<typeof PerdidaSchema>;

export function esBisiesto(anio: number): boolean {
  return (anio % 4 === 0 && anio % 100 !== 0) || anio % 400 === 0;
}

/** The anniversary of a loss in a given year; a 29 February loss falls on 28 February in other years. */
export function aniversarioEn(fechaPerdida: string, anio: number): string {
  const mmdd = fechaPerdida.slice(5);
  const dia = mmdd === '02-29' && !esBisiesto(anio) ? '02-28' : mmdd;
  return `${String(anio).padStart(4, '0')}-${dia}`;
}

/** The anniversaries (one year or more after the loss) that fall in [desde, hasta]. */
export function aniversariosEntre(fechaPerdida: string, desde: string, hasta: string): string[] {
  const primero = Number(fechaPerdida.slice(0, 4)) + 1;
  const fechas: string[] = [];
  for (let anio = Math.max(primero, Number(desde.slice(0, 4))); anio <= Number(hasta.slice(0, 4)); anio++) {
    const f = aniversarioEn(fechaPerdida, anio);
    if (f >= desde && f <= hasta) fechas.push(f);
  }
  return fechas;
}

/** Whether 1 or 2 November falls in [desde, hasta]. */
export function diaDeMuertosEntre(desde: string, hasta: string): boolean {
  for (let anio = Number(desde.slice(0, 4)); anio <= Number(hasta.slice(0, 4)); anio++) {
    for (const md of DIA_DE_MUERTOS) {
      const f = `${anio}-${md}`;
      if (f >= desde && f <= hasta) return true;
    }
  }
  return false;
}

export type MotivoAniversario = 'aniversario' | 'dia_de_muertos';

/** Why a patient with this loss date is marked over [desde, hasta], or null. No loss recorded → null. */
export function motivoAniversario(fechaPerdida: string | null, desde: string, hasta: string): MotivoAniversario | null {
  if (!fechaPerdida) return null;
  if (aniversariosEntre(fechaPerdida, desde, hasta).length > 0) return 'aniversario';
  if (diaDeMuertosEntre(desde, hasta)) return 'dia_de_muertos';
  return null;
}

/** The patient list's window: the current week (from its Monday) and the next 7 days. Today + 7 is
 * always past the week's Sunday, so it ends there. */
export function ventanaLista(hoy: string): { desde: string; hasta: string } {
  return { desde: lunesDe(hoy), hasta: sumarDias(hoy, AVISO_ANIVERSARIO_DIAS) };
}

/** The shown week (Monday–Sunday) holding a date: the agenda's window for an appointment. */
export function semanaDe(fecha: string): { desde: string; hasta: string } {
  const lunes = lunesDe(fecha);
  return { desde: lunes, hasta: sumarDias(lunes, 6) };
}

/** The anniversary the mail announces today, if any: the next one within the coming
 * AVISO_ANIVERSARIO_DIAS days (tomorrow … today + 7), so a day the job missed is made up. */
export function aniversarioPorAvisar(fechaPerdida: string, hoy: string): string | null {
  return aniversariosEntre(fechaPerdida, sumarDias(hoy, 1), sumarDias(hoy, AVISO_ANIVERSARIO_DIAS))[0] ?? null;
}
