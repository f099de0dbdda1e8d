// Demo forums of the seeded practice: a public one where patients talk with the psychologist as its
// admin (the administrator moderates it), and a private one for professionals, with topics and posts.
import type { Cifrador } from '../../comun/cifrado';
import type { SembradorDemo } from '../../db/seed';
import { foro, foroInvitacion, foroMensaje, foroParticipante, foroTema } from '../../db/schema/foros';
import { COLUMNA_CONTENIDO, COLUMNA_TITULO_TEMA } from './repo';

type Autor = ['psicologo' | 'paciente', number];
type Post = [minutosAtras: number, autor: Autor, contenido: string];

// The public forum's older history: more topics than its first page of 20 ('Ver más temas').
const historia = (luciaA: Autor, jorgeA: Autor, psi: Autor): [titulo: string, autor: Autor, contenido: string][] => [
  ['Cumpleaños sin mamá', luciaA, 'Mañana habría cumplido 70. No sé si hacer algo o dejar pasar el día.'],
  ['¿Es normal no poder llorar?', jorgeA, 'Desde el funeral no he llorado ni una vez y me siento culpable por eso.'],
  ['Qué hacer con su ropa', luciaA, 'Su clóset sigue igual. Cada vez que lo abro, lo cierro otra vez.'],
  ['Regresar al trabajo después de la pérdida', jorgeA, 'Vuelvo el lunes. ¿Cómo le hicieron ustedes los primeros días?'],
  ['Sueños con quien ya no está', luciaA, 'Anoche soñé con ella y desperté tranquila por primera vez.'],
  ['Cuando la gente deja de preguntar', jorgeA, 'Al principio todos llamaban. Ahora nadie menciona su nombre.'],
  ['Duelo y fiestas decembrinas', psi, 'Se acercan fechas difíciles. Compartamos ideas para atravesarlas con cuidado.'],
  ['La culpa por lo que no dije', luciaA, 'Nunca le dije que lo quería. Me pesa todos los días.'],
  ['Visitar el panteón', jorgeA, 'Fui por primera vez desde el entierro. Me quedé una hora sin decir nada.'],
  ['Escribirle cartas', luciaA, 'Mi psicóloga me sugirió escribirle. Ya llevo tres cartas.'],
  ['Música que nos recuerda', jorgeA, 'Cada vez que suena "Amor eterno" tengo que salirme de donde esté.'],
  ['Hablar con los niños sobre la muerte', psi, '¿Cómo explicaron la pérdida a los más pequeños de la familia?'],
  ['Insomnio', luciaA, 'Llevo semanas durmiendo cuatro horas. ¿A alguien le ha pasado?'],
  ['Su lugar en la mesa', jorgeA, 'Nadie se sienta en su silla. No sabemos si quitarla.'],
  ['Altar de Día de Muertos', luciaA, 'Este año pondré su foto en el altar por primera vez.'],
  ['El enojo también es duelo', jorgeA, 'Estoy enojado con todo el mundo y no sé por qué.'],
  ['Recetas de la abuela', luciaA, 'Cociné su mole y la casa olió a ella. Lloré, pero fue bonito.'],
  ['Grupos de apoyo presenciales', jorgeA, '¿Conocen algún grupo en Guadalajara?'],
  ['Fotos y videos', luciaA, 'Encontré un video con su voz. No me atrevo a verlo completo.'],
  ['Seis meses después', jorgeA, 'Hoy se cumplen seis meses. Algunos días son más ligeros.'],
];

type Db = Parameters<SembradorDemo>[0];
type Tema = { id_foro: number; titulo: string; autor: Autor; posts: Post[] };

/** Stores topics with their posts (encrypted), numbered from 1 in order. */
async function insertarTemas(db: Db, cif: Cifrador, temas: Tema[], hace: (min: number) => Date) {
  for (const t of temas) {
    const ultimo = t.posts.at(-1)?.[0] ?? 4 * 1440;
    const [fila] = await db
      .insert(foroTema)
      .values({
        id_foro: t.id_foro,
        titulo: cif.cifrar(t.titulo, COLUMNA_TITULO_TEMA),
        autor_tipo: t.autor[0],
        autor_id: t.autor[1],
        ultimo_seq: t.posts.length,
        fecha_creacion: hace((t.posts[0]?.[0] ?? ultimo) + 5),
        fecha_actividad: hace(ultimo),
      })
      .returning({ id: foroTema.id_tema });
    if (t.posts.length === 0) continue;
    await db.insert(foroMensaje).values(
      t.posts.map(([min, [tipo, id], contenido], i) => ({
        id_tema: fila.id,
        seq: i + 1,
        autor_tipo: tipo,
        autor_id: id,
        contenido: cif.cifrar(contenido, COLUMNA_CONTENIDO),
        fecha_envio: hace(min),
      })),
    );
  }
}

async function invitacionPendiente(db: Db, o: { idAdmin: number; idPsicologo: number }, hace: (min: number) => Date) {
  const { idAdmin, idPsicologo } = o;
  // A pending invitation for the demo psychologist ('Mis Invitaciones' and the bar's count).
  const [tercero] = await db
    .insert(foro)
    .values({
      titulo: 'Duelo perinatal',
      descripcion: 'Acompañamiento a madres y padres tras una pérdida gestacional o neonatal.',
      publico: true,
      id_creador: idAdmin,
      fecha_creacion: hace(1440),
    })
    .returning({ id: foro.id_foro });
  await db.insert(foroParticipante).values({ id_foro: tercero.id, id_psicologo: idAdmin, rol: 'admin', fecha_union: hace(1440) });
  await db.insert(foroInvitacion).values({
    id_foro: tercero.id,
    id_invitador: idAdmin,
    id_invitado: idPsicologo,
    mensaje: 'Me encantaría que nos ayudaras a moderar este foro.',
    fecha_invitacion: hace(90),
  });
}

