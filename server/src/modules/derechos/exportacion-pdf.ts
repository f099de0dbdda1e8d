// The readable copy of the export (decision 376): the same content as the JSON, one section each,
// with pdfkit and the embedded DejaVu fonts the clinical PDF uses (expediente/pdf.ts, decision 103).
import path from 'node:path';
import { type Exportacion, TEXTO_EXPORTACION } from '@miduelo/shared/derechos-exportacion';
import { TEXTO_OPOSICION } from '@miduelo/shared/derechos-oposicion';
import { fechaEnZona, formatoFecha, horaEnZona } from '@miduelo/shared/fechas';
import PDFDocument from 'pdfkit';
import { CARPETA_FUENTES } from '../../rutas';

const FUENTES = CARPETA_FUENTES;
const TINTA = '#1f2a33';
const GRIS = '#55606b';
const VERDE = '#3f6b58';

/** The section titles, in order (the tests look for each one in the PDF's text). */
export const SECCIONES_PDF = [
  'Perfil',
  'Consentimientos',
  'Citas',
  'Conversaciones',
  'Diario de emociones',
  'Actividades y evidencias',
  'Foros',
  'Oposición a usos de tus datos',
  'Expediente clínico',
  'Rectificación',
] as const;

type Doc = PDFKit.PDFDocument;

const fechaHora = (iso: string, zona: string) => {
  const d = new Date(iso);
  return `${formatoFecha(fechaEnZona(d, zona))} ${horaEnZona(d, zona)}`;
};
const siNo = (b: boolean) => (b ? 'Sí' : 'No');

function seccion(doc: Doc, titulo: (typeof SECCIONES_PDF)[number], vacio: boolean, textoVacio: string) {
  doc.moveDown(0.8);
  doc.font('b').fontSize(13).fillColor(VERDE).text(titulo);
  doc.moveDown(0.2);
  doc.font('r').fontSize(10).fillColor(TINTA);
  if (vacio) doc.fillColor(GRIS).text(textoVacio).fillColor(TINTA);
}

function linea(doc: Doc, texto: string, ancho: number, o: { gris?: boolean; sangria?: number } = {}) {
  doc
    .fillColor(o.gris ? GRIS : TINTA)
    .text(texto, { width: ancho - (o.sangria ?? 0), indent: o.sangria ?? 0 })
    .fillColor(TINTA);
}

function perfilYConsentimientos(doc: Doc, d: Exportacion, ancho: number, zona: string) {
  const p = d.perfil;
  seccion(doc, 'Perfil', false, '');
  linea(doc, `Nombre: ${[p.nombre, p.apellido_paterno, p.apellido_materno].filter(Boolean).join(' ')}`, ancho);
  linea(doc, `Correo: ${p.email} · Teléfono: ${p.telefono}`, ancho);
  linea(doc, `Fecha de nacimiento: ${formatoFecha(p.fecha_nacimiento)}`, ancho);
  if (p.fecha_perdida) linea(doc, `Fecha de la pérdida: ${formatoFecha(p.fecha_perdida)}`, ancho);
  if (p.persona_perdida) linea(doc, `Persona que perdiste: ${p.persona_perdida}`, ancho);
  linea(doc, `Cuenta creada: ${fechaHora(p.cuenta_creada_en, zona)} · Estado: ${p.estado}`, ancho);
  if (p.psicologo) linea(doc, `Tu psicóloga o psicólogo: ${p.psicologo.nombre} (cédula ${p.psicologo.cedula})`, ancho);
  seccion(doc, 'Consentimientos', d.consentimientos.length === 0, 'No hay aceptaciones registradas.');
  for (const c of d.consentimientos)
    linea(doc, `${c.titulo} (versión ${c.version}) · aceptado el ${fechaHora(c.aceptado_en, zona)}`, ancho);
}

function citasYConversaciones(doc: Doc, d: Exportacion, ancho: number, zona: string) {
  seccion(doc, 'Citas', d.citas.length === 0, 'No hay citas.');
  for (const c of d.citas) {
    linea(doc, `${formatoFecha(c.fecha)} ${c.hora_inicio}–${c.hora_fin} · ${c.modalidad} · ${c.estado}`, ancho);
    if (c.notas) linea(doc, `Tus notas: ${c.notas}`, ancho, { gris: true, sangria: 14 });
  }
  seccion(doc, 'Conversaciones', d.conversaciones.length === 0, 'No hay conversaciones.');
  for (const c of d.conversaciones) {
    doc
      .font('b')
      .text(c.con === 'psicologo' ? 'Con tu psicóloga o psicólogo' : 'Con el equipo de MiDuelo')
      .font('r');
    for (const m of c.mensajes) {
      const quien = m.remitente === 'paciente' ? 'Tú' : m.remitente === 'psicologo' ? 'Psicóloga(o)' : 'Equipo MiDuelo';
      linea(doc, `${fechaHora(m.fecha_envio, zona)} · ${quien}: ${m.contenido}`, ancho, { sangria: 14 });
    }
  }
}

