import { Link, type LinkProps, useRouterState } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { cx } from '@/lib/cx';
import { Logo } from './logo';

export interface EnlaceBarra {
  to: LinkProps['to'];
  etiqueta: string;
  exacto?: boolean;
  /** A count shown beside the label (the Chat item's unread messages). */
  insignia?: number;
  /** What the count is, for screen readers (default 'sin leer'). */
  textoInsignia?: string;
}

interface BarraProps {
  etiqueta: string;
  enlaces: EnlaceBarra[];
  /** Account actions on the right (login/register, logout, profile menu). */
  derecha: ReactNode;
  inicio?: '/' | '/agenda' | '/admin/psicologos';
}

const enlaceClases = cx(
  'rounded-lg px-3 font-medium text-tinta-700 transition-colors hover:bg-arena-100 hover:text-tinta-900',
  'data-[status=active]:bg-salvia-50 data-[status=active]:text-salvia-800',
);

/** Top bar shared by the three shells; collapses into a menu below 1024 px. */
export function Barra({ etiqueta, enlaces, derecha, inicio }: BarraProps) {
  const [abierto, setAbierto] = useState(false);
  const ruta = useRouterState({ select: (s) => s.location.pathname });
  const [rutaAbierta, setRutaAbierta] = useState(ruta);
  if (ruta !== rutaAbierta) {
    // Navigating closes the phone menu.
    setRutaAbierta(ruta);
    setAbierto(false);
  }
  useEffect(() => {
    if (!abierto) return;
    const alTeclear = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setAbierto(false);
    };
    window.addEventListener('keydown', alTeclear);
    return () => window.removeEventListener('keydown', alTeclear);
  }, [abierto]);

  const lista = (vertical: boolean) =>
    enlaces.map((e) => (
      <li key={e.etiqueta}>
        <Link
          to={e.to}
          activeOptions={{ exact: e.exacto ?? false }}
          className={cx(enlaceClases, vertical ? 'block py-3 text-base' : 'py-2 text-sm')}
        >
          {e.etiqueta}
          {e.insignia ? (
            <span
              data-no-leidos-total={e.textoInsignia ? undefined : e.insignia}
              data-insignia={e.insignia}
              className="ml-1.5 rounded-full bg-terracota-500 px-1.5 py-0.5 text-xs font-bold text-white"
            >
              {e.insignia}
              <span className="sr-only"> {e.textoInsignia ?? 'sin leer'}</span>
            </span>
          ) : null}
        </Link>
      </li>
    ));

  return (
    <header className="sticky top-0 z-30 border-b border-arena-200 bg-crema/90 backdrop-blur supports-backdrop-filter:bg-crema/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <Logo to={inicio} />
        <nav aria-label={etiqueta} className="hidden lg:block">
          <ul className="flex items-center gap-1">{lista(false)}</ul>
        </nav>
        <div className="ml-auto hidden items-center gap-2 lg:flex">{derecha}</div>
        <button
          type="button"
          className="ml-auto flex size-10 cursor-pointer items-center justify-center rounded-lg text-tinta-700 hover:bg-arena-100 lg:hidden"
          aria-expanded={abierto}
          aria-controls="menu-movil"
          aria-label={abierto ? 'Cerrar menú' : 'Abrir menú'}
          onClick={() => setAbierto((a) => !a)}
        >
          {abierto ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
      </div>
      {abierto ? (
        <div id="menu-movil" className="border-t border-arena-200 bg-crema px-4 pt-2 pb-5 shadow-suave lg:hidden">
          <nav aria-label={etiqueta}>
            <ul className="flex flex-col">{lista(true)}</ul>
          </nav>
          <div className="mt-3 flex flex-col gap-2 border-t border-arena-200 pt-4">{derecha}</div>
        </div>
      ) : null}
    </header>
  );
}
