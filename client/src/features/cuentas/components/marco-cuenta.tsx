import { HeartHandshake, ShieldCheck, Sprout } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

interface MarcoCuentaProps {
  titulo: string;
  descripcion?: ReactNode;
  children: ReactNode;
  pie?: ReactNode;
  ancho?: 'sm' | 'lg';
}

const puntos = [
  { icono: HeartHandshake, texto: 'Acompaña a tus pacientes en cada etapa del duelo.' },
  { icono: Sprout, texto: 'Diario emocional, actividades y seguimiento de su progreso.' },
  { icono: ShieldCheck, texto: 'Información clínica confidencial y protegida.' },
];

/** Frame of the account screens: a quiet side panel and the form card. */
export function MarcoCuenta({ titulo, descripcion, children, pie, ancho = 'sm' }: MarcoCuentaProps) {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:py-16">
      <aside className="relative hidden overflow-hidden rounded-2xl bg-salvia-700 p-10 text-salvia-50 lg:flex lg:flex-col lg:justify-between">
        <div aria-hidden className="absolute -top-24 -right-24 size-72 rounded-full bg-salvia-600/60" />
        <div aria-hidden className="absolute -bottom-32 -left-16 size-80 rounded-full bg-salvia-800/60" />
        <div className="relative">
          <p className="font-serif text-3xl leading-tight font-semibold text-white">El duelo no se recorre en soledad.</p>
          <p className="mt-4 text-salvia-100">MiDuelo reúne a psicólogos y pacientes en un mismo espacio, con calma y con cuidado.</p>
        </div>
        <ul className="relative mt-10 space-y-5">
          {puntos.map(({ icono: Icono, texto }) => (
            <li key={texto} className="flex items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-salvia-600">
                <Icono className="size-5 text-white" aria-hidden />
              </span>
              <span className="pt-1.5 text-sm text-salvia-50">{texto}</span>
            </li>
          ))}
        </ul>
      </aside>
      <div className={ancho === 'sm' ? 'mx-auto w-full max-w-md self-center' : 'w-full'}>
        <Card className="p-6 sm:p-9">
          <h1 className="text-3xl font-semibold tracking-tight">{titulo}</h1>
          {descripcion ? <p className="mt-2 text-tinta-600">{descripcion}</p> : null}
          <div className="mt-7">{children}</div>
        </Card>
        {pie ? <div className="mt-6 text-center text-sm text-tinta-600">{pie}</div> : null}
      </div>
    </div>
  );
}
