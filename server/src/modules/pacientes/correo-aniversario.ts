import { escaparHtml as escapar } from '../../mail/html';
import type { Correo } from '../../mail/mailer';

/** The psychologist's mail a week before a patient's loss anniversary. Who was lost stays in the
 * app (health text is never mailed, decision 129). */
export function correoAniversario(o: { para: string; psicologo: string; paciente: string; fecha: string; anios: number }): Correo {
  const tiempo = o.anios === 1 ? 'un año' : `${o.anios} años`;
  const parrafos = [
    `Hola ${o.psicologo}:`,
    `El ${o.fecha} se cumple ${tiempo} de la pérdida de ${o.paciente}.`,
    'Los aniversarios suelen ser días en que el duelo se intensifica. Quizá quieras tenerlo presente en las próximas sesiones o escribirle por el chat.',
  ];
  const pie = 'Aviso automático de MiDuelo. Puedes ver o corregir la fecha en el expediente del paciente.';
  return {
    para: o.para,
    asunto: `Aniversario cercano: ${o.paciente} (${o.fecha})`,
    texto: `${parrafos.join('\n\n')}\n\n${pie}\n`,
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;background:#f7f3ee;padding:24px;color:#3d3a36">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;color:#5b6f5c;margin-top:0">Un aniversario cercano</h1>
${parrafos.map((p) => `<p style="line-height:1.5">${escapar(p)}</p>`).join('\n')}
<p style="font-size:13px;color:#6f6a64">${escapar(pie)}</p>
</div></body></html>`,
  };
}
