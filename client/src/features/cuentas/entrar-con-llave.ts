// The login with a passkey alone (decision 375), loaded on the click of "Entrar con llave de
// acceso": the WebAuthn library and these texts stay off the login's first load.
import type { LoginRespuesta } from '@miduelo/shared/cuentas';
import { MSG_LLAVES } from '@miduelo/shared/passkeys';
import { entrarLlave, opcionesEntrarLlave } from '@/api/llaves';
import { mensajeDeCeremonia, usarCredencial } from '@/nucleo/llave-acceso';

/** Asks the server for a challenge, the device for its passkey, and the server for the session.
 * A cancelled or failed ceremony throws an Error whose message is what to tell the person. */
export async function entrarConLlave(): Promise<LoginRespuesta> {
  const { opciones } = await opcionesEntrarLlave();
  const respuesta = await usarCredencial(opciones).catch((err: unknown) => {
    throw new Error(mensajeDeCeremonia(err) ?? MSG_LLAVES.noReconocida);
  });
  return entrarLlave(respuesta);
}

export const TITULO_LLAVES = MSG_LLAVES.titulo;
