// 'Foros de la Comunidad' (spec 2 §2 Forum list): filters, cards, join, pagination. Counts stay live
// through `foro:conteos`.
import { descripcionPrevia, type Foro, TEXTOS_FOROS } from '@miduelo/shared/foros';
import { EventoConteosSchema } from '@miduelo/shared/realtime-foros';
import { Link, useNavigate } from '@tanstack/react-router';
import { Inbox, MessagesSquare, Plus, RotateCcw, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { listarForos, unirseAForo } from '@/api/foros';
import { Button, botonClases } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { confirmar } from '@/lib/confirm';
import { useInvitacionesPendientes } from '@/lib/invitaciones-pendientes';
import { mensajeDeError } from '@/nucleo/http';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { InsigniaRol, InsigniaVisibilidad } from './rol';

interface Filtros {
  buscar: string;
  publico: 'true' | 'false';
  ordenar: 'recientes' | 'antiguos';
  page: number;
}
const DEFECTO: Filtros = { buscar: '', publico: 'true', ordenar: 'recientes', page: 1 };

export function ListaForos() {
  const esPsicologo = useSession((s) => Boolean(s.usuario?.id_psicologo));
  const pendientes = useInvitacionesPendientes((s) => s.pendientes);
  const [filtros, setFiltros] = useState<Filtros>(DEFECTO);
  const [texto, setTexto] = useState('');
  const lista = useLiveResource({
    fetch: (signal) => listarForos({ ...filtros, page: String(filtros.page) }, signal),
    deps: [filtros.buscar, filtros.publico, filtros.ordenar, filtros.page],
  });
  useEventoSocket('foro:conteos', EventoConteosSchema, (c) =>
    lista.setData((d) => d && { ...d, data: d.data.map((f) => (f.id_foro === c.id_foro ? { ...f, ...c } : f)) }),
  );

  // Any filter change goes back to page 1 (spec 2 §2).
  const filtrar = (cambio: Partial<Filtros>) => setFiltros((f) => ({ ...f, ...cambio, page: 1 }));
  const totalPages = lista.data?.meta.totalPages ?? 0;
  const irA = (page: number) => {
    if (page >= 1 && page <= totalPages) setFiltros((f) => ({ ...f, page }));
  };

  async function unirse(f: Foro) {
    if (!(await confirmar({ titulo: TEXTOS_FOROS.confirmarUnirse(f.titulo), confirmar: TEXTOS_FOROS.unirse }))) return;
    try {
      await unirseAForo(f.id_foro);
      toast.exito(TEXTOS_FOROS.unido);
      lista.recargar();
    } catch (e) {
      toast.error('Error', mensajeDeError(e, TEXTOS_FOROS.errorUnirse));
    }
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl text-tinta-900">{TEXTOS_FOROS.titulo}</h1>
          <p className="mt-1 text-tinta-600">{TEXTOS_FOROS.subtitulo}</p>
        </div>
        {esPsicologo ? (
          <div className="flex flex-wrap gap-2">
            <Link to="/foros/invitaciones" className={botonClases('secundario', 'md')}>
              <Inbox className="size-4" aria-hidden /> {TEXTOS_FOROS.misInvitaciones}
              {pendientes > 0 ? (
                <span className="rounded-full bg-terracota-500 px-1.5 py-0.5 text-xs font-bold text-white">{pendientes}</span>
              ) : null}
            </Link>
            <Link to="/foros/crear" className={botonClases('primario', 'md')}>
              <Plus className="size-4" aria-hidden /> {TEXTOS_FOROS.crearForo}
            </Link>
          </div>
        ) : null}
      </div>

      <FiltrosForos filtros={filtros} onFiltrar={filtrar} onRestablecer={() => setFiltros(DEFECTO)} texto={texto} setTexto={setTexto} />

      {lista.cargando && !lista.data ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8 text-salvia-500" etiqueta="Cargando foros" />
        </div>
      ) : lista.error && !lista.data ? (
        <div role="alert" className="rounded-xl border border-peligro-200 bg-peligro-50 px-4 py-3 text-peligro-700">
          {TEXTOS_FOROS.errorCargar}
        </div>
      ) : !lista.data || lista.data.data.length === 0 ? (
        <EmptyState icono={MessagesSquare} titulo={TEXTOS_FOROS.sinForos} texto="" />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-foros>
          {lista.data.data.map((f) => (
            <li key={f.id_foro}>
              <TarjetaForo foro={f} puedeUnirse={!f.es_participante && f.publico && !esPsicologo} onUnirse={() => void unirse(f)} />
            </li>
          ))}
        </ul>
      )}

      {totalPages > 1 ? <Paginas pagina={filtros.page} total={totalPages} irA={irA} /> : null}
    </div>
  );
}

