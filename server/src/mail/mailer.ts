import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Correo {
  para: string;
  asunto: string;
  texto: string;
  html: string;
  /** The action link, printed to the log when mail goes to the outbox folder (development). */
  enlace?: string;
}

export interface Mailer {
  enviar(c: Correo): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise `.eml` files in DATA_DIR/outbox and the link in the log. */
export function crearMailer(o: { smtpUrl: string | null; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (o.smtpUrl) {
    const transporte = nodemailer.createTransport(o.smtpUrl);
    return {
      async enviar(c) {
        await transporte.sendMail({ from: o.from, to: c.para, subject: c.asunto, text: c.texto, html: c.html });
      },
    };
  }
  const outbox = path.join(o.dataDir, 'outbox');
  const transporte = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async enviar(c) {
      mkdirSync(outbox, { recursive: true });
      const info = await transporte.sendMail({ from: o.from, to: c.para, subject: c.asunto, text: c.texto, html: c.html });
      const archivo = path.join(outbox, `${Date.now()}-${c.para.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      writeFileSync(archivo, info.message as Buffer);
      o.log.info({ archivo }, `correo escrito en la bandeja local: ${c.asunto}`);
      // Without SMTP (never in production, config refuses it) the operator needs the link itself:
      // one readable line beside the log, not buried in its JSON.
      if (c.enlace) process.stdout.write(`\n  ✉  ${c.asunto} → ${c.para}\n     ${c.enlace}\n\n`);
    },
  };
}

/** The same mailer, each send counted by its result (the operator's dashboard, decision 386). */
export function conConteo(m: Mailer, contar: (resultado: 'ok' | 'error') => void): Mailer {
  return {
    async enviar(c) {
      try {
        await m.enviar(c);
      } catch (err) {
        contar('error');
        throw err;
      }
      contar('ok');
    },
  };
}
