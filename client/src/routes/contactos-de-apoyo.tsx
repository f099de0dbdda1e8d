import { createFileRoute } from '@tanstack/react-router';
import { TriangleExclamationPoint } from 'lucide-react';
import { ListaContactos } from '@/features/contenido/components/lista-contactos';
import { PaginaContenido } from './-components/pagina-contenido';

export const Route = createFileRoute('/contactos-de-apoyo')({
  staticData: { titulo: 'Contactos de apoyo' },
  component: ContactosDeApoyo,
});

function ContactosDeApoyo() {
  return (
    <PaginaContenido
      titulo="Contactos de apoyo"
      entradilla="Líneas de ayuda, centros públicos de salud mental y profesionales que pueden acompañarte."
    >
      <div
        role="note"
        className="mb-12 flex items-start gap-3 rounded-2xl border border-cancelada-borde bg-peligro-50 p-5 text-peligro-700"
      >
        <TriangleExclamationPoint className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p>
          <strong className="font-semibold">Si tu vida o la de alguien más está en peligro, llama al 911.</strong> Las líneas de esta página
          son gratuitas y confidenciales.
        </p>
      </div>
      <ListaContactos />
    </PaginaContenido>
  );
}
