// 'Nuevo Tema' asks for the title in the product's own dialog (issue 53: a native prompt() looked
// foreign, could not show the rule it broke and lost what was typed on an error). The title is
// checked with the shared schema as she types it; a refusal keeps the dialog open with her text.
import { TEXTOS_FOROS, TITULO_FORO_MAX, TituloForoSchema, type Tema } from '@miduelo/shared/foros';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { crearTema } from '@/api/foros';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { mensajeDeError } from '@/nucleo/http';
import { toast } from '@/lib/toast';

export function NuevoTemaDialog({
  idForo,
  abierto,
  onCerrar,
  onCreado,
}: {
  idForo: number;
  abierto: boolean;
  onCerrar: () => void;
  onCreado: (t: Tema & { crisis: boolean }) => void;
}) {
  const [titulo, setTitulo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  function cerrar() {
    if (enviando) return;
    setTitulo('');
    setError(null);
    onCerrar();
  }

  async function crear(e: FormEvent) {
    e.preventDefault();
    const r = v.safeParse(TituloForoSchema, titulo);
    if (!r.success) {
      setError(r.issues[0].message);
      return;
    }
    setEnviando(true);
    try {
      const t = await crearTema(idForo, r.output);
      toast.exito(TEXTOS_FOROS.temaCreado);
      setTitulo('');
      setError(null);
      onCreado(t.data);
    } catch (err) {
      setError(mensajeDeError(err, TEXTOS_FOROS.errorTema));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Dialog open={abierto} onOpenChange={(o) => !o && cerrar()}>
      <DialogContent titulo={TEXTOS_FOROS.nuevoTema} sinCerrar={enviando}>
        <form onSubmit={(e) => void crear(e)} noValidate>
          <Field id="titulo-nuevo-tema" etiqueta={TEXTOS_FOROS.promptTema} error={error}>
            {(control) => (
              <Input
                {...control}
                value={titulo}
                maxLength={TITULO_FORO_MAX}
                autoComplete="off"
                onChange={(e) => {
                  setTitulo(e.target.value);
                  if (error) setError(null);
                }}
              />
            )}
          </Field>
          <DialogFooter>
            <Button type="button" variante="secundario" onClick={cerrar} disabled={enviando}>
              Cancelar
            </Button>
            <Button type="submit" disabled={enviando}>
              {enviando ? 'Creando...' : TEXTOS_FOROS.crearTema}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
