// Anniversary awareness (decision 128): the loss on the file's Información General tab, with a small
// dialog to record, correct or remove it.
import { PERSONA_PERDIDA_MAX, TEXTOS_PERDIDA } from '@miduelo/shared/pacientes-aniversario';
import { formatoFecha } from '@miduelo/shared/fechas';
import type { Paciente } from '@miduelo/shared/pacientes';
import { Flower2, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { hoyClinica } from '@/lib/format';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { guardarPerdida } from '@/api/pacientes';

/** 'Pérdida: su madre, 12/03/2024' (either part may be missing). */
export function textoPerdida(p: Pick<Paciente, 'fecha_perdida' | 'persona_perdida'>): string | null {
  const partes = [p.persona_perdida, p.fecha_perdida ? formatoFecha(p.fecha_perdida) : null].filter(Boolean);
  return partes.length ? partes.join(', ') : null;
}

export function Perdida({ paciente, onGuardado }: { paciente: Paciente; onGuardado: (p: Paciente) => void }) {
  const [abierto, setAbierto] = useState(false);
  const texto = textoPerdida(paciente);
  return (
    <div className="mt-4 border-t border-arena-200 pt-3" data-perdida>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="text-tinta-500">{TEXTOS_PERDIDA.titulo}</p>
          <p className="font-medium wrap-anywhere text-tinta-900" data-texto-perdida>
            {texto ?? <span className="font-normal text-tinta-500">{TEXTOS_PERDIDA.sinRegistro}</span>}
          </p>
          {paciente.aniversario ? (
            <p className="mt-1 flex items-center gap-1 text-xs text-salvia-700">
              <Flower2 className="size-3.5 shrink-0" aria-hidden />
              {paciente.aniversario === 'aniversario' ? TEXTOS_PERDIDA.marcaAniversario : TEXTOS_PERDIDA.marcaMuertos}
            </p>
          ) : null}
        </div>
        <Button variante="suave" tamano="sm" onClick={() => setAbierto(true)} aria-label={TEXTOS_PERDIDA.editar}>
          <Pencil className="size-4" aria-hidden />
        </Button>
      </div>
      <Dialog open={abierto} onOpenChange={setAbierto}>
        {abierto ? (
          <Formulario
            paciente={paciente}
            onCerrar={() => setAbierto(false)}
            onGuardado={(p) => {
              onGuardado(p);
              setAbierto(false);
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function Formulario({ paciente, onCerrar, onGuardado }: { paciente: Paciente; onCerrar: () => void; onGuardado: (p: Paciente) => void }) {
  const [fecha, setFecha] = useState(paciente.fecha_perdida ?? '');
  const [persona, setPersona] = useState(paciente.persona_perdida ?? '');
  const [error, setError] = useState<string | null>(null);
  const [guardando, setGuardando] = useState(false);
  const hoy = hoyClinica();

  async function enviar(cuerpo: { fecha_perdida: string | null; persona_perdida: string | null }) {
    setGuardando(true);
    setError(null);
    try {
      const p = await guardarPerdida(paciente.id_paciente, cuerpo);
      toast.exito(TEXTOS_PERDIDA.guardado);
      onGuardado(p);
    } catch (e) {
      if (e instanceof ApiError && e.sesionCerrada) return;
      setError(e instanceof ApiError && e.msg ? e.msg : TEXTOS_PERDIDA.error);
    } finally {
      setGuardando(false);
    }
  }

  return (
    <DialogContent titulo={TEXTOS_PERDIDA.dialogoTitulo} descripcion={TEXTOS_PERDIDA.dialogoAyuda}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void enviar({ fecha_perdida: fecha || null, persona_perdida: persona.trim() || null });
        }}
      >
        <Field id="persona-perdida" etiqueta={TEXTOS_PERDIDA.persona} opcional>
          {(c) => (
            <Input
              {...c}
              value={persona}
              maxLength={PERSONA_PERDIDA_MAX}
              placeholder={TEXTOS_PERDIDA.personaEjemplo}
              onChange={(e) => setPersona(e.target.value)}
            />
          )}
        </Field>
        <Field id="fecha-perdida" etiqueta={TEXTOS_PERDIDA.fecha} opcional error={error}>
          {(c) => <Input {...c} type="date" value={fecha} max={hoy} onChange={(e) => setFecha(e.target.value)} />}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          {paciente.fecha_perdida || paciente.persona_perdida ? (
            <Button
              type="button"
              variante="secundario"
              disabled={guardando}
              onClick={() => void enviar({ fecha_perdida: null, persona_perdida: null })}
              className="mr-auto"
            >
              {TEXTOS_PERDIDA.quitar}
            </Button>
          ) : null}
          <Button type="button" variante="secundario" onClick={onCerrar} disabled={guardando}>
            {TEXTOS_PERDIDA.cancelar}
          </Button>
          <Button type="submit" cargando={guardando}>
            {TEXTOS_PERDIDA.guardar}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
