// The room's state as a calm card over the video (decision 362), and the sentence the live region
// announces when it changes.
import { TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, CheckCircle2, DoorOpen, Loader2, WifiOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { botonClases, Button } from '@/components/ui/button';
import { mostrarError } from '@/nucleo/http';
import type { Sala } from '@/nucleo/sala/use-sala';
import { TEXTOS_SALA_WEB as T } from '../textos';

const esperaAdmision = (s: Sala) => s.estado?.paciente_presente === true && !s.estado.paciente_admitido;

/** What the screen reader hears when the state changes. */
export function anuncioDeSala(s: Sala, nombre: string): string {
  switch (s.fase) {
    case 'entrando':
      return T.entrando;
    case 'error':
      return s.error ?? T.noSePudo;
    case 'esperando':
      return esperaAdmision(s) ? TEXTOS_SALA.pacienteEspera(nombre) : T.esperandoTitulo(nombre);
    case 'conectando':
      return T.conectando(nombre);
    case 'en-curso':
      return T.enCurso(nombre);
    case 'reconectando':
      return s.otroAusenteLargo ? TEXTOS_SALA.otroSeFue(nombre) : TEXTOS_SALA.reconectando;
    case 'terminada':
      return TEXTOS_SALA.terminada;
    case 'fuera':
      return T.fuera;
  }
}

export function BannerSala({ sala, nombre }: { sala: Sala; nombre: string }) {
  const aviso =
    sala.error && sala.fase !== 'error' ? (
      <p
        role="alert"
        className="absolute top-3 left-3 right-36 z-10 flex items-start gap-2 rounded-xl bg-aviso-50 px-3 py-2 text-sm text-aviso-700 sm:right-auto sm:max-w-md"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {sala.error}
      </p>
    ) : null;
  return (
    <>
      {aviso}
      <Contenido sala={sala} nombre={nombre} />
    </>
  );
}

function Contenido({ sala, nombre }: { sala: Sala; nombre: string }) {
  switch (sala.fase) {
    case 'entrando':
      return <Tarjeta icono={<Loader2 className="size-6 animate-spin" aria-hidden />} titulo={T.entrando} />;
    case 'error':
      return (
        <Tarjeta
          icono={<AlertTriangle className="size-6 text-terracota-600" aria-hidden />}
          titulo={T.noSePudo}
          texto={sala.error ?? undefined}
        >
          <Link to="/agenda" className={botonClases('primario')}>
            {T.volverAgenda}
          </Link>
        </Tarjeta>
      );
    case 'esperando':
      return esperaAdmision(sala) ? (
        <Admision sala={sala} nombre={nombre} />
      ) : (
        <Tarjeta titulo={T.esperandoTitulo(nombre)} texto={T.esperandoTexto} />
      );
    case 'conectando':
      return <Tarjeta icono={<Loader2 className="size-6 animate-spin" aria-hidden />} titulo={T.conectando(nombre)} />;
    case 'reconectando':
      return (
        <Tarjeta
          icono={<WifiOff className="size-6 text-aviso-600" aria-hidden />}
          titulo={TEXTOS_SALA.reconectando}
          texto={sala.otroAusenteLargo ? TEXTOS_SALA.otroSeFue(nombre) : undefined}
          translucida
        />
      );
    case 'terminada':
      return (
        <Tarjeta
          icono={<CheckCircle2 className="size-6 text-salvia-600" aria-hidden />}
          titulo={TEXTOS_SALA.terminada}
          texto={T.terminadaTexto}
        >
          <Salidas sala={sala} />
        </Tarjeta>
      );
    case 'fuera':
      return (
        <Tarjeta icono={<DoorOpen className="size-6 text-salvia-600" aria-hidden />} titulo={T.fuera} texto={T.fueraTexto}>
          <Button onClick={() => window.location.reload()}>{T.volverAEntrar}</Button>
          <Salidas sala={sala} />
        </Tarjeta>
      );
    default:
      return null;
  }
}

function Salidas({ sala }: { sala: Sala }) {
  return (
    <>
      <Link to="/agenda" className={botonClases('secundario')}>
        {T.volverAgenda}
      </Link>
      {sala.sesion ? (
        <Link to="/paciente/$id" params={{ id: String(sala.sesion.id_paciente) }} className={botonClases('fantasma')}>
          {T.verExpediente}
        </Link>
      ) : null}
    </>
  );
}

function Admision({ sala, nombre }: { sala: Sala; nombre: string }) {
  const [admitiendo, setAdmitiendo] = useState(false);
  return (
    <Tarjeta titulo={TEXTOS_SALA.pacienteEspera(nombre)} texto={T.admitirTexto}>
      <Button
        tamano="lg"
        cargando={admitiendo}
        onClick={() => {
          setAdmitiendo(true);
          sala
            .admitir()
            .catch((e) => mostrarError(e))
            .finally(() => setAdmitiendo(false));
        }}
      >
        {TEXTOS_SALA.admitir}
      </Button>
    </Tarjeta>
  );
}

function Tarjeta({
  icono,
  titulo,
  texto,
  translucida,
  children,
}: {
  icono?: ReactNode;
  titulo: string;
  texto?: string;
  translucida?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="absolute inset-0 flex items-center justify-center p-4">
      <div
        className={`w-full max-w-md rounded-2xl px-6 py-7 text-center shadow-elevada wrap-anywhere ${translucida ? 'bg-tinta-900/85 text-white' : 'bg-papel text-tinta-900'}`}
      >
        {icono ? <div className="mb-3 flex justify-center">{icono}</div> : null}
        <h2 className={`font-serif text-xl font-semibold ${translucida ? 'text-white' : 'text-tinta-900'}`}>{titulo}</h2>
        {texto ? <p className={`mt-2 text-sm ${translucida ? 'text-white/80' : 'text-tinta-600'}`}>{texto}</p> : null}
        {children ? <div className="mt-5 flex flex-wrap justify-center gap-2">{children}</div> : null}
      </div>
    </div>
  );
}
