import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  CalendarDays,
  ChartLine,
  ClipboardList,
  HandHeart,
  Leaf,
  LifeBuoy,
  MessagesSquare,
  NotebookPen,
  Phone,
  Siren,
  Sprout,
  Users,
} from 'lucide-react';
import { botonClases } from '@/components/ui/button';
import { DescargaApp } from './descarga-app';

const FUNCIONES = [
  {
    icono: NotebookPen,
    titulo: 'Diario emocional',
    texto: 'El paciente registra cómo se siente cada día y el seguimiento diario muestra su evolución.',
  },
  {
    icono: Sprout,
    titulo: 'Actividades para el ánimo',
    texto: 'Ejercicios de escritura, relajación, mindfulness y más, asignados según cada etapa del duelo.',
  },
  {
    icono: Siren,
    titulo: 'Módulo de emergencia',
    texto: 'En un momento de crisis, acceso inmediato a líneas de ayuda y a su red de apoyo.',
  },
  {
    icono: MessagesSquare,
    titulo: 'Foro de la comunidad',
    texto: 'Un espacio moderado para compartir experiencias con otras personas que atraviesan una pérdida.',
  },
  {
    icono: ChartLine,
    titulo: 'Estadísticas de progreso',
    texto: 'Resultados de tests y avance por módulo para ver el camino recorrido con datos claros.',
  },
  {
    icono: Users,
    titulo: 'Acceso compartido',
    texto: 'Paciente y profesional trabajan sobre la misma información, con la privacidad que el paciente elige.',
  },
];

const PASOS = [
  {
    titulo: 'El psicólogo crea su cuenta',
    texto: 'Se registra con su cédula profesional, que validamos para proteger a los pacientes.',
  },
  {
    titulo: 'Vincula a sus pacientes',
    texto: 'Cada paciente se une desde la app con el código de vinculación de su psicólogo.',
  },
  {
    titulo: 'Acompañan juntos el proceso',
    texto: 'Citas, mensajes, actividades, tests y notas en un solo lugar, a lo largo de las cinco etapas.',
  },
];

const HERRAMIENTAS = [
  { icono: CalendarDays, texto: 'Agenda semanal con disponibilidad y citas por estado' },
  { icono: MessagesSquare, texto: 'Chat en tiempo real con cada paciente' },
  { icono: ClipboardList, texto: 'Tests psicológicos, historial y evolución del puntaje' },
  { icono: Leaf, texto: 'Módulos de duelo: Negación, Ira, Negociación, Depresión y Aceptación' },
];

