import {
  CAMPOS_ACTIVIDAD,
  DESCRIPCION_MAX,
  PERIODO_MAX,
  type Plantilla,
  PlantillaBody,
  TEXTOS_ACTIVIDADES as T,
  TIPOS_ACTIVIDAD,
  TITULO_MAX,
  TOAST_FORMULARIO_MS,
} from '@miduelo/shared/actividades';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useForm } from '@/lib/use-form';
import { toast } from '@/lib/toast';
import type { DatosPlantilla } from '@/api/actividades';
import { fechaCorta } from '@/lib/format';

export type ModoPlantilla = 'crear' | 'ver' | 'editar';

interface Props {
  modo: ModoPlantilla;
  plantilla?: Plantilla | null;
  /** Save in create/edit mode; resolves when done (the caller closes or shows the error). */
  onGuardar: (d: DatosPlantilla) => Promise<void>;
  onCerrar: () => void;
  onModo?: (m: ModoPlantilla) => void;
  onAsignar?: () => void;
  onEliminar?: () => void;
  /** Only the creator may edit or delete (module activities never). */
  editable?: boolean;
  /** Offers the Obligatoria and Repetitiva switches and the period; off where the flow fixes them
   * (a patient's 'Nueva Actividad': not mandatory, not repetitive, spec 2 §7). */
  interruptores?: boolean;
}

const vacio = (p?: Plantilla | null) => ({
  titulo: p?.titulo ?? '',
  descripcion: p?.descripcion ?? '',
  tipo: p?.tipo ?? '',
  obligatoria: p?.obligatoria ?? false,
  repetitiva: p?.repetitiva ?? false,
  periodo: p?.periodo != null ? String(p.periodo) : '',
  archivo_url: p?.archivo_url ?? '',
});

const useFormPlantilla = (p?: Plantilla | null) => useForm(PlantillaBody, vacio(p));
type FormPlantilla = ReturnType<typeof useFormPlantilla>;

