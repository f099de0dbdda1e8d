// Forum detail (spec 2 §2 Forum detail): title, counts, role; tabs Temas (default) and
// Participantes; 'Nuevo Tema' (a prompt), delete for the forum admin, invite and remove for its
// moderators. Topics stay live through the forum's room (new topics, activity, unread counts).
import { longitudTexto } from '@miduelo/shared/comun';
import {
  type Foro,
  INVITACION_MENSAJE_MAX,
  MSG_FOROS,
  type Participante,
  porActividad,
  TEMAS_POR_PAGINA,
  type Tema,
  TEXTOS_FOROS,
  temasHasta,
  tieneRango,
  TituloForoSchema,
  unirTemas,
} from '@miduelo/shared/foros';
import {
  EventoActividadSchema,
  EventoCambioForoSchema,
  EventoConteosSchema,
  EventoConteoTemaSchema,
  EventoRemovidoSchema,
  EventoTemaSchema,
} from '@miduelo/shared/realtime-foros';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, MessagesSquare, Plus, Trash2, Users } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  crearTema,
  eliminarForo,
  invitar,
  obtenerForo,
  participantes as listarParticipantes,
  quitarParticipante,
  temas as listarTemas,
} from '@/api/foros';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { confirmar } from '@/lib/confirm';
import { ApiError, mensajeDeError, mostrarError } from '@/nucleo/http';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { useSession } from '@/lib/session';
import { useSocket } from '@/nucleo/socket';
import { toast } from '@/lib/toast';
import { Reportes } from './reportes';
import { InsigniaRol, InsigniaVisibilidad } from './rol';
import { AvisoCrisis } from './crisis';
import { fechaCorta } from '@/lib/format';

/** Joins the forum's room while the screen is shown (and again after each reconnection). */
function useSalaForo(idForo: number) {
  const socket = useSocket((s) => s.socket);
  const estado = useSocket((s) => s.estado);
  useEffect(() => {
    if (!socket || estado !== 'conectado') return;
    socket.emit('foro:unirse', { id_foro: idForo }, () => {});
    return () => {
      socket.emit('foro:salir', { id_foro: idForo });
    };
  }, [socket, estado, idForo]);
}

/** The forum is gone (deleted) or the reader may no longer read it (removed from a private one). */
const foroPerdido = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 403);

