import type { Correo } from './mailer';
import { escaparHtml as escapar } from './html';

export function envolver(titulo: string, parrafos: string[], boton: { texto: string; url: string } | null, pie: string): string {
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;background:#f7f3ee;padding:24px;color:#3d3a36">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px">
<h1 style="font-size:20px;color:#5b6f5c;margin-top:0">${escapar(titulo)}</h1>
${parrafos.map((p) => `<p style="line-height:1.5">${escapar(p)}</p>`).join('\n')}
${
  boton
    ? `<p style="text-align:center;margin:28px 0"><a href="${escapar(boton.url)}" style="background:#5b6f5c;color:#fff;padding:12px 22px;border-radius:8px;text-decoration:none">${escapar(boton.texto)}</a></p>
<p style="font-size:13px;color:#6f6a64">Si el botón no funciona, copia este enlace en tu navegador:<br>${escapar(boton.url)}</p>`
    : ''
}
<p style="font-size:13px;color:#6f6a64">${escapar(pie)}</p>
</div></body></html>`;
}

export function correoActivacion(o: { para: string; nombre: string; enlace: string }): Correo {
  const parrafos = [
    `Hola ${o.nombre}:`,
    'Gracias por registrarte en MiDuelo. Para activar tu cuenta, abre el siguiente enlace. El enlace expira en 48 horas y solo puede usarse una vez.',
  ];
  const pie = 'Si no creaste esta cuenta, ignora este mensaje.';
  return {
    para: o.para,
    asunto: 'Activa tu cuenta de MiDuelo',
    texto: `${parrafos.join('\n\n')}\n\n${o.enlace}\n\n${pie}\n`,
    html: envolver('Activa tu cuenta', parrafos, { texto: 'Activar mi cuenta', url: o.enlace }, pie),
    enlace: o.enlace,
  };
}

export function correoRestablecer(o: { para: string; nombre: string; enlace: string }): Correo {
  const parrafos = [
    `Hola ${o.nombre}:`,
    'Recibimos una solicitud para restablecer la contraseña de tu cuenta de MiDuelo. El enlace expira en 1 hora y solo puede usarse una vez.',
  ];
  const pie = 'Si no solicitaste este cambio, ignora este mensaje: tu contraseña seguirá siendo la misma.';
  return {
    para: o.para,
    asunto: 'Restablece tu contraseña de MiDuelo',
    texto: `${parrafos.join('\n\n')}\n\n${o.enlace}\n\n${pie}\n`,
    html: envolver('Restablecer contraseña', parrafos, { texto: 'Restablecer contraseña', url: o.enlace }, pie),
    enlace: o.enlace,
  };
}

/** Someone tried to register with the address (or licence) of an existing account: the owner is
 * told instead of the registration form, so the form never reveals who has an account. */
export function correoRegistroExistente(o: { para: string; nombre: string; dato: 'correo' | 'cedula'; enlace: string | null }): Correo {
  const con = o.dato === 'correo' ? 'tu correo electrónico' : 'tu cédula profesional';
  const parrafos = [
    `Hola ${o.nombre}:`,
    `Alguien intentó crear una cuenta nueva de MiDuelo con ${con}, pero ya tienes una cuenta, así que no se creó otra.`,
    o.enlace
      ? 'Si fuiste tú, inicia sesión con tu cuenta; si no recuerdas tu contraseña, usa «¿Olvidaste tu contraseña?» en la pantalla de inicio de sesión.'
      : 'Si fuiste tú, inicia sesión en la app MiDuelo con tu cuenta; si no recuerdas tu contraseña, pide a tu psicólogo o psicóloga que te ayude a recuperarla.',
  ];
  const pie = 'Si no fuiste tú, puedes ignorar este mensaje: tu cuenta no cambió.';
  return {
    para: o.para,
    asunto: 'Intento de registro con tu cuenta de MiDuelo',
    texto: `${parrafos.join('\n\n')}\n\n${o.enlace ? `${o.enlace}\n\n` : ''}${pie}\n`,
    html: envolver('Ya tienes una cuenta', parrafos, o.enlace ? { texto: 'Iniciar sesión', url: o.enlace } : null, pie),
    enlace: o.enlace ?? undefined,
  };
}

/** Sent to the OLD address after a password or email change: the owner learns of it even when
 * someone else made it, and every other session was closed. */
export function correoAvisoCambioCuenta(o: {
  para: string;
  nombre: string;
  cambio: 'contrasena' | 'correo';
  nuevoCorreo?: string;
}): Correo {
  const que = o.cambio === 'contrasena' ? 'la contraseña' : 'el correo electrónico';
  const parrafos = [
    `Hola ${o.nombre}:`,
    `Se cambió ${que} de tu cuenta de MiDuelo${o.nuevoCorreo ? ` (el nuevo correo es ${o.nuevoCorreo})` : ''}. Por seguridad cerramos todas las demás sesiones abiertas de tu cuenta.`,
    'Si no fuiste tú, responde a este correo o escribe a soporte de inmediato para proteger tu cuenta.',
  ];
  const pie = 'Si fuiste tú, no necesitas hacer nada más.';
  return {
    para: o.para,
    asunto: o.cambio === 'contrasena' ? 'Se cambió la contraseña de tu cuenta de MiDuelo' : 'Se cambió el correo de tu cuenta de MiDuelo',
    texto: `${parrafos.join('\n\n')}\n\n${pie}\n`,
    html: envolver('Cambio en tu cuenta', parrafos, null, pie),
  };
}

/** Sent to the NEW address of an administrator's email change: the single-use link confirms it. */
export function correoConfirmarCambioCorreo(o: { para: string; nombre: string; enlace: string }): Correo {
  const parrafos = [
    `Hola ${o.nombre}:`,
    'Solicitaste usar esta dirección como el correo de tu cuenta de MiDuelo. Para confirmarlo, abre el siguiente enlace con tu sesión iniciada. El enlace expira en 1 hora y solo puede usarse una vez.',
  ];
  const pie = 'Si no solicitaste este cambio, ignora este mensaje: tu cuenta no cambiará.';
  return {
    para: o.para,
    asunto: 'Confirma tu nuevo correo de MiDuelo',
    texto: `${parrafos.join('\n\n')}\n\n${o.enlace}\n\n${pie}\n`,
    html: envolver('Confirma tu nuevo correo', parrafos, { texto: 'Confirmar mi correo', url: o.enlace }, pie),
    enlace: o.enlace,
  };
}
