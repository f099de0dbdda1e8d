// The app's logins with a passkey (decision 375), loaded on the click that asks for one: the WebAuthn
// library stays off the app's first load.
import { MSG_LLAVES } from '@miduelo/shared/passkeys';
import { mensajeDeCeremonia, usarCredencial } from '@/nucleo/llave-acceso';
import { entrarLlave, opcionesEntrarLlave, opcionesSegundoPasoLlave, segundoPasoLlave } from '../api/llaves';

async function ceremonia(opciones: object) {
  return usarCredencial(opciones).catch((err: unknown) => {
    throw new Error(mensajeDeCeremonia(err) ?? MSG_LLAVES.noReconocida);
  });
}

/** The passkey alone: the login's answer. */
export async function entrarConLlave() {
  const { opciones } = await opcionesEntrarLlave();
  return entrarLlave(await ceremonia(opciones));
}

/** The passkey as the second step of the pending login. */
export async function segundoPasoConLlave(tokenMfa: string) {
  const { opciones } = await opcionesSegundoPasoLlave(tokenMfa);
  return segundoPasoLlave(tokenMfa, await ceremonia(opciones));
}
