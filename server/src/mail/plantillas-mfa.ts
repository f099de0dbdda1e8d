// Mails of two-step verification (decision 370): each says what changed and when, never a secret
// or a code.
import type { Correo } from './mailer';
import { envolver } from './plantillas';

export type CambioMfa = 'activada' | 'desactivada' | 'codigos' | 'recuperacion' | 'llave_agregada' | 'llave_eliminada';

const QUE: Record<CambioMfa, { asunto: string; texto: string }> = {
  activada: {
    asunto: 'Activaste la verificación en dos pasos en MiDuelo',
    texto:
      'Se activó la verificación en dos pasos en tu cuenta de MiDuelo. Desde ahora, al iniciar sesión te pediremos un código de tu app de autenticación.',
  },
  desactivada: {
    asunto: 'Se desactivó la verificación en dos pasos en MiDuelo',
    texto: 'Se desactivó la verificación en dos pasos de tu cuenta de MiDuelo. Desde ahora basta tu contraseña para iniciar sesión.',
  },
  codigos: {
    asunto: 'Generaste códigos de recuperación nuevos en MiDuelo',
    texto: 'Se generaron códigos de recuperación nuevos para tu cuenta de MiDuelo. Los anteriores ya no sirven.',
  },
  recuperacion: {
    asunto: 'Se usó un código de recuperación en MiDuelo',
    texto: 'Se inició sesión en tu cuenta de MiDuelo con uno de tus códigos de recuperación; ese código ya no sirve.',
  },
  // Passkeys (decision 374): the name the account gave it, never its key.
  llave_agregada: {
    asunto: 'Agregaste una llave de acceso en MiDuelo',
    texto: 'Se agregó una llave de acceso a tu cuenta de MiDuelo. Con ella se puede entrar sin contraseña desde ese dispositivo.',
  },
  llave_eliminada: {
    asunto: 'Se eliminó una llave de acceso en MiDuelo',
    texto: 'Se eliminó una llave de acceso de tu cuenta de MiDuelo. Ya no sirve para entrar.',
  },
};

export function correoCambioMfa(o: { para: string; nombre: string; cambio: CambioMfa; restantes?: number; llave?: string }): Correo {
  const q = QUE[o.cambio];
  const parrafos = [
    `Hola ${o.nombre}:`,
    q.texto,
    ...(o.llave === undefined ? [] : [`Nombre de la llave: ${o.llave}`]),
    ...(o.restantes === undefined ? [] : [`Te quedan ${o.restantes} códigos de recuperación.`]),
    'Si no fuiste tú, cambia tu contraseña de inmediato y escribe a soporte para proteger tu cuenta.',
  ];
  const pie = 'Si fuiste tú, no necesitas hacer nada más.';
  return {
    para: o.para,
    asunto: q.asunto,
    texto: `${parrafos.join('\n\n')}\n\n${pie}\n`,
    html: envolver('Verificación en dos pasos', parrafos, null, pie),
  };
}
