// Agenda events, pushed by the server after the transaction that produced them committed.
// The psychologist's room receives the full appointment; the patient's room receives the
// patient's own view of it (no psychologist notes), under its own event name (decision 037).
import * as v from 'valibot';
import { CitaPacienteSchema, CitaSchema, DisponibilidadSchema, ExcepcionSchema, ORIGENES_CITA } from './agenda';

export const TIPOS_CAMBIO = ['creada', 'actualizada', 'eliminada'] as const;
export type TipoCambio = (typeof TIPOS_CAMBIO)[number];

/** `cita:cambio`, to `psicologo:{id}`. */
export const CitaCambioSchema = v.object({
  tipo: v.picklist(TIPOS_CAMBIO),
  /** who made the change: the psychologist (any tab) or the patient (the app) */
  por: v.picklist(ORIGENES_CITA),
  cita: CitaSchema,
});
export type CitaCambio = v.InferOutput<typeof CitaCambioSchema>;

/** `mi-cita:cambio`, to `paciente:{id}`. */
export const MiCitaCambioSchema = v.object({
  tipo: v.picklist(TIPOS_CAMBIO),
  por: v.picklist(ORIGENES_CITA),
  cita: CitaPacienteSchema,
});
export type MiCitaCambio = v.InferOutput<typeof MiCitaCambioSchema>;

/** `disponibilidad:cambio`, to `psicologo:{id}`: the whole weekly availability after the change. */
export const DisponibilidadCambioSchema = v.object({ disponibilidad: v.array(DisponibilidadSchema) });
export type DisponibilidadCambio = v.InferOutput<typeof DisponibilidadCambioSchema>;

/** `excepcion:cambio`, to `psicologo:{id}`. */
export const ExcepcionCambioSchema = v.object({
  tipo: v.picklist(['creada', 'eliminada']),
  excepcion: ExcepcionSchema,
});
export type ExcepcionCambio = v.InferOutput<typeof ExcepcionCambioSchema>;

export interface CitasServidorACliente {
  'cita:cambio': (p: CitaCambio) => void;
  'mi-cita:cambio': (p: MiCitaCambio) => void;
  'disponibilidad:cambio': (p: DisponibilidadCambio) => void;
  'excepcion:cambio': (p: ExcepcionCambio) => void;
}

// Clients resync through the REST endpoints; they send no agenda events.
// biome-ignore lint/complexity/noBannedTypes: no client-to-server agenda events
export type CitasClienteAServidor = {};
