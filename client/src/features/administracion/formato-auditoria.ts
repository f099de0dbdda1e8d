// The audit log's words (decision 145; supervision's names, decision 369): what a row acted on and its
// detail, in Spanish. Names the server adds later show as they come, underscores as spaces.
import { ETIQUETA_MOTIVO_SUPERVISION, type MotivoSupervision } from '@miduelo/shared/supervision';
import { fechaHora } from '@/lib/format';

/** What an audit row acted on (the `recurso` column), in Spanish; unknown names show as they come. */
export const RECURSOS_AUDITORIA: Record<string, string> = {
  psicologo: 'Psicólogo',
  paciente: 'Paciente',
  consentimiento: 'Consentimiento',
  cita: 'Cita',
  nota: 'Nota',
  diario: 'Diario',
  evidencia: 'Evidencia',
  actividad: 'Actividad',
  actividad_asignada: 'Actividad asignada',
  aplicacion_test: 'Aplicación de test',
  respuestas: 'Respuestas de test',
  foro: 'Foro',
  foro_mensaje: 'Mensaje de foro',
  sesion_en_linea: 'Sesión en línea',
  // Supervision (issue 55): an opening names the chat; each read, the supervised conversation.
  chat: 'Conversación',
  conversacion_supervisada: 'Conversación supervisada',
  alerta_crisis: 'Alerta de crisis',
  solicitud_arco: 'Solicitud ARCO',
};

const CLAVES_DETALLE: Record<string, string> = {
  de: 'psicólogo anterior',
  a: 'psicólogo nuevo',
  metodo: 'método',
  campos: 'campos',
  resultado: 'resultado',
  motivo: 'motivo',
  razon: 'razón',
  accion: 'lo que se hizo',
  vence_en: 'vence',
  mensajes: 'mensajes leídos',
  id_chat: 'conversación',
  id_apertura: 'apertura',
  id_psicologo: 'psicólogo',
  tipo: 'tipo',
  vence_el: 'plazo legal',
  en_plazo: 'en plazo',
  evidencias_borradas: 'evidencias borradas',
};

/** Keys whose number names a row (shown `#12`). */
const IDS = new Set(['de', 'a', 'id_apertura', 'id_psicologo', 'id_chat']);
/** Free text someone wrote (the administrator's reason, what was done): shown exactly as written. */
const TEXTO_LIBRE = new Set(['razon', 'accion']);

function valorDetalle(clave: string, v: unknown): string {
  if (v === null || v === undefined) return 'ninguno';
  if (Array.isArray(v)) return v.join(', ');
  if (IDS.has(clave) && typeof v === 'number') return `#${v}`;
  const texto = String(v);
  if (TEXTO_LIBRE.has(clave)) return texto;
  if (clave === 'motivo' && texto in ETIQUETA_MOTIVO_SUPERVISION) return ETIQUETA_MOTIVO_SUPERVISION[texto as MotivoSupervision];
  if (clave === 'vence_en' && !Number.isNaN(Date.parse(texto))) return fechaHora(texto);
  if (clave === 'en_plazo' && typeof v === 'boolean') return v ? 'sí' : 'no';
  return texto.replace(/_/g, ' ');
}

export interface ParteDetalle {
  clave: string;
  etiqueta: string;
  valor: string;
}

/** Known keys first, in the order of CLAVES_DETALLE (the motive before the reason, ids last); the
 * database hands a JSON detail back with its keys sorted, which would put the reason first. */
const ORDEN = Object.keys(CLAVES_DETALLE);
const posicion = (k: string) => (ORDEN.includes(k) ? ORDEN.indexOf(k) : ORDEN.length);

/** An audit row's detail, one part per key, in Spanish. */
export function partesDetalle(detalle: Record<string, unknown> | null): ParteDetalle[] {
  if (!detalle) return [];
  return Object.entries(detalle)
    .sort(([a], [b]) => posicion(a) - posicion(b))
    .map(([k, v]) => ({ clave: k, etiqueta: CLAVES_DETALLE[k] ?? k.replace(/_/g, ' '), valor: valorDetalle(k, v) }));
}

/** An audit row's detail as one line: 'motivo: Queja · razón: La familia pidió…'. */
export const detalleAuditoria = (detalle: Record<string, unknown> | null) =>
  partesDetalle(detalle)
    .map((p) => `${p.etiqueta}: ${p.valor}`)
    .join(' · ');
