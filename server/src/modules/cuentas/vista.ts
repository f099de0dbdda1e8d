import { escaparHtml } from '../../mail/html';

/** The page a patient sees after opening the activation link of the email on a phone. */
export function paginaActivacion(texto: string): string {
  return `<!doctype html><html lang="es"><meta name="viewport" content="width=device-width,initial-scale=1"><title>MiDuelo</title><body style="font-family:sans-serif;background:#f7f3ee;display:grid;place-items:center;min-height:90vh"><main style="background:#fff;padding:32px;border-radius:12px;max-width:420px;text-align:center"><h1 style="color:#5b6f5c">MiDuelo</h1><p>${escaparHtml(texto)}</p></main></body></html>`;
}