function diarioYActividades(doc: Doc, d: Exportacion, ancho: number, zona: string) {
  seccion(doc, 'Diario de emociones', d.diario.length === 0, 'No hay entradas en tu diario.');
  for (const e of d.diario) {
    linea(doc, `${formatoFecha(e.fecha)} · ${e.emocion} (${e.intensidad}/10)${e.compartida_con_psicologo ? ' · compartida' : ''}`, ancho);
    if (e.nota) linea(doc, e.nota, ancho, { gris: true, sangria: 14 });
  }
  seccion(doc, 'Actividades y evidencias', d.actividades.length === 0, 'No hay actividades asignadas.');
  for (const a of d.actividades) {
    doc.font('b').text(a.titulo, { width: ancho }).font('r');
    linea(doc, `Asignada el ${fechaHora(a.fecha_asignacion, zona)} · ${a.estado === 'finalizada' ? 'Finalizada' : 'En proceso'}`, ancho, {
      sangria: 14,
    });
    if (a.instrucciones) linea(doc, `Instrucciones: ${a.instrucciones}`, ancho, { gris: true, sangria: 14 });
    for (const e of a.evidencias) {
      const que = e.archivo_en_zip ? `archivo ${e.archivo_en_zip}` : e.enlace ? `enlace ${e.enlace}` : 'archivo no disponible';
      linea(doc, `Evidencia del ${fechaHora(e.fecha_subida, zona)}: ${que}${e.comentario ? ` — ${e.comentario}` : ''}`, ancho, {
        sangria: 14,
      });
    }
  }
}

function forosYAvisos(doc: Doc, d: Exportacion, ancho: number, zona: string) {
  seccion(doc, 'Foros', d.foros.length === 0, 'No has publicado en los foros.');
  for (const f of d.foros) {
    linea(doc, `${fechaHora(f.fecha_envio, zona)} · ${f.foro} › ${f.tema}`, ancho, { gris: true });
    linea(doc, f.contenido, ancho, { sangria: 14 });
  }
  seccion(doc, 'Oposición a usos de tus datos', false, '');
  linea(doc, `${TEXTO_OPOSICION.correos.etiqueta}: ${siNo(d.oposicion.correos)}`, ancho);
  linea(doc, `${TEXTO_OPOSICION.push.etiqueta}: ${siNo(d.oposicion.push)}`, ancho);
  linea(doc, `${TEXTO_OPOSICION.foro_sin_nombre.etiqueta}: ${siNo(d.oposicion.foro_sin_nombre)}`, ancho);
  const x = d.expediente_clinico;
  seccion(doc, 'Expediente clínico', false, '');
  linea(doc, `Notas clínicas: ${x.notas.total}${x.notas.ultima ? ` (la más reciente del ${fechaHora(x.notas.ultima, zona)})` : ''}`, ancho);
  linea(
    doc,
    `Tests aplicados: ${x.tests.total}${x.tests.ultima ? ` (el más reciente del ${fechaHora(x.tests.ultima, zona)})` : ''}`,
    ancho,
  );
  linea(doc, x.como_solicitarlo, ancho, { gris: true });
  seccion(doc, 'Rectificación', false, '');
  linea(doc, d.avisos.rectificacion, ancho);
  doc.moveDown(0.6);
  linea(doc, d.avisos.terceros, ancho, { gris: true });
}

/** The PDF's bytes (a few hundred kB at most: text only, no evidence files). */
export function componerPdfExportacion(d: Exportacion, zona: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: 56, bottom: 56, left: 56, right: 56 },
      info: { Title: TEXTO_EXPORTACION.titulo, Author: 'MiDuelo', Creator: 'MiDuelo' },
    });
    const partes: Buffer[] = [];
    doc.on('data', (b: Buffer) => partes.push(b));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    doc.registerFont('r', path.join(FUENTES, 'DejaVuSans.ttf'));
    doc.registerFont('b', path.join(FUENTES, 'DejaVuSans-Bold.ttf'));
    const ancho = doc.page.width - 112;
    doc.font('b').fontSize(16).fillColor(VERDE).text(TEXTO_EXPORTACION.titulo);
    doc
      .font('r')
      .fontSize(10)
      .fillColor(GRIS)
      .text(`Generado el ${fechaHora(d.generada_en, zona)}. ${d.avisos.archivos}`, { width: ancho });
    perfilYConsentimientos(doc, d, ancho, zona);
    citasYConversaciones(doc, d, ancho, zona);
    diarioYActividades(doc, d, ancho, zona);
    forosYAvisos(doc, d, ancho, zona);
    doc.moveDown(1);
    doc
      .fontSize(8)
      .fillColor(GRIS)
      .text('Documento confidencial con datos personales y de salud (LFPDPPP). Generado por MiDuelo.', { width: ancho });
    doc.end();
  });
}
