// Ajustes → "Tus derechos sobre tus datos" (issue 56, decisions 378, 379): asking for the
// cancellation of her data or opposing its use, with a reason; what is removed and what is kept,
// in plain words; and the state of her requests, live.
import {
  ETIQUETA_TIPO_ARCO,
  MOTIVO_ARCO_MAX,
  MSG_ARCO,
  SolicitudArcoEventoSchema,
  type SolicitudArcoPaciente,
  TEXTO_LO_QUE_SE_BORRA,
  TEXTO_LO_QUE_SE_CONSERVA,
  TEXTO_OPOSICION,
  type TipoSolicitudArco,
} from '@miduelo/shared/derechos-solicitudes';
import { formatoFecha } from '@miduelo/shared/fechas';
import { longitudTexto } from '@miduelo/shared/comun';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { crearSolicitudArco, useSolicitudesArco } from '../api/derechos-solicitudes';
import { ErrorApi } from '../lib/api';
import { Aviso, Boton, Cuenta, Tarjeta } from './ui';

const BOTON: Record<TipoSolicitudArco, string> = {
  cancelacion: 'Solicitar la cancelación de mis datos',
  oposicion: 'Oponerme al tratamiento de mis datos',
};

function Estado({ s }: { s: SolicitudArcoPaciente }) {
  if (s.estado === 'pendiente')
    return <p className="text-sm text-tinta-700">En trámite. Te responderemos a más tardar el {formatoFecha(s.vence_el)}.</p>;
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium text-tinta-800">
        Resuelta el {formatoFecha(s.resuelta_en?.slice(0, 10) ?? s.vence_el)}: {s.resultado === 'procedente' ? 'procede' : 'no procede'}
      </p>
      {s.respuesta && <p className="text-tinta-700 [overflow-wrap:anywhere]">«{s.respuesta}»</p>}
    </div>
  );
}

function Formulario({ tipo, alTerminar }: { tipo: TipoSolicitudArco; alTerminar: (hecha: SolicitudArcoPaciente | null) => void }) {
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState('');
  const [enviando, setEnviando] = useState(false);
  const campo = useRef<HTMLTextAreaElement>(null);
  useEffect(() => campo.current?.focus(), []);
  const largo = longitudTexto(motivo);

  async function enviar(e: FormEvent) {
    e.preventDefault();
    setError('');
    setEnviando(true);
    try {
      alTerminar(await crearSolicitudArco({ tipo, motivo }));
    } catch (err) {
      setError(err instanceof ErrorApi ? (err.errores.motivo ?? err.message) : 'No se pudo enviar la solicitud');
    } finally {
      setEnviando(false);
    }
  }

  const id = `arco-motivo-${tipo}`;
  return (
    <form onSubmit={enviar} className="space-y-3 rounded-xl border border-arena-200 bg-arena-50 p-3" noValidate>
      <label htmlFor={id} className="block font-medium text-tinta-800">
        ¿Por qué lo pides? ({ETIQUETA_TIPO_ARCO[tipo].toLowerCase()})
      </label>
      <textarea
        ref={campo}
        id={id}
        rows={4}
        value={motivo}
        onChange={(e) => setMotivo(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-cuenta${error ? ` ${id}-error` : ''}`}
        className="block w-full rounded-xl border border-arena-300 bg-papel p-3 text-base text-tinta-900 focus:border-salvia-500 focus:outline-2 focus:outline-salvia-200 aria-[invalid]:border-terracota-500"
      />
      <Cuenta id={`${id}-cuenta`} largo={largo} max={MOTIVO_ARCO_MAX} mensaje={MSG_ARCO.motivoLargo} />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-terracota-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Boton type="submit" variante={tipo === 'cancelacion' ? 'peligro' : 'primario'} disabled={enviando || largo > MOTIVO_ARCO_MAX}>
          {enviando ? 'Enviando…' : 'Enviar solicitud'}
        </Boton>
        <Boton variante="secundario" onClick={() => alTerminar(null)}>
          Cancelar
        </Boton>
      </div>
    </form>
  );
}

export function SolicitudesArco() {
  const solicitudes = useSolicitudesArco();
  const [abierto, setAbierto] = useState<TipoSolicitudArco | null>(null);
  const [aviso, setAviso] = useState('');
  useEventoSocket('derechos:solicitud', SolicitudArcoEventoSchema, () => void solicitudes.recargar());
  const lista = solicitudes.datos ?? [];
  const enTramite = (t: TipoSolicitudArco) => lista.some((s) => s.tipo === t && s.estado === 'pendiente');

  function terminar(tipo: TipoSolicitudArco, hecha: SolicitudArcoPaciente | null) {
    setAbierto(null);
    if (hecha) {
      solicitudes.fijar((l) => [hecha, ...(l ?? []).filter((s) => s.id_solicitud !== hecha.id_solicitud)]);
      setAviso(MSG_ARCO.enviada);
    }
    // Focus returns to the button that opened the form.
    window.requestAnimationFrame(() => document.getElementById(`arco-abrir-${tipo}`)?.focus());
  }

  return (
    <Tarjeta>
      <h2 className="mb-1 font-semibold">Tus derechos sobre tus datos</h2>
      <div className="space-y-2 text-sm text-tinta-700">
        <p>
          <strong className="text-tinta-900">Si pides la cancelación:</strong> {TEXTO_LO_QUE_SE_BORRA}
        </p>
        <p>
          <strong className="text-tinta-900">Lo que se conserva, y por qué:</strong> {TEXTO_LO_QUE_SE_CONSERVA}
        </p>
        <p>
          <strong className="text-tinta-900">Si te opones:</strong> {TEXTO_OPOSICION}
        </p>
        <p>La administración responde en un plazo de 20 días hábiles.</p>
      </div>
      <div className="mt-3 space-y-2">
        {(['cancelacion', 'oposicion'] as const).map((tipo) =>
          abierto === tipo ? (
            <Formulario key={tipo} tipo={tipo} alTerminar={(h) => terminar(tipo, h)} />
          ) : (
            <Boton
              key={tipo}
              id={`arco-abrir-${tipo}`}
              variante={tipo === 'cancelacion' ? 'peligro' : 'secundario'}
              className="w-full"
              disabled={enTramite(tipo)}
              onClick={() => {
                setAviso('');
                setAbierto(tipo);
              }}
            >
              {BOTON[tipo]}
              {enTramite(tipo) ? ' (en trámite)' : ''}
            </Boton>
          ),
        )}
      </div>
      {aviso && (
        <div className="mt-3">
          <Aviso tono="exito">{aviso}</Aviso>
        </div>
      )}
      <h3 className="mt-4 mb-2 font-semibold">Tus solicitudes</h3>
      {solicitudes.error && !solicitudes.datos ? (
        <Aviso tono="error">{solicitudes.error.message}</Aviso>
      ) : lista.length === 0 ? (
        <p className="text-sm text-tinta-600">{solicitudes.datos ? 'Aún no has hecho ninguna solicitud.' : 'Cargando…'}</p>
      ) : (
        <ul className="space-y-3">
          {lista.map((s) => (
            <li key={s.id_solicitud} className="rounded-xl border border-arena-200 p-3">
              <p className="font-medium text-tinta-900">
                {ETIQUETA_TIPO_ARCO[s.tipo]} · recibida el {formatoFecha(s.recibida_en.slice(0, 10))}
              </p>
              {s.motivo && <p className="mt-1 text-sm text-tinta-600 [overflow-wrap:anywhere]">Motivo: {s.motivo}</p>}
              <div className="mt-1">
                <Estado s={s} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Tarjeta>
  );
}
