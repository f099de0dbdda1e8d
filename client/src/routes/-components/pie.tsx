import { Link } from '@tanstack/react-router';
import { Phone } from 'lucide-react';
import { Logo } from './logo';

const ENLACES = [
  { to: '/aviso-de-privacidad', etiqueta: 'Aviso de privacidad' },
  { to: '/terminos-y-condiciones', etiqueta: 'Términos y condiciones' },
  { to: '/contactos-de-apoyo', etiqueta: 'Contactos de apoyo' },
  { to: '/duelo-y-perdida', etiqueta: 'Duelo y pérdida' },
] as const;

/** The spec's 2025 copyright (spec 1 §shell, spec 2 §shell): the year of publication, not the computer's year. */
const COPYRIGHT = '© 2025 MiDuelo';

export function Pie() {
  return (
    <footer className="mt-auto border-t border-arena-200 bg-papel">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[minmax(0,1fr)_auto]">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm text-tinta-600">Acompañamiento profesional para atravesar el duelo, con calma y con cuidado.</p>
          <p className="mt-4 flex items-start gap-2 text-sm text-tinta-700">
            <Phone className="mt-0.5 size-4 shrink-0 text-terracota-600" aria-hidden />
            <span>
              ¿En crisis? Línea de la Vida{' '}
              <a href="tel:8009112000" className="font-semibold text-salvia-700 hover:underline">
                800 911 2000
              </a>{' '}
              (24 horas) o{' '}
              <a href="tel:911" className="font-semibold text-salvia-700 hover:underline">
                911
              </a>
              .
            </span>
          </p>
        </div>
        <nav aria-label="Información">
          <ul className="grid gap-x-10 gap-y-3 text-sm sm:grid-cols-2">
            {ENLACES.map((e) => (
              <li key={e.to}>
                <Link to={e.to} className="text-tinta-700 hover:text-salvia-700 hover:underline">
                  {e.etiqueta}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-arena-200">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-tinta-500 sm:px-6">{COPYRIGHT}</p>
      </div>
    </footer>
  );
}
