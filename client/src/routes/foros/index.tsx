import { createFileRoute } from '@tanstack/react-router';
import { ListaForos } from '@/features/foros/components/lista-foros';

export const Route = createFileRoute('/foros/')({
  staticData: { titulo: 'Foros de la Comunidad' },
  component: ListaForos,
});
