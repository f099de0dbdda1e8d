// The mail of a session opened from a device new to the account (decision 381): when, on what and
// from where, and what to do if it was not her. Never a token, a code or a link that signs in.
import type { Correo } from './mailer';
import { envolver } from './plantillas';

export function correoNuevoDispositivo(o: {
  para: string;
  nombre: string;
  /** "dd/MM/yyyy a las HH:mm" in the clinic's zone. */
  cuando: string;
  dispositivo: string;
  navegador: string;
  sistema: string;
  lugar: string;
}): Correo {
  const parrafos = [
    `Hola ${o.nombre}:`,
    `Se inició sesión en tu cuenta de MiDuelo desde un dispositivo nuevo el ${o.cuando} (hora de la clínica).`,
    `Dispositivo: ${o.dispositivo} · ${o.navegador} · ${o.sistema}.`,
    `Lugar: ${o.lugar}.`,
    'Si no fuiste tú, entra a MiDuelo, cierra esa sesión en tu perfil (Dispositivos con sesión abierta) y cambia tu contraseña de inmediato; después escribe a soporte.',
  ];
  const pie = 'Si fuiste tú, no necesitas hacer nada más.';
  return {
    para: o.para,
    asunto: 'Nuevo inicio de sesión en tu cuenta de MiDuelo',
    texto: `${parrafos.join('\n\n')}\n\n${pie}\n`,
    html: envolver('Nuevo inicio de sesión', parrafos, null, pie),
  };
}
