import { createFileRoute } from '@tanstack/react-router';
import { ArticuloDuelo } from '@/features/contenido/components/articulo-duelo';
import { IndiceArticulo } from '@/features/contenido/components/indice-articulo';
import { PaginaContenido } from './-components/pagina-contenido';

export const Route = createFileRoute('/duelo-y-perdida')({
  staticData: { titulo: 'Duelo y pérdida' },
  component: () => (
    <PaginaContenido
      titulo="Duelo y pérdida"
      entradilla="Una guía para entender lo que se vive tras una pérdida y saber cuándo y cómo pedir ayuda."
    >
      <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ArticuloDuelo />
        <IndiceArticulo />
      </div>
    </PaginaContenido>
  ),
});
