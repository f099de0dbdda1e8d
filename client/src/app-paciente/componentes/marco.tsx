import type { ChatPaciente } from '@miduelo/shared/chat-respuestas';
import { CalendarDays, House, MessageCircle, NotebookPen, Settings, Sprout, UsersRound, WifiOff } from 'lucide-react';
import { type ReactNode, useCallback, useEffect } from 'react';
import { misChats } from '../api/chat';
import { guardarCache, leerCache } from '../lib/api';
import { useAlDia, useConexion, useEvento } from '../lib/conexion';
import { Enlace } from '../lib/enrutador';
import { aplicarChats, aplicarConteo, totalNoLeidos, useNoLeidos } from '../lib/no-leidos';
import { sesionActual } from '../lib/sesion';
import { BotonCrisis } from './crisis';

const SECCIONES = [
  { a: '', texto: 'Inicio', Icono: House },
  { a: '/citas', texto: 'Citas', Icono: CalendarDays },
  { a: '/proceso', texto: 'Mi proceso', Icono: Sprout },
  { a: '/chat', texto: 'Mensajes', Icono: MessageCircle },
  { a: '/diario', texto: 'Diario', Icono: NotebookPen },
  { a: '/foros', texto: 'Foros', Icono: UsersRound },
] as const;

/** The phone's copy of her chats: the key of useMisChats, so that Mensajes opens with what the bar read. */
const CLAVE_CHATS = '/chats';

/** Header (crisis lines always one tap away, settings), the offline notice, and the bottom bar. */
export function Marco({ ruta, children }: { ruta: string; children: ReactNode }) {
  const enLinea = useConexion((c) => c.enLinea);
  const total = useNoLeidos(totalNoLeidos);

  const cargarNoLeidos = useCallback(() => {
    const de = sesionActual()?.paciente.id_paciente;
    misChats().then(
      (c) => {
        // An answer that arrives after her session ended is not the next account's.
        if (sesionActual()?.paciente.id_paciente !== de) return;
        guardarCache(CLAVE_CHATS, c);
        aplicarChats(c);
      },
      () => undefined,
    );
  }, []);
  useEffect(() => {
    const guardados = leerCache<ChatPaciente[]>(CLAVE_CHATS);
    if (guardados) aplicarChats(guardados);
    cargarNoLeidos();
  }, [cargarNoLeidos]);
  useAlDia(cargarNoLeidos);
  useEvento('chat:mensaje', (p) => {
    if (p.no_leidos) aplicarConteo(p.mensaje.id_chat, p.no_leidos.mensajes_no_leidos, p.no_leidos.rev);
  });
  useEvento('chat:no-leidos', (p) => aplicarConteo(p.id_chat, p.mensajes_no_leidos, p.rev));
  useEvento('chat:creado', cargarNoLeidos);

  const activa = (a: string) => (a === '' ? ruta === '' : ruta === a || ruta.startsWith(`${a}/`));

  return (
    <div className="mx-auto flex min-h-dvh max-w-xl flex-col">
      <header className="sticky top-0 z-20 flex items-center justify-between gap-3 border-b border-arena-200 bg-crema/95 px-4 py-3 backdrop-blur">
        <Enlace a="" className="font-serif text-xl text-salvia-700">
          MiDuelo
        </Enlace>
        <div className="flex items-center gap-1">
          <BotonCrisis />
          {/* Six sections fill the bottom bar at 360 px: settings live up here (decision 215). */}
          <Enlace
            a="/ajustes"
            aria-label="Ajustes"
            aria-current={activa('/ajustes') ? 'page' : undefined}
            className={`flex size-11 items-center justify-center rounded-full ${
              activa('/ajustes') ? 'bg-salvia-50 text-salvia-700' : 'text-tinta-600 hover:bg-arena-100'
            }`}
          >
            <Settings aria-hidden className="size-6" />
          </Enlace>
        </div>
      </header>
      {!enLinea && (
        <div role="status" className="flex items-start gap-2 bg-arena-100 px-4 py-2 text-sm text-tinta-800">
          <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>Sin conexión. Ves lo último que se cargó en este teléfono; tus mensajes se enviarán cuando vuelva la conexión.</span>
        </div>
      )}
      <main className="flex-1 px-4 pt-4 pb-28">{children}</main>
      <nav
        aria-label="Secciones"
        className="fixed inset-x-0 bottom-0 z-20 border-t border-arena-200 bg-papel/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        <ul className="mx-auto grid max-w-xl" style={{ gridTemplateColumns: `repeat(${SECCIONES.length}, minmax(0, 1fr))` }}>
          {SECCIONES.map(({ a, texto, Icono }) => (
            <li key={texto}>
              <Enlace
                a={a}
                aria-current={activa(a) ? 'page' : undefined}
                className={`relative flex min-h-14 flex-col items-center justify-center gap-0.5 whitespace-nowrap text-xs tracking-tight max-[380px]:text-[0.6875rem] ${
                  activa(a) ? 'font-semibold text-salvia-700' : 'text-tinta-600'
                }`}
              >
                <Icono aria-hidden className="size-6" />
                {texto}
                {a === '/chat' && total > 0 && (
                  <span
                    className="absolute top-1.5 left-1/2 ml-2 min-w-5 rounded-full bg-terracota-600 px-1.5 text-center text-[0.7rem] leading-5 text-white"
                    aria-hidden
                  >
                    {total > 99 ? '99+' : total}
                  </span>
                )}
                {a === '/chat' && total > 0 && <span className="sr-only">{total} sin leer</span>}
              </Enlace>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
