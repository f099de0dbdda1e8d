// Spec 2 §2 Admin patients: text filter (name, email or id), todos / sin_asignar / asignados / one
// psychologist, the table and its colours, the detail modal, reassignment (the current psychologist
// disabled, only active psychologists with a verified licence) and enabling/disabling. Live: every
// administrator's act, a registration or a contact change reads the lists again (decision 291), and a
// reassignment made from a stale row is refused and shows the row as it is now (decision 292).
import { MSG_ADMINISTRACION } from '@miduelo/shared/administracion';
import type { PacienteAdmin } from '@miduelo/shared/administracion-esquemas';
import { AdminCambioSchema } from '@miduelo/shared/realtime-administracion';
import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Cargando } from '@/components/ui/spinner';
import { cambiarEstadoPaciente, listarPacientes, listarPsicologos, reasignarPaciente } from '@/api/administracion';
import { confirmar } from '@/lib/confirm';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { toast } from '@/lib/toast';
import { FILA, nombreDe, normalizar } from '../formato';
import { type ColumnaAdmin, TablaAdmin } from './tabla-admin';
import { DescargarDatosPaciente } from './descargar-datos-paciente';
import { fechaCorta } from '@/lib/format';
import { formatoFecha } from '@miduelo/shared/fechas';

const colorFila = (p: PacienteAdmin) => (p.status === 'inactivo' ? FILA.roja : p.id_psicologo === null ? FILA.amarilla : FILA.verde);
const nombre = (p: PacienteAdmin) => nombreDe(p.nombre, p.apellido_paterno, p.apellido_materno);
const nombrePsicologo = (p: PacienteAdmin) =>
  p.psicologo ? nombreDe(p.psicologo.nombre, p.psicologo.apellidoPaterno, p.psicologo.apellidoMaterno) : 'Sin asignar';

const COLUMNAS: ColumnaAdmin<PacienteAdmin>[] = [
  { titulo: 'ID', clase: 'tabular-nums', valor: (p) => p.id_paciente },
  { titulo: 'Nombre', clase: 'max-w-52 font-medium [overflow-wrap:anywhere]', valor: nombre },
  { titulo: 'Correo', clase: 'max-w-56 [overflow-wrap:anywhere]', valor: (p) => p.email },
  { titulo: 'Teléfono', clase: 'tabular-nums', valor: (p) => p.telefono },
  {
    titulo: 'Psicólogo asignado',
    clase: 'max-w-52 [overflow-wrap:anywhere]',
    valor: (p) => (p.psicologo ? nombrePsicologo(p) : <Badge tono="aviso">Sin asignar</Badge>),
  },
  {
    titulo: 'Estado',
    valor: (p) => <Badge tono={p.status === 'activo' ? 'salvia' : 'peligro'}>{p.status === 'activo' ? 'Activo' : 'Inactivo'}</Badge>,
  },
  { titulo: 'Registro', clase: 'tabular-nums', valor: (p) => fechaCorta(p.createdAt) },
];

interface Opcion {
  id: number;
  nombre: string;
  elegible: boolean;
}

