import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PantallaPerfil } from '@/features/perfil/components/pantalla-perfil';
import { requerirSesion } from '@/lib/guards';
import { PaginaApp } from './-components/pagina-app';

// ?cambio_correo=TOKEN: the link mailed to an administrator's new address.
const Busqueda = v.object({ cambio_correo: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{10,200}$/))) });

export const Route = createFileRoute('/configuracion-perfil')({
  staticData: { titulo: 'Configuración de perfil' },
  validateSearch: (s) => {
    const r = v.safeParse(Busqueda, s);
    return r.success ? r.output : {};
  },
  beforeLoad: requerirSesion,
  component: ConfiguracionPerfil,
});

function ConfiguracionPerfil() {
  const { cambio_correo } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PaginaApp titulo="Configuración de perfil" descripcion="Tus datos de contacto y la seguridad de tu cuenta.">
      <PantallaPerfil cambioCorreo={cambio_correo} alConfirmar={() => void navigate({ search: {}, replace: true })} />
    </PaginaApp>
  );
}
