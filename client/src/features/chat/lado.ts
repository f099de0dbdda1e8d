// What the two chat screens (the psychologist's and the administrator's) know about one side.
import type { ComponentProps } from 'react';
import type { AvatarInicial } from '@/components/ui/avatar-inicial';
import type { TonoBadge } from '@/components/ui/badge';
import type { AdaptadorConv, ResumenBase } from './conversaciones-tipos';

export type TonoAvatar = NonNullable<ComponentProps<typeof AvatarInicial>['tono']>;

/** How a conversation shows who it is with, in the list and in the open conversation's header. */
export interface Apariencia {
  nombre: string;
  tonoAvatar: TonoAvatar;
  /** Type badge ('Administración', 'Psicólogo', 'Paciente'), if this side shows one. */
  insignia: { tono: TonoBadge; texto: string } | null;
}

/** One side's live conversations and how its screen shows them. */
export interface LadoConversaciones<R extends ResumenBase> {
  /** How this side talks to the server (own messages, ids, calls and socket events). */
  adaptador: AdaptadorConv<R>;
  apariencia: (r: R) => Apariencia;
  /** The list's preview of the last message (own ones prefixed). */
  vistaPrevia: (r: R) => string;
}
