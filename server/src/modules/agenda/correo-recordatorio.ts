import type { Correo } from '../../mail/mailer';
import { escaparHtml as escapar } from '../../mail/html';

export function correoRecordatorio(o: {
  para: string;
  nombre: string;
  psicologo: string;
  fecha: string;
  horaInicio: string;
  horaFin: string;
  modalidad: string;
  direccion: string | null;
}): Correo {
  const lugar =
    o.modalidad === 'En línea'
      ? 'La sesión será en línea; tu psicólogo te compartirá el enlace por el chat de la app.'
      : o.direccion
        ? `La sesión será presencial en ${o.direccion}.`
        : 'La sesión será presencial en el consultorio de tu psicólogo.';
  const parrafos = [
    `Hola ${o.nombre}:`,
    `Te recordamos tu cita con ${o.psicologo} el ${o.fecha} de ${o.horaInicio} a ${o.horaFin}.`,
    lugar,
    'Si no puedes asistir, cancélala desde la app MiDuelo para que tu psicólogo pueda reorganizar su agenda.',
  ];
  const pie = 'Este es un recordatorio automático de MiDuelo.';
  return {
    para: o.para,
    asunto: `Recordatorio: tu cita del ${o.fecha} a las ${o.horaInicio}`,
    texto: `${parrafos.join('\n\n')}\n\n${pie}\n`,
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;background:#f7f3ee;padding:24px;color:#3d3a36">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;color:#5b6f5c;margin-top:0">Recordatorio de tu cita</h1>
${parrafos.map((p) => `<p style="line-height:1.5">${escapar(p)}</p>`).join('\n')}
<p style="font-size:13px;color:#6f6a64">${escapar(pie)}</p>
</div></body></html>`,
  };
}
