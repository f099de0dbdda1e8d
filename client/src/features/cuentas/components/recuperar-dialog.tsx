import { MSG, recuperarSchema } from '@miduelo/shared/cuentas';
import { TOAST_CUENTA_MS } from '@miduelo/shared/constants';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { mostrarError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { recuperarContrasena } from '@/api/cuentas';

const inicial = { correoOTelefono: '' };

/** The recovery modal of '¿Olvidaste tu contraseña?' (spec 1 §2, §8); its link is
 * recuperar-contrasena.tsx, which loads this file on the first click. */
export function RecuperarDialog({
  abierto,
  setAbierto,
  devolverFoco,
}: {
  abierto: boolean;
  setAbierto: (abierto: boolean) => void;
  /** Focus back on the link that opened it (there is no DialogTrigger to return to). */
  devolverFoco: () => void;
}) {
  const [enviando, setEnviando] = useState(false);
  const form = useForm(recuperarSchema, inicial);

  function cambiarAbierto(valor: boolean) {
    if (enviando) return;
    // The field is cleared whenever the modal closes, so it opens empty.
    form.reiniciar();
    setAbierto(valor);
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    // The dialog is portalled, but React bubbles its submit to the login form it is declared in.
    e.stopPropagation();
    form.tocarTodo();
    const resultado = form.resultado;
    if (!resultado.success) return;
    setEnviando(true);
    try {
      const respuesta = await recuperarContrasena(resultado.output.correoOTelefono);
      toast.exito('Solicitud enviada', respuesta?.esTelefono ? MSG.recuperacionTelefono : MSG.recuperacionCorreo, {
        duracion: TOAST_CUENTA_MS,
      });
      form.reiniciar();
      setAbierto(false);
    } catch (error) {
      mostrarError(error);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Dialog open={abierto} onOpenChange={cambiarAbierto}>
      <DialogContent
        titulo="Recuperar contraseña"
        descripcion="Escribe el correo electrónico o el teléfono con el que te registraste y te enviaremos un enlace para crear una nueva contraseña."
        sinCerrar={enviando}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          devolverFoco();
        }}
      >
        <form onSubmit={enviar} noValidate>
          <Field id="correoOTelefono" etiqueta="Correo electrónico o teléfono" error={form.errorDe('correoOTelefono')}>
            {(control) => (
              <Input
                {...control}
                autoComplete="username"
                placeholder="tu@correo.com o 5512345678"
                value={form.valores.correoOTelefono}
                onChange={(e) => form.cambiar('correoOTelefono', e.target.value)}
                onBlur={() => form.tocar('correoOTelefono')}
                disabled={enviando}
              />
            )}
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variante="secundario" disabled={enviando}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" disabled={enviando}>
              {enviando ? 'Enviando...' : 'Enviar'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
