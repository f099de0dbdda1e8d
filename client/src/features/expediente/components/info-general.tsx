import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { ETIQUETA_ESTADO } from '@miduelo/shared/agenda';
import { yaPaso } from '@miduelo/shared/agenda-tiempo';
import { edadEnAnios, formatoFecha } from '@miduelo/shared/fechas';
import { nombreCompleto } from '@miduelo/shared/nombres';
import { type Paciente, TEXTOS_PACIENTES, textoEdad } from '@miduelo/shared/pacientes';
import { EventoCreadoSchema } from '@miduelo/shared/realtime-chat';
import { CitaCambioSchema } from '@miduelo/shared/realtime-agenda';
import { Link } from '@tanstack/react-router';
import { CalendarCheck, CalendarPlus, CalendarX2, Clock, History, MapPin, MessageCircle, MessageCirclePlus, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BadgeEstadoCita } from '@/components/ui/badge';
import { Button, botonClases } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ahoraClinica, fechaCorta, fechaLarga, hoyClinica } from '@/lib/format';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { crearChat, verificarChat } from '@/api/chat';
import { consentimientoDePaciente } from '@/api/cuentas-perfil';
import { obtenerProximaCita } from '@/api/pacientes';
import { Perdida } from './perdida';

/** Información General (spec 1 §2, patient info panel). */
export function InfoGeneral({
  paciente,
  onVerHistorial,
  onPacienteActualizado,
}: {
  paciente: Paciente;
  onVerHistorial: () => void;
  onPacienteActualizado: (p: Paciente) => void;
}) {
  return (
    <div className="grid gap-5 lg:grid-cols-3">
      <DatosPersonales paciente={paciente} onPacienteActualizado={onPacienteActualizado} />
      <ProximaCita idPaciente={paciente.id_paciente} />
      <AccionesRapidas idPaciente={paciente.id_paciente} onVerHistorial={onVerHistorial} />
    </div>
  );
}

function Tarjeta({ titulo, children, className }: { titulo: string; children: React.ReactNode; className?: string }) {
  return (
    <Card className={`min-w-0 p-5 ${className ?? ''}`}>
      <h2 className="mb-4 font-sans text-base font-semibold text-tinta-900">{titulo}</h2>
      {children}
    </Card>
  );
}

function DatosPersonales({ paciente, onPacienteActualizado }: { paciente: Paciente; onPacienteActualizado: (p: Paciente) => void }) {
  const edad = edadEnAnios(paciente.fecha_nacimiento, hoyClinica());
  const filas: Array<[string, string]> = [
    ['Nombre completo', nombreCompleto(paciente)],
    ['Edad', `${textoEdad(edad)} (${formatoFecha(paciente.fecha_nacimiento)})`],
    ['Correo', paciente.email],
    ['Teléfono', paciente.telefono?.trim() ? paciente.telefono : TEXTOS_PACIENTES.noRegistrado],
    ['ID del paciente', String(paciente.id_paciente)],
  ];
  return (
    <Tarjeta titulo={TEXTOS_PACIENTES.infoPersonal}>
      <dl className="flex flex-col gap-3 text-sm">
        {filas.map(([t, d]) => (
          <div key={t}>
            <dt className="text-tinta-500">{t}</dt>
            <dd className="font-medium wrap-anywhere text-tinta-900">{d}</dd>
          </div>
        ))}
      </dl>
      <Perdida paciente={paciente} onGuardado={onPacienteActualizado} />
      <Consentimiento idPaciente={paciente.id_paciente} />
    </Tarjeta>
  );
}

