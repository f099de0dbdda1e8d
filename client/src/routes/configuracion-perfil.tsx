import { createFileRoute } from '@tanstack/react-router';
import { PantallaPerfil } from '@/features/cuentas-perfil/components/pantalla-perfil';
import { requerirSesion } from '@/lib/guards';
import { PaginaApp } from './-components/pagina-app';

export const Route = createFileRoute('/configuracion-perfil')({
  staticData: { titulo: 'Configuración de perfil' },
  beforeLoad: requerirSesion,
  component: ConfiguracionPerfil,
});

function ConfiguracionPerfil() {
  return (
    <PaginaApp titulo="Configuración de perfil" descripcion="Tus datos de contacto y la seguridad de tu cuenta.">
      <PantallaPerfil />
    </PaginaApp>
  );
}
