// The emotion diary (issue 17, decisions 126 and 212): the month as a calendar with each day's
// emotion, the month's entries, one entry in full (share or stop sharing it with the psychologist,
// delete it after a confirmation), and writing an entry for today or an earlier day.
import { useMiDiario } from '../api/actividades-diario';
import { DetalleEntrada } from '../componentes/diario-detalle';
import { EscribirEntrada } from '../componentes/diario-escribir';
import { MesDelDiario } from '../componentes/diario-mes';
import { mesActual, RUTA_DIARIO } from '../lib/actividades-diario';

export default function Diario({ ruta }: { ruta: string }) {
  const diario = useMiDiario();
  const resto = ruta.slice(RUTA_DIARIO.length);
  const mes = /^\/mes\/(\d{4}-(0[1-9]|1[0-2]))$/.exec(resto);
  const id = /^\/(\d{1,10})$/.exec(resto);
  if (resto === '/nueva') return <EscribirEntrada diario={diario} />;
  if (id) return <DetalleEntrada diario={diario} id={Number(id[1])} />;
  return <MesDelDiario diario={diario} mes={mes ? mes[1] : mesActual()} />;
}