export const sembrarForosDemo =
  (cif: Cifrador): SembradorDemo =>
  async (db, { ids: { idPsicologo, idAdmin, pacientes } }) => {
    const ahora = Date.now();
    const hace = (min: number) => new Date(ahora - min * 60_000);
    const [lucia, jorge] = pacientes;
    const psi: Autor = ['psicologo', idPsicologo];

    const [publico] = await db
      .insert(foro)
      .values({
        titulo: 'Acompañarnos en el duelo',
        descripcion:
          'Un espacio abierto para compartir cómo vivimos la pérdida de un ser querido, con respeto y sin juicios. Moderado por profesionales de MiDuelo.',
        publico: true,
        id_creador: idPsicologo,
        fecha_creacion: hace(10 * 1440),
      })
      .returning({ id: foro.id_foro });
    const [privado] = await db
      .insert(foro)
      .values({
        titulo: 'Supervisión entre colegas',
        descripcion: 'Casos difíciles de duelo complicado, en confianza y solo por invitación.',
        publico: false,
        id_creador: idAdmin,
        fecha_creacion: hace(6 * 1440),
      })
      .returning({ id: foro.id_foro });

    const miembros: (typeof foroParticipante.$inferInsert)[] = [
      { id_foro: publico.id, id_psicologo: idPsicologo, rol: 'admin', fecha_union: hace(10 * 1440) },
      { id_foro: publico.id, id_psicologo: idAdmin, rol: 'moderador', fecha_union: hace(9 * 1440) },
      { id_foro: privado.id, id_psicologo: idAdmin, rol: 'admin', fecha_union: hace(6 * 1440) },
      { id_foro: privado.id, id_psicologo: idPsicologo, rol: 'moderador', fecha_union: hace(5 * 1440) },
    ];
    if (lucia) miembros.push({ id_foro: publico.id, id_paciente: lucia, rol: 'miembro', fecha_union: hace(8 * 1440) });
    if (jorge) miembros.push({ id_foro: publico.id, id_paciente: jorge, rol: 'miembro', fecha_union: hace(7 * 1440) });
    await db.insert(foroParticipante).values(miembros);

    const luciaA: Autor = ['paciente', lucia ?? 0];
    const jorgeA: Autor = ['paciente', jorge ?? 0];
    const temas: Tema[] = [
      {
        id_foro: publico.id,
        titulo: 'Las primeras fechas importantes sin ellos',
        autor: psi,
        posts: [
          [
            3 * 1440,
            psi,
            'Bienvenidas y bienvenidos. Este tema es para hablar de cumpleaños, aniversarios y fiestas que llegan por primera vez sin la persona que perdimos.\n¿Cómo se han preparado?',
          ],
          ...(lucia
            ? ([
                [
                  2 * 1440,
                  luciaA,
                  'El domingo fue el cumpleaños de mi papá. Le llevé flores y le escribí una carta. Lloré mucho, pero también sentí que estaba cerca.',
                ],
              ] as Post[])
            : []),
          ...(jorge
            ? ([[1440 + 300, jorgeA, 'A mí me ayudó cocinar su receta favorita con mis hijos. Fue triste y bonito a la vez.']] as Post[])
            : []),
          [1440 + 120, psi, 'Gracias por compartirlo. Crear un pequeño ritual suele ayudar a darle un lugar al recuerdo.'],
        ],
      },
      {
        id_foro: publico.id,
        titulo: 'Libros y lecturas que nos han acompañado',
        autor: lucia ? luciaA : psi,
        posts: [
          [600, lucia ? luciaA : psi, 'Estoy leyendo "La ridícula idea de no volver a verte" de Rosa Montero. ¿Alguien más lo ha leído?'],
        ],
      },
      { id_foro: publico.id, titulo: 'Presentaciones', autor: psi, posts: [] },
      {
        id_foro: privado.id,
        titulo: 'Duelo por suicidio de un familiar: cómo acompañar la culpa',
        autor: ['psicologo', idAdmin],
        posts: [
          [
            2 * 1440,
            ['psicologo', idAdmin],
            'Comparto un caso (anonimizado) de una paciente cuyo hermano murió por suicidio hace tres meses. La culpa domina cada sesión.',
          ],
          [
            1440,
            psi,
            'En mi experiencia, validar primero y trabajar después las preguntas de "¿y si...?" con la técnica de la silla vacía ha funcionado bien.',
          ],
        ],
      },
    ];
    // Oldest first, between Jorge's joining (7 days ago) and 'Presentaciones' (4 days ago).
    historia(luciaA, jorgeA, psi).forEach(([titulo, autor, contenido], i) => {
      const quien = autor[1] === 0 ? psi : autor;
      temas.push({ id_foro: publico.id, titulo, autor: quien, posts: [[9936 - i * 210, quien, contenido]] });
    });
    await insertarTemas(db, cif, temas, hace);
    await invitacionPendiente(db, { idAdmin, idPsicologo }, hace);
  };
