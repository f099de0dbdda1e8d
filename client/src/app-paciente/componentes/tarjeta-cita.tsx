// One coming appointment of the patient: what, when, her note, and cancelling it after a confirmation.
import type { CitaPaciente } from '@miduelo/shared/agenda';
import { useState } from 'react';
import { cancelarCita } from '../api/agenda';
import { ErrorApi } from '../lib/api';
import { EstadoCita, ResumenCita } from './cita';
import { EntrarCita } from './entrar-sesion';
import { Aviso, Boton, Tarjeta } from './ui';

export function TarjetaCita({ cita, alCambiar }: { cita: CitaPaciente; alCambiar: (c: CitaPaciente) => void }) {
  const [confirmando, setConfirmando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  async function cancelar() {
    setEnviando(true);
    setError(null);
    try {
      alCambiar(await cancelarCita(cita.id_cita));
      setConfirmando(false);
    } catch (e) {
      setError(e instanceof ErrorApi ? e.message : 'No pudimos cancelar la cita.');
    } finally {
      setEnviando(false);
    }
  }
  return (
    <Tarjeta>
      <div className="flex items-start justify-between gap-3" data-testid={`cita-${cita.id_cita}`}>
        <ResumenCita cita={cita} />
        <EstadoCita estado={cita.estado} />
      </div>
      {cita.notas && <p className="mt-2 text-sm text-tinta-600 [overflow-wrap:anywhere]">Tu nota: {cita.notas}</p>}
      <EntrarCita cita={cita} />
      {cita.estado !== 'cancelada' &&
        (confirmando ? (
          <div className="mt-3 space-y-2">
            <p className="text-tinta-800">¿Quieres cancelar esta cita?</p>
            <div className="flex flex-wrap gap-2">
              <Boton variante="peligro" onClick={cancelar} disabled={enviando}>
                Sí, cancelar la cita
              </Boton>
              <Boton variante="secundario" onClick={() => setConfirmando(false)}>
                No, conservarla
              </Boton>
            </div>
          </div>
        ) : (
          <Boton variante="secundario" className="mt-3" onClick={() => setConfirmando(true)}>
            Cancelar cita
          </Boton>
        ))}
      {error && (
        <div className="mt-2">
          <Aviso tono="error">{error}</Aviso>
        </div>
      )}
    </Tarjeta>
  );
}
