import { fechaEnZona, formatoFecha, horaEnZona } from '@miduelo/shared/fechas';
import { nombreArchivoPdf } from '@miduelo/shared/expediente';
import { pdfDeAplicacion } from '@/api/expediente';
import { mostrarError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { zonaClinica } from '@/lib/zona';

/** dd/MM/yyyy of an instant, in the clinic's zone (spec 1 §9). */
export const fechaCorta = (iso: string) => formatoFecha(fechaEnZona(new Date(iso), zonaClinica()));

/** dd/MM/yyyy HH:mm of an instant, in the clinic's zone (spec 1 §9). */
export const fechaHora = (iso: string) => `${fechaCorta(iso)} ${horaEnZona(new Date(iso), zonaClinica())}`;

/** Downloads the server's PDF of an application under the spec's name (test name plus date). */
export async function descargarPdf(a: { id_aplicacion: number; fecha: string; test: { nombre: string } }) {
  toast.info('Descargando PDF...');
  try {
    const blob = await pdfDeAplicacion(a.id_aplicacion);
    const url = URL.createObjectURL(blob);
    const enlace = document.createElement('a');
    enlace.href = url;
    enlace.download = nombreArchivoPdf(a.test.nombre, fechaEnZona(new Date(a.fecha), zonaClinica()));
    document.body.append(enlace);
    enlace.click();
    enlace.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    mostrarError(e);
  }
}
