// The room of an online session as a React hook, for the web's and the app's room screens
// (decision 361): the phase, the media and the controls; the logic is in ControladorSala.
import { useEffect, useMemo, useRef, useState } from 'react';
import { ControladorSala } from './controlador';
import { INSTANTANEA_INICIAL, type InstantaneaSala } from './instantanea';

export type { FaseSala } from './fase';

/** What the room shows now (the controller's snapshot) and what it can do. */
export interface Sala extends InstantaneaSala {
  alternarCamara(): void;
  alternarMicro(): void;
  elegirCamara(id: string): Promise<void>;
  elegirMicro(id: string): Promise<void>;
  admitir(): Promise<void>;
  salir(): void;
  terminar(): Promise<void>;
  extender(): Promise<void>;
}

export function useSala(o: { idSesion: number; lado: 'psicologo' | 'paciente' }): Sala {
  const { idSesion, lado } = o;
  const [instantanea, setInstantanea] = useState<InstantaneaSala>(INSTANTANEA_INICIAL);
  const ref = useRef<ControladorSala | null>(null);

  useEffect(() => {
    setInstantanea(INSTANTANEA_INICIAL);
    const c = new ControladorSala(idSesion, lado, setInstantanea);
    ref.current = c;
    void c.iniciar();
    return () => {
      c.destruir();
      if (ref.current === c) ref.current = null;
    };
  }, [idSesion, lado]);

  const acciones = useMemo(
    () => ({
      alternarCamara: () => ref.current?.alternarCamara(),
      alternarMicro: () => ref.current?.alternarMicro(),
      elegirCamara: async (id: string) => ref.current?.elegirCamara(id),
      elegirMicro: async (id: string) => ref.current?.elegirMicro(id),
      admitir: async () => ref.current?.admitir(),
      salir: () => ref.current?.salir(),
      terminar: async () => ref.current?.terminar(),
      extender: async () => ref.current?.extender(),
    }),
    [],
  );

  return { ...instantanea, ...acciones };
}
