// A real SMTP server in the test process: mail arrives over an SMTP conversation, and tests read
// the links from the captured message as a user would.
import type { AddressInfo } from 'node:net';
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
  cerrar(): Promise<void>;
}

function decodificarQP(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parsear(crudo: string, para: string): CorreoCapturado {
  const [cabecera] = crudo.split(/\r?\n\r?\n/);
  const asuntoCrudo = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(cabecera)?.[1] ?? '';
  const asunto = asuntoCrudo
    .replace(/\r?\n[ \t]/g, '')
    .replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_m, t: string) => decodificarQP(t.replace(/_/g, ' ')))
    .replace(/=\?utf-8\?B\?(.*?)\?=/gi, (_m, t: string) => Buffer.from(t, 'base64').toString('utf8'));
  // The text/plain part (quoted-printable or plain).
  const parte = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)(\r?\n--|$)/i.exec(crudo);
  const texto = decodificarQP(parte?.[1] ?? crudo);
  return { para, crudo, asunto, texto };
}

export async function iniciarBuzon(): Promise<BuzonSmtp> {
  const correos: CorreoCapturado[] = [];
  const esperando: Array<() => void> = [];
  const servidor = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const trozos: Buffer[] = [];
      stream.on('data', (d: Buffer) => trozos.push(d));
      stream.on('end', () => {
        const crudo = Buffer.concat(trozos).toString('utf8');
        for (const r of session.envelope.rcptTo) correos.push(parsear(crudo, r.address.toLowerCase()));
        for (const f of esperando.splice(0)) f();
        cb();
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
    cerrar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}
