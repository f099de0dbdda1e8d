// Demo agenda of the seeded practice: a working week with a lunch break, this week's and next
// week's sessions in every state, a request made from the app and a blocked afternoon.
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';
import { aHora, aMinutos, diasDeSemana, lunesDe, sumarDias } from '@miduelo/shared/agenda-tiempo';
import { fechaEnZona } from '@miduelo/shared/fechas';
import type { Cifrador } from '../../comun/cifrado';
import type { SembradorDemo } from '../../db/seed';
import { agenda, cita, disponibilidad, excepcion } from '../../db/schema/agenda';
import { COLUMNA_NOTAS_CITA } from '../../comun/cita-paciente';

/** Notes are stored like every note: encrypted (decision 070). */
export const sembrarAgendaDemo =
  (cif: Cifrador): SembradorDemo =>
  async (db, { ids: { idPsicologo, pacientes } }) => {
    const lunes = lunesDe(fechaEnZona(new Date(), ZONA_CLINICA_DEFECTO));
    const dias = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'];
    await db.insert(disponibilidad).values([
      ...dias.flatMap((dia_semana) => [
        { id_psicologo: idPsicologo, dia_semana, hora_inicio: '09:00', hora_fin: '14:00' },
        { id_psicologo: idPsicologo, dia_semana, hora_inicio: '15:00', hora_fin: '19:00' },
      ]),
      { id_psicologo: idPsicologo, dia_semana: 'Sábado', hora_inicio: '10:00', hora_fin: '13:00' },
    ]);
    const semanas = await db
      .insert(agenda)
      .values([lunes, sumarDias(lunes, 7)].map((l) => ({ id_psicologo: idPsicologo, semana_inicio: l, semana_fin: diasDeSemana(l)[6] })))
      .returning({ id: agenda.id_agenda });
    const [lucia, jorge, sofia, ernesto] = pacientes;
    type Fila = [
      number,
      string,
      number,
      number,
      'Presencial' | 'En línea',
      'pendiente' | 'confirmada' | 'cancelada',
      string | null,
      ('psicologo' | 'paciente')?,
    ];
    const filas: Fila[] = [
      [0, '10:00', 60, lucia, 'Presencial', 'confirmada', 'Seguimiento semanal'],
      [1, '12:00', 60, jorge, 'En línea', 'confirmada', null],
      [2, '16:00', 60, sofia, 'Presencial', 'pendiente', 'Me gustaría hablar sobre el aniversario de mi mamá', 'paciente'],
      [3, '09:00', 90, ernesto, 'Presencial', 'confirmada', 'Primera sesión de evaluación'],
      [3, '11:00', 60, lucia, 'Presencial', 'cancelada', null],
      [4, '17:00', 45, jorge, 'En línea', 'pendiente', null],
      [7, '10:00', 60, lucia, 'Presencial', 'confirmada', 'Seguimiento semanal'],
      [8, '12:00', 60, jorge, 'En línea', 'pendiente', null],
      [9, '16:00', 60, sofia, 'Presencial', 'confirmada', null],
    ];
    await db.insert(cita).values(
      filas.map(([dia, hora, duracion, id_paciente, modalidad, estado, notas, origen]) => ({
        id_agenda: semanas[dia < 7 ? 0 : 1].id,
        id_psicologo: idPsicologo,
        id_paciente,
        fecha: sumarDias(lunes, dia),
        hora_inicio: hora,
        hora_fin: aHora(aMinutos(hora) + duracion),
        duracion,
        modalidad,
        estado,
        notas: notas === null ? null : cif.cifrar(notas, COLUMNA_NOTAS_CITA),
        origen: origen ?? 'psicologo',
      })),
    );
    await db.insert(excepcion).values({
      id_psicologo: idPsicologo,
      fecha: sumarDias(lunes, 11),
      hora_inicio: '15:00',
      hora_fin: '19:00',
      motivo: 'Congreso de tanatología',
    });
  };
