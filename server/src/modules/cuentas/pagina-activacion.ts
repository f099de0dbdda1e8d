import { escaparHtml } from '../../mail/html';

/** The page a patient sees after opening the activation link of the email on a phone. */
export function paginaActivacion(texto: string, enlace?: { href: string; texto: string }): string {
  // After a successful activation, the link into the patient's web app (/app, issue 17).
  const boton = enlace
    ? `<p><a href="${escaparHtml(enlace.href)}" style="display:inline-block;margin-top:8px;padding:12px 20px;border-radius:12px;background:#376556;color:#fff;text-decoration:none;font-weight:600">${escaparHtml(enlace.texto)}</a></p>`
    : '';
  return `<!doctype html><html lang="es"><meta name="viewport" content="width=device-width,initial-scale=1"><title>MiDuelo</title><body style="font-family:sans-serif;background:#f7f3ee;display:grid;place-items:center;min-height:90vh"><main style="background:#fff;padding:32px;border-radius:12px;max-width:420px;text-align:center"><h1 style="color:#5b6f5c">MiDuelo</h1><p>${escaparHtml(texto)}</p>${boton}</main></body></html>`;
}
