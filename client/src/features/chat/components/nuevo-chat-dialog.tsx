import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { type Chat, nombreCompleto, type PacienteSinChat } from '@miduelo/shared/chat-respuestas';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { MensajeError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Cargando } from '@/components/ui/spinner';
import { ApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { ErrorCarga } from '@/features/chat/components/error-carga';
import { crearChat, pacientesSinChat } from '@/api/chat';

interface NuevoChatDialogProps {
  abierto: boolean;
  onAbiertoChange: (abierto: boolean) => void;
  onCreado: (chat: Chat) => void;
  /** A 409 means the list is stale: reload it. */
  onYaExiste: () => void;
}

/** 'Nuevo Chat' (spec 1 §2): a select of the patients without a chat; Crear Chat disabled until one is chosen. */
export function NuevoChatDialog({ abierto, onAbiertoChange, onCreado, onYaExiste }: NuevoChatDialogProps) {
  const [pacientes, setPacientes] = useState<PacienteSinChat[] | null>(null);
  const [elegido, setElegido] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [creando, setCreando] = useState(false);
  // A failed load is not "every patient already has a chat".
  const [errorCarga, setErrorCarga] = useState(false);
  const [intento, setIntento] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `intento` reloads after 'Reintentar'
  useEffect(() => {
    if (!abierto) return;
    setElegido('');
    setError(null);
    setPacientes(null);
    setErrorCarga(false);
    const control = new AbortController();
    pacientesSinChat(control.signal)
      .then(setPacientes)
      .catch((e) => {
        if (control.signal.aborted) return;
        console.warn('No se pudieron cargar los pacientes', e);
        setErrorCarga(true);
      });
    return () => control.abort();
  }, [abierto, intento]);

  const crear = async () => {
    if (!elegido) {
      setError(TEXTOS_CHAT.seleccionaPacienteOpcion);
      return;
    }
    setCreando(true);
    try {
      const chat = await crearChat(Number(elegido));
      onAbiertoChange(false);
      onCreado(chat);
    } catch (e) {
      if (e instanceof ApiError && e.sesionCerrada) return;
      if (e instanceof ApiError && e.status === 409) {
        toast.error('Error', TEXTOS_CHAT.chatExiste);
        onYaExiste();
      } else {
        toast.error('Error', TEXTOS_CHAT.errorCrear);
      }
    } finally {
      setCreando(false);
    }
  };

  return (
    <Dialog open={abierto} onOpenChange={(a) => !creando && onAbiertoChange(a)}>
      <DialogContent titulo={TEXTOS_CHAT.nuevoChat} descripcion="Elige al paciente con quien quieres conversar." ancho="sm">
        {errorCarga ? (
          <ErrorCarga texto={TEXTOS_CHAT.errorCargarPacientes} onReintentar={() => setIntento((n) => n + 1)} />
        ) : pacientes === null ? (
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
          <Button onClick={() => void crear()} disabled={!elegido} cargando={creando}>
            {TEXTOS_CHAT.crearChat}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
