// The patient's app (/app, issue 17): a separate page of the client build with its own small router.
// The site's self-hosted fonts (CSS and woff2 only, no JS; each subset is fetched only when a page
// uses its characters: decision 214).
import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/source-serif-4/wght.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { vigilarBandeja } from './lib/bandeja';
import { vigilarConexion } from './lib/conexion';
import { vigilarPush } from './lib/notificaciones';

vigilarConexion();
vigilarBandeja();
vigilarPush();

const raiz = document.getElementById('app');
if (raiz) {
  createRoot(raiz).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The service worker (precached shell, offline start, push): registered after the first paint,
// never in development.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => undefined);
  });
}
