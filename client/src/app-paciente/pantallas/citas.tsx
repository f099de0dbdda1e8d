import { useState } from 'react';
import { useMisCitas } from '../api/agenda';
import { EstadoCita, ResumenCita } from '../componentes/cita';
import { SolicitarCita } from '../componentes/solicitar-cita';
import { TarjetaCita } from '../componentes/tarjeta-cita';
import { Aviso, AvisoGuardado, Titulo } from '../componentes/ui';
import { aplicarCambio, esProxima, ordenar } from '../lib/agenda';
import { useAlDia, useEvento } from '../lib/conexion';

const AVISO_CAMBIO = {
  confirmada: 'Tu cita fue confirmada.',
  cancelada: 'Tu psicóloga o psicólogo canceló una cita.',
  movida: 'Tu psicóloga o psicólogo cambió la fecha u hora de una cita.',
  creada: 'Tienes una cita nueva.',
} as const;

export default function Citas() {
  const citas = useMisCitas();
  const [aviso, setAviso] = useState<string | null>(null);
  useEvento('mi-cita:cambio', (p) => {
    const antes = citas.datos?.find((c) => c.id_cita === p.cita.id_cita);
    citas.fijar((l) => aplicarCambio(l, p.tipo, p.cita));
    if (p.por !== 'psicologo') return;
    if (p.tipo === 'creada') setAviso(AVISO_CAMBIO.creada);
    else if (p.cita.estado === 'cancelada' || p.tipo === 'eliminada') setAviso(AVISO_CAMBIO.cancelada);
    else if (antes && (antes.fecha !== p.cita.fecha || antes.hora_inicio !== p.cita.hora_inicio)) setAviso(AVISO_CAMBIO.movida);
    else if (p.cita.estado === 'confirmada') setAviso(AVISO_CAMBIO.confirmada);
  });
  useAlDia(() => void citas.recargar());

  const lista = ordenar(citas.datos ?? []);
  const proximas = lista.filter(esProxima);
  const pasadas = lista.filter((c) => !esProxima(c)).reverse();

  return (
    <div className="space-y-6">
      <Titulo>Mis citas</Titulo>
      {aviso && <Aviso tono="exito">{aviso}</Aviso>}
      <AvisoGuardado visible={citas.guardado && citas.error !== null} />

      <section aria-labelledby="proximas">
        <h2 id="proximas" className="mb-2 text-lg font-semibold">
          Próximas
        </h2>
        {citas.datos === undefined && (citas.error ? <Aviso tono="error">{citas.error.message}</Aviso> : <p>Cargando…</p>)}
        {citas.datos !== undefined && proximas.length === 0 && <p className="text-tinta-600">No tienes citas próximas.</p>}
        <ul className="space-y-3">
          {proximas.map((c) => (
            <li key={c.id_cita}>
              <TarjetaCita cita={c} alCambiar={(n) => citas.fijar((l) => aplicarCambio(l, 'actualizada', n))} />
            </li>
          ))}
        </ul>
      </section>

      <SolicitarCita alSolicitar={(c) => citas.fijar((l) => aplicarCambio(l, 'creada', c))} />

      {pasadas.length > 0 && (
        <details className="rounded-2xl border border-arena-200 bg-papel p-4">
          <summary className="min-h-8 cursor-pointer font-semibold">Citas anteriores ({pasadas.length})</summary>
          <ul className="mt-3 space-y-3">
            {pasadas.map((c) => (
              <li key={c.id_cita} className="flex items-start justify-between gap-3">
                <ResumenCita cita={c} />
                <EstadoCita estado={c.estado} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
