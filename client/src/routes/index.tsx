import { createFileRoute } from '@tanstack/react-router';
import { Landing } from '@/features/contenido/components/landing';

export const Route = createFileRoute('/')({
  component: Landing,
});
