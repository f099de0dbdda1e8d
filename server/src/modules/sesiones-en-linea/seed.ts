// Demo online sessions: an "En línea" appointment of the demo psychologist with the demo patient
// that starts a few minutes after the seed runs (its room is open at once), and a past online
// session with its record (started, ended, both present) for the patient file.
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';
import { aHora, aMinutos, diasDeSemana, lunesDe, MINUTOS_DIA, sumarDias } from '@miduelo/shared/agenda-tiempo';
import { fechaEnZona, horaEnZona } from '@miduelo/shared/fechas';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agenda, cita } from '../../db/schema/agenda';
import { sesionEnLinea } from '../../db/schema/sesiones-en-linea';
import type { SembradorDemo } from '../../db/seed';

async function agendaDe(db: Db, idPsicologo: number, fecha: string): Promise<number> {
  const lunes = lunesDe(fecha);
  await db
    .insert(agenda)
    .values({ id_psicologo: idPsicologo, semana_inicio: lunes, semana_fin: diasDeSemana(lunes)[6] })
    .onConflictDoNothing();
  const [a] = await db
    .select({ id: agenda.id_agenda })
    .from(agenda)
    .where(and(eq(agenda.id_psicologo, idPsicologo), eq(agenda.semana_inicio, lunes)));
  return a.id;
}

export const sembrarSesionesDemo: SembradorDemo = async (db, { ahora, ids: { idPsicologo, pacientes } }) => {
  const zona = ZONA_CLINICA_DEFECTO;
  const [lucia] = pacientes;
  if (lucia === undefined) return;
  const hoy = fechaEnZona(ahora, zona);
  // Starts at the next five-minute mark at least five minutes away; near midnight, the last hour of
  // the day (already in course: the room is open all the same).
  const inicio = Math.min(Math.ceil((aMinutos(horaEnZona(ahora, zona)) + 5) / 5) * 5, MINUTOS_DIA - 60);
  const base = { id_psicologo: idPsicologo, id_paciente: lucia, duracion: 60, modalidad: 'En línea', origen: 'psicologo' };
  await db.insert(cita).values({
    ...base,
    id_agenda: await agendaDe(db, idPsicologo, hoy),
    fecha: hoy,
    hora_inicio: aHora(inicio),
    hora_fin: aHora(inicio + 60),
    estado: 'confirmada',
  });
  const haceUnaSemana = sumarDias(hoy, -7);
  const [pasada] = await db
    .insert(cita)
    .values({
      ...base,
      id_agenda: await agendaDe(db, idPsicologo, haceUnaSemana),
      fecha: haceUnaSemana,
      hora_inicio: '18:00',
      hora_fin: '19:00',
      estado: 'confirmada',
    })
    .returning({ id: cita.id_cita });
  const t = sql`((${haceUnaSemana}::date + time '18:00') at time zone ${zona})`;
  const mas = (min: number) => sql`${t} + make_interval(mins => ${min}::int)`;
  await db.insert(sesionEnLinea).values({
    id_cita: pasada.id,
    id_psicologo: idPsicologo,
    id_paciente: lucia,
    creada_en: mas(-6),
    entro_psicologo_en: mas(-6),
    entro_paciente_en: mas(-2),
    iniciada_en: mas(1),
    terminada_en: mas(52),
    terminada_por: 'psicologo',
  });
};
