// The authenticator app's codes (RFC 6238: SHA-1, 6 digits, 30-s steps), through otplib v13's
// functional API, and the enrolment QR rendered here so the client bundle carries no QR library.
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const PERIODO_S = 30;
/** One step either side of now: a phone's clock a little off, a code typed as it changed. */
const TOLERANCIA_S = PERIODO_S;
const EMISOR = 'MiDuelo';

export const nuevoSecreto = () => generateSecret({ length: 20 });

export const uriDeInscripcion = (o: { secreto: string; cuenta: string }) =>
  generateURI({ issuer: EMISOR, label: o.cuenta, secret: o.secreto, period: PERIODO_S, digits: 6, algorithm: 'sha1' });

/** The QR of the otpauth URI as an SVG data: URL (the CSP's img-src allows data:). */
export async function qrDeInscripcion(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step of a correct code, or null. `despuesDe` is the last step accepted for the
 * account: a code of that step or an earlier one is refused, so a code seen once cannot be replayed
 * within its window (decision 370).
 */
export async function pasoDeCodigo(o: { secreto: string; codigo: string; ahora: Date; despuesDe: number | null }): Promise<number | null> {
  const r = await verify({
    secret: o.secreto,
    token: o.codigo,
    epoch: Math.floor(o.ahora.getTime() / 1000),
    epochTolerance: TOLERANCIA_S,
    ...(o.despuesDe === null ? {} : { afterTimeStep: o.despuesDe }),
  }).catch(() => ({ valid: false as const }));
  return r.valid && 'timeStep' in r && typeof r.timeStep === 'number' ? r.timeStep : null;
}

/** The code an authenticator app shows at `ahora` (tests and the demo use it as the app would). */
export const codigoEn = (secreto: string, ahora: Date) => generate({ secret: secreto, epoch: Math.floor(ahora.getTime() / 1000) });