/** The activity template modal (spec 2 §2, §5): create, view and edit. */
// Errors show once a field changes or after a save attempt, not on blur: a message appearing on
// blur moved the footer under the pointer between mousedown and click, swallowing the save.
export function PlantillaModal({
  modo,
  plantilla,
  onGuardar,
  onCerrar,
  onModo,
  onAsignar,
  onEliminar,
  editable = true,
  interruptores = true,
}: Props) {
  const f = useFormPlantilla(plantilla);
  const [intentado, setIntentado] = useState(false);
  const [guardando, setGuardando] = useState(false);
  const titulo = modo === 'crear' ? T.tituloNueva : modo === 'editar' ? T.tituloEditar : T.tituloDetalle;
  const soloLectura = modo === 'ver';
  const etiquetas = CAMPOS_ACTIVIDAD as Record<string, string>;

  async function guardar() {
    setIntentado(true);
    if (!f.resultado.success) {
      f.tocarTodo();
      const lista = Object.entries(f.errores)
        .map(([campo, msg]) => `${etiquetas[campo] ?? 'Formulario'}: ${msg}`)
        .join('\n');
      toast.aviso(T.formularioIncompleto, lista, { duracion: TOAST_FORMULARIO_MS });
      return;
    }
    setGuardando(true);
    try {
      await onGuardar(f.resultado.output);
    } finally {
      setGuardando(false);
    }
  }

  const v = f.valores;
  return (
    <Dialog open onOpenChange={(o) => !o && onCerrar()}>
      <DialogContent titulo={titulo} ancho="lg">
        {soloLectura && plantilla && (
          <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-tinta-600">
            <Badge tono={plantilla.origen === 'modulo' ? 'terracota' : 'salvia'}>
              {plantilla.origen === 'modulo' ? 'Módulo' : 'Personalizada'}
            </Badge>
            {plantilla.id_psicologo_creador !== null && (
              <span>
                {T.psicologoId}: {plantilla.id_psicologo_creador}
              </span>
            )}
            <span>Creada el {fechaCorta(plantilla.fecha_creacion)}</span>
          </div>
        )}
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!soloLectura) void guardar();
          }}
        >
          <Field
            id="act-titulo"
            etiqueta={CAMPOS_ACTIVIDAD.titulo}
            error={f.errorDe('titulo')}
            ayuda={soloLectura ? undefined : `${v.titulo.trim().length}/${TITULO_MAX}`}
          >
            {(c) => <Input {...c} value={v.titulo} readOnly={soloLectura} onChange={(e) => f.cambiar('titulo', e.target.value)} />}
          </Field>
          <Field
            id="act-descripcion"
            etiqueta={CAMPOS_ACTIVIDAD.descripcion}
            opcional
            error={f.errorDe('descripcion')}
            ayuda={`${v.descripcion.length}/${DESCRIPCION_MAX}`}
          >
            {(c) => (
              <Textarea
                {...c}
                rows={4}
                value={v.descripcion}
                readOnly={soloLectura}
                onChange={(e) => f.cambiar('descripcion', e.target.value)}
              />
            )}
          </Field>
          <Field id="act-tipo" etiqueta={CAMPOS_ACTIVIDAD.tipo} error={f.errorDe('tipo')}>
            {(c) => (
              <Select
                id={c.id}
                aria-invalid={c['aria-invalid']}
                aria-describedby={c['aria-describedby']}
                value={v.tipo}
                disabled={soloLectura}
                onValueChange={(x) => f.cambiar('tipo', x)}
                opciones={TIPOS_ACTIVIDAD.map((t) => ({ valor: t, etiqueta: t }))}
                placeholder="Selecciona un tipo"
              />
            )}
          </Field>
          {interruptores && <CamposRepeticion f={f} soloLectura={soloLectura} />}
          <Field id="act-url" etiqueta={CAMPOS_ACTIVIDAD.archivo_url} opcional error={f.errorDe('archivo_url')}>
            {(c) => (
              <Input
                {...c}
                value={v.archivo_url}
                readOnly={soloLectura}
                placeholder="https://…"
                onChange={(e) => f.cambiar('archivo_url', e.target.value)}
              />
            )}
          </Field>
          <DialogFooter>
            {soloLectura ? (
              <AccionesDetalle
                onCerrar={onCerrar}
                onAsignar={onAsignar}
                onEditar={editable && onModo ? () => onModo('editar') : undefined}
                onEliminar={editable ? onEliminar : undefined}
              />
            ) : (
              <>
                <Button type="button" variante="secundario" onClick={onCerrar}>
                  {T.cancelar}
                </Button>
                {/* Enabled for the first try (which lists every error); then disabled while invalid. */}
                <Button type="submit" cargando={guardando} disabled={intentado && !f.resultado.success}>
                  {modo === 'crear' ? T.crearActividad : T.guardarCambios}
                </Button>
              </>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Obligatoria and Repetitiva, and the period of a repetitive activity. */
function CamposRepeticion({ f, soloLectura }: { f: FormPlantilla; soloLectura: boolean }) {
  const v = f.valores;
  return (
    <>
      <div className="flex flex-wrap gap-6">
        <label htmlFor="act-obligatoria" className="flex items-center gap-2 text-sm text-tinta-800">
          <Checkbox
            id="act-obligatoria"
            checked={v.obligatoria}
            disabled={soloLectura}
            onChange={(e) => f.cambiar('obligatoria', e.target.checked)}
          />
          {CAMPOS_ACTIVIDAD.obligatoria}
        </label>
        <label htmlFor="act-repetitiva" className="flex items-center gap-2 text-sm text-tinta-800">
          <Checkbox
            id="act-repetitiva"
            checked={v.repetitiva}
            disabled={soloLectura}
            onChange={(e) => {
              f.cambiar('repetitiva', e.target.checked);
              // Turning it off clears the period (spec 2 §4).
              if (!e.target.checked) f.cambiar('periodo', '');
            }}
          />
          {CAMPOS_ACTIVIDAD.repetitiva}
        </label>
      </div>
      <Field
        id="act-periodo"
        etiqueta={`${CAMPOS_ACTIVIDAD.periodo} (días)`}
        error={f.errorDe('periodo')}
        ayuda={`De 1 a ${PERIODO_MAX} días`}
      >
        {(c) => (
          <Input
            {...c}
            inputMode="numeric"
            value={v.periodo}
            disabled={!v.repetitiva}
            readOnly={soloLectura}
            onChange={(e) => f.cambiar('periodo', e.target.value.replace(/\D/g, '').slice(0, 3))}
          />
        )}
      </Field>
    </>
  );
}

/** The view mode's actions: close, assign, and for its creator edit and delete. */
function AccionesDetalle(p: { onCerrar: () => void; onAsignar?: () => void; onEditar?: () => void; onEliminar?: () => void }) {
  const { onCerrar, onAsignar, onEditar, onEliminar } = p;
  return (
    <>
      <Button type="button" variante="secundario" onClick={onCerrar}>
        {T.cerrar}
      </Button>
      {onAsignar && (
        <Button type="button" variante="suave" onClick={onAsignar}>
          {T.asignarAPacientes}
        </Button>
      )}
      {onEditar && (
        <Button type="button" onClick={onEditar}>
          {T.editar}
        </Button>
      )}
      {onEliminar && (
        <Button type="button" variante="peligro" onClick={onEliminar}>
          {T.eliminar}
        </Button>
      )}
    </>
  );
}
