// "{nombre} te espera en la sala" (issue 54, decision 362): on every screen of the psychologist's
// product, under the shell's bar like the crisis alert, while a patient waits in one of her rooms.
// "Admitir" opens the room with ?admitir=1: the room admits her as soon as it is joined, so one
// press admits and the call starts with the psychologist already in the room.
import { TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { Link, useRouterState } from '@tanstack/react-router';
import { Video } from 'lucide-react';
import { useAvisosSala } from '@/nucleo/sala/avisos';

export default function AvisoSalaEspera() {
  const avisos = useAvisosSala();
  const ruta = useRouterState({ select: (s) => s.location.pathname });
  // In that room already: its own screen shows the patient waiting and the Admitir button.
  const esperando = avisos.filter((a) => a.esperando && ruta !== `/sesion/${a.id_sesion}`);
  if (esperando.length === 0) return null;
  return (
    <div role="status" aria-live="polite" className="border-b border-salvia-200 bg-salvia-50">
      <ul className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 sm:px-6">
        {esperando.map((a) => (
          <li
            key={a.id_sesion}
            data-sala-espera={a.id_sesion}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-tinta-800"
          >
            <p className="flex min-w-0 flex-1 basis-64 items-start gap-2.5">
              <Video className="mt-0.5 size-5 shrink-0 text-salvia-700" aria-hidden />
              <strong className="font-semibold text-tinta-900 [overflow-wrap:anywhere]">{TEXTOS_SALA.pacienteEspera(a.paciente)}</strong>
            </p>
            <Link
              to="/sesion/$idSesion"
              params={{ idSesion: String(a.id_sesion) }}
              search={{ admitir: 1 }}
              // The room's code is fetched as soon as she is told, not after she presses Admitir
              // (bench/sesiones counted about ten chunks between the press and the first frame).
              preload="render"
              aria-label={`${TEXTOS_SALA.admitir}: ${a.paciente}`}
              className="inline-flex min-h-9 items-center rounded-lg bg-salvia-600 px-4 font-semibold text-white hover:bg-salvia-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-salvia-600"
            >
              {TEXTOS_SALA.admitir}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
