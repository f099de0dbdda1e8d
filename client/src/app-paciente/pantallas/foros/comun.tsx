import type { Foro } from '@miduelo/shared/foros';
import { TEXTOS_FOROS } from '@miduelo/shared/foros';
import { ArrowLeft, MessageSquare, Users } from 'lucide-react';
import { LineasCrisis } from '../../componentes/crisis';
import { ErrorApi } from '../../lib/api';
import { Enlace } from '../../lib/enrutador';

export const mensajeDe = (e: unknown, defecto: string) => (e instanceof ErrorApi ? e.message : defecto);

export function Volver({ a, texto }: { a: string; texto: string }) {
  return (
    <Enlace a={a} className="-ml-1 mb-2 inline-flex min-h-11 items-center gap-1 text-salvia-700">
      <ArrowLeft aria-hidden className="size-5" /> {texto}
    </Enlace>
  );
}

export function Conteos({ foro }: { foro: Foro }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-tinta-600">
      <span className="inline-flex items-center gap-1">
        <Users aria-hidden className="size-4" /> {foro.total_participantes}{' '}
        {foro.total_participantes === 1 ? 'participante' : 'participantes'}
      </span>
      <span className="inline-flex items-center gap-1">
        <MessageSquare aria-hidden className="size-4" /> {foro.total_temas} {foro.total_temas === 1 ? 'tema' : 'temas'}
      </span>
    </p>
  );
}

export function AvisoCrisis() {
  return (
    <div role="alert" className="mb-4 rounded-2xl border border-terracota-200 bg-terracota-50 p-4">
      <p className="font-semibold text-tinta-900">{TEXTOS_FOROS.crisisTitulo}</p>
      <p className="mb-3 text-tinta-700">{TEXTOS_FOROS.crisisTexto}</p>
      <LineasCrisis />
    </div>
  );
}
