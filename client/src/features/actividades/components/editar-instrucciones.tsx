import { type Asignacion, INSTRUCCIONES_MAX, MSG_ACTIVIDADES, TEXTOS_ACTIVIDADES as T } from '@miduelo/shared/actividades';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { mostrarError } from '@/nucleo/http';
import { editarInstrucciones } from '@/api/actividades';

/** Dialog 'Editar instrucciones' of an assigned activity. */
export function EditarInstrucciones({
  asignacion,
  onCerrar,
  onGuardada,
}: {
  asignacion: Asignacion;
  onCerrar: () => void;
  onGuardada: (a: Asignacion) => void;
}) {
  const [texto, setTexto] = useState(asignacion.instrucciones_personalizadas ?? '');
  const [guardando, setGuardando] = useState(false);
  const [intentado, setIntentado] = useState(false);
  const error = !texto.trim()
    ? MSG_ACTIVIDADES.instruccionesVacias
    : texto.length > INSTRUCCIONES_MAX
      ? MSG_ACTIVIDADES.noExcederAsignar('Instrucciones', INSTRUCCIONES_MAX)
      : null;
  return (
    <Dialog open onOpenChange={(o) => !o && onCerrar()}>
      <DialogContent titulo={T.editarInstrucciones} descripcion={<span className="wrap-anywhere">{asignacion.actividad.titulo}</span>}>
        <form
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            setIntentado(true);
            if (error) return;
            setGuardando(true);
            try {
              onGuardada(await editarInstrucciones(asignacion.id_asignacion, texto.trim()));
              toast.exito(T.actualizado);
            } catch (err) {
              mostrarError(err, T.errorInstrucciones);
            } finally {
              setGuardando(false);
            }
          }}
        >
          <Field
            id="instrucciones"
            etiqueta="Instrucciones personalizadas"
            error={intentado ? error : null}
            ayuda={`${texto.length}/${INSTRUCCIONES_MAX}`}
          >
            {(c) => <Textarea {...c} rows={5} value={texto} onChange={(e) => setTexto(e.target.value)} />}
          </Field>
          <DialogFooter>
            <Button type="button" variante="secundario" onClick={onCerrar}>
              {T.cancelar}
            </Button>
            <Button type="submit" cargando={guardando}>
              {T.guardarCambios}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
