import { Link } from '@tanstack/react-router';

export function Logo({ to = '/' }: { to?: '/' | '/agenda' | '/admin/psicologos' }) {
  return (
    <Link to={to} className="flex shrink-0 items-center gap-2.5 rounded-lg" aria-label="MiDuelo, inicio">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="9" className="fill-salvia-600" />
        <path d="M16 24c-4.5-3.1-8-6-8-10a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 24 14c0 4-3.5 6.9-8 10z" className="fill-crema" />
      </svg>
      <span className="font-serif text-xl font-semibold tracking-tight text-tinta-900">MiDuelo</span>
    </Link>
  );
}
