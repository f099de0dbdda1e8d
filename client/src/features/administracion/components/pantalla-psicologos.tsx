// Spec 2 §2 Admin psychologists: filters, the table with its row colours, the detail modal (with
// the official registry's site), licence validation by the registry or by hand after two
// confirmations, enabling/disabling, and deletion after two confirmations and typing ELIMINAR. Live:
// every administrator's act, a registration, an activation or a contact change reads the list again
// (decision 291).
import { MSG_ADMINISTRACION, URL_REGISTRO_CEDULAS } from '@miduelo/shared/administracion';
import type { PsicologoAdmin } from '@miduelo/shared/administracion-esquemas';
import { AdminCambioSchema } from '@miduelo/shared/realtime-administracion';
import { ExternalLink, Stethoscope, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Cargando } from '@/components/ui/spinner';
import { cambiarEstadoPsicologo, eliminarPsicologo, listarPsicologos, validarCedulaApi, validarCedulaManual } from '@/api/administracion';
import { confirmar } from '@/lib/confirm';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { FILA, nombreDe, normalizar } from '../formato';
import { DialogoEliminar } from './dialogo-eliminar';
import { RegistrarAdminDialog } from './registrar-admin-dialog';
import { type ColumnaAdmin, TablaAdmin } from './tabla-admin';
import { fechaCorta } from '@/lib/format';
import { formatoFecha } from '@miduelo/shared/fechas';

type FiltroEstado = 'todos' | 'activo' | 'inactivo';
type FiltroCedula = 'todos' | 'verificada' | 'no_verificada';

const colorFila = (p: PsicologoAdmin) => (p.status === 'inactivo' ? FILA.roja : p.cedula_validada ? FILA.verde : FILA.amarilla);
const nombre = (p: PsicologoAdmin) => nombreDe(p.nombre, p.apellidoPaterno, p.apellidoMaterno);

const COLUMNAS: ColumnaAdmin<PsicologoAdmin>[] = [
  { titulo: 'ID', clase: 'tabular-nums', valor: (p) => p.id_psicologo },
  { titulo: 'Nombre', clase: 'max-w-52 font-medium [overflow-wrap:anywhere]', valor: nombre },
  { titulo: 'Código', clase: 'font-mono text-xs', valor: (p) => p.codigo_vinculacion },
  { titulo: 'Correo', valor: (p) => <Correo correo={p.correo} /> },
  { titulo: 'Teléfono', clase: 'tabular-nums', valor: (p) => p.telefono },
  { titulo: 'Cédula', clase: 'tabular-nums', valor: (p) => p.cedula },
  {
    titulo: 'Estado cédula',
    valor: (p) => <Badge tono={p.cedula_validada ? 'exito' : 'aviso'}>{p.cedula_validada ? 'Verificada' : 'No verificada'}</Badge>,
  },
  {
    titulo: 'Estado cuenta',
    valor: (p) => <Badge tono={p.status === 'activo' ? 'salvia' : 'peligro'}>{p.status === 'activo' ? 'Activo' : 'Inactivo'}</Badge>,
  },
  { titulo: 'Especialidad', clase: 'max-w-48 [overflow-wrap:anywhere]', valor: (p) => p.especialidad },
  { titulo: 'Registro', clase: 'tabular-nums', valor: (p) => fechaCorta(p.createdAt) },
];

/** An address breaks, if it must, only after its '@' — never inside a part (issue 53); on a
 * phone's card a part longer than the card still wraps rather than overflow. */
function Correo({ correo }: { correo: string }) {
  const arroba = correo.lastIndexOf('@');
  const parte = 'whitespace-nowrap max-md:whitespace-normal max-md:[overflow-wrap:anywhere]';
  if (arroba < 0) return <span className={parte}>{correo}</span>;
  return (
    <span data-correo>
      <span className={parte}>{correo.slice(0, arroba + 1)}</span>
      <wbr />
      <span className={parte}>{correo.slice(arroba + 1)}</span>
    </span>
  );
}

function fallo(err: unknown, titulo: string, respaldo?: string) {
  if (err instanceof ApiError && err.sesionCerrada) return;
  toast.error(titulo, respaldo === undefined ? mensajeDeError(err) : mensajeDeError(err, respaldo));
}