export function DetalleForo({ idForo }: { idForo: number }) {
  const navegar = useNavigate();
  const idPsicologo = useSession((s) => s.usuario?.id_psicologo ?? 0);
  const foro = useLiveResource({ fetch: (signal) => obtenerForo(idForo, signal), deps: [idForo] });
  // Topics by pages of 20 (spec 2 §9), most recently active first; a reload reads again as many as
  // are shown, and 'Ver más temas' the next page.
  const cuantos = useRef(TEMAS_POR_PAGINA);
  const temas = useLiveResource({
    fetch: (signal) => temasHasta((page, limit) => listarTemas(idForo, page, limit, signal), cuantos.current),
    deps: [idForo],
  });
  const [cargandoMas, setCargandoMas] = useState(false);
  async function verMas() {
    const siguiente = cuantos.current + TEMAS_POR_PAGINA;
    setCargandoMas(true);
    try {
      const r = await listarTemas(idForo, siguiente / TEMAS_POR_PAGINA, TEMAS_POR_PAGINA);
      cuantos.current = siguiente;
      temas.setData((d) => d && { ...d, data: unirTemas(d.data, r.data) });
    } catch (e) {
      mostrarError(e, TEXTOS_FOROS.errorMasTemas);
    } finally {
      setCargandoMas(false);
    }
  }
  const [crisis, setCrisis] = useState(false);
  useSalaForo(idForo);

  // A forum that fails to load sends the user back to the list (spec 2 §2), and so does one that is
  // gone or no longer readable; a later reload that fails (a dropped connection, a 5xx) leaves what
  // is on screen (decisions 256, 258).
  const cargado = foro.data !== undefined;
  useEffect(() => {
    if (foro.error && (!cargado || foroPerdido(foro.error))) void navegar({ to: '/foros' });
  }, [foro.error, cargado, navegar]);

  useEventoSocket('foro:tema', EventoTemaSchema, ({ tema }) => {
    if (tema.id_foro !== idForo) return;
    temas.setData((d) => d && (d.data.some((t) => t.id_tema === tema.id_tema) ? d : { ...d, data: [tema, ...d.data] }));
  });
  useEventoSocket('foro:tema-actividad', EventoActividadSchema, (a) => {
    if (a.id_foro !== idForo) return;
    const mio = a.autor.tipo === 'psicologo' && a.autor.id === idPsicologo;
    temas.setData(
      (d) =>
        d && {
          ...d,
          data: d.data
            .map((t) =>
              t.id_tema === a.id_tema && a.ultimo_seq > t.ultimo_seq
                ? {
                    ...t,
                    ultimo_seq: a.ultimo_seq,
                    total_mensajes: a.total_mensajes,
                    fecha_actividad: a.fecha_actividad,
                    no_leidos: t.no_leidos === null || mio ? t.no_leidos : t.no_leidos + (a.ultimo_seq - t.ultimo_seq),
                  }
                : t,
            )
            .sort(porActividad),
        },
    );
  });
  // A post hidden or shown: the topic's count of visible posts changes, its activity does not.
  useEventoSocket('foro:tema-conteo', EventoConteoTemaSchema, (c) => {
    if (c.id_foro !== idForo) return;
    temas.setData(
      (d) => d && { ...d, data: d.data.map((t) => (t.id_tema === c.id_tema ? { ...t, total_mensajes: c.total_mensajes } : t)) },
    );
  });
  useEventoSocket('foro:conteos', EventoConteosSchema, (c) => {
    if (c.id_foro === idForo) foro.setData((d) => d && { data: { ...d.data, ...c } });
  });
  useEventoSocket('foro:cambio', EventoCambioForoSchema, (c) => {
    if (c.id_foro !== idForo) return;
    if (c.eliminado) void navegar({ to: '/foros' });
    else foro.recargar();
  });
  useEventoSocket('foro:removido', EventoRemovidoSchema, (c) => {
    if (c.id_foro === idForo) foro.recargar();
  });

  if (!foro.data)
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 text-salvia-500" etiqueta="Cargando foro" />
      </div>
    );
  const f = foro.data.data;

  async function nuevoTema() {
    const titulo = window.prompt(TEXTOS_FOROS.promptTema);
    if (titulo === null || titulo.trim() === '') return;
    const r = v.safeParse(TituloForoSchema, titulo);
    if (!r.success) {
      toast.error(TEXTOS_FOROS.errorTema, r.issues[0].message);
      return;
    }
    try {
      const t = await crearTema(idForo, r.output);
      toast.exito(TEXTOS_FOROS.temaCreado);
      if (t.data.crisis) setCrisis(true);
      temas.setData((d) => d && (d.data.some((x) => x.id_tema === t.data.id_tema) ? d : { ...d, data: [t.data, ...d.data] }));
    } catch (e) {
      toast.error(TEXTOS_FOROS.errorTema, mensajeDeError(e, TEXTOS_FOROS.errorTema));
    }
  }

  async function eliminar() {
    if (!(await confirmar({ titulo: TEXTOS_FOROS.confirmarEliminar, confirmar: 'Eliminar', peligro: true }))) return;
    try {
      await eliminarForo(idForo);
      toast.exito(TEXTOS_FOROS.eliminado);
      await navegar({ to: '/foros' });
    } catch {
      toast.error(TEXTOS_FOROS.errorEliminar);
    }
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/foros" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-salvia-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {TEXTOS_FOROS.volver}
      </Link>
      <div className="mb-6 flex flex-col items-start justify-between gap-4 sm:flex-row">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="font-serif text-3xl text-tinta-900 break-words">{f.titulo}</h1>
            <InsigniaVisibilidad publico={f.publico} />
          </div>
          {f.descripcion ? <p className="mt-2 whitespace-pre-line text-tinta-600 [overflow-wrap:anywhere]">{f.descripcion}</p> : null}
          <div className="mt-3 flex flex-wrap items-center gap-4 text-sm text-tinta-600">
            <span className="inline-flex items-center gap-1" data-participantes={f.total_participantes}>
              <Users className="size-4" aria-hidden /> {f.total_participantes}{' '}
              {f.total_participantes === 1 ? 'participante' : TEXTOS_FOROS.participantes}
            </span>
            <span className="inline-flex items-center gap-1" data-temas={f.total_temas}>
              <MessagesSquare className="size-4" aria-hidden /> {f.total_temas} {f.total_temas === 1 ? 'tema' : TEXTOS_FOROS.temas}
            </span>
            {f.es_participante ? <InsigniaRol rol={f.rol_usuario} /> : null}
          </div>
        </div>
        {f.rol_usuario === 'admin' ? (
          <Button variante="peligro" onClick={() => void eliminar()}>
            <Trash2 className="size-4" aria-hidden /> {TEXTOS_FOROS.eliminarForo}
          </Button>
        ) : null}
      </div>
      {crisis ? <AvisoCrisis onCerrar={() => setCrisis(false)} /> : null}

      <Tabs defaultValue="temas">
        <TabsList>
          <TabsTrigger value="temas">{TEXTOS_FOROS.tabTemas}</TabsTrigger>
          <TabsTrigger value="participantes">{TEXTOS_FOROS.tabParticipantes}</TabsTrigger>
          {tieneRango(f.rol_usuario, 'moderador') ? <TabsTrigger value="reportes">{TEXTOS_FOROS.tabReportes}</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="temas">
          {f.es_participante ? (
            <div className="mb-4">
              <Button onClick={() => void nuevoTema()}>
                <Plus className="size-4" aria-hidden /> {TEXTOS_FOROS.nuevoTema}
              </Button>
            </div>
          ) : null}
          <ListaTemas
            idForo={idForo}
            temas={temas.data?.data}
            cargando={temas.cargando}
            fallo={Boolean(temas.error)}
            reintentar={temas.recargar}
          />
          {temas.data && temas.data.data.length > 0 && temas.data.data.length < f.total_temas ? (
            <div className="mt-4 flex justify-center">
              <Button variante="secundario" disabled={cargandoMas} onClick={() => void verMas()} data-ver-mas-temas>
                {cargandoMas ? <Spinner className="size-4" /> : null}
                {TEXTOS_FOROS.verMasTemas}
              </Button>
            </div>
          ) : null}
        </TabsContent>
        <TabsContent value="participantes">
          <Participantes foro={f} />
        </TabsContent>
        {tieneRango(f.rol_usuario, 'moderador') ? (
          <TabsContent value="reportes">
            <Reportes idForo={idForo} />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}

function ListaTemas({
  idForo,
  temas,
  cargando,
  fallo,
  reintentar,
}: {
  idForo: number;
  temas: Tema[] | undefined;
  cargando: boolean;
  fallo: boolean;
  reintentar: () => void;
}) {
  if (!temas && fallo) return <ErrorCarga texto={TEXTOS_FOROS.errorCargarTemas} onReintentar={reintentar} />;
  if (!temas && cargando) return <Spinner className="size-6 text-salvia-500" etiqueta="Cargando temas" />;
  if (!temas || temas.length === 0) return <EmptyState icono={MessagesSquare} titulo={TEXTOS_FOROS.sinTemas} texto="" />;
  return (
    <ul className="flex flex-col gap-2" data-temas-lista>
      {temas.map((t) => (
        <li key={t.id_tema}>
          <Link
            to="/foros/$idForo/temas/$idTema"
            params={{ idForo: String(idForo), idTema: String(t.id_tema) }}
            className="flex flex-col gap-2 rounded-xl border border-arena-200 bg-papel px-4 py-3 hover:border-salvia-300 hover:bg-salvia-50/40 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
            data-tema={t.id_tema}
          >
            <span className="min-w-0 flex-1 font-medium text-tinta-900 [overflow-wrap:anywhere]">{t.titulo}</span>
            <span className="flex shrink-0 flex-wrap items-center gap-3 text-sm text-tinta-600">
              {t.no_leidos ? (
                <Badge tono="terracota">
                  <span data-no-leidos-tema={t.no_leidos}>{TEXTOS_FOROS.noLeidos(t.no_leidos)}</span>
                </Badge>
              ) : null}
              <span>
                {t.total_mensajes || 0} {TEXTOS_FOROS.mensajes}
              </span>
              <span>{fechaCorta(t.fecha_creacion)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Participantes({ foro }: { foro: Foro }) {
  const lista = useLiveResource({
    fetch: (signal) => listarParticipantes(foro.id_foro, signal),
    deps: [foro.id_foro, foro.total_participantes],
  });
  const moderador = tieneRango(foro.rol_usuario, 'moderador');

  async function quitar(p: Participante) {
    const nombre = `${p.usuario.nombre} ${p.usuario.apellido}`;
    if (!(await confirmar({ titulo: TEXTOS_FOROS.confirmarQuitar(nombre), confirmar: TEXTOS_FOROS.quitar, peligro: true }))) return;
    try {
      const r = await quitarParticipante(foro.id_foro, p.id_participante);
      toast.exito(r.data.msg);
      lista.recargar();
    } catch (e) {
      toast.error('Error', mensajeDeError(e, 'Error'));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      {foro.rol_usuario === 'admin' ? <InvitarModerador idForo={foro.id_foro} /> : null}
      {!lista.data ? (
        <Spinner className="size-6 text-salvia-500" etiqueta="Cargando participantes" />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-participantes-lista>
          {lista.data.data.map((p) => (
            <li
              key={p.id_participante}
              className="flex items-center justify-between gap-3 rounded-xl border border-arena-200 bg-papel px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium text-tinta-900 [overflow-wrap:anywhere]">
                  {p.usuario.nombre} {p.usuario.apellido}
                </p>
                <p className="text-sm text-tinta-600">
                  {TEXTOS_FOROS.tipos[p.tipo_usuario] ?? p.tipo_usuario} · {TEXTOS_FOROS.unido} {fechaCorta(p.fecha_union)}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <InsigniaRol rol={p.rol} />
                {moderador && tieneRango(foro.rol_usuario, p.rol === 'miembro' ? 'moderador' : 'admin') && p.rol !== 'admin' ? (
                  <Button variante="fantasma" tamano="sm" onClick={() => void quitar(p)}>
                    {TEXTOS_FOROS.quitar}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function InvitarModerador({ idForo }: { idForo: number }) {
  const [correo, setCorreo] = useState('');
  const [mensaje, setMensaje] = useState('');
  const [enviando, setEnviando] = useState(false);
  // Counted as the server counts it; a longer message stays whole and says so (decision 295).
  const largo = longitudTexto(mensaje.trim());
  const excedido = largo > INVITACION_MENSAJE_MAX;
  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (excedido) return;
    setEnviando(true);
    try {
      const r = await invitar(idForo, correo, mensaje);
      toast.exito(r.msg);
      setCorreo('');
      setMensaje('');
    } catch (err) {
      toast.error('Error', mensajeDeError(err, 'Error'));
    } finally {
      setEnviando(false);
    }
  }
  return (
    <Card className="p-4">
      <form onSubmit={(e) => void enviar(e)} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <label htmlFor="invitar-correo" className="flex flex-col gap-1.5 text-sm font-medium text-tinta-800">
          {TEXTOS_FOROS.correoInvitado}
          <Input id="invitar-correo" type="email" value={correo} onChange={(e) => setCorreo(e.target.value)} required maxLength={254} />
        </label>
        <label htmlFor="invitar-mensaje" className="flex flex-col gap-1.5 text-sm font-medium text-tinta-800">
          {TEXTOS_FOROS.mensajeInvitacion}
          <Textarea
            id="invitar-mensaje"
            rows={1}
            value={mensaje}
            onChange={(e) => setMensaje(e.target.value)}
            aria-invalid={excedido || undefined}
            aria-describedby="invitar-mensaje-error"
          />
          <span id="invitar-mensaje-error" aria-live="polite" className={excedido ? 'font-normal text-peligro-700' : 'hidden'}>
            {MSG_FOROS.invitacionMensajeLargo} ({largo}/{INVITACION_MENSAJE_MAX})
          </span>
        </label>
        <Button type="submit" disabled={enviando || correo.trim() === '' || excedido}>
          {TEXTOS_FOROS.invitar}
        </Button>
      </form>
    </Card>
  );
}
