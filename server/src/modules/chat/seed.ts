// Demo conversations of the seeded practice: a lively chat with unread messages, a quiet one, an
// empty one, a patient still without a chat ('Nuevo Chat' has someone to offer) and the
// administration writing to the psychologist.
import type { Cifrador } from '../../comun/cifrado';
import type { SembradorDemo } from '../../db/seed';
import { chat, mensaje } from '../../db/schema/chat';
import { COLUMNA_CONTENIDO, type Rol } from './repo';

type Linea = [minutosAtras: number, remitente: Rol, contenido: string, leido: boolean];

/** Stored like every message: encrypted, with its search hashes. */
export const sembrarChatDemo =
  (cif: Cifrador): SembradorDemo =>
  async (db, { ids: { idPsicologo, idAdmin, pacientes } }) => {
    const [lucia, jorge, sofia] = pacientes;
    const ahora = Date.now();
    const conversaciones: { c: typeof chat.$inferInsert; lineas: Linea[] }[] = [
      {
        c: { tipo: 'paciente', id_psicologo: idPsicologo, id_paciente: lucia },
        lineas: [
          [2 * 1440 + 35, 'psicologo', 'Hola, Lucía. ¿Cómo te sentiste después de la sesión del martes?', true],
          [2 * 1440 + 20, 'paciente', 'Hola. Más tranquila, aunque el domingo fue difícil. Era el cumpleaños de mi papá.', true],
          [
            2 * 1440 + 12,
            'psicologo',
            'Es muy comprensible. Las fechas significativas suelen remover mucho.\n¿Pudiste hacer el ejercicio de la carta?',
            true,
          ],
          [1440 + 90, 'paciente', 'Sí, la escribí. Lloré bastante, pero al final sentí alivio.', true],
          [1440 + 60, 'psicologo', 'Qué valiente. Si quieres, la leemos juntas en la próxima sesión.', true],
          [42, 'paciente', 'Me gustaría, gracias.', false],
          [8, 'paciente', 'Hoy encontré una foto de él en el coche y tuve que detenerme un rato. ¿Es normal que todavía me pase?', false],
        ],
      },
      {
        c: { tipo: 'paciente', id_psicologo: idPsicologo, id_paciente: jorge },
        lineas: [
          [5 * 1440, 'paciente', 'Hola, doctora. ¿Podemos pasar la sesión del jueves a videollamada?', true],
          [5 * 1440 - 30, 'psicologo', 'Claro, Jorge. Te envío el enlace el mismo jueves por la mañana.', true],
          [5 * 1440 - 35, 'paciente', 'Perfecto, muchas gracias.', true],
        ],
      },
      { c: { tipo: 'paciente', id_psicologo: idPsicologo, id_paciente: sofia }, lineas: [] },
      {
        c: { tipo: 'admin', id_admin: idAdmin, id_psicologo: idPsicologo },
        lineas: [
          [3 * 60, 'admin', 'Hola, Mariana. Tu cédula profesional ya quedó validada. ¡Bienvenida a MiDuelo!', true],
          [2 * 60 + 50, 'psicologo', 'Muchas gracias, Andrea.', false],
        ],
      },
    ];
    for (const { c, lineas } of conversaciones) {
      const inicio = new Date(ahora - ((lineas[0]?.[0] ?? 3 * 1440) + 10) * 60_000);
      const [fila] = await db
        .insert(chat)
        .values({
          ...c,
          ultimo_seq: lineas.length,
          rev: lineas.length,
          creado_en: inicio,
          // The unread counters (decision 081) agree with the rows written below.
          no_leidos_de_psicologo: lineas.filter(([, r, , leido]) => r === 'psicologo' && !leido).length,
          no_leidos_de_paciente: lineas.filter(([, r, , leido]) => r === 'paciente' && !leido).length,
          no_leidos_de_admin: lineas.filter(([, r, , leido]) => r === 'admin' && !leido).length,
        })
        .returning({ id: chat.id_chat });
      if (lineas.length === 0) continue;
      await db.insert(mensaje).values(
        lineas.map(([minutos, remitente, contenido, leido], i) => {
          const fecha_envio = new Date(ahora - minutos * 60_000);
          return {
            id_chat: fila.id,
            seq: i + 1,
            remitente,
            contenido: cif.cifrar(contenido, COLUMNA_CONTENIDO),
            huellas: cif.huellas(contenido),
            leido,
            leido_en: leido ? fecha_envio : null,
            fecha_envio,
          };
        }),
      );
    }
  };
