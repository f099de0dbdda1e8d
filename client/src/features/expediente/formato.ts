import { nombreArchivoPdf } from '@miduelo/shared/expediente';
import { pdfDeAplicacion } from '@/api/expediente';
import { diaClinica } from '@/lib/format';
import { mostrarError } from '@/nucleo/http';
import { toast } from '@/lib/toast';

/** Downloads the server's PDF of an application under the spec's name (test name plus date). */
export async function descargarPdf(a: { id_aplicacion: number; fecha: string; test: { nombre: string } }) {
  toast.info('Descargando PDF...');
  try {
    const blob = await pdfDeAplicacion(a.id_aplicacion);
    const url = URL.createObjectURL(blob);
    const enlace = document.createElement('a');
    enlace.href = url;
    enlace.download = nombreArchivoPdf(a.test.nombre, diaClinica(a.fecha));
    document.body.append(enlace);
    enlace.click();
    enlace.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    mostrarError(e);
  }
}
