// Demo activities for the seeded practice: module work in several stages, a personal template of
// the psychologist, and evidence (links, so the demo needs no files) some shared and some private.
import { eq } from 'drizzle-orm';
import type { Cifrador } from '../../comun/cifrado';
import type { SembradorDemo } from '../../db/seed';
import { actividad, actividadAsignada, diarioEmocion, evidencia, progresoHistorial } from '../../db/schema/actividades';
import { cifrarEntrada } from './diario-cifrado';
import { COLUMNA_COMENTARIO, COLUMNA_ENLACE, COLUMNA_INSTRUCCIONES } from './dto';

export const sembrarActividadesDemo =
  (cif: Cifrador): SembradorDemo =>
  async (db, { ahora, ids: { idPsicologo, pacientes } }) => {
    if (pacientes.length === 0) return;
    const dias = (n: number) => new Date(ahora.getTime() + n * 86_400_000);
    const fecha = (n: number) => dias(n).toISOString().slice(0, 10);
    const modulo = await db
      .select({ id: actividad.id_actividad })
      .from(actividad)
      .where(eq(actividad.origen, 'modulo'))
      .orderBy(actividad.id_modulo, actividad.orden);
    const [propia] = await db
      .insert(actividad)
      .values({
        titulo: 'Caminata de gratitud',
        descripcion: 'Camina treinta minutos y, al volver, anota tres cosas que agradeces de la semana.',
        tipo: 'Ejercicio físico',
        obligatoria: false,
        repetitiva: true,
        periodo: 7,
        origen: 'personalizada',
        id_psicologo_creador: idPsicologo,
        fecha_creacion: dias(-20),
      })
      .returning({ id: actividad.id_actividad });
    const [lucia, jorge, sofia] = pacientes;
    type Fila = [number, number, 'en_proceso' | 'finalizada', 'baja' | 'media' | 'alta', number, number | null, string | null, boolean];
    const filas: Fila[] = [
      [lucia, modulo[0].id, 'finalizada', 'media', -30, null, null, true],
      [lucia, modulo[1].id, 'finalizada', 'alta', -25, null, 'Escríbela con calma, en dos o tres momentos si lo necesitas.', true],
      [lucia, modulo[4].id, 'finalizada', 'media', -18, null, null, true],
      [lucia, modulo[5].id, 'en_proceso', 'media', -6, 5, null, true],
      // Due today: the app's Home shows it under today's activities (decision 203).
      [lucia, propia.id, 'en_proceso', 'baja', -3, 0, null, true],
      [jorge, modulo[0].id, 'finalizada', 'media', -14, null, null, false],
      [jorge, modulo[8].id, 'en_proceso', 'alta', -2, 3, 'Trae tu lista a la próxima sesión.', false],
      ...(sofia ? ([[sofia, modulo[12].id, 'en_proceso', 'media', -1, 7, null, true]] as Fila[]) : []),
    ];
    const creadas = await db
      .insert(actividadAsignada)
      .values(
        filas.map(([id_paciente, id_actividad, estado, prioridad, hace, limite, instr, visible]) => ({
          id_paciente,
          id_actividad,
          id_psicologo: idPsicologo,
          estado,
          prioridad,
          fecha_asignacion: dias(hace),
          fecha_limite: limite === null ? null : fecha(limite),
          fecha_completada: estado === 'finalizada' ? dias(hace + 5) : null,
          instrucciones_personalizadas: instr === null ? null : cif.cifrar(instr, COLUMNA_INSTRUCCIONES),
          visible_para_psicologo: visible,
        })),
      )
      .returning({ id: actividadAsignada.id_asignacion });
    // Lucía's progress history: the days her module work changed (Negación 25 → 50, Ira 25).
    const historia: Array<[number, number[]]> = [
      [-25, [25, 0, 0, 0, 0]],
      [-20, [25, 25, 0, 0, 0]],
      [-13, [50, 25, 0, 0, 0]],
    ];
    await db
      .insert(progresoHistorial)
      .values(
        historia.flatMap(([d, valores]) =>
          valores.map((progreso, i) => ({ id_paciente: lucia, id_modulo: i + 1, fecha: fecha(d), progreso })),
        ),
      );
    // Lucía's diary: a few days shared with her psychologist, one kept private.
    const diario: Array<[number, string, number, string | null, boolean]> = [
      [-9, 'Tristeza', 8, 'Encontré su bufanda en el clóset.', true],
      [-7, 'Nostalgia', 6, null, true],
      [-5, 'Enojo', 7, 'Nadie en el trabajo se acordó.', false],
      [-3, 'Calma', 4, 'Caminé por el parque donde íbamos.', true],
      [-1, 'Gratitud', 3, 'Mi hermana vino a cenar.', true],
    ];
    await db.insert(diarioEmocion).values(
      diario.map(([d, emocion, intensidad, nota, compartida]) => ({
        id_paciente: lucia,
        fecha: fecha(d),
        ...cifrarEntrada(cif, { emocion, intensidad, nota }),
        compartida,
        creada_en: dias(d),
      })),
    );
    await db.insert(evidencia).values([
      {
        id_asignacion: creadas[1].id,
        subida_por: 'paciente',
        enlace: cif.cifrar('https://www.youtube.com/watch?v=inpok4MKVLM', COLUMNA_ENLACE),
        tipo_archivo: 'video',
        comentario: cif.cifrar('La canción que escuché mientras escribía la carta. Me ayudó a soltar mucho.', COLUMNA_COMENTARIO),
        fecha_subida: dias(-21),
      },
      {
        id_asignacion: creadas[2].id,
        subida_por: 'paciente',
        enlace: cif.cifrar('https://es.wikipedia.org/wiki/D%C3%ADa_de_Muertos', COLUMNA_ENLACE),
        tipo_archivo: 'otro',
        comentario: cif.cifrar('Esto me recordó la ofrenda que poníamos juntas.', COLUMNA_COMENTARIO),
        fecha_subida: dias(-14),
      },
      {
        id_asignacion: creadas[5].id,
        subida_por: 'paciente',
        enlace: cif.cifrar('https://example.org/mi-relato.pdf', COLUMNA_ENLACE),
        tipo_archivo: 'documento',
        comentario: cif.cifrar('Mi relato de lo que pasó.', COLUMNA_COMENTARIO),
        fecha_subida: dias(-10),
      },
    ]);
  };
