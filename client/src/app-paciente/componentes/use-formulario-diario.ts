// The state and the save of one diary entry form (decisions 274, 313): what she chose and wrote,
// the entry left on the phone when there was no connection (restored with its client id), and the
// answer of the save.
import { longitudTexto } from '@miduelo/shared/comun';
import { type Entrada, NOTA_DIARIO_MAX } from '@miduelo/shared/actividades-diario';
import { type FormEvent, useRef, useState } from 'react';
import { registrarEntrada } from '../api/actividades-diario';
import { ErrorApi, guardarCache, leerCache } from '../lib/api';
import { PENDIENTE_DIARIO, SIN_CONEXION_DIARIO } from '../lib/actividades-diario';
import { hoyClinica } from '../lib/fechas';
import { ID_CLIENTE_DISTINTO, idsPorContenido } from '@/nucleo/id-cliente';

/** An entry that could not be saved for lack of connection: kept on the phone for its day (decision 274). */
interface PorGuardar {
  emocion: string;
  intensidad: number;
  nota: string;
  compartida: boolean;
  /** The form's client id: a save after the connection came back may be a retry of one that was stored. */
  id_cliente?: string;
}

/** What a save sends but its client id, as stable text: the id is kept only while this is unchanged. */
function contenidoDe(fecha: string | undefined, e: Omit<PorGuardar, 'id_cliente'>) {
  return JSON.stringify([fecha ?? null, e.emocion, e.intensidad, e.nota.trim() || null, e.compartida]);
}

export function useFormularioDiario(fecha: string | undefined, emocionInicial: string | null, alGuardar: (e: Entrada) => void) {
  const clave = `diario:por-guardar:${fecha ?? hoyClinica()}`;
  const [pendiente] = useState(() => leerCache<PorGuardar | null>(clave) ?? null);
  const [emocion, setEmocion] = useState<string | null>(pendiente?.emocion ?? emocionInicial);
  const [intensidad, setIntensidad] = useState(pendiente?.intensidad ?? 5);
  const [nota, setNota] = useState(pendiente?.nota ?? '');
  const [compartida, setCompartida] = useState(pendiente?.compartida ?? false);
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(pendiente ? PENDIENTE_DIARIO : null);
  // One per opening (kept with the entry left on the phone), sent by every attempt while what it
  // sends is unchanged: a retry after an answer that never arrived answers the entry already stored
  // instead of a second one (decision 313). Once she changes the entry, the save is a new request
  // with a new id: if the first one did get through, both are kept and nothing she wrote is lost.
  const idCliente = useRef(
    idsPorContenido(pendiente?.id_cliente ? { inicial: { id: pendiente.id_cliente, contenido: contenidoDe(fecha, pendiente) } } : {}),
  );
  const largo = longitudTexto(nota);

  const enviar = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!emocion) {
      setError('Elige la emoción que más se parezca a lo que sientes.');
      return;
    }
    if (largo > NOTA_DIARIO_MAX) return;
    setEnviando(true);
    setError(null);
    setAviso(null);
    const id_cliente = idCliente.current.idPara(contenidoDe(fecha, { emocion, intensidad, nota, compartida }));
    try {
      const e = await registrarEntrada({
        ...(fecha ? { fecha } : {}),
        emocion,
        intensidad,
        nota: nota.trim() || null,
        compartida,
        id_cliente,
      });
      guardarCache(clave, null);
      idCliente.current.renovar();
      alGuardar(e);
    } catch (e) {
      // Nothing tries again by itself; what she wrote stays on the phone until she saves it, even if
      // she leaves this screen meanwhile — with its client id, so that saving it then stores it once.
      if (e instanceof ErrorApi && e.status === 0) {
        guardarCache(clave, { emocion, intensidad, nota, compartida, id_cliente } satisfies PorGuardar);
        setError(SIN_CONEXION_DIARIO);
      } else if (e instanceof ErrorApi && e.code === ID_CLIENTE_DISTINTO) {
        // Nothing was stored: what she wrote stays in the form (and on the phone, without the refused
        // id, if it was kept there), and saving it again is a new request.
        idCliente.current.renovar();
        if (leerCache<PorGuardar | null>(clave)) guardarCache(clave, { emocion, intensidad, nota, compartida } satisfies PorGuardar);
        setError(e.message);
      } else setError(e instanceof ErrorApi ? e.message : 'No pudimos guardar tu entrada. Inténtalo de nuevo.');
    } finally {
      setEnviando(false);
    }
  };

  /** Cancelling forgets the entry kept on the phone. */
  const olvidar = () => guardarCache(clave, null);

  return {
    emocion,
    setEmocion,
    intensidad,
    setIntensidad,
    nota,
    setNota,
    compartida,
    setCompartida,
    enviando,
    error,
    aviso,
    largo,
    enviar,
    olvidar,
  };
}
