// The administrator's "Descargar sus datos" in a patient's detail (issue 56, decision 376): the ZIP
// of everything the platform holds about her, for an access request made outside the app.
import { nombreArchivoExportacion } from '@miduelo/shared/derechos-exportacion';
import { fechaEnZona } from '@miduelo/shared/fechas';
import { useState } from 'react';
import { exportacionDePaciente } from '@/api/derechos-exportacion';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { ApiError, mensajeDeError } from '@/nucleo/http';

const ERROR = 'No se pudieron descargar los datos de la paciente';

export function DescargarDatosPaciente({ idPaciente, nombre }: { idPaciente: number; nombre: string }) {
  const [ocupado, setOcupado] = useState(false);
  async function descargar() {
    setOcupado(true);
    try {
      const blob = await exportacionDePaciente(idPaciente);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = nombreArchivoExportacion(idPaciente, fechaEnZona(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone));
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast.exito('Datos descargados. La descarga quedó registrada en la auditoría.');
    } catch (err) {
      if (err instanceof ApiError && err.sesionCerrada) return;
      toast.error(ERROR, mensajeDeError(err, ERROR));
    } finally {
      setOcupado(false);
    }
  }
  return (
    <Button variante="secundario" onClick={descargar} cargando={ocupado} aria-label={`Descargar los datos de ${nombre}`}>
      Descargar sus datos
    </Button>
  );
}
