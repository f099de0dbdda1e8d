import { Link } from '@tanstack/react-router';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect } from 'react';
import { verificarAdmin } from '@/api/cuentas';
import { iniciales } from '@/lib/iniciales';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { cerrarSesion, type UsuarioWeb } from '@/lib/session';

const itemBase =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm outline-none select-none data-highlighted:bg-salvia-50';
const itemClases = `${itemBase} text-tinta-800 data-highlighted:text-salvia-900`;

/** Spec 2 §8: the admin bar verifies the administrator with the server; if that fails, logout. */
function useVerificacionAdmin(idAdmin: number) {
  // Once per administrator signed in: a check, not live data, so not polled.
  const { data, error } = useLiveResource({ fetch: verificarAdmin, vigilar: false, deps: [idAdmin] });
  useEffect(() => {
    if (error) void cerrarSesion();
  }, [error]);
  return data?.admin ?? null;
}

/** The administrator's name and menu in the top bar. */
export function MenuAdmin({ usuario }: { usuario: UsuarioWeb }) {
  const admin = useVerificacionAdmin(usuario.id_psicologo);
  const nombre = admin?.nombre ?? usuario.nombre;
  const apellido = admin?.apellido ?? usuario.apellido;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex cursor-pointer items-center gap-2.5 rounded-xl py-1 pr-2 pl-1 text-left hover:bg-arena-100 focus-visible:outline-2 focus-visible:outline-salvia-500 data-[state=open]:bg-arena-100">
        <span className="flex size-9 items-center justify-center rounded-full bg-terracota-100 text-sm font-semibold text-terracota-700">
          {iniciales(nombre, apellido) || 'A'}
        </span>
        <span className="flex flex-col leading-tight">
          <span className="max-w-40 truncate text-sm font-semibold text-tinta-900">{[nombre, apellido].filter(Boolean).join(' ')}</span>
          <span className="text-xs text-tinta-500">Administrador</span>
        </span>
        <ChevronDown className="size-4 text-tinta-500" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-40 w-60 animate-entrada rounded-xl border border-arena-200 bg-papel p-1.5 shadow-elevada"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-2.5">
            <span className="block text-xs font-semibold tracking-wide text-terracota-600 uppercase">Panel Administrativo</span>
            <span className="block truncate text-sm text-tinta-600">{usuario.correo}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-arena-200" />
          {/* One entry (decision 350): 'Configuración' led to the same profile screen as 'Mi Perfil'. */}
          <DropdownMenu.Item asChild className={itemClases}>
            <Link to="/configuracion-perfil">
              <UserRound className="size-4" aria-hidden /> Mi Perfil
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-arena-200" />
          <DropdownMenu.Item className={`${itemBase} text-peligro-700`} onSelect={() => void cerrarSesion()}>
            <LogOut className="size-4" aria-hidden /> Cerrar Sesión
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
