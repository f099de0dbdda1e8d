import { createFileRoute } from '@tanstack/react-router';
import { AgendaPantalla } from '@/features/agenda/components/agenda-pantalla';
import { requerirSesion } from '@/lib/guards';
import { busquedaPaciente } from '@/lib/search';
import { useSession } from '@/lib/session';

export const Route = createFileRoute('/agenda')({
  staticData: { titulo: 'Agenda' },
  validateSearch: busquedaPaciente,
  beforeLoad: requerirSesion,
  component: Agenda,
});

function Agenda() {
  const { paciente } = Route.useSearch();
  const navigate = Route.useNavigate();
  const idPsicologo = useSession((s) => s.usuario?.id_psicologo);
  if (!idPsicologo) return null;
  return (
    <AgendaPantalla
      idPsicologo={idPsicologo}
      pacientePreparado={paciente}
      onPacienteAtendido={() => void navigate({ search: {}, replace: true })}
    />
  );
}
