// Forum detail (spec 2 §2 Forum detail): title, counts, role; tabs Temas (default) and
// Participantes; 'Nuevo Tema' (its own dialog, not a native prompt), delete for the forum admin, invite and remove for its
// moderators. Topics stay live through the forum's room (new topics, activity, unread counts).
import { TEXTOS_FOROS, tieneRango } from '@miduelo/shared/foros';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, MessagesSquare, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { eliminarForo } from '@/api/foros';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { confirmar } from '@/lib/confirm';
import { toast } from '@/lib/toast';
import { useForoEnVivo } from '@/features/foros/use-foro-en-vivo';
import { AvisoCrisis } from './crisis';
import { ListaTemas } from './lista-temas';
import { ParticipantesForo } from './participantes-foro';
import { Reportes } from './reportes';
import { NuevoTemaDialog } from './nuevo-tema-dialog';
import { InsigniaRol, InsigniaVisibilidad } from './rol';

export function DetalleForo({ idForo }: { idForo: number }) {
  const navegar = useNavigate();
  const { foro, temas, verMas, cargandoMas } = useForoEnVivo(idForo);
  const [crisis, setCrisis] = useState(false);
  const [creandoTema, setCreandoTema] = useState(false);

  if (!foro.data)
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 text-salvia-500" etiqueta="Cargando foro" />
      </div>
    );
  const f = foro.data.data;

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
      <NuevoTemaDialog
        idForo={idForo}
        abierto={creandoTema}
        onCerrar={() => setCreandoTema(false)}
        onCreado={(t) => {
          setCreandoTema(false);
          if (t.crisis) setCrisis(true);
          temas.setData((d) => d && (d.data.some((x) => x.id_tema === t.id_tema) ? d : { ...d, data: [t, ...d.data] }));
        }}
      />

      <Tabs defaultValue="temas">
        <TabsList>
          <TabsTrigger value="temas">{TEXTOS_FOROS.tabTemas}</TabsTrigger>
          <TabsTrigger value="participantes">{TEXTOS_FOROS.tabParticipantes}</TabsTrigger>
          {tieneRango(f.rol_usuario, 'moderador') ? <TabsTrigger value="reportes">{TEXTOS_FOROS.tabReportes}</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="temas">
          {f.es_participante ? (
            <div className="mb-4">
              <Button onClick={() => setCreandoTema(true)}>
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
          <ParticipantesForo foro={f} />
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
