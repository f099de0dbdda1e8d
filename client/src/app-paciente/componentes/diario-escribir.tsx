// Writing a diary entry for today or, from the calendar, an earlier day (?fecha=).
import { conEntrada, mesDe, RUTA_DIARIO } from '../lib/actividades-diario';
import { navegar } from '../lib/enrutador';
import { anunciar } from '../lib/pantalla';
import { fechaLarga, hoyClinica } from '../lib/fechas';
import { type Diario, rutaMes, Volver } from './diario-comun';
import { FormularioEntrada } from './formulario-diario';
import { Tarjeta, Titulo } from './ui';

export function EscribirEntrada({ diario }: { diario: Diario }) {
  const hoy = hoyClinica();
  const pedida = new URLSearchParams(window.location.search).get('fecha');
  const fecha = pedida && /^\d{4}-\d{2}-\d{2}$/.test(pedida) && pedida <= hoy ? pedida : hoy;
  return (
    <div>
      <Volver a={rutaMes(mesDe(fecha))} texto="Volver al diario" />
      <Titulo sub={fecha === hoy ? 'Hoy' : <span className="inline-block first-letter:uppercase">{fechaLarga(fecha)}</span>}>
        ¿Cómo te sientes?
      </Titulo>
      <Tarjeta>
        <FormularioEntrada
          fecha={fecha}
          alGuardar={(e) => {
            diario.fijar((l) => conEntrada(l, e));
            anunciar('Entrada guardada en tu diario.');
            navegar(`${RUTA_DIARIO}/${e.id_entrada}`, { reemplazar: true });
          }}
          alCancelar={() => navegar(rutaMes(mesDe(fecha)))}
        />
      </Tarjeta>
    </div>
  );
}
