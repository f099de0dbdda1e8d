import { TEXTOS_PACIENTES } from '@miduelo/shared/pacientes';
import { createFileRoute } from '@tanstack/react-router';
import { ListaPacientes } from '@/features/pacientes/components/lista-pacientes';
import { requerirSesion } from '@/lib/guards';
import { PaginaApp } from './-components/pagina-app';

export const Route = createFileRoute('/lista-pacientes-del-psicologo')({
  staticData: { titulo: 'Pacientes' },
  beforeLoad: requerirSesion,
  component: Pagina,
});

function Pagina() {
  return (
    <PaginaApp titulo={TEXTOS_PACIENTES.listadoTitulo} descripcion="Las personas que acompañas y el acceso a su expediente.">
      <ListaPacientes />
    </PaginaApp>
  );
}