/** Consent to the privacy notice and the informed-consent letter, with version and date (decision 146). */
function Consentimiento({ idPaciente }: { idPaciente: number }) {
  const { data } = useLiveResource({ fetch: (signal) => consentimientoDePaciente(idPaciente, signal), deps: [idPaciente], vigilar: false });
  if (!data) return null;
  return (
    <div className="mt-4 border-t border-arena-200 pt-3" data-consentimiento>
      <h3 className="mb-2 text-sm font-semibold text-tinta-900">Consentimiento</h3>
      <ul className="flex flex-col gap-1.5 text-sm">
        {data.map((c) => (
          <li key={c.tipo} className="flex flex-wrap items-baseline justify-between gap-x-2">
            <span className="text-tinta-700">{c.titulo}</span>
            {c.al_dia ? (
              <span className="text-exito-700">
                Aceptado (v{c.version_aceptada}
                {c.aceptado_en ? `, ${fechaCorta(c.aceptado_en)}` : ''})
              </span>
            ) : (
              <span className="text-aviso-700">
                {c.version_aceptada ? `Pendiente: aceptó v${c.version_aceptada}, vigente v${c.version_vigente}` : 'Sin aceptar'}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The next appointment, kept live: any change to this patient's appointments reloads it. */
function ProximaCita({ idPaciente }: { idPaciente: number }) {
  const { data, error, cargando, recargar } = useLiveResource({
    fetch: (signal) => obtenerProximaCita(idPaciente, signal),
    deps: [idPaciente],
  });
  // Any change to one of this patient's appointments may change which one is next.
  useEventoSocket('cita:cambio', CitaCambioSchema, (e) => {
    if (e.cita.id_paciente === idPaciente) recargar();
  });

  const cita = data ?? null;
  // "Next" is one that has not ended (the server's rule): once the shown session's end passes in the
  // clinic's zone, the one after it (or none) is read — no event says so. Checked as each minute
  // turns (a minute turns at the same instant in every zone the clinic can be in).
  useEffect(() => {
    if (!cita) return;
    let t = 0;
    const alCambiarMinuto = () => {
      if (yaPaso(cita.fecha, cita.hora_fin, ahoraClinica())) recargar();
      else t = window.setTimeout(alCambiarMinuto, 60_000 - (Date.now() % 60_000));
    };
    t = window.setTimeout(alCambiarMinuto, 60_000 - (Date.now() % 60_000));
    return () => window.clearTimeout(t);
  }, [cita, recargar]);
  return (
    <Tarjeta titulo={TEXTOS_PACIENTES.proximaCita}>
      {cargando && data === undefined ? (
        <div className="flex justify-center py-6 text-salvia-500">
          <Spinner className="size-6" etiqueta="Cargando la próxima cita" />
        </div>
      ) : error && data === undefined ? (
        // A failed load must not read as "no appointment": the patient may well have one.
        <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center">
          <CalendarX2 className="size-8 text-peligro-600" aria-hidden />
          <p className="text-sm text-tinta-700">{TEXTOS_PACIENTES.errorProximaCita}</p>
          <Button variante="secundario" tamano="sm" onClick={recargar}>
            {TEXTOS_PACIENTES.reintentar}
          </Button>
        </div>
      ) : cita ? (
        <div className="flex flex-col gap-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-tinta-900 first-letter:uppercase">{fechaLarga(cita.fecha)}</p>
            <BadgeEstadoCita estado={cita.estado} />
          </div>
          <p className="flex items-center gap-2 text-tinta-700">
            <Clock className="size-4 text-tinta-500" aria-hidden /> {cita.hora_inicio} – {cita.hora_fin}
          </p>
          <p className="flex items-center gap-2 text-tinta-700">
            {cita.modalidad === 'En línea' ? (
              <Video className="size-4 text-tinta-500" aria-hidden />
            ) : (
              <MapPin className="size-4 text-tinta-500" aria-hidden />
            )}
            {cita.modalidad}
          </p>
          {cita.notas ? (
            <p className="rounded-lg bg-arena-50 px-3 py-2 text-tinta-700 wrap-anywhere whitespace-pre-line">{cita.notas}</p>
          ) : null}
          <p className="sr-only">Estado: {ETIQUETA_ESTADO[cita.estado]}</p>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <CalendarCheck className="size-8 text-tinta-400" aria-hidden />
          <p className="text-sm text-tinta-600">{TEXTOS_PACIENTES.sinCita}</p>
          <Link to="/agenda" search={{ paciente: idPaciente }} className={botonClases('primario', 'sm')}>
            <CalendarPlus className="size-4" aria-hidden /> {TEXTOS_PACIENTES.agendarCita}
          </Link>
        </div>
      )}
    </Tarjeta>
  );
}

type EstadoChat = 'verificando' | 'existe' | 'no-existe' | 'creando' | 'no-disponible';

function AccionesRapidas({ idPaciente, onVerHistorial }: { idPaciente: number; onVerHistorial: () => void }) {
  // Whether the chat exists, kept live: a chat created elsewhere (the chat screen, another tab)
  // turns Crear Chat into Abrir Chat.
  const verificacion = useLiveResource({ fetch: (signal) => verificarChat(idPaciente, signal), deps: [idPaciente] });
  useEventoSocket('chat:creado', EventoCreadoSchema, (e) => {
    if (e.tipo === 'paciente') verificacion.recargar();
  });
  const [creando, setCreando] = useState(false);
  const existe = verificacion.data?.existe;
  // Without the chat endpoint (or on failure) the chat buttons are hidden.
  const chat: EstadoChat = creando
    ? 'creando'
    : existe !== undefined
      ? existe
        ? 'existe'
        : 'no-existe'
      : verificacion.error
        ? 'no-disponible'
        : 'verificando';

  // Crear Chat creates it right here (spec 1 §8: 'Chat creado exitosamente' / 'Error al crear el
  // chat'); the button then becomes Abrir Chat.
  async function crear() {
    setCreando(true);
    try {
      await crearChat(idPaciente);
      verificacion.setData({ existe: true });
      toast.exito(TEXTOS_CHAT.chatCreado);
    } catch (e) {
      // 409: another tab or the chat screen created it meanwhile; it exists all the same.
      if (e instanceof ApiError && e.status === 409) verificacion.setData({ existe: true });
      if (!(e instanceof ApiError && e.sesionCerrada)) toast.error('Error', TEXTOS_CHAT.errorCrearPanel);
    } finally {
      setCreando(false);
    }
  }

  const clase = `${botonClases('secundario', 'md')} w-full justify-start`;
  return (
    <Tarjeta titulo={TEXTOS_PACIENTES.accionesRapidas}>
      <div className="flex flex-col gap-2">
        {chat === 'verificando' ? (
          <Button variante="secundario" disabled className="w-full justify-start">
            <Spinner /> {TEXTOS_PACIENTES.verificandoChat}
          </Button>
        ) : chat === 'existe' ? (
          <Link to="/chat-pacientes-del-psicologo" search={{ paciente: idPaciente }} className={clase}>
            <MessageCircle className="size-4" aria-hidden /> {TEXTOS_PACIENTES.abrirChat}
          </Link>
        ) : chat === 'no-existe' || chat === 'creando' ? (
          <Button variante="secundario" className="w-full justify-start" cargando={chat === 'creando'} onClick={() => void crear()}>
            <MessageCirclePlus className="size-4" aria-hidden /> {TEXTOS_PACIENTES.crearChat}
          </Button>
        ) : null}
        <Link to="/agenda" search={{ paciente: idPaciente }} className={clase}>
          <CalendarPlus className="size-4" aria-hidden /> {TEXTOS_PACIENTES.agendarNuevaCita}
        </Link>
        <Button variante="secundario" className="w-full justify-start" onClick={onVerHistorial}>
          <History className="size-4" aria-hidden /> {TEXTOS_PACIENTES.verHistorial}
        </Button>
      </div>
    </Tarjeta>
  );
}
