// Two-step verification's shared views (decision 370): the enrolment's QR with its key typed out,
// and the ten recovery codes, shown once: listed, copied or downloaded as a text file. The profile
// and the login's required enrolment (decision 382) both show them.
import { type InscripcionTotp, MSG_MFA } from '@miduelo/shared/mfa';
import { Copy, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

export function CodigosRecuperacion({ codigos }: { codigos: string[] }) {
  const texto = `MiDuelo — ${MSG_MFA.codigosTitulo}\n\n${codigos.join('\n')}\n`;
  async function copiar() {
    try {
      await navigator.clipboard.writeText(texto);
      toast.exito(MSG_MFA.copiados);
    } catch {
      toast.error('Error', 'No se pudieron copiar. Selecciónalos y cópialos a mano.');
    }
  }
  function descargar() {
    const url = URL.createObjectURL(new Blob([texto], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'miduelo-codigos-de-recuperacion.txt';
    a.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-tinta-700">{MSG_MFA.codigosInstruccion}</p>
      <ul
        aria-label={MSG_MFA.codigosTitulo}
        className="grid grid-cols-2 gap-2 rounded-xl bg-arena-50 p-4 font-mono text-base text-tinta-900"
      >
        {codigos.map((c) => (
          <li key={c} data-codigo-recuperacion>
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variante="secundario" tamano="sm" onClick={copiar}>
          <Copy className="size-4" aria-hidden /> {MSG_MFA.copiar}
        </Button>
        <Button type="button" variante="secundario" tamano="sm" onClick={descargar}>
          <Download className="size-4" aria-hidden /> {MSG_MFA.descargar}
        </Button>
      </div>
    </div>
  );
}

export function QrInscripcion({ inscripcion }: { inscripcion: InscripcionTotp }) {
  return (
    <div className="flex flex-col items-center gap-3">
      <p className="self-start text-sm text-tinta-700">{MSG_MFA.escanea}</p>
      <img src={inscripcion.qr} alt={MSG_MFA.qrAlt} width={192} height={192} className="rounded-lg border border-arena-200 bg-white" />
      <p className="self-start text-sm text-tinta-700">{MSG_MFA.secretoTexto}</p>
      <code
        data-secreto-mfa
        className="w-full rounded-lg bg-arena-50 px-3 py-2 text-center font-mono text-sm tracking-wider [overflow-wrap:anywhere]"
      >
        {inscripcion.secreto.replace(/(.{4})/g, '$1 ').trim()}
      </code>
    </div>
  );
}