export function Landing() {
  return (
    <>
      <section className="relative overflow-hidden">
        <div aria-hidden className="absolute -top-40 right-[-10rem] size-[36rem] rounded-full bg-salvia-100/70 blur-3xl" />
        <div aria-hidden className="absolute top-40 left-[-12rem] size-[28rem] rounded-full bg-terracota-100/60 blur-3xl" />
        <div className="relative mx-auto grid max-w-6xl gap-12 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-center lg:pt-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-salvia-200 bg-papel/70 px-3 py-1 text-sm font-medium text-salvia-800">
              <HandHeart className="size-4" aria-hidden /> Acompañamiento profesional en el duelo
            </p>
            <h1 className="mt-6 text-4xl leading-tight font-semibold tracking-tight sm:text-5xl sm:leading-tight">
              Nadie debería atravesar una pérdida en soledad.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-tinta-600">
              MiDuelo une a psicólogos y pacientes en un mismo espacio: el paciente registra cómo se siente y realiza sus actividades desde
              la app; el profesional sigue su proceso, paso a paso, desde la web.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Link to="/registro" className={botonClases('primario', 'lg')}>
                Soy psicólogo: crear cuenta
                <ArrowRight className="size-5" aria-hidden />
              </Link>
              <Link to="/duelo-y-perdida" className={botonClases('secundario', 'lg')}>
                Conocer más sobre el duelo
              </Link>
              <DescargaApp />
            </div>
          </div>
          <div className="rounded-2xl border border-arena-200 bg-papel/90 p-6 shadow-elevada sm:p-8">
            <p className="text-sm font-semibold tracking-wide text-terracota-600 uppercase">Hoy, en el diario</p>
            <p className="mt-3 font-serif text-xl leading-snug text-tinta-900">
              «Hoy fue un día más tranquilo. Salí a caminar y pude hablar de mamá sin llorar tanto.»
            </p>
            <div className="mt-6 space-y-3">
              {[
                ['Negación', 100],
                ['Ira', 100],
                ['Negociación', 70],
                ['Depresión', 35],
                ['Aceptación', 10],
              ].map(([etapa, avance]) => (
                <div key={etapa}>
                  <div className="flex justify-between text-xs text-tinta-600">
                    <span>{etapa}</span>
                    <span>{avance}%</span>
                  </div>
                  <div className="mt-1 h-2 rounded-full bg-arena-100">
                    <div className="h-2 rounded-full bg-salvia-400" style={{ width: `${avance}%` }} />
                  </div>
                </div>
              ))}
            </div>
            <p className="mt-5 text-xs text-tinta-500">Ejemplo ilustrativo del seguimiento por módulos de duelo.</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="funciones" className="border-y border-arena-200 bg-papel py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="funciones" className="max-w-2xl text-3xl font-semibold tracking-tight">
            Todo lo que el proceso de duelo necesita, en un solo lugar
          </h2>
          <p className="mt-3 max-w-2xl text-tinta-600">
            Herramientas pensadas para el día a día del paciente y para el trabajo clínico de su psicólogo.
          </p>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FUNCIONES.map(({ icono: Icono, titulo, texto }) => (
              <li key={titulo} className="rounded-2xl border border-arena-200 bg-crema p-6">
                <span className="flex size-11 items-center justify-center rounded-xl bg-salvia-100 text-salvia-700">
                  <Icono className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 font-sans text-lg font-semibold">{titulo}</h3>
                <p className="mt-1.5 text-sm text-tinta-600">{texto}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="como-funciona" className="py-20">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-2">
          <div>
            <h2 id="como-funciona" className="text-3xl font-semibold tracking-tight">
              Cómo funciona
            </h2>
            <ol className="mt-8 space-y-6">
              {PASOS.map((paso, i) => (
                <li key={paso.titulo} className="flex gap-4">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-terracota-100 font-serif font-semibold text-terracota-700">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-sans text-base font-semibold">{paso.titulo}</h3>
                    <p className="mt-1 text-tinta-600">{paso.texto}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <div className="rounded-2xl bg-salvia-700 p-8 text-salvia-50 sm:p-10">
            <h2 className="text-2xl font-semibold text-white">Para psicólogos</h2>
            <p className="mt-2 text-salvia-100">Un espacio de trabajo claro para una consulta ocupada.</p>
            <ul className="mt-6 space-y-4">
              {HERRAMIENTAS.map(({ icono: Icono, texto }) => (
                <li key={texto} className="flex items-start gap-3">
                  <Icono className="mt-0.5 size-5 shrink-0 text-salvia-200" aria-hidden />
                  <span>{texto}</span>
                </li>
              ))}
            </ul>
            <Link to="/registro" className={`${botonClases('secundario', 'md')} mt-8 border-transparent`}>
              Crear cuenta profesional
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="ayuda-inmediata" className="pb-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="flex flex-col gap-6 rounded-2xl border border-terracota-200 bg-terracota-50 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
            <div className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-papel text-terracota-600">
                <LifeBuoy className="size-6" aria-hidden />
              </span>
              <div>
                <h2 id="ayuda-inmediata" className="text-xl font-semibold">
                  ¿Necesitas ayuda ahora?
                </h2>
                <p className="mt-1 text-tinta-700">La Línea de la Vida atiende gratis las 24 horas. Si estás en peligro, llama al 911.</p>
              </div>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <a href="tel:8009112000" className={botonClases('primario', 'md')}>
                <Phone className="size-4" aria-hidden /> 800 911 2000
              </a>
              <Link to="/contactos-de-apoyo" className={botonClases('secundario', 'md')}>
                Ver contactos de apoyo
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
