// "Verificación en dos pasos" in the profile (issue 56, decision 370): enrol the authenticator app
// with its QR (or the key typed), confirm with a first code, see the ten recovery codes once;
// remove the factor or regenerate the codes. Each change asks for the password in the same dialog.
import { type EstadoMfa, type InscripcionTotp, MSG_MFA } from '@miduelo/shared/mfa';
import { MSG_MFA_OBLIGATORIA } from '@miduelo/shared/mfa-obligatoria';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { confirmarTotp, eliminarTotp, estadoMfa, iniciarTotp, regenerarCodigos } from '@/api/mfa';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Cargando } from '@/components/ui/spinner';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { toast } from '@/lib/toast';
import { CodigosRecuperacion, QrInscripcion } from '@/lib/codigos-recuperacion';

type Accion = 'activar' | 'desactivar' | 'regenerar';
type Paso = { tipo: 'contrasena' } | { tipo: 'qr'; inscripcion: InscripcionTotp } | { tipo: 'codigos'; codigos: string[] };

const TITULOS: Record<Accion, string> = { activar: MSG_MFA.activar, desactivar: MSG_MFA.desactivar, regenerar: MSG_MFA.regenerar };

export function VerificacionDosPasos() {
  const { data: estado, error, recargar } = useLiveResource({ fetch: estadoMfa, vigilar: false });
  const [accion, setAccion] = useState<Accion | null>(null);
  const cerrar = () => {
    setAccion(null);
    void recargar();
  };
  return (
    <section aria-labelledby="mfa-titulo">
      <Card className="p-6">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="mfa-titulo" className="font-sans text-lg font-semibold text-tinta-900">
              {MSG_MFA.titulo}
            </h2>
            <p className="text-sm text-tinta-600">{MSG_MFA.descripcion}</p>
          </div>
          {estado && (
            <Badge tono={estado.totp_activo || estado.llaves > 0 ? 'exito' : 'aviso'}>
              {estado.totp_activo || estado.llaves > 0 ? 'Activa' : 'Inactiva'}
            </Badge>
          )}
        </div>
        {!estado && error ? (
          <ErrorCarga texto={mensajeDeError(error)} onReintentar={recargar} />
        ) : !estado ? (
          <Cargando texto="Cargando verificación en dos pasos..." />
        ) : (
          <Resumen estado={estado} alElegir={setAccion} />
        )}
      </Card>
      {accion && <DialogoMfa accion={accion} alCerrar={cerrar} />}
    </section>
  );
}

function Resumen({ estado, alElegir }: { estado: EstadoMfa; alElegir: (a: Accion) => void }) {
  if (!estado.totp_activo && estado.llaves > 0)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="flex items-center gap-2 text-sm text-tinta-700">
          <ShieldCheck className="size-5 shrink-0 text-salvia-600" aria-hidden /> {MSG_MFA_OBLIGATORIA.conLlave}{' '}
          {MSG_MFA.codigosRestantes(estado.codigos_restantes)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => alElegir('activar')}>
            {MSG_MFA.activar}
          </Button>
          <Button type="button" variante="secundario" onClick={() => alElegir('regenerar')}>
            {MSG_MFA.regenerar}
          </Button>
        </div>
      </div>
    );
  if (!estado.totp_activo)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="flex items-center gap-2 text-sm text-tinta-700">
          <ShieldOff className="size-5 shrink-0 text-tinta-500" aria-hidden /> {MSG_MFA.inactiva}
        </p>
        <Button type="button" onClick={() => alElegir('activar')}>
          {MSG_MFA.activar}
        </Button>
      </div>
    );
  // A required second step may drop the app while a passkey remains (decision 382).
  const puedeQuitar = !estado.obligatoria || estado.llaves > 0;
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="flex items-center gap-2 text-sm text-tinta-700">
        <ShieldCheck className="size-5 shrink-0 text-salvia-600" aria-hidden /> {MSG_MFA.activa}{' '}
        {MSG_MFA.codigosRestantes(estado.codigos_restantes)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variante="secundario" onClick={() => alElegir('regenerar')}>
          {MSG_MFA.regenerar}
        </Button>
        {puedeQuitar && (
          <Button type="button" variante="peligro" onClick={() => alElegir('desactivar')}>
            {MSG_MFA.desactivar}
          </Button>
        )}
      </div>
      {!puedeQuitar && <p className="text-sm text-tinta-600">{MSG_MFA_OBLIGATORIA.requerida}</p>}
    </div>
  );
}

