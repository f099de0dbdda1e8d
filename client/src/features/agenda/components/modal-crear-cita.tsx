import {
  CrearCitaBody,
  ESTADO_DEFECTO,
  ESTADOS_CITA,
  ETIQUETA_ESTADO,
  HORA_CITA_DEFECTO,
  MODALIDAD_DEFECTO,
  MODALIDADES,
  NOTAS_CITA_MAX,
  TEXTOS_AGENDA,
} from '@miduelo/shared/agenda';

import { DURACION_CITA_DEFECTO, DURACION_CITA_MINIMA, DURACION_CITA_PASO } from '@miduelo/shared/constants';
import { nombreCompleto } from '@miduelo/shared/nombres';
import type { Paciente } from '@miduelo/shared/pacientes';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { crearCita } from '@/api/agenda';
import { useAgendaContexto } from '@/features/agenda/agenda-contexto';
import { errorTemporal, mencionaDisponibilidad } from '@/features/agenda/tiempo';

export interface InicialCita {
  fecha: string;
  hora_inicio?: string;
  id_paciente?: number;
}

interface Props {
  abierto: boolean;
  onOpenChange: (abierto: boolean) => void;
  inicial: InicialCita;
  pacientes: Paciente[];
  onCreada: () => void;
  onFueraDeDisponibilidad: (msg: string) => void;
}

/** Crear Cita (spec 1 §2): date, hour (08:00), duration (60, min 15, step 15), patient, modality
 * (Presencial), state (Pendiente), notes. */
export function ModalCrearCita(props: Props) {
  return (
    <Dialog open={props.abierto} onOpenChange={props.onOpenChange}>
      {props.abierto ? <FormularioCita {...props} /> : null}
    </Dialog>
  );
}

