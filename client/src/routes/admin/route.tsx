import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requerirAdmin } from '@/lib/guards';

// Every /admin/* screen is for administrators (spec 2 §2).
export const Route = createFileRoute('/admin')({
  beforeLoad: requerirAdmin,
  component: Outlet,
});
