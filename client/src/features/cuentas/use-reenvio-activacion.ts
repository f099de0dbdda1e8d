import { MSG } from '@miduelo/shared/cuentas';
import { RETRASO_REENVIO_ACTIVACION_MS, TOAST_CUENTA_MS } from '@miduelo/shared/constants';
import { TEXTOS_CUENTA } from '@miduelo/shared/cuentas-textos-web';
import { useCallback, useEffect, useRef } from 'react';
import { confirmar } from '@/lib/confirm';
import { mostrarError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { reenviarActivacion } from '@/api/cuentas';

/** Sends the activation email again; answers with the spec's toasts. */
export async function reenviarCorreoActivacion(correo: string): Promise<boolean> {
  const limpio = correo.trim();
  if (!limpio) {
    toast.aviso(MSG.reenvioSinCorreo);
    return false;
  }
  try {
    const respuesta = await reenviarActivacion(limpio);
    toast.exito(TEXTOS_CUENTA.correoEnviadoTitulo, respuesta?.msg ?? MSG.reenvioRespuesta, { duracion: TOAST_CUENTA_MS });
    return true;
  } catch (error) {
    mostrarError(error);
    return false;
  }
}

/**
 * After a login against an account not yet activated: 2 s later, ask whether to resend the
 * activation email (spec 1 §8). The pending question is dropped if the screen goes away.
 */
export function useReenvioActivacion(): (correo: string) => void {
  const temporizador = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(temporizador.current), []);
  return useCallback((correo: string) => {
    window.clearTimeout(temporizador.current);
    temporizador.current = window.setTimeout(async () => {
      const si = await confirmar({
        titulo: TEXTOS_CUENTA.reenviarActivacionPregunta,
        texto: correo ? `Enviaremos un nuevo enlace de activación a ${correo}.` : undefined,
        confirmar: 'Sí, reenviar',
        cancelar: 'No, gracias',
      });
      if (si) await reenviarCorreoActivacion(correo);
    }, RETRASO_REENVIO_ACTIVACION_MS);
  }, []);
}