function DialogoMfa({ accion, alCerrar }: { accion: Accion; alCerrar: () => void }) {
  const [paso, setPaso] = useState<Paso>({ tipo: 'contrasena' });
  const [valor, setValor] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function ejecutar(trabajo: () => Promise<void>) {
    setEnviando(true);
    try {
      await trabajo();
      setValor('');
      setError(null);
    } catch (err) {
      if (err instanceof ApiError && err.sesionCerrada) return;
      setError(mensajeDeError(err));
    } finally {
      setEnviando(false);
    }
  }

  function enviar(e: FormEvent) {
    e.preventDefault();
    if (valor.trim() === '') return setError(paso.tipo === 'qr' ? MSG_MFA.codigoObligatorio : MSG_MFA.confirmaContrasena);
    if (paso.tipo === 'qr') return ejecutar(async () => setPaso({ tipo: 'codigos', codigos: (await confirmarTotp(valor)).codigos }));
    if (accion === 'activar') return ejecutar(async () => setPaso({ tipo: 'qr', inscripcion: await iniciarTotp(valor) }));
    if (accion === 'regenerar') return ejecutar(async () => setPaso({ tipo: 'codigos', codigos: (await regenerarCodigos(valor)).codigos }));
    return ejecutar(async () => {
      toast.exito((await eliminarTotp(valor)).msg);
      alCerrar();
    });
  }

  const titulo = paso.tipo === 'codigos' ? MSG_MFA.codigosTitulo : TITULOS[accion];
  return (
    <Dialog open onOpenChange={(abierto) => !abierto && alCerrar()}>
      <DialogContent titulo={titulo} ancho="md" onEscapeKeyDown={(e) => paso.tipo === 'codigos' && e.preventDefault()}>
        {paso.tipo === 'codigos' ? (
          <div className="flex flex-col gap-5">
            <CodigosRecuperacion codigos={paso.codigos} />
            <Button type="button" onClick={alCerrar}>
              {MSG_MFA.listo}
            </Button>
          </div>
        ) : (
          <form onSubmit={enviar} noValidate className="flex flex-col gap-4">
            {paso.tipo === 'qr' && <QrInscripcion inscripcion={paso.inscripcion} />}
            <Field
              id={paso.tipo === 'qr' ? 'mfa-codigo' : 'mfa-contrasena'}
              etiqueta={paso.tipo === 'qr' ? MSG_MFA.etiquetaCodigo : 'Contraseña'}
              ayuda={paso.tipo === 'qr' ? MSG_MFA.confirmarInstruccion : MSG_MFA.confirmaContrasena}
              error={error}
            >
              {(control) =>
                paso.tipo === 'qr' ? (
                  <Input
                    {...control}
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    maxLength={7}
                    value={valor}
                    onChange={(e) => setValor(e.target.value)}
                  />
                ) : (
                  <PasswordInput {...control} autoComplete="current-password" value={valor} onChange={(e) => setValor(e.target.value)} />
                )
              }
            </Field>
            <Button type="submit" variante={accion === 'desactivar' ? 'peligro' : 'primario'} cargando={enviando}>
              {paso.tipo === 'qr' ? MSG_MFA.verificar : accion === 'desactivar' ? MSG_MFA.desactivar : 'Continuar'}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
