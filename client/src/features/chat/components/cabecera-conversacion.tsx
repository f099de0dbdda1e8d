import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { AvatarInicial } from '@/components/ui/avatar-inicial';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Apariencia } from '@/features/chat/lado';

interface CabeceraConversacionProps {
  apariencia: Apariencia;
  /** The other participant is typing: shown instead of the subtitle. */
  escribiendo: boolean;
  subtitulo: ReactNode;
  /** The back button (small screens only) and its accessible name. */
  etiquetaVolver: string;
  onVolver: () => void;
  /** Actions at the end of the header. */
  acciones?: ReactNode;
}

/** Header of the open conversation: back button on small screens, avatar, name, badge, subtitle or typing. */
export function CabeceraConversacion({
  apariencia,
  escribiendo,
  subtitulo,
  etiquetaVolver,
  onVolver,
  acciones,
}: CabeceraConversacionProps) {
  const { nombre, tonoAvatar, insignia } = apariencia;
  return (
    <header className="flex items-center gap-3 border-b border-arena-200 px-4 py-3 sm:px-5">
      <Button variante="fantasma" tamano="icono" className="md:hidden" aria-label={etiquetaVolver} onClick={onVolver}>
        <ArrowLeft className="size-5" aria-hidden />
      </Button>
      <AvatarInicial nombre={nombre} tono={tonoAvatar} />
      <div className="min-w-0 flex-1">
        <h2 className="flex min-w-0 items-center gap-2 font-sans text-base font-semibold text-tinta-900">
          <span className="truncate">{nombre}</span>
          {insignia ? (
            <Badge tono={insignia.tono} className="shrink-0">
              {insignia.texto}
            </Badge>
          ) : null}
        </h2>
        <p className="truncate text-sm text-tinta-500">
          {escribiendo ? <span className="text-salvia-700 italic">{TEXTOS_CHAT.escribiendo}</span> : subtitulo}
        </p>
      </div>
      {acciones ? <div className="ml-auto shrink-0">{acciones}</div> : null}
    </header>
  );
}
