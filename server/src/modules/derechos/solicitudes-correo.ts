// The mails that answer an ARCO request (decisions 378, 379), in plain words. The cancellation mail
// goes to the address read before the account was anonymized: it is the last thing sent to her.
import { TEXTO_LO_QUE_SE_BORRA, TEXTO_LO_QUE_SE_CONSERVA } from '@miduelo/shared/derechos-solicitudes';
import { escaparHtml as escapar } from '../../mail/html';
import type { Correo } from '../../mail/mailer';

function html(titulo: string, parrafos: string[]): string {
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;background:#f7f3ee;padding:24px;color:#3d3a36">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;color:#5b6f5c;margin-top:0">${escapar(titulo)}</h1>
${parrafos.map((p) => `<p style="line-height:1.5;overflow-wrap:anywhere">${escapar(p)}</p>`).join('\n')}
</div></body></html>`;
}

function correo(para: string, asunto: string, parrafos: string[]): Correo {
  return { para, asunto, texto: `${parrafos.join('\n\n')}\n`, html: html(asunto, parrafos) };
}

export function correoCancelacion(o: { para: string; nombre: string; respuesta: string | null }): Correo {
  return correo(o.para, 'Cancelamos tus datos en MiDuelo', [
    `Hola ${o.nombre}:`,
    'Atendimos tu solicitud de cancelación de datos. Esto es lo que hicimos:',
    TEXTO_LO_QUE_SE_BORRA,
    `Lo que se conserva, y por qué: ${TEXTO_LO_QUE_SE_CONSERVA}`,
    ...(o.respuesta ? [`Mensaje de la administración: «${o.respuesta}»`] : []),
    'Este es el último correo que te enviamos: tu dirección también se borra. Gracias por habernos dejado acompañarte.',
  ]);
}

export function correoOposicion(o: { para: string; nombre: string; procede: boolean; respuesta: string }): Correo {
  return correo(o.para, 'Respuesta a tu solicitud de oposición', [
    `Hola ${o.nombre}:`,
    o.procede
      ? 'Revisamos tu solicitud de oposición al tratamiento de tus datos y procede.'
      : 'Revisamos tu solicitud de oposición al tratamiento de tus datos y no procede.',
    `Respuesta de la administración: «${o.respuesta}»`,
    'Puedes ver el estado de tus solicitudes en la app, en Ajustes.',
  ]);
}
