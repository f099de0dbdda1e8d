import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { type Chat, nombreCompleto } from '@miduelo/shared/chat-respuestas';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { MensajeError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Cargando } from '@/components/ui/spinner';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { ErrorCarga } from '@/components/ui/error-carga';
import { useCrearConversacion } from '../use-crear-conversacion';
import { crearChat, pacientesSinChat } from '@/api/chat';
import { listarPacientes, obtenerPerfilBasico } from '@/api/pacientes';

interface NuevoChatDialogProps {
  abierto: boolean;
  onAbiertoChange: (abierto: boolean) => void;
  onCreado: (chat: Chat) => void;
  /** A 409 means the list is stale: reload it. */
  onYaExiste: () => void;
}

/** 'Nuevo Chat' (spec 1 §2): a select of the patients without a chat; Crear Chat disabled until one is chosen. */
export function NuevoChatDialog({ abierto, onAbiertoChange, onCreado, onYaExiste }: NuevoChatDialogProps) {
  const [elegido, setElegido] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Loaded each time the dialog opens, live while it stays open (decision 060).
  const carga = useLiveResource({ fetch: pacientesSinChat, enabled: abierto });
  const pacientes = carga.data ?? null;
  // No patient without a chat: say whether there are no patients at all (and how to link one).
  const lista = useLiveResource({ fetch: listarPacientes, enabled: abierto && pacientes?.length === 0, vigilar: false });
  const perfil = useLiveResource({ fetch: obtenerPerfilBasico, enabled: abierto && lista.data?.length === 0, vigilar: false });
  const { creando, crearYAbrir } = useCrearConversacion({
    onAbiertoChange,
    onCreada: onCreado,
    onYaExiste,
    textos: { yaExiste: TEXTOS_CHAT.chatExiste, error: TEXTOS_CHAT.errorCrear },
  });

  useEffect(() => {
    if (!abierto) return;
    setElegido('');
    setError(null);
  }, [abierto]);

  const crear = () => {
    if (!elegido) {
      setError(TEXTOS_CHAT.seleccionaPacienteOpcion);
      return;
    }
    void crearYAbrir(() => crearChat(Number(elegido)));
  };

  return (
    <Dialog open={abierto} onOpenChange={(a) => !creando && onAbiertoChange(a)}>
      <DialogContent titulo={TEXTOS_CHAT.nuevoChat} descripcion="Elige al paciente con quien quieres conversar." ancho="sm">
        {carga.error && !pacientes ? (
          <ErrorCarga texto={TEXTOS_CHAT.errorCargarPacientes} onReintentar={carga.recargar} />
        ) : pacientes === null ? (
          <Cargando texto="Cargando pacientes..." />
        ) : pacientes.length === 0 && lista.data?.length === 0 ? (
          <div className="rounded-xl bg-arena-50 px-4 py-5 text-center text-sm text-tinta-700" data-sin-pacientes>
            <p className="font-semibold text-tinta-900">{TEXTOS_CHAT.sinPacientesTitulo}</p>
            <p className="mt-1.5">{TEXTOS_CHAT.sinPacientes(perfil.data?.codigo_vinculacion ?? null)}</p>
          </div>
        ) : pacientes.length === 0 && lista.data === undefined && !lista.error ? (
          <Cargando texto="Cargando pacientes..." />
        ) : pacientes.length === 0 ? (
          <p className="rounded-xl bg-arena-50 px-4 py-5 text-center text-sm text-tinta-700">{TEXTOS_CHAT.todosConChat}</p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="nuevo-chat-paciente">Paciente</Label>
            <Select
              id="nuevo-chat-paciente"
              value={elegido}
              onValueChange={(valor) => {
                setElegido(valor);
                setError(null);
              }}
              placeholder={TEXTOS_CHAT.seleccionaPacienteOpcion}
              opciones={pacientes.map((p) => ({ valor: String(p.id_paciente), etiqueta: `${nombreCompleto(p)} · ${p.email}` }))}
              aria-invalid={error ? true : undefined}
            />
            <MensajeError mensaje={error} />
          </div>
        )}
        <DialogFooter>
          <Button variante="secundario" onClick={() => onAbiertoChange(false)} disabled={creando}>
            {TEXTOS_CHAT.cancelar}
          </Button>
          <Button onClick={crear} disabled={!elegido} cargando={creando}>
            {TEXTOS_CHAT.crearChat}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
