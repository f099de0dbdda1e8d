import { Link } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { botonClases, Button } from '@/components/ui/button';
import { useInvitacionesPendientes } from '@/lib/invitaciones-pendientes';
import { totalNoLeidos, useNoLeidos } from '@/lib/no-leidos';
import { iniciales } from '@/lib/iniciales';
import { cerrarSesion, type UsuarioWeb, useSession } from '@/lib/session';
import { useAvisosEnSala } from '@/nucleo/sala/avisos-estado';
import { Barra } from './barra';

function BarraPublica() {
  return (
    <Barra
      etiqueta="Principal"
      enlaces={[
        { to: '/', etiqueta: '¿Qué es MiDuelo?', exacto: true },
        { to: '/duelo-y-perdida', etiqueta: 'Duelo y pérdida' },
        { to: '/contactos-de-apoyo', etiqueta: 'Contactos de apoyo' },
      ]}
      derecha={
        <>
          <Link to="/iniciar-sesion" className={botonClases('fantasma', 'md')}>
            Iniciar sesión
          </Link>
          <Link to="/registro" className={botonClases('primario', 'md')}>
            Registrarse
          </Link>
        </>
      }
    />
  );
}

const AlimentarNoLeidos = lazy(() => import('./alimentar-no-leidos'));
const AlimentarForos = lazy(() => import('./alimentar-foros'));
const AvisosPsicologo = lazy(() => import('./avisos-psicologo'));
// Administrators only (issue 55): open crisis alerts, fed live, on every screen.
const AvisoAlertasCrisis = lazy(() => import('@/features/supervision/components/aviso-alertas-crisis'));

function BarraPsicologo({ usuario }: { usuario: UsuarioWeb }) {
  const noLeidos = useNoLeidos(totalNoLeidos);
  const invitaciones = useInvitacionesPendientes((s) => s.pendientes);
  // Patients waiting in an online-session room (issue 54; the notice under the bar names them).
  const enEspera = useAvisosEnSala().filter((a) => a.esperando).length;
  return (
    <>
      <Suspense fallback={null}>
        <AlimentarNoLeidos lado="psicologo" />
        <AlimentarForos />
      </Suspense>
      <Barra
        etiqueta="Espacio de trabajo"
        inicio="/agenda"
        enlaces={[
          { to: '/agenda', etiqueta: 'Agenda', insignia: enEspera, textoInsignia: 'en la sala de espera' },
          { to: '/lista-pacientes-del-psicologo', etiqueta: 'Pacientes' },
          { to: '/chat-pacientes-del-psicologo', etiqueta: 'Chat', insignia: noLeidos },
          { to: '/actividades-globales', etiqueta: 'Actividades' },
          { to: '/foros', etiqueta: 'Foros', insignia: invitaciones, textoInsignia: 'invitaciones pendientes' },
        ]}
        derecha={
          <>
            <Link
              to="/configuracion-perfil"
              className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-tinta-700 hover:bg-arena-100"
              title="Configuración del perfil"
            >
              <span className="flex size-8 items-center justify-center rounded-full bg-salvia-100 text-xs font-semibold text-salvia-800">
                {iniciales(usuario.nombre, usuario.apellido)}
              </span>
              <span className="max-w-40 truncate">{usuario.nombre}</span>
            </Link>
            <Button variante="secundario" tamano="sm" onClick={() => void cerrarSesion()}>
              <LogOut className="size-4" aria-hidden />
              Cerrar sesión
            </Button>
          </>
        }
      />
      <Suspense fallback={null}>
        <AvisosPsicologo />
      </Suspense>
    </>
  );
}

// The administrator's menu (Radix menu with floating-ui) is fetched only for administrators.
const MenuAdmin = lazy(() => import('./menu-admin').then((m) => ({ default: m.MenuAdmin })));

function MenuAdminCargando({ usuario }: { usuario: UsuarioWeb }) {
  return (
    <span className="flex items-center gap-2.5 py-1 pr-2 pl-1">
      <span className="flex size-9 items-center justify-center rounded-full bg-terracota-100 text-sm font-semibold text-terracota-700">
        {iniciales(usuario.nombre, usuario.apellido) || 'A'}
      </span>
    </span>
  );
}

function BarraAdmin({ usuario }: { usuario: UsuarioWeb }) {
  const noLeidos = useNoLeidos(totalNoLeidos);
  return (
    <>
      <Suspense fallback={null}>
        <AlimentarNoLeidos lado="admin" />
      </Suspense>
      <Barra
        etiqueta="Administración"
        inicio="/admin/psicologos"
        enlaces={[
          { to: '/admin/dashboard', etiqueta: 'Panel' },
          { to: '/admin/psicologos', etiqueta: 'Psicólogos' },
          { to: '/admin/pacientes', etiqueta: 'Pacientes' },
          { to: '/admin/chat', etiqueta: 'Chat', insignia: noLeidos },
          { to: '/admin/supervision', etiqueta: 'Supervisión' },
          { to: '/admin/derechos', etiqueta: 'Derechos ARCO' },
          { to: '/admin/auditoria', etiqueta: 'Bitácora' },
        ]}
        derecha={
          <Suspense fallback={<MenuAdminCargando usuario={usuario} />}>
            <MenuAdmin usuario={usuario} />
          </Suspense>
        }
      />
      <Suspense fallback={null}>
        <AvisoAlertasCrisis />
      </Suspense>
    </>
  );
}

/** The shell's top bar: visitors, psychologists or administrators (spec 2 §2, Shell). */
export function Encabezado() {
  const usuario = useSession((s) => s.usuario);
  if (!usuario) return <BarraPublica />;
  return usuario.rol_admin ? <BarraAdmin usuario={usuario} /> : <BarraPsicologo usuario={usuario} />;
}