function Reasignar({
  p,
  psicologos,
  carga,
  onCerrar,
  onHecho,
  onDesactualizado,
}: {
  p: PacienteAdmin;
  psicologos: Opcion[];
  /** The psychologists' list: loaded, or failed (never said as "none eligible"). */
  carga: { lista: boolean; fallo: boolean; reintentar: () => void };
  onCerrar: () => void;
  onHecho: () => void;
  /** The server refused a stale screen: its answer carries the patient as she is now. */
  onDesactualizado: (actual: PacienteAdmin | null) => void;
}) {
  const [elegido, setElegido] = useState<string>('');
  const [guardando, setGuardando] = useState(false);
  const [desactualizado, setDesactualizado] = useState<string | null>(null);
  // The current psychologist stays in the list, disabled (spec 2 §4).
  const elegibles = psicologos.filter((o) => o.elegible || o.id === p.id_psicologo);

  async function guardar() {
    // What this screen shows as her psychologist now: the server refuses the change if it is no longer so.
    const visto = p.id_psicologo;
    if (!elegido) {
      toast.aviso(MSG_ADMINISTRACION.seleccionePsicologo);
      return;
    }
    if (Number(elegido) === p.id_psicologo) {
      toast.info(MSG_ADMINISTRACION.yaAsignado);
      return;
    }
    const destino = psicologos.find((o) => o.id === Number(elegido));
    const si = await confirmar({
      titulo: '¿Reasignar al paciente?',
      texto: MSG_ADMINISTRACION.confirmarReasignacion(nombre(p), destino?.nombre ?? 'La persona elegida'),
      confirmar: 'Sí, reasignar',
    });
    if (!si) return;
    setGuardando(true);
    setDesactualizado(null);
    try {
      const r = await reasignarPaciente(p.id_paciente, Number(elegido), visto);
      // The spec's message stays; how many upcoming sessions were cancelled goes under it (decision 300).
      toast.exito(r.msg, r.citas_canceladas > 0 ? MSG_ADMINISTRACION.citasCanceladasAlReasignar(r.citas_canceladas) : undefined);
      onHecho();
      onCerrar();
    } catch (err) {
      if (err instanceof ApiError && err.sesionCerrada) return;
      if (err instanceof ApiError && err.code === 'REASIGNACION_DESACTUALIZADA') {
        // The dialog stays open on the fresh row ('actualmente: …'), the choice cleared; the reason
        // is said there (it stays), the toast only names the failure.
        setDesactualizado(err.msg ?? MSG_ADMINISTRACION.reasignacionDesactualizada);
        setElegido('');
        onDesactualizado((err.cuerpo as { paciente?: PacienteAdmin | null } | null)?.paciente ?? null);
        toast.error(MSG_ADMINISTRACION.errorReasignar);
        return;
      }
      toast.error(MSG_ADMINISTRACION.errorReasignar, mensajeDeError(err, MSG_ADMINISTRACION.errorReasignar));
    } finally {
      setGuardando(false);
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onCerrar()}>
      <DialogContent titulo="Reasignar paciente" descripcion={`${nombre(p)} · actualmente: ${nombrePsicologo(p)}`}>
        <div className="mb-4 rounded-xl border border-pendiente-borde bg-aviso-50 p-3 text-sm text-aviso-700">
          Solo se puede asignar a un psicólogo activo con cédula verificada. El psicólogo anterior conservará la lectura de su chat con el
          paciente, pero no podrá enviarle mensajes nuevos ni abrir su expediente. Las citas por venir del paciente con el psicólogo
          anterior se cancelarán.
        </div>
        {desactualizado && (
          <p role="alert" className="mb-4 rounded-xl border border-cancelada-borde bg-peligro-50 p-3 text-sm text-peligro-700">
            {desactualizado}
          </p>
        )}
        {!carga.lista ? (
          carga.fallo ? (
            <ErrorCarga texto={MSG_ADMINISTRACION.errorCargarPsicologos} onReintentar={carga.reintentar} className="py-4" />
          ) : (
            <Cargando />
          )
        ) : !elegibles.some((o) => o.id !== p.id_psicologo) ? (
          <p className="text-sm text-tinta-600">No hay psicólogos activos con cédula verificada.</p>
        ) : (
          <Field id="reasignar-psicologo" etiqueta="Nuevo psicólogo">
            {(control) => (
              <Select
                {...control}
                value={elegido}
                onValueChange={setElegido}
                placeholder="Selecciona un psicólogo"
                opciones={elegibles.map((o) => ({
                  valor: String(o.id),
                  etiqueta: o.id === p.id_psicologo ? `${o.nombre} (actual)` : o.nombre,
                  deshabilitada: o.id === p.id_psicologo,
                }))}
              />
            )}
          </Field>
        )}
        <DialogFooter>
          <Button variante="secundario" onClick={onCerrar}>
            Cancelar
          </Button>
          <Button onClick={guardar} cargando={guardando}>
            Reasignar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Detalle({
  p,
  onCerrar,
  onReasignar,
  onCambio,
}: {
  p: PacienteAdmin;
  onCerrar: () => void;
  onReasignar: () => void;
  onCambio: () => void;
}) {
  const [ocupado, setOcupado] = useState(false);
  async function estado() {
    const nuevo = p.status === 'activo' ? 'inactivo' : 'activo';
    const si = await confirmar({
      titulo: nuevo === 'inactivo' ? '¿Deshabilitar la cuenta?' : '¿Habilitar la cuenta?',
      texto:
        nuevo === 'inactivo'
          ? `${nombre(p)} no podrá entrar a la app y su sesión se cerrará.`
          : `${nombre(p)} podrá volver a entrar a la app.`,
      confirmar: nuevo === 'inactivo' ? 'Deshabilitar' : 'Habilitar',
      peligro: nuevo === 'inactivo',
    });
    if (!si) return;
    setOcupado(true);
    try {
      const r = await cambiarEstadoPaciente(p.id_paciente, nuevo);
      toast.exito(r.msg);
      onCambio();
    } catch (err) {
      if (err instanceof ApiError && err.sesionCerrada) return;
      toast.error(MSG_ADMINISTRACION.errorEstadoPaciente, mensajeDeError(err, MSG_ADMINISTRACION.errorEstadoPaciente));
    } finally {
      setOcupado(false);
    }
  }
  return (
    <Dialog open onOpenChange={(o) => !o && onCerrar()}>
      <DialogContent titulo={nombre(p)} descripcion={`Paciente #${p.id_paciente}`}>
        <dl className="grid gap-3 sm:grid-cols-2">
          {[
            ['Correo', p.email],
            ['Teléfono', p.telefono],
            ['Fecha de nacimiento', formatoFecha(p.fecha_nacimiento)],
            ['Registro', fechaCorta(p.createdAt)],
            ['Psicólogo', nombrePsicologo(p)],
            ['Estado', p.status === 'activo' ? 'Activo' : 'Inactivo'],
          ].map(([k, v]) => (
            <div key={k} className="min-w-0">
              <dt className="text-xs font-semibold tracking-wide text-tinta-500 uppercase">{k}</dt>
              <dd className="text-sm [overflow-wrap:anywhere]">{v}</dd>
            </div>
          ))}
        </dl>
        <DialogFooter>
          <DescargarDatosPaciente idPaciente={p.id_paciente} nombre={nombre(p)} />
          <Button variante="secundario" onClick={estado} cargando={ocupado}>
            {p.status === 'activo' ? 'Deshabilitar cuenta' : 'Habilitar cuenta'}
          </Button>
          <Button onClick={onReasignar}>Reasignar</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function PantallaPacientes() {
  const lista = useLiveResource({ fetch: listarPacientes });
  const psicologos = useLiveResource({ fetch: listarPsicologos });
  const [texto, setTexto] = useState('');
  const [filtro, setFiltro] = useState('todos');
  const [detalle, setDetalle] = useState<number | null>(null);
  const [reasignar, setReasignar] = useState<number | null>(null);

  const opciones: Opcion[] = useMemo(
    () =>
      (psicologos.data ?? [])
        .filter((p) => !p.rol_admin)
        .map((p) => ({
          id: p.id_psicologo,
          nombre: nombreDe(p.nombre, p.apellidoPaterno, p.apellidoMaterno),
          elegible: p.status === 'activo' && p.cedula_validada && p.activada,
        })),
    [psicologos.data],
  );

  const filas = useMemo(() => {
    const q = normalizar(texto.trim());
    return (lista.data ?? []).filter((p) => {
      const texto = q === '' || normalizar(nombre(p)).includes(q) || normalizar(p.email).includes(q) || String(p.id_paciente) === q;
      const grupo =
        filtro === 'todos' ||
        (filtro === 'sin_asignar' && p.id_psicologo === null) ||
        (filtro === 'asignados' && p.id_psicologo !== null) ||
        String(p.id_psicologo) === filtro;
      return texto && grupo;
    });
  }, [lista.data, texto, filtro]);

  const recargar = () => {
    lista.recargar();
    psicologos.recargar();
  };
  // Another administrator's act, a registration, a contact change (decision 291): both lists, since
  // a patient's row names her psychologist and a psychologist's eligibility decides the options.
  useEventoSocket('admin:cambio', AdminCambioSchema, recargar);
  const alDesactualizado = (actual: PacienteAdmin | null) => {
    if (actual) lista.setData((filas) => filas?.map((f) => (f.id_paciente === actual.id_paciente ? actual : f)));
    recargar();
  };
  const enDetalle = lista.data?.find((p) => p.id_paciente === detalle) ?? null;
  const aReasignar = lista.data?.find((p) => p.id_paciente === reasignar) ?? null;

  if (lista.error && !lista.data) return <p className="text-peligro-700">{MSG_ADMINISTRACION.errorCargarPacientes}</p>;
  return (
    <div className="flex flex-col gap-4">
      <Card className="grid gap-3 p-4 sm:grid-cols-2">
        <Field id="filtro-paciente" etiqueta="Buscar">
          {(control) => (
            <Input {...control} type="search" placeholder="Nombre, correo o ID" value={texto} onChange={(e) => setTexto(e.target.value)} />
          )}
        </Field>
        <Field id="filtro-asignacion" etiqueta="Asignación">
          {(control) => (
            <Select
              {...control}
              value={filtro}
              onValueChange={setFiltro}
              opciones={[
                { valor: 'todos', etiqueta: 'Todos' },
                { valor: 'sin_asignar', etiqueta: 'Sin asignar' },
                { valor: 'asignados', etiqueta: 'Asignados' },
                ...opciones.map((o) => ({ valor: String(o.id), etiqueta: o.nombre })),
              ]}
            />
          )}
        </Field>
      </Card>
      {lista.cargando && !lista.data ? (
        <Cargando texto="Cargando pacientes..." />
      ) : filas.length === 0 ? (
        <EmptyState icono={Users} titulo="Sin resultados" texto="Ningún paciente coincide con los filtros." />
      ) : (
        <TablaAdmin
          anchoMinimo="min-w-[900px]"
          columnas={COLUMNAS}
          filas={filas}
          clave={(p) => p.id_paciente}
          atributos={(p) => ({ 'data-fila-paciente': p.id_paciente, className: colorFila(p) })}
          acciones={(p) => (
            <>
              <Button
                tamano="sm"
                variante="secundario"
                onClick={() => setDetalle(p.id_paciente)}
                aria-label={`Ver detalle de ${nombre(p)}`}
              >
                Ver
              </Button>
              <Button tamano="sm" onClick={() => setReasignar(p.id_paciente)} aria-label={`Reasignar a ${nombre(p)}`}>
                Reasignar
              </Button>
            </>
          )}
        />
      )}
      {enDetalle && (
        <Detalle
          p={enDetalle}
          onCerrar={() => setDetalle(null)}
          onCambio={recargar}
          onReasignar={() => {
            setDetalle(null);
            setReasignar(enDetalle.id_paciente);
          }}
        />
      )}
      {aReasignar && (
        <Reasignar
          p={aReasignar}
          psicologos={opciones}
          carga={{ lista: psicologos.data !== undefined, fallo: Boolean(psicologos.error), reintentar: psicologos.recargar }}
          onCerrar={() => setReasignar(null)}
          onHecho={recargar}
          onDesactualizado={alDesactualizado}
        />
      )}
    </div>
  );
}
