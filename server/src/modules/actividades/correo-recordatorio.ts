import { formatoFecha } from '@miduelo/shared/fechas';
import { escaparHtml as escapar } from '../../mail/html';
import type { Correo } from '../../mail/mailer';

/** The reminder a psychologist sends about an activity in progress: warm, never a reproach. */
export function correoRecordatorioActividad(o: {
  para: string;
  nombre: string;
  psicologo: string;
  titulo: string;
  fechaLimite: string | null;
  instrucciones: string | null;
}): Correo {
  const parrafos = [
    `Hola ${o.nombre}:`,
    `${o.psicologo} te recuerda la actividad «${o.titulo}», que tienes en proceso en la app MiDuelo.`,
    ...(o.fechaLimite ? [`La fecha sugerida para terminarla es el ${formatoFecha(o.fechaLimite)}.`] : []),
    ...(o.instrucciones ? [`Indicaciones de tu psicólogo: ${o.instrucciones}`] : []),
    'Avanza a tu ritmo: si algo de la actividad se vuelve difícil, puedes hablarlo en tu próxima sesión.',
  ];
  const pie = 'Este recordatorio lo envió tu psicólogo desde MiDuelo.';
  return {
    para: o.para,
    asunto: `Recordatorio: ${o.titulo}`,
    texto: `${parrafos.join('\n\n')}\n\n${pie}\n`,
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;background:#f7f3ee;padding:24px;color:#3d3a36">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;color:#5b6f5c;margin-top:0">Recordatorio de actividad</h1>
${parrafos.map((p) => `<p style="line-height:1.5">${escapar(p)}</p>`).join('\n')}
<p style="font-size:13px;color:#6f6a64">${escapar(pie)}</p>
</div></body></html>`,
  };
}
