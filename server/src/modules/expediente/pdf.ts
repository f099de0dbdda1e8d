// The PDF report of one test application (decision 103), made with pdfkit and an embedded TTF font
// (DejaVu Sans: accents, ñ, ¿ and ¡ render; the standard PDF fonts would not embed). Pure: data in,
// bytes out, so that it can run in a worker thread (pdf-hilos.ts).
import path from 'node:path';
import { etiquetaEscala, etiquetaLikert, maximoDeEscala } from '@miduelo/shared/expediente';
import { fechaEnZona, formatoFecha, horaEnZona } from '@miduelo/shared/fechas';
import { nombreCompleto } from '@miduelo/shared/nombres';
import PDFDocument from 'pdfkit';
import { CARPETA_FUENTES } from '../../rutas';

const FUENTES = CARPETA_FUENTES;
const REGULAR = path.join(FUENTES, 'DejaVuSans.ttf');
const NEGRITA = path.join(FUENTES, 'DejaVuSans-Bold.ttf');

export interface DatosPdfPlano {
  aplicacion: {
    id_aplicacion: number;
    fecha: string;
    estado: string;
    test: { nombre: string; tipo_escala: string };
    resultado: { puntaje_total: number; interpretacion: string; riesgo: boolean } | null;
  };
  respuestas: { respuesta: string; pregunta: { orden: number; texto_pregunta: string; tipo_respuesta: string } }[];
  evolucion: { fecha: string; puntaje: number; interpretacion: string }[];
  psicologo: {
    nombre: string;
    apellidoPaterno: string;
    apellidoMaterno: string | null;
    especialidad: string;
    cedula: string;
    direccion: string | null;
  };
  paciente: { nombre: string; apellido_paterno: string; apellido_materno: string | null; fecha_nacimiento: string };
}

const fechaHora = (iso: string, zona: string) => {
  const d = new Date(iso);
  return `${formatoFecha(fechaEnZona(d, zona))} ${horaEnZona(d, zona)}`;
};

function textoRespuesta(r: DatosPdfPlano['respuestas'][number], tipoEscala: string): string {
  if (r.pregunta.tipo_respuesta === 'si_no') return r.respuesta === 'si' ? 'Sí' : 'No';
  if (r.pregunta.tipo_respuesta === 'texto') return r.respuesta;
  const max = maximoDeEscala(tipoEscala);
  const etiqueta = etiquetaLikert(Number(r.respuesta), max);
  return `${r.respuesta} de ${max}${etiqueta ? ` (${etiqueta})` : ''}`;
}

export function componerPdf(d: DatosPdfPlano, zona: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: 56, bottom: 56, left: 56, right: 56 },
      info: { Title: `${d.aplicacion.test.nombre} — ${nombreCompleto(d.paciente)}`, Author: 'MiDuelo', Creator: 'MiDuelo' },
    });
    const partes: Buffer[] = [];
    doc.on('data', (b: Buffer) => partes.push(b));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    doc.registerFont('r', REGULAR);
    doc.registerFont('b', NEGRITA);
    const ancho = doc.page.width - 112;
    const gris = '#55606b';
    const tinta = '#1f2a33';

    // Header: the practice and the psychologist.
    doc.font('b').fontSize(16).fillColor('#3f6b58').text('MiDuelo · Reporte de evaluación psicológica');
    doc.moveDown(0.3);
    const psi = d.psicologo;
    doc.font('r').fontSize(10).fillColor(gris);
    doc.text(`Psicólogo(a): ${[psi.nombre, psi.apellidoPaterno, psi.apellidoMaterno].filter(Boolean).join(' ')} · ${psi.especialidad}`);
    doc.text(`Cédula profesional: ${psi.cedula}${psi.direccion ? ` · ${psi.direccion}` : ''}`);
    doc.moveDown(0.6);
    doc
      .moveTo(56, doc.y)
      .lineTo(56 + ancho, doc.y)
      .strokeColor('#c9d6cf')
      .stroke();
    doc.moveDown(0.6);

    // Patient and application.
    doc.font('b').fontSize(13).fillColor(tinta).text(d.aplicacion.test.nombre);
    doc.font('r').fontSize(10).fillColor(tinta);
    doc.text(`Paciente: ${nombreCompleto(d.paciente)} (nacimiento: ${formatoFecha(d.paciente.fecha_nacimiento)})`);
    doc.text(`Fecha de aplicación: ${fechaHora(d.aplicacion.fecha, zona)} · ${etiquetaEscala(d.aplicacion.test.tipo_escala)}`);
    doc.text(`Estado: ${d.aplicacion.estado === 'completado' ? 'Completado' : 'Pendiente'}`);
    doc.moveDown(0.8);

    // Result.
    const res = d.aplicacion.resultado;
    doc.font('b').fontSize(12).text('Resultado');
    doc.font('r').fontSize(10);
    if (res) {
      doc.text(`Puntaje total: ${res.puntaje_total}`);
      doc.text(`Interpretación: ${res.interpretacion}`, { width: ancho });
      if (res.riesgo)
        doc
          .font('b')
          .fillColor('#b42318')
          .text('⚠ Resultado en la banda más alta del instrumento: requiere atención.')
          .fillColor(tinta)
          .font('r');
    } else doc.text('Sin resultado');
    doc.moveDown(0.8);

    // Every question with its answer.
    doc.font('b').fontSize(12).text('Respuestas');
    doc.moveDown(0.3);
    if (d.respuestas.length === 0) doc.font('r').fontSize(10).text('No hay respuestas registradas');
    for (const r of d.respuestas) {
      doc.font('b').fontSize(10).fillColor(tinta).text(`${r.pregunta.orden}. ${r.pregunta.texto_pregunta}`, { width: ancho });
      doc.font('r').fontSize(10).fillColor(gris).text(textoRespuesta(r, d.aplicacion.test.tipo_escala), { width: ancho, indent: 14 });
      doc.fillColor(tinta).moveDown(0.35);
    }
    doc.moveDown(0.6);

    // The evolution of this test so far.
    doc.font('b').fontSize(12).fillColor(tinta).text('Evolución de este test');
    doc.moveDown(0.3);
    doc.font('r').fontSize(10);
    if (d.evolucion.length === 0) doc.text('Sin aplicaciones anteriores.');
    for (const e of d.evolucion) {
      doc.text(`${fechaHora(e.fecha, zona)}   Puntaje ${e.puntaje}   ${e.interpretacion}`, { width: ancho });
    }
    doc.moveDown(1);
    doc
      .fontSize(8)
      .fillColor(gris)
      .text('Documento confidencial con datos de salud (LFPDPPP). Generado por MiDuelo; no sustituye el juicio clínico.', { width: ancho });
    doc.end();
  });
}
