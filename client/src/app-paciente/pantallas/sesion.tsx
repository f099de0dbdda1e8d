// The online-session room of the patient's app (issue 54, decisions 358 and 363): /sesion/:idSesion.
// The client core (nucleo/sala) enters, signals and holds the media; this screen only draws it.
// "Intentar de nuevo" and "Volver a entrar" start the room over (a new core instance).
import { useEffect, useState } from 'react';
import { useSala } from '@/nucleo/sala/use-sala';
import { TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { marcarSalaAcabada } from '../lib/sesiones';
import { VistaSala } from './sesion/vista';

function SalaDe({ idSesion, alReintentar }: { idSesion: number; alReintentar: () => void }) {
  const sala = useSala({ idSesion, lado: 'paciente' });
  // An ended room is not offered again on her appointment once she leaves it. The room only hears
  // that it ended (by her psychologist or by time), so it says just that.
  const fin = sala.fase === 'terminada' ? (sala.sesion?.id_cita ?? null) : null;
  useEffect(() => {
    if (fin !== null) marcarSalaAcabada(fin, TEXTOS_SALA.terminada);
  }, [fin]);
  return <VistaSala sala={sala} alReintentar={alReintentar} />;
}

export default function SesionEnLinea({ idSesion }: { idSesion: number }) {
  const [intento, setIntento] = useState(0);
  return <SalaDe key={`${idSesion}:${intento}`} idSesion={idSesion} alReintentar={() => setIntento((n) => n + 1)} />;
}
