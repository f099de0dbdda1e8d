import '@fontsource-variable/inter';
import '@fontsource-variable/source-serif-4';
import './styles.css';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configurarNucleoWeb, iniciarSocketWeb } from './lib/nucleo-web';
import { vigilarSesion } from './lib/session';
import { cargarZonaClinica, leerZonaDeLaPagina } from './lib/zona';
import { routeTree } from './routeTree.gen';

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

configurarNucleoWeb();
vigilarSesion();
iniciarSocketWeb();

const raiz = document.getElementById('app');
function pintar() {
  if (!raiz) return;
  createRoot(raiz).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
// The clinic's time zone comes inside index.html (the agenda and the forms judge "today" in it), so the
// first render waits for nothing. Only a page served without it (Vite's dev server) asks the server.
if (leerZonaDeLaPagina()) pintar();
else void cargarZonaClinica().then(pintar);
