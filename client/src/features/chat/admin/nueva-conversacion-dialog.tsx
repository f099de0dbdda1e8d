import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { type ChatAdmin, nombreCompleto, type UsuarioDisponible } from '@miduelo/shared/chat-respuestas';
import { Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { AvatarInicial } from '@/components/ui/avatar-inicial';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { MensajeError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Cargando } from '@/components/ui/spinner';
import { cx } from '@/lib/cx';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { ErrorCarga } from '@/components/ui/error-carga';
import { useCrearConversacion } from '../use-crear-conversacion';
import { crearChatAdmin, type FiltroUsuarios, usuariosDisponibles } from '@/api/chat';

const FILTROS: { valor: FiltroUsuarios; etiqueta: string }[] = [
  { valor: 'todos', etiqueta: TEXTOS_CHAT.admin.filtroTodos },
  { valor: 'psicologos', etiqueta: TEXTOS_CHAT.admin.filtroPsicologos },
  { valor: 'pacientes', etiqueta: TEXTOS_CHAT.admin.filtroPacientes },
];

const clave = (u: UsuarioDisponible) => `${u.tipo}:${u.id}`;

interface Props {
  abierto: boolean;
  onAbiertoChange: (abierto: boolean) => void;
  onCreada: (chat: ChatAdmin) => void;
  onYaExiste: () => void;
}

/** Spec 2 §2/§5: type filter, the users without a conversation, 'Selecciona un usuario' if none is chosen. */
export function NuevaConversacionDialog({ abierto, onAbiertoChange, onCreada, onYaExiste }: Props) {
  const [filtro, setFiltro] = useState<FiltroUsuarios>('todos');
  const [texto, setTexto] = useState('');
  const [elegido, setElegido] = useState<UsuarioDisponible | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Loaded each time the dialog opens or the filter changes, live while it stays open (decision 060).
  const carga = useLiveResource({ fetch: (signal) => usuariosDisponibles(filtro, signal), enabled: abierto, deps: [filtro] });
  const usuarios = carga.data ?? null;
  const { creando, crearYAbrir } = useCrearConversacion({
    onAbiertoChange,
    onCreada,
    onYaExiste,
    textos: { yaExiste: TEXTOS_CHAT.admin.chatExiste, error: TEXTOS_CHAT.admin.errorCrear },
  });

  useEffect(() => {
    if (abierto) {
      setFiltro('todos');
      setTexto('');
    }
    setElegido(null);
    setError(null);
  }, [abierto]);

  const visibles = useMemo(() => {
    const q = texto.trim().toLowerCase();
    if (!usuarios || !q) return usuarios ?? [];
    return usuarios.filter((u) => `${nombreCompleto(u)} ${u.email}`.toLowerCase().includes(q));
  }, [usuarios, texto]);

  const crear = () => {
    if (!elegido) {
      setError(TEXTOS_CHAT.admin.seleccionaUsuario);
      return;
    }
    void crearYAbrir(() => crearChatAdmin(elegido.tipo, elegido.id));
  };

  return (
    <Dialog open={abierto} onOpenChange={(a) => !creando && onAbiertoChange(a)}>
      <DialogContent titulo={TEXTOS_CHAT.admin.nuevaConversacion} descripcion="Escribe a un psicólogo o a un paciente." ancho="md">
        <fieldset className="mb-3 inline-flex rounded-xl bg-arena-100 p-1">
          <legend className="sr-only">Tipo de usuario</legend>
          {FILTROS.map((f) => (
            <label
              key={f.valor}
              className={cx(
                'cursor-pointer rounded-lg px-3.5 py-1.5 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-salvia-500',
                filtro === f.valor ? 'bg-papel text-salvia-800 shadow-sm' : 'text-tinta-600 hover:text-tinta-900',
              )}
            >
              <input
                type="radio"
                name="tipo-usuario"
                value={f.valor}
                checked={filtro === f.valor}
                onChange={() => {
                  setFiltro(f.valor);
                  setElegido(null);
                }}
                className="sr-only"
              />
              {f.etiqueta}
            </label>
          ))}
        </fieldset>
        <div className="relative mb-3">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-tinta-400" aria-hidden />
          <Input
            type="search"
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
            placeholder="Filtrar por nombre o correo"
            aria-label="Filtrar por nombre o correo"
            className="h-10 pl-9 text-sm"
          />
        </div>
        {carga.error && !usuarios ? (
          <ErrorCarga texto={TEXTOS_CHAT.admin.errorCargarUsuarios} onReintentar={carga.recargar} />
        ) : usuarios === null ? (
          <Cargando texto="Cargando usuarios..." />
        ) : visibles.length === 0 ? (
          <p className="rounded-xl bg-arena-50 px-4 py-5 text-center text-sm text-tinta-700">
            {usuarios.length > 0 ? TEXTOS_CHAT.admin.sinCoincidencias : TEXTOS_CHAT.admin.sinUsuarios}
          </p>
        ) : (
          <fieldset className="max-h-72 divide-y divide-arena-100 overflow-y-auto rounded-xl border border-arena-200">
            <legend className="sr-only">Usuarios disponibles</legend>
            {visibles.map((u) => {
              const activo = elegido !== null && clave(elegido) === clave(u);
              return (
                <label
                  key={clave(u)}
                  className={cx(
                    'flex w-full cursor-pointer items-center gap-3 px-3 py-2.5 has-focus-visible:outline-2 has-focus-visible:-outline-offset-2 has-focus-visible:outline-salvia-500',
                    activo ? 'bg-salvia-50' : 'hover:bg-arena-50',
                  )}
                >
                  <input
                    type="radio"
                    name="usuario"
                    value={clave(u)}
                    checked={activo}
                    onChange={() => {
                      setElegido(u);
                      setError(null);
                    }}
                    className="sr-only"
                  />
                  <AvatarInicial nombre={u.nombre} tamano="sm" tono={u.tipo === 'psicologo' ? 'salvia' : 'arena'} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold text-tinta-900">{nombreCompleto(u)}</span>
                    <span className="block truncate text-xs text-tinta-500">{u.email}</span>
                  </span>
                  <Badge tono={u.tipo === 'psicologo' ? 'salvia' : 'neutro'}>
                    {u.tipo === 'psicologo' ? TEXTOS_CHAT.admin.psicologo : TEXTOS_CHAT.admin.paciente}
                  </Badge>
                </label>
              );
            })}
          </fieldset>
        )}
        <MensajeError mensaje={error} />
        <DialogFooter>
          <Button variante="secundario" onClick={() => onAbiertoChange(false)} disabled={creando}>
            {TEXTOS_CHAT.cancelar}
          </Button>
          <Button onClick={crear} cargando={creando}>
            {TEXTOS_CHAT.admin.iniciar}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