function FormularioCita({ inicial, pacientes, onOpenChange, onCreada, onFueraDeDisponibilidad }: Props) {
  const { aplicarCambioCita } = useAgendaContexto();
  const form = useForm(CrearCitaBody, {
    fecha: inicial.fecha,
    hora_inicio: inicial.hora_inicio ?? HORA_CITA_DEFECTO,
    duracion: String(DURACION_CITA_DEFECTO),
    id_paciente: inicial.id_paciente ? String(inicial.id_paciente) : '',
    modalidad: MODALIDAD_DEFECTO,
    estado: ESTADO_DEFECTO,
    notas: '',
  });
  const [guardando, setGuardando] = useState(false);
  const { valores, cambiar, tocar } = form;
  const temporal = errorTemporal(String(valores.fecha ?? ''), String(valores.hora_inicio ?? ''), 'crear');
  const errorDe = (campo: Parameters<typeof form.errorDe>[0]) =>
    form.errorDe(campo) ?? (temporal?.campo === campo ? temporal.msg : undefined);

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    form.tocarTodo();
    if (!form.resultado.success || temporal) return;
    setGuardando(true);
    try {
      // The server files it in its week's agenda, created on demand.
      const cita = await crearCita(valores);
      aplicarCambioCita({ tipo: 'creada', por: 'psicologo', cita });
      toast.exito(TEXTOS_AGENDA.citaCreada);
      onCreada();
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.sesionCerrada) return;
      const msg = error instanceof ApiError ? error.msg : undefined;
      if (mencionaDisponibilidad(msg)) onFueraDeDisponibilidad(msg ?? '');
      else toast.error('Error', `${TEXTOS_AGENDA.errorCrearCita}${msg ?? TEXTOS_AGENDA.errorDesconocido}`);
    } finally {
      setGuardando(false);
    }
  }

  return (
    <DialogContent titulo="Crear Cita" descripcion="Agenda una sesión con uno de tus pacientes." ancho="lg">
      <form onSubmit={enviar} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field id="cita-fecha" etiqueta="Fecha" error={errorDe('fecha')}>
          {(c) => (
            <Input
              {...c}
              type="date"
              value={String(valores.fecha ?? '')}
              onChange={(e) => cambiar('fecha', e.target.value)}
              onBlur={() => tocar('fecha')}
            />
          )}
        </Field>
        <Field id="cita-hora" etiqueta="Hora" error={errorDe('hora_inicio')}>
          {(c) => (
            <Input
              {...c}
              type="time"
              step={DURACION_CITA_PASO * 60}
              value={String(valores.hora_inicio ?? '')}
              onChange={(e) => cambiar('hora_inicio', e.target.value)}
              onBlur={() => tocar('hora_inicio')}
            />
          )}
        </Field>
        <Field
          id="cita-duracion"
          etiqueta="Duración (minutos)"
          error={errorDe('duracion')}
          ayuda={`Mínimo ${DURACION_CITA_MINIMA}, en pasos de ${DURACION_CITA_PASO}.`}
        >
          {(c) => (
            <Input
              {...c}
              type="number"
              min={DURACION_CITA_MINIMA}
              step={DURACION_CITA_PASO}
              inputMode="numeric"
              value={String(valores.duracion ?? '')}
              onChange={(e) => cambiar('duracion', e.target.value)}
              onBlur={() => tocar('duracion')}
            />
          )}
        </Field>
        <CampoPaciente
          pacientes={pacientes}
          valor={String(valores.id_paciente ?? '')}
          error={errorDe('id_paciente')}
          onCambiar={(x) => cambiar('id_paciente', x)}
        />
        <Field id="cita-modalidad" etiqueta="Modalidad" error={errorDe('modalidad')}>
          {(c) => (
            <Select
              {...c}
              value={String(valores.modalidad)}
              onValueChange={(x) => cambiar('modalidad', x as (typeof MODALIDADES)[number])}
              opciones={MODALIDADES.map((m) => ({ valor: m, etiqueta: m }))}
            />
          )}
        </Field>
        <Field id="cita-estado" etiqueta="Estado" error={errorDe('estado')}>
          {(c) => (
            <Select
              {...c}
              value={String(valores.estado)}
              onValueChange={(x) => cambiar('estado', x as (typeof ESTADOS_CITA)[number])}
              opciones={ESTADOS_CITA.map((e) => ({ valor: e, etiqueta: ETIQUETA_ESTADO[e] }))}
            />
          )}
        </Field>
        {/* No maxLength: notes pasted past the limit stay whole and the field says so (the shared
            schema's message), instead of being cut without notice. */}
        <Field
          id="cita-notas"
          etiqueta="Notas"
          opcional
          error={errorDe('notas')}
          className="sm:col-span-2"
          ayuda={`${String(valores.notas ?? '').trim().length}/${NOTAS_CITA_MAX}`}
        >
          {(c) => (
            <Textarea
              {...c}
              rows={3}
              value={String(valores.notas ?? '')}
              onChange={(e) => cambiar('notas', e.target.value)}
              placeholder="Motivo de la sesión, acuerdos previos…"
            />
          )}
        </Field>
        <DialogFooter className="sm:col-span-2">
          <Button variante="secundario" onClick={() => onOpenChange(false)} disabled={guardando}>
            Cancelar
          </Button>
          <Button type="submit" cargando={guardando}>
            Crear Cita
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** The patient of the appointment; with no linked patients, the way to the linking code. */
function CampoPaciente(p: { pacientes: Paciente[]; valor: string; error: string | undefined; onCambiar: (valor: string) => void }) {
  const { pacientes, valor, error, onCambiar } = p;
  return (
    <Field
      id="cita-paciente"
      etiqueta="Paciente"
      error={error}
      ayuda={
        pacientes.length === 0 ? (
          <>
            Aún no tienes pacientes vinculados.{' '}
            <Link to="/lista-pacientes-del-psicologo" className="font-medium text-salvia-700 underline">
              Ver tu código de vinculación
            </Link>
          </>
        ) : undefined
      }
    >
      {(c) => (
        <Select
          {...c}
          value={valor}
          onValueChange={onCambiar}
          placeholder="Selecciona un paciente"
          opciones={pacientes.map((p) => ({ valor: String(p.id_paciente), etiqueta: nombreCompleto(p) }))}
        />
      )}
    </Field>
  );
}
