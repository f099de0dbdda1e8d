import { createFileRoute } from '@tanstack/react-router';
import { AgendaPantalla } from '@/features/agenda/components/agenda-pantalla';
import { requerirSesion } from '@/lib/guards';
import { busquedaAgenda } from '@/lib/search';
import { useSession } from '@/lib/session';

export const Route = createFileRoute('/agenda')({
  staticData: { titulo: 'Agenda' },
  validateSearch: busquedaAgenda,
  beforeLoad: requerirSesion,
  component: Agenda,
});

function Agenda() {
  const { paciente, semana } = Route.useSearch();
  const navigate = Route.useNavigate();
  const idPsicologo = useSession((s) => s.usuario?.id_psicologo);
  if (!idPsicologo) return null;
  return (
    <AgendaPantalla
      idPsicologo={idPsicologo}
      pacientePreparado={paciente}
      onPacienteAtendido={() => void navigate({ search: (s) => ({ ...s, paciente: undefined }), replace: true })}
      semana={semana}
      onSemana={(lunes) => void navigate({ search: (s) => ({ ...s, semana: lunes }) })}
    />
  );
}
