import { createRootRoute, Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Encabezado } from './-components/barras';
import { CapasDiferidas } from './-components/capas-diferidas';
import { Pie } from './-components/pie';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Document title of the screen. */
    titulo?: string;
  }
}

function TituloDocumento() {
  const titulo = useRouterState({
    select: (s) => [...s.matches].reverse().find((m) => m.staticData?.titulo)?.staticData.titulo,
  });
  useEffect(() => {
    document.title = titulo ? `${titulo} · MiDuelo` : 'MiDuelo · Acompañamiento profesional en el duelo';
  }, [titulo]);
  return null;
}

function Shell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only z-50 rounded-lg bg-salvia-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Saltar al contenido principal
      </a>
      <Encabezado />
      <main id="contenido" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Pie />
      <CapasDiferidas />
      <TituloDocumento />
    </div>
  );
}

export const Route = createRootRoute({
  component: Shell,
  // Any unknown path goes to the home page (spec 1 §2).
  notFoundComponent: () => <Navigate to="/" replace />,
});
