import { createFileRoute } from '@tanstack/react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { iniciales } from '@/lib/format';
import { requerirSesion } from '@/lib/guards';
import { useSession } from '@/lib/session';
import { PaginaApp } from './-components/pagina-app';

export const Route = createFileRoute('/configuracion-perfil')({
  staticData: { titulo: 'Configuración de perfil' },
  beforeLoad: requerirSesion,
  component: ConfiguracionPerfil,
});

function ConfiguracionPerfil() {
  const usuario = useSession((s) => s.usuario);
  if (!usuario) return null;
  const nombre = [usuario.nombre, usuario.apellido].filter(Boolean).join(' ');
  return (
    <PaginaApp titulo="Configuración de perfil" descripcion="Tus datos de contacto y la seguridad de tu cuenta.">
      <Card className="flex flex-col gap-5 p-6 sm:flex-row sm:items-center">
        <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-salvia-100 font-serif text-2xl font-semibold text-salvia-800">
          {iniciales(usuario.nombre, usuario.apellido)}
        </span>
        <div className="min-w-0">
          <h2 className="truncate font-sans text-xl font-semibold">{nombre}</h2>
          <p className="truncate text-tinta-600">{usuario.correo}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-tinta-500">
            <Badge tono={usuario.rol_admin ? 'terracota' : 'salvia'}>{usuario.rol_admin ? 'Administrador' : 'Psicologo'}</Badge>
            <span>ID {usuario.id_psicologo}</span>
          </div>
        </div>
      </Card>
    </PaginaApp>
  );
}
