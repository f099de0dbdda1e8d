// Demo data of anniversary awareness (decision 128): Sofía's mother died two years ago, three days
// from today, so the patient list, her file and this week's agenda show the mark.
import { aniversarioEn } from '@miduelo/shared/pacientes-aniversario';
import { sumarDias } from '@miduelo/shared/agenda-tiempo';
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';
import { fechaEnZona } from '@miduelo/shared/fechas';
import { eq } from 'drizzle-orm';
import type { Cifrador } from '../../comun/cifrado';
import { cifrarFechaPerdida } from '../../comun/perdida';
import type { SembradorDemo } from '../../db/seed';
import { paciente } from '../../db/schema/cuentas';
import { COLUMNA_PERSONA_PERDIDA } from './repo';

export const sembrarPerdidaDemo =
  (cif: Cifrador): SembradorDemo =>
  async (db, { ahora, ids: { pacientes } }) => {
    const sofia = pacientes[2];
    if (sofia === undefined) return;
    const enTresDias = sumarDias(fechaEnZona(ahora, ZONA_CLINICA_DEFECTO), 3);
    const fecha = aniversarioEn(enTresDias, Number(enTresDias.slice(0, 4)) - 2);
    await db
      .update(paciente)
      .set({ fecha_perdida: cifrarFechaPerdida(cif, fecha), persona_perdida: cif.cifrar('Su mamá', COLUMNA_PERSONA_PERDIDA) })
      .where(eq(paciente.id_paciente, sofia));
  };
