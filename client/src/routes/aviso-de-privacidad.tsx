import { createFileRoute } from '@tanstack/react-router';
import { AvisoPrivacidad } from '@/features/contenido/components/aviso-privacidad';
import { PaginaContenido } from './-components/pagina-contenido';

export const Route = createFileRoute('/aviso-de-privacidad')({
  staticData: { titulo: 'Aviso de privacidad' },
  component: () => (
    <PaginaContenido titulo="Aviso de privacidad" entradilla="Cómo cuidamos tus datos personales y tu información de salud.">
      <AvisoPrivacidad />
    </PaginaContenido>
  ),
});
