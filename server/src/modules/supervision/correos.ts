// The two mails of supervision (decisions 365, 366). Neither carries clinical content: no message
// text and no full patient name — the patient is named by her initials (a mailbox is read on
// shared screens and forwarded; the psychologist recognises the conversation, and the full name is
// behind her login). The opening's reason is the administrator's own words and does go: the
// psychologist must know why (issue 55), and the administrator is told not to quote the patient.
import { ETIQUETA_MOTIVO_SUPERVISION, type MotivoSupervision } from '@miduelo/shared/supervision';
import { escaparHtml as escapar } from '../../mail/html';
import type { Correo } from '../../mail/mailer';

/** "Ana María García" → "A. G." (first name and first surname). */
export function iniciales(nombre: string, apellido: string): string {
  const inicial = (s: string) => [...s.trim()][0]?.toLocaleUpperCase('es') ?? '';
  return [inicial(nombre), inicial(apellido)]
    .filter(Boolean)
    .map((l) => `${l}.`)
    .join(' ');
}

function html(titulo: string, parrafos: string[], boton: { texto: string; url: string }, pie: string): string {
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;background:#f7f3ee;padding:24px;color:#3d3a36">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;color:#5b6f5c;margin-top:0">${escapar(titulo)}</h1>
${parrafos.map((p) => `<p style="line-height:1.5;overflow-wrap:anywhere">${escapar(p)}</p>`).join('\n')}
<p style="text-align:center;margin:28px 0"><a href="${escapar(boton.url)}" style="background:#5b6f5c;color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none">${escapar(boton.texto)}</a></p>
<p style="font-size:13px;color:#6f6a64">${escapar(pie)}</p>
</div></body></html>`;
}

export function correoSupervisionAbierta(o: {
  para: string;
  nombre: string;
  admin: string;
  paciente: string;
  motivo: MotivoSupervision;
  razon: string;
  cuando: string;
  hasta: string;
  enlace: string;
}): Correo {
  const parrafos = [
    `Hola ${o.nombre}:`,
    `${o.admin}, de la administración de MiDuelo, abrió para lectura tu conversación con ${o.paciente} el ${o.cuando}. Puede leerla, sin escribir en ella, hasta las ${o.hasta}.`,
    `Motivo: ${ETIQUETA_MOTIVO_SUPERVISION[o.motivo]}.`,
    `Razón que escribió: «${o.razon}»`,
    'Puedes ver todas las supervisiones de tus conversaciones en tu perfil.',
  ];
  const pie = 'Cada supervisión queda registrada en la bitácora de auditoría. Si tienes dudas, escribe a la administración por el chat.';
  return {
    para: o.para,
    asunto: 'Una conversación tuya fue abierta en supervisión',
    texto: `${parrafos.join('\n\n')}\n\n${o.enlace}\n\n${pie}\n`,
    html: html('Supervisión de una conversación', parrafos, { texto: 'Ver mis supervisiones', url: o.enlace }, pie),
  };
}

export function correoSinRespuesta(o: { para: string; nombre: string; paciente: string; mensajes: number; enlace: string }): Correo {
  const cuantos = o.mensajes === 1 ? 'un mensaje' : `${o.mensajes} mensajes`;
  const parrafos = [
    `Hola ${o.nombre}:`,
    `Te escribimos con cariño para recordarte que ${o.paciente} te dejó ${cuantos} en el chat que lleva${o.mensajes === 1 ? '' : 'n'} más de 48 horas esperando respuesta.`,
    'Sabemos que la agenda se llena. Cuando puedas, una respuesta breve ayuda a que tu paciente se sienta acompañado o acompañada.',
  ];
  const pie =
    'Solo te enviamos este recordatorio una vez por cada espera. Por privacidad, el correo no incluye el contenido de los mensajes.';
  return {
    para: o.para,
    asunto: 'Un paciente espera tu respuesta en MiDuelo',
    texto: `${parrafos.join('\n\n')}\n\n${o.enlace}\n\n${pie}\n`,
    html: html('Mensajes esperando respuesta', parrafos, { texto: 'Abrir el chat', url: o.enlace }, pie),
  };
}
