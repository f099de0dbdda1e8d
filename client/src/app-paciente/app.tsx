import { lazy, Suspense, useEffect } from 'react';
import { Marco } from './componentes/marco';
import { navegar, useRuta } from './lib/enrutador';
import { registrarRegion, usePantalla } from './lib/pantalla';
import { useSesion } from './lib/sesion';
import { Inicio } from './pantallas/inicio';

// Screens other than Home are fetched when first opened.
const Entrar = lazy(() => import('./pantallas/entrar'));
const Registro = lazy(() => import('./pantallas/registro'));
const Recuperar = lazy(() => import('./pantallas/recuperar'));
const Consentimientos = lazy(() => import('./pantallas/consentimientos'));
const Citas = lazy(() => import('./pantallas/citas'));
const Chats = lazy(() => import('./pantallas/chats'));
const Conversacion = lazy(() => import('./pantallas/conversacion'));
const Ajustes = lazy(() => import('./pantallas/ajustes'));
const Proceso = lazy(() => import('./pantallas/proceso'));
const Actividad = lazy(() => import('./pantallas/actividad'));
const Diario = lazy(() => import('./pantallas/diario'));
const Foros = lazy(() => import('./pantallas/foros'));
const SesionEnLinea = lazy(() => import('./pantallas/sesion'));

const PUBLICAS = new Set(['/entrar', '/registro', '/recuperar']);

function Pantalla({ ruta }: { ruta: string }) {
  if (ruta === '') return <Inicio />;
  if (ruta === '/citas') return <Citas />;
  if (ruta === '/chat') return <Chats />;
  const chat = /^\/chat\/(\d{1,10})$/.exec(ruta);
  if (chat) return <Conversacion idChat={Number(chat[1])} />;
  if (ruta === '/ajustes') return <Ajustes />;
  if (ruta === '/proceso') return <Proceso />;
  const actividad = /^\/proceso\/actividad\/(\d{1,9})$/.exec(ruta);
  if (actividad) return <Actividad key={actividad[1]} id={Number(actividad[1])} />;
  if (ruta === '/diario' || ruta.startsWith('/diario/')) return <Diario ruta={ruta} />;
  if (ruta === '/foros' || ruta.startsWith('/foros/')) return <Foros ruta={ruta} />;
  return <NoEncontrada />;
}

function NoEncontrada() {
  useEffect(() => navegar('', { reemplazar: true }), []);
  return null;
}

function Cargando() {
  return <p className="p-6 text-center text-tinta-500">Cargando…</p>;
}

export function App() {
  const ruta = useRuta();
  usePantalla(ruta);
  return (
    <>
      {/* What she did, read out (decision 345): "Entrada guardada en tu diario." */}
      <p ref={registrarRegion} role="status" aria-live="polite" className="sr-only" />
      <Contenido ruta={ruta} />
    </>
  );
}

function Contenido({ ruta }: { ruta: string }) {
  const sesion = useSesion((s) => s.sesion);
  const publica = PUBLICAS.has(ruta);

  useEffect(() => {
    if (!sesion && !publica) navegar('/entrar', { reemplazar: true });
    if (sesion && publica) navegar('', { reemplazar: true });
  }, [sesion, publica]);

  if (!sesion) {
    if (!publica) return null;
    return (
      <Suspense fallback={<Cargando />}>
        {ruta === '/registro' ? <Registro /> : ruta === '/recuperar' ? <Recuperar /> : <Entrar />}
      </Suspense>
    );
  }
  if (publica) return null;
  // A document changed since the patient accepted it: read and accept it before going on (decision 187).
  if (sesion.pendientes?.length) {
    return (
      <Suspense fallback={<Cargando />}>
        <Consentimientos />
      </Suspense>
    );
  }
  // The online-session room fills the screen: no header nor bottom bar (decision 363).
  const sala = /^\/sesion\/(\d{1,10})$/.exec(ruta);
  if (sala) {
    return (
      <Suspense fallback={<Cargando />}>
        <SesionEnLinea idSesion={Number(sala[1])} />
      </Suspense>
    );
  }
  return (
    <Marco ruta={ruta}>
      <Suspense fallback={<Cargando />}>
        <Pantalla ruta={ruta} />
      </Suspense>
    </Marco>
  );
}
