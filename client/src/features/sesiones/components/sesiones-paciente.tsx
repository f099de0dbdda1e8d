// The patient file's "Sesiones en línea" (issue 54, decision 362): every room of this patient with
// its psychologist, newest first — the date, when it started and ended, who was present and how it
// ended. No content: nothing of a session is ever kept.
import type { RegistroSesion } from '@miduelo/shared/sesiones-en-linea';
import { Video } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Cargando } from '@/components/ui/spinner';
import { fechaCorta, horaClinica } from '@/lib/format';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { registrosDePaciente } from '@/nucleo/sala/api';

export const TEXTOS_REGISTROS = {
  titulo: 'Sesiones en línea',
  descripcion: 'Cuándo empezó y terminó cada sesión y quién estuvo presente. No se graba ni se guarda su contenido.',
  vacio: 'Aún no hay sesiones en línea con este paciente.',
  error: 'No pudimos cargar las sesiones en línea.',
  cargando: 'Cargando sesiones en línea...',
  columnas: { fecha: 'Fecha', horario: 'Horario', presentes: 'Presentes', termino: 'Terminó' },
  sinIniciar: 'No llegó a empezar',
  enCurso: 'En curso',
  tu: 'Tú',
  nadie: 'Nadie entró',
  porTi: 'Tú la terminaste',
  porHorario: 'Al cerrar el horario',
  desdeChat: 'Desde el chat',
} as const;

const T = TEXTOS_REGISTROS;

function presentes(r: RegistroSesion): string {
  const quienes = [r.entro_psicologo_en ? T.tu : null, r.entro_paciente_en ? r.paciente : null].filter((x): x is string => x !== null);
  return quienes.length === 0 ? T.nadie : quienes.join(' y ');
}

function horario(r: RegistroSesion): string {
  if (!r.iniciada_en) return T.sinIniciar;
  return `${horaClinica(r.iniciada_en)} – ${r.terminada_en ? horaClinica(r.terminada_en) : T.enCurso}`;
}

function termino(r: RegistroSesion): string {
  if (!r.terminada_en) return r.estado === 'en_curso' ? T.enCurso : '—';
  return r.terminada_por === 'ventana' ? T.porHorario : T.porTi;
}

export default function SesionesPaciente({ idPaciente }: { idPaciente: number }) {
  const { data, error, recargar } = useLiveResource<RegistroSesion[]>({ fetch: () => registrosDePaciente(idPaciente), deps: [idPaciente] });
  const registros = data ? [...data].sort((a, b) => b.abre_en.localeCompare(a.abre_en)) : undefined;
  return (
    <section aria-labelledby="sesiones-en-linea-titulo" data-sesiones-en-linea className="mt-8">
      <h2 id="sesiones-en-linea-titulo" className="flex items-center gap-2 font-sans text-lg font-semibold text-tinta-900">
        <Video className="size-5 text-salvia-600" aria-hidden /> {T.titulo}
      </h2>
      <p className="mt-1 mb-4 text-sm text-tinta-600">{T.descripcion}</p>
      {registros === undefined ? (
        error ? (
          <ErrorCarga texto={T.error} onReintentar={recargar} />
        ) : (
          <Cargando texto={T.cargando} />
        )
      ) : registros.length === 0 ? (
        <Card className="px-6 py-8 text-center text-sm text-tinta-600" data-sesiones-vacio>
          {T.vacio}
        </Card>
      ) : (
        <Card className="overflow-hidden p-0">
          <table className="w-full text-left text-sm">
            <thead className="bg-arena-50 text-xs text-tinta-600 uppercase max-sm:sr-only">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  {T.columnas.fecha}
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  {T.columnas.horario}
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  {T.columnas.presentes}
                </th>
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  {T.columnas.termino}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-arena-200">
              {registros.map((r) => (
                <tr
                  key={r.id_sesion}
                  data-registro-sesion={r.id_sesion}
                  className="max-sm:flex max-sm:flex-col max-sm:gap-0.5 max-sm:px-4 max-sm:py-3"
                >
                  <td className="px-4 py-3 font-medium text-tinta-900 max-sm:p-0">
                    {fechaCorta(r.iniciada_en ?? r.abre_en)}
                    {r.id_cita === null ? <span className="ml-2 text-xs font-normal text-tinta-500">{T.desdeChat}</span> : null}
                  </td>
                  <td className="px-4 py-3 tabular-nums text-tinta-800 max-sm:p-0">{horario(r)}</td>
                  <td className="px-4 py-3 text-tinta-800 wrap-anywhere max-sm:p-0">
                    <span className="sm:hidden">{T.columnas.presentes}: </span>
                    {presentes(r)}
                  </td>
                  <td className="px-4 py-3 text-tinta-800 max-sm:p-0">
                    <span className="sm:hidden">{T.columnas.termino}: </span>
                    {termino(r)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}
