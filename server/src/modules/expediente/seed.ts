// Demo clinical record of the seeded practice: Lucía took the ITRD twice (her grief easing, from
// the highest band to the middle one) and the IDC once; Jorge took the screening; a few notes, one
// tied to an application. Scored by the same rules as the API, stored encrypted like every note.
import type { SembradorDemo } from '../../db/seed';
import type { Ctx } from '../../plugins/contexto';
import { COL_CONTENIDO, COL_RESPUESTA, COL_TITULO } from './dto';
import { puntuar } from './puntuacion';
import * as repo from './repo';
import { cifrarResultado } from './resultado-cifrado';
import { actualizarRiesgoDePaciente } from './service';
import { insertarNota } from './repo-notas';

const DIA = 86_400_000;

export const sembrarExpedienteDemo =
  (ctx: Pick<Ctx, 'cifrador'>): SembradorDemo =>
  async (db, { ahora, ids: { idPsicologo, pacientes } }) => {
    const [lucia, jorge] = pacientes;
    if (!lucia || !jorge) return;
    const tests = await repo.catalogo(db);
    const porClave = (nombre: string) => tests.find((t) => t.nombre.includes(nombre));
    const itrd = porClave('ITRD');
    const icg = porClave('IDC');
    const tam = porClave('Tamizaje');
    if (!itrd || !icg || !tam) return;

    async function aplicar(t: (typeof tests)[number], idPaciente: number, diasAtras: number, valor: (orden: number) => unknown) {
      const p = puntuar(
        t,
        t.preguntas.map((q) => ({ id_pregunta: q.id_pregunta, respuesta: valor(q.orden) })),
      );
      const id = await repo.insertarAplicacion(db, {
        idTest: t.id_test,
        idPaciente,
        idPsicologo,
        fecha: new Date(ahora.getTime() - diasAtras * DIA),
        resultado: cifrarResultado(ctx.cifrador, { puntaje: p.puntaje_total, interpretacion: p.interpretacion, riesgo: p.riesgo }),
        idCliente: null,
      });
      if (id === null) throw new Error('aplicación de ejemplo sin fila');
      await repo.insertarRespuestas(
        db,
        id,
        p.respuestas.map((x) => ({
          id_pregunta: x.id_pregunta,
          respuesta: ctx.cifrador.cifrar(x.valor, COL_RESPUESTA),
        })),
      );
      await actualizarRiesgoDePaciente(db, ctx.cifrador, idPaciente);
      return id;
    }

    // ITRD: 84 three months ago (alta), 63 two weeks ago (moderada).
    await aplicar(itrd, lucia, 90, (o) => (o <= 21 ? (o % 5 === 0 ? 3 : 4) : 4));
    const itrdReciente = await aplicar(itrd, lucia, 14, (o) => (o % 3 === 0 ? 2 : 3));
    await aplicar(icg, lucia, 13, (o) => (o % 2 === 0 ? 2 : 3));
    await aplicar(tam, jorge, 20, (o) =>
      o === 9
        ? 'Su padre falleció en marzo tras una enfermedad larga; lo acompañó en el hospital.'
        : o === 6
          ? 'si'
          : o === 2
            ? 'si'
            : 'no',
    );

    const notas: { idPaciente: number; diasAtras: number; titulo: string; contenido: string; idAplicacion?: number }[] = [
      {
        idPaciente: lucia,
        diasAtras: 21,
        titulo: 'Primera sesión',
        contenido:
          'Lucía llega acompañada por su hermana. Habla de la muerte de su padre hace cinco meses; refiere insomnio y dificultad para volver al trabajo. Acordamos sesiones semanales.',
      },
      {
        idPaciente: lucia,
        diasAtras: 14,
        titulo: 'Resultado del ITRD',
        contenido:
          'El puntaje bajó respecto de la primera aplicación. Todavía evita el cuarto de su papá; trabajaremos la carta de despedida.',
        idAplicacion: itrdReciente,
      },
      {
        idPaciente: lucia,
        diasAtras: 2,
        titulo: 'Cumpleaños del papá',
        contenido: 'El domingo fue difícil por el cumpleaños. Escribió la carta; la leeremos juntas en la próxima sesión.',
      },
      {
        idPaciente: jorge,
        diasAtras: 19,
        titulo: 'Acuerdo de modalidad',
        contenido: 'Jorge prefiere sesiones en línea los jueves por su horario de trabajo. Red de apoyo amplia (esposa e hijos).',
      },
    ];
    for (const n of notas) {
      const fecha = new Date(ahora.getTime() - n.diasAtras * DIA);
      await insertarNota(db, {
        idPaciente: n.idPaciente,
        idPsicologo,
        idAplicacion: n.idAplicacion ?? null,
        tipo: n.idAplicacion ? 'test' : 'general',
        titulo: ctx.cifrador.cifrar(n.titulo, COL_TITULO),
        contenido: ctx.cifrador.cifrar(n.contenido, COL_CONTENIDO),
        ahora: fecha,
        idCliente: null,
      });
    }
  };
