import { PALABRA_ELIMINAR } from '@miduelo/shared/administracion';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The second confirmation of a deletion: says what happens and asks for the word ELIMINAR. */
export function DialogoEliminar({
  abierto,
  nombre,
  pacientes,
  onCancelar,
  onConfirmar,
  eliminando,
}: {
  abierto: boolean;
  nombre: string;
  pacientes: number;
  onCancelar: () => void;
  onConfirmar: () => void;
  eliminando: boolean;
}) {
  const [texto, setTexto] = useState('');
  // The word is typed anew on every opening, whatever closed the dialog before (Cancelar, the X,
  // Escape): a word left typed would make the next deletion a single click.
  const [abiertoAntes, setAbiertoAntes] = useState(abierto);
  if (abierto !== abiertoAntes) {
    setAbiertoAntes(abierto);
    if (abierto) setTexto('');
  }
  return (
    <Dialog open={abierto} onOpenChange={(o) => !o && onCancelar()}>
      <DialogContent titulo="Eliminar cuenta definitivamente" descripcion={`La cuenta de ${nombre} se eliminará de forma permanente.`}>
        <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-tinta-700">
          <li>
            {pacientes > 0
              ? `Sus ${pacientes} paciente(s) quedarán «Sin asignar» hasta que los reasignes a otro psicólogo.`
              : 'No tiene pacientes asignados.'}
          </li>
          <li>Se eliminan su agenda, sus citas y sus conversaciones de chat.</li>
          <li>La bitácora de auditoría conserva el registro de esta eliminación.</li>
        </ul>
        <Field id="confirmar-eliminar" etiqueta={`Escribe ${PALABRA_ELIMINAR} para confirmar`}>
          {(control) => <Input {...control} autoComplete="off" value={texto} onChange={(e) => setTexto(e.target.value)} />}
        </Field>
        <DialogFooter>
          <Button variante="secundario" onClick={onCancelar}>
            Cancelar
          </Button>
          <Button variante="peligro" disabled={texto !== PALABRA_ELIMINAR} cargando={eliminando} onClick={onConfirmar}>
            Eliminar cuenta
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
