import type { Apertura, MotivoSupervision } from '@miduelo/shared/supervision';
import { TEXTOS_SUPERVISION as T } from '@miduelo/shared/supervision-textos';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { useSession } from '@/lib/session';
import { fijarRelojServidor, nombre } from '../formato';
import { useEscribirA } from '../use-escribir-a';
import { FormularioApertura } from './formulario-apertura';
import { VistaSupervisada } from './vista-supervisada';

/** A conversation the administrator wants to read: from a row of the list or from an alert. */
export interface Objetivo {
  idChat: number;
  idPsicologo: number;
  paciente: string;
  psicologo: string;
  /** Preselected motive (an alert: crisis). */
  motivo?: MotivoSupervision;
  /** Her own opening still in force: read at once, no new reason. */
  venceEn?: string;
}

type Fase = { tipo: 'pedir'; motivo?: MotivoSupervision } | { tipo: 'leer'; venceEn: string; admin: string; clave: number };

/**
 * One dialog for the whole act (decision 368): motive and reason first, then the read-only view in
 * the same dialog, so focus stays trapped in it and returns to the button that opened it.
 */
export function DialogoConversacion({ objetivo, onCerrar }: { objetivo: Objetivo; onCerrar: () => void }) {
  const usuario = useSession((s) => s.usuario);
  const yo = usuario ? `${usuario.nombre} ${usuario.apellido}`.trim() : '';
  const [fase, setFase] = useState<Fase>(() =>
    objetivo.venceEn ? { tipo: 'leer', venceEn: objetivo.venceEn, admin: yo, clave: 0 } : { tipo: 'pedir', motivo: objetivo.motivo },
  );
  const { ocupado, escribir } = useEscribirA();
  const propia = usuario?.id_psicologo === objetivo.idPsicologo;

  const alAbrir = (a: Apertura) => {
    fijarRelojServidor(a.abierta_en);
    setFase((f) => ({ tipo: 'leer', venceEn: a.vence_en, admin: nombre(a.admin), clave: f.tipo === 'leer' ? f.clave + 1 : 1 }));
    // The form's button is gone: focus to the dialog's title, so the reader starts at the top.
    requestAnimationFrame(() => document.getElementById('dialogo-supervision-contenido')?.focus());
  };

  const leyendo = fase.tipo === 'leer';
  return (
    <Dialog open onOpenChange={(o) => !o && onCerrar()}>
      <DialogContent
        titulo={leyendo ? T.aperturaDe(objetivo.paciente, objetivo.psicologo) : T.aperturaTitulo}
        descripcion={leyendo ? undefined : T.aperturaDe(objetivo.paciente, objetivo.psicologo)}
        ancho={leyendo ? 'xl' : 'lg'}
      >
        <div id="dialogo-supervision-contenido" tabIndex={-1} className="outline-none">
          {fase.tipo === 'pedir' ? (
            <FormularioApertura
              idChat={objetivo.idChat}
              psicologo={objetivo.psicologo}
              motivoInicial={fase.motivo}
              onAbierta={alAbrir}
              onCancelar={onCerrar}
            />
          ) : (
            <>
              <VistaSupervisada
                key={fase.clave}
                idChat={objetivo.idChat}
                venceEn={fase.venceEn}
                admin={fase.admin}
                paciente={objetivo.paciente}
                psicologo={objetivo.psicologo}
                onAbrirDeNuevo={() => setFase({ tipo: 'pedir', motivo: objetivo.motivo })}
              />
              <DialogFooter className="sm:justify-between">
                {propia ? (
                  <span />
                ) : (
                  <Button
                    variante="secundario"
                    className="h-auto min-h-11 py-2 whitespace-normal [overflow-wrap:anywhere]"
                    cargando={ocupado}
                    onClick={() => void escribir(objetivo.idPsicologo)}
                  >
                    <MessageSquare className="size-4" aria-hidden />
                    {T.escribirA(objetivo.psicologo)}
                  </Button>
                )}
                <Button variante="fantasma" onClick={onCerrar}>
                  {T.cerrar}
                </Button>
              </DialogFooter>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
