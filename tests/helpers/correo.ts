// A real SMTP server in the test process: mail arrives over an SMTP conversation, and tests read
// the links from the captured message as a user would.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CorreoCapturado {
  para: string;
  crudo: string;
  asunto: string;
  texto: string;
}

export interface BuzonSmtp {
  url: string;
  correos: CorreoCapturado[];
  esperar(para: string, o?: { timeoutMs?: number; desde?: number }): Promise<CorreoCapturado>;
  enlace(c: CorreoCapturado): string;
  /** Holds every message's acceptance (the end of DATA) until the returned function is called: a
   * slow mail server, to see what waits for it. */
  retener(): () => void;
  cerrar(): Promise<void>;
}

/** The message as a mail client reads it (mailparser: MIME parts, quoted-printable, encoded
 * headers). A hand-written parse once ended the text part at a soft line break followed by '--'
 * inside a token (1 link in 4,096), and a test saw a truncated activation link. */
async function parsear(crudo: Buffer, para: string): Promise<CorreoCapturado> {
  const m = await simpleParser(crudo);
  return { para, crudo: crudo.toString('utf8'), asunto: m.subject ?? '', texto: m.text ?? '' };
}

export async function iniciarBuzon(): Promise<BuzonSmtp> {
  const correos: CorreoCapturado[] = [];
  const esperando: Array<() => void> = [];
  let retenido: Promise<void> | null = null;
  const servidor = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const trozos: Buffer[] = [];
      stream.on('data', (d: Buffer) => trozos.push(d));
      stream.on('end', () => {
        const crudo = Buffer.concat(trozos);
        Promise.resolve(retenido)
          .then(() => Promise.all(session.envelope.rcptTo.map((r) => parsear(crudo, r.address.toLowerCase()))))
          .then(
            (recibidos) => {
              correos.push(...recibidos);
              for (const f of esperando.splice(0)) f();
              cb();
            },
            (err: Error) => cb(err),
          );
      });
    },
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const { port } = servidor.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    correos,
    async esperar(para, o = {}) {
      const limite = Date.now() + (o.timeoutMs ?? 10_000);
      const buscar = () => correos.slice(o.desde ?? 0).findLast((c) => c.para === para.toLowerCase());
      for (;;) {
        const c = buscar();
        if (c) return c;
        if (Date.now() > limite) throw new Error(`No llegó ningún correo para ${para}`);
        await new Promise<void>((resolve) => {
          esperando.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    enlace(c) {
      const m = /https?:\/\/\S+/.exec(c.texto);
      if (!m) throw new Error(`El correo no contiene un enlace: ${c.texto}`);
      return m[0];
    },
    retener() {
      let soltar = () => {};
      retenido = new Promise<void>((resolve) => {
        soltar = resolve;
      });
      return () => {
        retenido = null;
        soltar();
      };
    },
    cerrar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}
