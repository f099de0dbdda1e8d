// 'Crear Nuevo Foro' (spec 2 §2 Create forum, §5): the shared schema validates the form as the
// server does; an invalid form is marked touched and not sent.
import { CrearForoSchema, TEXTOS_FOROS } from '@miduelo/shared/foros';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { crearForo } from '@/api/foros';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { mensajeDeError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { useForm } from '@/lib/use-form';

export function CrearForo() {
  const navegar = useNavigate();
  const form = useForm(CrearForoSchema, { titulo: '', descripcion: '', publico: true });
  const [guardando, setGuardando] = useState(false);

  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (!form.resultado.success) {
      form.tocarTodo();
      return;
    }
    setGuardando(true);
    try {
      const r = await crearForo(form.valores);
      toast.exito(TEXTOS_FOROS.creado);
      await navegar({ to: '/foros/$idForo', params: { idForo: String(r.data.id_foro) } });
    } catch (err) {
      toast.error('Error', mensajeDeError(err, TEXTOS_FOROS.errorCrear));
    } finally {
      setGuardando(false);
    }
  }

  return (
    <Card className="max-w-2xl p-6">
      <form noValidate onSubmit={(e) => void enviar(e)} className="flex flex-col gap-5">
        <Field id="titulo" etiqueta={`${TEXTOS_FOROS.campoTitulo} *`} error={form.errorDe('titulo')}>
          {(c) => (
            <Input
              {...c}
              value={form.valores.titulo}
              onChange={(e) => form.cambiar('titulo', e.target.value)}
              onBlur={() => form.tocar('titulo')}
            />
          )}
        </Field>
        <Field id="descripcion" etiqueta={TEXTOS_FOROS.campoDescripcion} error={form.errorDe('descripcion')} opcional>
          {(c) => (
            <Textarea
              {...c}
              rows={4}
              value={form.valores.descripcion ?? ''}
              onChange={(e) => form.cambiar('descripcion', e.target.value)}
              onBlur={() => form.tocar('descripcion')}
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-tinta-800">{TEXTOS_FOROS.campoTipo}</legend>
          {[true, false].map((publico) => (
            <label
              key={String(publico)}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-arena-200 p-3 hover:bg-arena-50"
            >
              <input
                type="radio"
                name="publico"
                className="mt-1 accent-salvia-600"
                checked={form.valores.publico === publico}
                onChange={() => form.cambiar('publico', publico)}
              />
              <span>
                <span className="block font-medium text-tinta-900">{publico ? TEXTOS_FOROS.publico : TEXTOS_FOROS.privado}</span>
                <span className="block text-sm text-tinta-600">
                  {publico ? TEXTOS_FOROS.tipoPublicoAyuda : TEXTOS_FOROS.tipoPrivadoAyuda}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={guardando}>
            {guardando ? TEXTOS_FOROS.creando : TEXTOS_FOROS.crear}
          </Button>
          <Button type="button" variante="secundario" onClick={() => void navegar({ to: '/foros' })}>
            {TEXTOS_FOROS.cancelar}
          </Button>
        </div>
      </form>
    </Card>
  );
}
