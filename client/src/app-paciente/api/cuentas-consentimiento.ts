import type { DocumentosVigentesRespuesta, TipoConsentimiento } from '@miduelo/shared/cuentas-consentimiento';
import type * as v from 'valibot';
import { api } from '../lib/api';

// Consent documents (decisions 146, 187): the versions in force (read before registering, so public,
// and after a login that reported some pending) and accepting one. The psychologist sees the state
// through the web's api/cuentas-perfil.ts (another request).

export type DocumentoVigente = v.InferOutput<typeof DocumentosVigentesRespuesta>[number];

/** `publica`: from the registration form, before there is a session. */
export const documentosVigentes = (o: { publica?: boolean } = {}) =>
  api<DocumentoVigente[]>('/consentimientos/vigentes', { publica: o.publica });

export const aceptarConsentimiento = (tipo: TipoConsentimiento, version: number) =>
  api<unknown>('/consentimientos', { metodo: 'POST', cuerpo: { tipo, version } });
