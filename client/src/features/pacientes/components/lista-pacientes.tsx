import { TEXTOS_PERDIDA } from '@miduelo/shared/pacientes-aniversario';
import { nombreCompleto } from '@miduelo/shared/nombres';
import { TEXTOS_PACIENTES } from '@miduelo/shared/pacientes';
import { AplicacionEventoSchema } from '@miduelo/shared/realtime-expediente';
import { useNavigate } from '@tanstack/react-router';
import { AlertTriangle, Eye, Flower2, Trash2, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Cargando } from '@/components/ui/spinner';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { usePacientesEnVivo } from '@/lib/use-pacientes-en-vivo';
import { CodigoVinculacion } from './codigo-vinculacion';

/** 'Listado de Pacientes' (spec 1 §2): ID, names, email and actions; a row or Ver opens the file. */
export function ListaPacientes() {
  const navigate = useNavigate();
  // Live like every list (decision 060), new and reassigned patients included (decision 266).
  // Spec 1 §6, §8: a failed list (a 401 included) is only logged and stays empty.
  const { items, cargada, error, aplicar } = usePacientesEnVivo((e) => console.warn(TEXTOS_PACIENTES.errorLista, e));
  // The risk flag (decision 104) changes when a test is applied to a patient, from any tab; only
  // this screen shows it (the agenda's select does not carry the event's schema in its bundle).
  useEventoSocket('expediente:aplicacion', AplicacionEventoSchema, (e) => {
    const p = items.find((x) => x.id_paciente === e.id_paciente);
    if (p && p.riesgo !== e.riesgo_paciente) aplicar({ tipo: 'guardado', item: { ...p, riesgo: e.riesgo_paciente } });
  });
  const pacientes = cargada || error ? items : null;

  const abrir = (id: number) => void navigate({ to: '/paciente/$id', params: { id: String(id) } });

  return (
    <div className="flex flex-col gap-6">
      <CodigoVinculacion />
      {pacientes === null ? (
        <Cargando texto="Cargando pacientes..." />
      ) : pacientes.length === 0 ? (
        <EmptyState
          icono={Users}
          titulo={TEXTOS_PACIENTES.vacio}
          texto="Cuando un paciente se registre en la app con tu código de vinculación aparecerá aquí."
        />
      ) : (
        <>
          {/* On a phone the six columns do not fit: the table scrolled sideways and hid the email
            and the actions. Each patient is a card there, with the same Ver and Eliminar. */}
          <ul className="flex flex-col gap-3 sm:hidden" aria-label={TEXTOS_PACIENTES.listadoTitulo}>
            {pacientes.map((p) => (
              <li key={p.id_paciente}>
                <Card className="flex flex-col gap-3 p-4">
                  <div className="min-w-0">
                    <p className="font-medium text-tinta-900">
                      {nombreCompleto(p)} {p.riesgo ? <Riesgo /> : null}
                      {p.aniversario ? <Aniversario motivo={p.aniversario} /> : null}
                    </p>
                    <p className="truncate text-sm text-tinta-600">{p.email}</p>
                    <p className="text-xs text-tinta-500 tabular-nums">ID: {p.id_paciente}</p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variante="suave"
                      tamano="sm"
                      className="flex-1"
                      aria-label={`Ver expediente de ${p.nombre} ${p.apellido_paterno}`}
                      onClick={() => abrir(p.id_paciente)}
                    >
                      <Eye className="size-4" aria-hidden /> Ver
                    </Button>
                    <span title={TEXTOS_PACIENTES.eliminarDeshabilitado} className="flex flex-1">
                      <Button variante="secundario" tamano="sm" className="w-full" disabled>
                        <Trash2 className="size-4" aria-hidden /> Eliminar
                      </Button>
                    </span>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Card className="hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[44rem] text-sm">
              <caption className="sr-only">{TEXTOS_PACIENTES.listadoTitulo}</caption>
              <thead className="border-b border-arena-200 bg-arena-50 text-left text-tinta-600">
                <tr>
                  {['ID', 'Nombre', 'Apellido Paterno', 'Apellido Materno', 'Correo'].map((c) => (
                    <th key={c} scope="col" className="px-4 py-3 font-medium">
                      {c}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Acciones
                  </th>
                </tr>
              </thead>
              <tbody>
                {pacientes.map((p) => (
                  <tr
                    key={p.id_paciente}
                    onClick={() => abrir(p.id_paciente)}
                    className="cursor-pointer border-b border-arena-100 last:border-0 hover:bg-salvia-50/60"
                  >
                    <td className="px-4 py-3 text-tinta-500 tabular-nums">{p.id_paciente}</td>
                    <td className="px-4 py-3 font-medium text-tinta-900">
                      {p.nombre} {p.riesgo ? <Riesgo /> : null}
                      {p.aniversario ? <Aniversario motivo={p.aniversario} /> : null}
                    </td>
                    <td className="px-4 py-3">{p.apellido_paterno}</td>
                    <td className="px-4 py-3">{p.apellido_materno ?? '—'}</td>
                    <td className="px-4 py-3 text-tinta-600">{p.email}</td>
                    <td className="px-4 py-2">
                      <div className="flex justify-end gap-2">
                        <Button
                          variante="suave"
                          tamano="sm"
                          aria-label={`Ver expediente de ${p.nombre} ${p.apellido_paterno}`}
                          onClick={(e) => {
                            e.stopPropagation();
                            abrir(p.id_paciente);
                          }}
                        >
                          <Eye className="size-4" aria-hidden /> Ver
                        </Button>
                        {/* Deleting a patient is disabled for psychologists (spec 1 §6). */}
                        <span title={TEXTOS_PACIENTES.eliminarDeshabilitado}>
                          <Button variante="secundario" tamano="sm" disabled onClick={(e) => e.stopPropagation()}>
                            <Trash2 className="size-4" aria-hidden /> Eliminar
                          </Button>
                        </span>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        </>
      )}
    </div>
  );
}

/** The risk flag of a row (decision 104). */
function Riesgo() {
  return (
    <span
      title={TEXTOS_PACIENTES.riesgo}
      className="ml-1 inline-flex items-center gap-1 rounded-full border border-cancelada-borde bg-peligro-50 px-2 py-0.5 align-middle text-xs font-semibold text-peligro-700"
    >
      <AlertTriangle className="size-3.5" aria-hidden /> {TEXTOS_PACIENTES.riesgoFila}
    </span>
  );
}

/** Anniversary awareness (decision 128): the loss's anniversary or Día de Muertos is near. */
function Aniversario({ motivo }: { motivo: 'aniversario' | 'dia_de_muertos' }) {
  const texto = motivo === 'aniversario' ? TEXTOS_PERDIDA.marcaAniversario : TEXTOS_PERDIDA.marcaMuertos;
  return (
    <span
      title={texto}
      data-aniversario={motivo}
      className="ml-1 inline-flex items-center gap-1 rounded-full border border-salvia-200 bg-salvia-50 px-2 py-0.5 align-middle text-xs font-medium text-salvia-800"
    >
      <Flower2 className="size-3.5" aria-hidden /> {motivo === 'aniversario' ? 'Aniversario' : 'Día de Muertos'}
      <span className="sr-only">: {texto}</span>
    </span>
  );
}