function Dato({ etiqueta, children }: { etiqueta: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-tinta-500 uppercase">{etiqueta}</dt>
      <dd className="text-sm text-tinta-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The account's badges and its details. */
function DatosPsicologo({ p }: { p: PsicologoAdmin }) {
  return (
    <>
      <div className="mb-4 flex flex-wrap gap-2">
        <Badge tono={p.cedula_validada ? 'exito' : 'aviso'}>{p.cedula_validada ? 'Cédula verificada' : 'Cédula no verificada'}</Badge>
        <Badge tono={p.status === 'activo' ? 'salvia' : 'peligro'}>{p.status === 'activo' ? 'Activo' : 'Inactivo'}</Badge>
        {p.rol_admin && <Badge tono="terracota">Administrador</Badge>}
        {!p.activada && <Badge tono="neutro">Sin activar</Badge>}
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Dato etiqueta="Correo">{p.correo}</Dato>
        <Dato etiqueta="Teléfono">{p.telefono}</Dato>
        <Dato etiqueta="Cédula profesional">{p.cedula}</Dato>
        <Dato etiqueta="Especialidad">{p.especialidad}</Dato>
        <Dato etiqueta="Código de vinculación">{p.codigo_vinculacion}</Dato>
        <Dato etiqueta="Pacientes asignados">{p.total_pacientes}</Dato>
        <Dato etiqueta="Fecha de nacimiento">{formatoFecha(p.fecha_nacimiento)}</Dato>
        <Dato etiqueta="Registro">{fechaCorta(p.createdAt)}</Dato>
        <Dato etiqueta="Consultorio">{p.direccionConsultorio ?? '—'}</Dato>
      </dl>
    </>
  );
}

function Detalle({ p, onCerrar, onCambio }: { p: PsicologoAdmin; onCerrar: () => void; onCambio: () => void }) {
  const [ocupado, setOcupado] = useState<string | null>(null);
  const [eliminar, setEliminar] = useState(false);
  // An administrator cannot disable or delete their own account (the server refuses it too).
  const propia = useSession((s) => s.usuario?.id_psicologo) === p.id_psicologo;

  async function porRegistro() {
    setOcupado('api');
    try {
      const r = await validarCedulaApi(p.id_psicologo, p.cedula);
      if (r.valida) toast.exito('Cédula validada', r.mensaje);
      else toast.aviso(MSG_ADMINISTRACION.cedulaNoValidada, r.mensaje);
      onCambio();
    } catch (err) {
      fallo(err, MSG_ADMINISTRACION.errorValidarApi);
    } finally {
      setOcupado(null);
    }
  }

  async function manual() {
    const uno = await confirmar({
      titulo: '¿Validar la cédula manualmente?',
      texto: `Confirma que verificaste la cédula ${p.cedula} de ${nombre(p)} en el registro oficial.`,
      confirmar: 'Sí, continuar',
    });
    if (!uno) return;
    const dos = await confirmar({
      titulo: 'Confirmación final',
      texto: 'La cuenta tendrá acceso completo a la plataforma. Esta acción queda registrada en la bitácora.',
      confirmar: 'Validar cédula',
    });
    if (!dos) return;
    setOcupado('manual');
    try {
      const r = await validarCedulaManual(p.id_psicologo);
      toast.exito(r.msg);
      onCambio();
    } catch (err) {
      if (err instanceof ApiError && err.sesionCerrada) return;
      toast.error(MSG_ADMINISTRACION.errorValidarManual, mensajeDeError(err, MSG_ADMINISTRACION.errorDesconocido));
    } finally {
      setOcupado(null);
    }
  }

  async function estado() {
    const nuevo = p.status === 'activo' ? 'inactivo' : 'activo';
    const si = await confirmar({
      titulo: nuevo === 'inactivo' ? '¿Inhabilitar la cuenta?' : '¿Habilitar la cuenta?',
      texto:
        nuevo === 'inactivo'
          ? `${nombre(p)} no podrá iniciar sesión y sus sesiones abiertas se cerrarán de inmediato.`
          : `${nombre(p)} podrá volver a iniciar sesión.`,
      confirmar: nuevo === 'inactivo' ? 'Inhabilitar' : 'Habilitar',
      peligro: nuevo === 'inactivo',
    });
    if (!si) return;
    setOcupado('estado');
    try {
      const r = await cambiarEstadoPsicologo(p.id_psicologo, nuevo);
      toast.exito(r.msg);
      onCambio();
    } catch (err) {
      fallo(err, MSG_ADMINISTRACION.errorEstadoPsicologo, MSG_ADMINISTRACION.errorEstadoPsicologo);
    } finally {
      setOcupado(null);
    }
  }

  async function pedirEliminar() {
    const si = await confirmar({
      titulo: '¿Eliminar la cuenta?',
      texto: `Eliminar la cuenta de ${nombre(p)} es permanente y no se puede deshacer.`,
      confirmar: 'Continuar',
      peligro: true,
    });
    if (si) setEliminar(true);
  }

  async function eliminarYa() {
    setOcupado('eliminar');
    try {
      const r = await eliminarPsicologo(p.id_psicologo);
      toast.exito(MSG_ADMINISTRACION.cuentaEliminada, r.pacientes_sin_asignar > 0 ? r.msg : undefined);
      setEliminar(false);
      onCerrar();
      onCambio();
    } catch (err) {
      fallo(err, MSG_ADMINISTRACION.errorEliminar, MSG_ADMINISTRACION.errorEliminar);
    } finally {
      setOcupado(null);
    }
  }

  return (
    <>
      <Dialog open onOpenChange={(o) => !o && onCerrar()}>
        <DialogContent titulo={nombre(p)} descripcion={`Psicólogo #${p.id_psicologo}`} ancho="lg">
          <DatosPsicologo p={p} />
          <a
            href={URL_REGISTRO_CEDULAS}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-salvia-700 underline-offset-2 hover:underline"
          >
            Consultar en el Registro Nacional de Profesionistas <ExternalLink className="size-4" aria-hidden />
          </a>
          <DialogFooter className="flex-wrap">
            <Button variante="peligro" onClick={pedirEliminar} cargando={ocupado === 'eliminar'} disabled={!!ocupado || propia}>
              Eliminar
            </Button>
            <Button variante="secundario" onClick={estado} cargando={ocupado === 'estado'} disabled={!!ocupado || propia}>
              {p.status === 'activo' ? 'Inhabilitar cuenta' : 'Habilitar cuenta'}
            </Button>
            <Button variante="secundario" onClick={porRegistro} cargando={ocupado === 'api'} disabled={!!ocupado || p.cedula_validada}>
              Validar con el registro
            </Button>
            <Button onClick={manual} cargando={ocupado === 'manual'} disabled={!!ocupado || p.cedula_validada}>
              Validar manualmente
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <DialogoEliminar
        abierto={eliminar}
        nombre={nombre(p)}
        pacientes={p.total_pacientes}
        eliminando={ocupado === 'eliminar'}
        onCancelar={() => setEliminar(false)}
        onConfirmar={() => void eliminarYa()}
      />
    </>
  );
}

export function PantallaPsicologos() {
  const lista = useLiveResource({ fetch: listarPsicologos });
  // Patients' events too: a row counts its patients (the detail's 'Pacientes asignados').
  useEventoSocket('admin:cambio', AdminCambioSchema, lista.recargar);
  const [texto, setTexto] = useState('');
  const [estado, setEstado] = useState<FiltroEstado>('todos');
  const [cedula, setCedula] = useState<FiltroCedula>('todos');
  const [abierto, setAbierto] = useState<number | null>(null);
  const [registrando, setRegistrando] = useState(false);

  const filas = useMemo(() => {
    const q = normalizar(texto.trim());
    return (lista.data ?? []).filter(
      (p) =>
        (q === '' || normalizar(nombre(p)).includes(q)) &&
        (estado === 'todos' || p.status === estado) &&
        (cedula === 'todos' || (cedula === 'verificada') === p.cedula_validada),
    );
  }, [lista.data, texto, estado, cedula]);
  const detalle = lista.data?.find((p) => p.id_psicologo === abierto) ?? null;

  if (lista.error && !lista.data) return <p className="text-peligro-700">{MSG_ADMINISTRACION.errorCargarPsicologos}</p>;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button variante="secundario" onClick={() => setRegistrando(true)}>
          <UserPlus className="size-4" aria-hidden /> Registrar administrador
        </Button>
      </div>
      <RegistrarAdminDialog abierto={registrando} onCerrar={() => setRegistrando(false)} />
      <Card className="grid gap-3 p-4 sm:grid-cols-3">
        <Field id="filtro-nombre" etiqueta="Buscar por nombre">
          {(control) => (
            <Input {...control} type="search" placeholder="Nombre o apellidos" value={texto} onChange={(e) => setTexto(e.target.value)} />
          )}
        </Field>
        <Field id="filtro-estado" etiqueta="Estado de la cuenta">
          {(control) => (
            <Select
              {...control}
              value={estado}
              onValueChange={(x) => setEstado(x as FiltroEstado)}
              opciones={[
                { valor: 'todos', etiqueta: 'Todos' },
                { valor: 'activo', etiqueta: 'Activo' },
                { valor: 'inactivo', etiqueta: 'Inactivo' },
              ]}
            />
          )}
        </Field>
        <Field id="filtro-cedula" etiqueta="Estado de la cédula">
          {(control) => (
            <Select
              {...control}
              value={cedula}
              onValueChange={(x) => setCedula(x as FiltroCedula)}
              opciones={[
                { valor: 'todos', etiqueta: 'Todas' },
                { valor: 'verificada', etiqueta: 'Verificada' },
                { valor: 'no_verificada', etiqueta: 'No verificada' },
              ]}
            />
          )}
        </Field>
      </Card>
      {lista.cargando && !lista.data ? (
        <Cargando texto="Cargando psicólogos..." />
      ) : filas.length === 0 ? (
        <EmptyState icono={Stethoscope} titulo="Sin resultados" texto="Ningún psicólogo coincide con los filtros." />
      ) : (
        <TablaAdmin
          anchoMinimo="min-w-[1100px]"
          columnas={COLUMNAS}
          filas={filas}
          clave={(p) => p.id_psicologo}
          atributos={(p) => ({ 'data-fila-psicologo': p.id_psicologo, className: colorFila(p) })}
          acciones={(p) => (
            <Button tamano="sm" variante="secundario" onClick={() => setAbierto(p.id_psicologo)} aria-label={`Ver detalle de ${nombre(p)}`}>
              Ver
            </Button>
          )}
        />
      )}
      {detalle && <Detalle p={detalle} onCerrar={() => setAbierto(null)} onCambio={lista.recargar} />}
    </div>
  );
}
