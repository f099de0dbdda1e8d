// Supervisión (issue 55, decisions 365, 366 and 368): the open crisis alerts on top, then every
// psychologist–patient conversation with metadata only, live (`supervision:cambio` reads the list
// again; 30-s polling while the socket is down). Reading a conversation takes an opening with a
// motive and a reason (DialogoConversacion).
import type { AlertaCrisis, ConversacionSupervisada } from '@miduelo/shared/supervision';
import { TEXTOS_SUPERVISION as T } from '@miduelo/shared/supervision-textos';
import { MessagesSquare, SearchX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listarSupervision } from '@/api/supervision';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Cargando } from '@/components/ui/spinner';
import { useAhora } from '@/lib/use-ahora';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { IdChatEventoSchema } from '../eventos';
import { nombre } from '../formato';
import { DialogoAtender } from './dialogo-atender';
import { DialogoConversacion, type Objetivo } from './dialogo-conversacion';
import { FilaConversacion } from './fila-conversacion';
import { FILTROS_INICIALES, type Filtros, FiltrosSupervision } from './filtros-supervision';
import { SeccionAlertas } from './seccion-alertas';

/** A burst of changes (a conversation in full flow) reads the list once, not once per message. */
function useRecargaAgrupada(recargar: () => unknown) {
  const temporizador = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(temporizador.current), []);
  return useCallback(() => {
    if (temporizador.current !== undefined) return;
    temporizador.current = window.setTimeout(() => {
      temporizador.current = undefined;
      void recargar();
    }, 300);
  }, [recargar]);
}

const objetivoDeFila = (c: ConversacionSupervisada, ahora: Date): Objetivo => ({
  idChat: c.id_chat,
  idPsicologo: c.id_psicologo,
  paciente: nombre(c.paciente),
  psicologo: nombre(c.psicologo),
  venceEn: c.mi_apertura && new Date(c.mi_apertura.vence_en) > ahora ? c.mi_apertura.vence_en : undefined,
});

const objetivoDeAlerta = (a: AlertaCrisis): Objetivo => ({
  idChat: a.id_chat,
  idPsicologo: a.id_psicologo,
  paciente: nombre(a.paciente),
  psicologo: nombre(a.psicologo),
  motivo: 'crisis',
});

export function PantallaSupervision() {
  const [filtros, setFiltros] = useState<Filtros>(FILTROS_INICIALES);
  const lista = useLiveResource({
    fetch: (signal) =>
      listarSupervision(
        {
          espera_horas: filtros.espera || undefined,
          crisis: filtros.crisis,
          id_psicologo: filtros.psicologo || undefined,
          orden: filtros.orden,
        },
        signal,
      ),
    deps: [filtros.espera, filtros.crisis, filtros.psicologo, filtros.orden],
  });
  const recargar = useRecargaAgrupada(lista.recargar);
  useEventoSocket('supervision:cambio', IdChatEventoSchema, recargar);
  const ahora = useAhora();
  const [objetivo, setObjetivo] = useState<Objetivo | null>(null);
  const [atender, setAtender] = useState<AlertaCrisis | null>(null);
  const filtrando = filtros.espera !== FILTROS_INICIALES.espera || filtros.crisis || filtros.psicologo !== FILTROS_INICIALES.psicologo;

  return (
    <div className="flex flex-col">
      <SeccionAlertas ahora={ahora} onAtender={setAtender} onAbrir={(a) => setObjetivo(objetivoDeAlerta(a))} />
      <h2 className="mb-3 font-sans text-lg font-semibold text-tinta-900">
        {T.conversaciones}
        {lista.data ? <span className="ml-2 text-sm font-normal text-tinta-600">{T.total(lista.data.length)}</span> : null}
      </h2>
      <FiltrosSupervision filtros={filtros} onCambio={setFiltros} />
      <div className="mt-4" aria-busy={lista.cargando || undefined}>
        {lista.error && !lista.data ? (
          <ErrorCarga texto={T.errorCargar} onReintentar={() => void lista.recargar()} />
        ) : !lista.data ? (
          <Cargando texto="Cargando conversaciones..." />
        ) : lista.data.length === 0 ? (
          filtrando ? (
            <EmptyState
              icono={SearchX}
              titulo={T.sinResultadosTitulo}
              texto={T.sinResultadosTexto}
              accion={
                <Button variante="secundario" onClick={() => setFiltros({ ...FILTROS_INICIALES, orden: filtros.orden })}>
                  {T.quitarFiltros}
                </Button>
              }
            />
          ) : (
            <EmptyState icono={MessagesSquare} titulo={T.vacioTitulo} texto={T.vacioTexto} />
          )
        ) : (
          <ul aria-label={T.conversaciones} className="flex flex-col gap-3">
            {lista.data.map((c) => (
              <FilaConversacion key={c.id_chat} c={c} ahora={ahora} onAbrir={(x) => setObjetivo(objetivoDeFila(x, ahora))} />
            ))}
          </ul>
        )}
      </div>
      {objetivo && (
        <DialogoConversacion
          objetivo={objetivo}
          onCerrar={() => {
            setObjetivo(null);
            void lista.recargar();
          }}
        />
      )}
      {atender && <DialogoAtender alerta={atender} onCerrar={() => setAtender(null)} />}
    </div>
  );
}
