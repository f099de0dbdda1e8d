import { createFileRoute } from '@tanstack/react-router';
import { Terminos } from '@/features/contenido/components/terminos';
import { PaginaContenido } from './-components/pagina-contenido';

export const Route = createFileRoute('/terminos-y-condiciones')({
  staticData: { titulo: 'Términos y condiciones' },
  component: () => (
    <PaginaContenido titulo="Términos y condiciones" entradilla="Las reglas para usar MiDuelo de forma segura y respetuosa.">
      <Terminos />
    </PaginaContenido>
  ),
});
