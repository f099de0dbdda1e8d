import { Link } from '@tanstack/react-router';
import { LifeBuoy } from 'lucide-react';
import { SECCIONES_DUELO } from './articulo-duelo';

/** Side column of the article: contents and where to find help. */
export function IndiceArticulo() {
  return (
    <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
      <nav aria-label="En esta página" className="hidden rounded-2xl border border-arena-200 bg-papel p-5 lg:block">
        <p className="text-xs font-semibold tracking-wide text-tinta-500 uppercase">En esta página</p>
        <ul className="mt-3 space-y-2 text-sm">
          {SECCIONES_DUELO.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-tinta-700 hover:text-salvia-700 hover:underline">
                {s.titulo}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="rounded-2xl bg-salvia-700 p-5 text-salvia-50">
        <LifeBuoy className="size-6 text-salvia-200" aria-hidden />
        <p className="mt-3 font-serif text-lg font-semibold text-white">¿Necesitas hablar con alguien?</p>
        <p className="mt-1 text-sm text-salvia-100">
          La Línea de la Vida atiende gratis, las 24 horas, en el{' '}
          <a href="tel:8009112000" className="font-semibold text-white underline underline-offset-4">
            800 911 2000
          </a>
          .
        </p>
        <Link to="/contactos-de-apoyo" className="mt-4 inline-block text-sm font-semibold text-white underline underline-offset-4">
          Ver todos los contactos de apoyo
        </Link>
      </div>
    </aside>
  );
}