function FiltrosForos({
  filtros,
  onFiltrar,
  onRestablecer,
  texto,
  setTexto,
}: {
  filtros: Filtros;
  onFiltrar: (cambio: Partial<Filtros>) => void;
  onRestablecer: () => void;
  texto: string;
  setTexto: (texto: string) => void;
}) {
  return (
    <form
      className="mb-6 grid gap-3 sm:grid-cols-[1fr_11rem_11rem_auto]"
      onSubmit={(e) => {
        e.preventDefault();
        onFiltrar({ buscar: texto.trim() });
      }}
    >
      <label htmlFor="buscar-foros" className="relative">
        <span className="sr-only">Buscar foros</span>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-tinta-400" aria-hidden />
        <Input
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          placeholder={TEXTOS_FOROS.buscar}
          className="pl-9"
          maxLength={100}
        />
      </label>
      <Select
        aria-label="Visibilidad"
        value={filtros.publico}
        onValueChange={(v) => onFiltrar({ publico: v as Filtros['publico'] })}
        opciones={[
          { valor: 'true', etiqueta: TEXTOS_FOROS.publicos },
          { valor: 'false', etiqueta: TEXTOS_FOROS.privados },
        ]}
      />
      <Select
        aria-label="Orden"
        value={filtros.ordenar}
        onValueChange={(v) => onFiltrar({ ordenar: v as Filtros['ordenar'] })}
        opciones={[
          { valor: 'recientes', etiqueta: TEXTOS_FOROS.recientes },
          { valor: 'antiguos', etiqueta: TEXTOS_FOROS.antiguos },
        ]}
      />
      <Button
        type="button"
        variante="secundario"
        onClick={() => {
          setTexto('');
          onRestablecer();
        }}
      >
        <RotateCcw className="size-4" aria-hidden /> {TEXTOS_FOROS.restablecer}
      </Button>
    </form>
  );
}

function TarjetaForo({ foro: f, puedeUnirse, onUnirse }: { foro: Foro; puedeUnirse: boolean; onUnirse: () => void }) {
  const navegar = useNavigate();
  return (
    <Card
      className="flex h-full cursor-pointer flex-col gap-3 p-5 transition-shadow hover:shadow-md"
      onClick={() => void navegar({ to: '/foros/$idForo', params: { idForo: String(f.id_foro) } })}
    >
      <div className="flex items-start justify-between gap-2">
        <Link
          to="/foros/$idForo"
          params={{ idForo: String(f.id_foro) }}
          className="font-semibold text-tinta-900 [overflow-wrap:anywhere] hover:underline"
          onClick={(e) => e.stopPropagation()}
        >
          {f.titulo}
        </Link>
        <InsigniaVisibilidad publico={f.publico} />
      </div>
      {f.descripcion ? <p className="text-sm text-tinta-600 [overflow-wrap:anywhere]">{descripcionPrevia(f.descripcion)}</p> : null}
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-tinta-600">
        <span className="inline-flex items-center gap-1" data-participantes={f.total_participantes}>
          <Users className="size-4" aria-hidden /> {f.total_participantes}{' '}
          {f.total_participantes === 1 ? 'participante' : TEXTOS_FOROS.participantes}
        </span>
        <span className="inline-flex items-center gap-1" data-temas={f.total_temas}>
          <MessagesSquare className="size-4" aria-hidden /> {f.total_temas} {f.total_temas === 1 ? 'tema' : TEXTOS_FOROS.temas}
        </span>
        {f.es_participante ? <InsigniaRol rol={f.rol_usuario} /> : null}
      </div>
      {puedeUnirse ? (
        <Button
          variante="secundario"
          tamano="sm"
          onClick={(e) => {
            e.stopPropagation();
            onUnirse();
          }}
        >
          {TEXTOS_FOROS.unirse}
        </Button>
      ) : null}
    </Card>
  );
}

function Paginas({ pagina, total: totalPages, irA }: { pagina: number; total: number; irA: (pagina: number) => void }) {
  return (
    <nav aria-label="Páginas" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      <Button variante="secundario" tamano="sm" disabled={pagina <= 1} onClick={() => irA(pagina - 1)}>
        {TEXTOS_FOROS.anterior}
      </Button>
      {Array.from({ length: totalPages }, (_, i) => i + 1).map((n) => (
        <Button
          key={n}
          variante={n === pagina ? 'primario' : 'fantasma'}
          tamano="sm"
          aria-current={n === pagina ? 'page' : undefined}
          onClick={() => irA(n)}
        >
          {n}
        </Button>
      ))}
      <Button variante="secundario" tamano="sm" disabled={pagina >= totalPages} onClick={() => irA(pagina + 1)}>
        {TEXTOS_FOROS.siguiente}
      </Button>
    </nav>
  );
}
